/*
 * pageHooks.ts — what every experiment page does with the engine and the URL:
 * its own engine workers (one per kind of call, so a long sweep never delays
 * the main run), started once the page's stage has its runs (stageFirst.ts)
 * and closed when the page goes; and the location hash that follows the
 * page's setup without adding history entries.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EngineClient } from '../engine/client';
import { whenStageAnswered } from '../stage/stageFirst';

/**
 * Starts one engine client per name once the stage's runs are answered (at once on a page
 * without a stage); `ready` turns true when they exist (effects that call them depend on it).
 */
export function useEngineClients<K extends string>(names: readonly K[], page: string): [RefObject<Record<K, EngineClient> | null>, boolean] {
  const clients = useRef<Record<K, EngineClient> | null>(null);
  const [ready, setReady] = useState(false);
  const key = names.join(',');
  useEffect(() => {
    let open = true;
    let started: Record<K, EngineClient> | null = null;
    void whenStageAnswered().then(() => {
      if (!open) return;
      started = Object.fromEntries(key.split(',').map((n) => [n, EngineClient.start()])) as Record<K, EngineClient>;
      clients.current = started;
      setReady(true);
    });
    return () => {
      open = false;
      if (started) for (const x of Object.values<EngineClient>(started)) x.close(`the ${page} page was closed`);
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
