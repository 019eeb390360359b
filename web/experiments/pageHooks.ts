/*
 * pageHooks.ts — what every experiment page does with the engine and the URL:
 * its own engine workers (one per kind of call, so a long sweep never delays
 * the main run), closed when the page goes; and the location hash that
 * follows the page's setup without adding history entries.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EngineClient } from '../engine/client';

/** Starts one engine client per name; `ready` turns true once they exist (effects that call them depend on it). */
export function useEngineClients<K extends string>(names: readonly K[], page: string): [RefObject<Record<K, EngineClient> | null>, boolean] {
  const clients = useRef<Record<K, EngineClient> | null>(null);
  const [ready, setReady] = useState(false);
  const key = names.join(',');
  useEffect(() => {
    const c = Object.fromEntries(key.split(',').map((n) => [n, EngineClient.start()])) as Record<K, EngineClient>;
    clients.current = c;
    setReady(true);
    return () => {
      for (const x of Object.values<EngineClient>(c)) x.close(`the ${page} page was closed`);
      clients.current = null;
    };
  }, [key, page]);
  return [clients, ready];
}

/** Keeps the location hash equal to `hash` (replaceState: editing a setup does not fill the history). */
export function useHashFollows(hash: string): void {
  useEffect(() => {
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  }, [hash]);
}
