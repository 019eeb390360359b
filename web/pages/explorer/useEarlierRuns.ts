/*
 * useEarlierRuns.ts — the engine's events of each earlier run on the stage.
 * A run the page has run to its end is kept by its setup (the engine's input):
 * the run a what-if change replaced, and every earlier run once simulated,
 * so keeping, dropping or moving a run never simulates it twice. A run the
 * page does not have (a link, or a run a change cut short) is run again in a
 * worker of its own, one after another; the engine is deterministic (one
 * seed, one event order), so these are the events the first run had.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Setup } from '../../state/setup';
import { presetById } from '../../presets';
import type { RunStatus } from '../../run/runController';
import type { RunData } from '../../run/runData';
import { useRunController } from '../../run/useRunController';
import { runKey } from './earlierRuns';
import type { Shown } from './useRun';

export interface EarlierRun {
  data: RunData | null;
  status: RunStatus;
  /** The engine's refusal of the run's setup, if any. */
  error: string | null;
}

const WAITING: EarlierRun = { data: null, status: 'starting', error: null };

/** `replaced`: the run the last change replaced, reused when it ran to its end. One answer per setup of `earlier`, in its order. */
export function useEarlierRuns(earlier: readonly Setup[], replaced: RefObject<Shown | null>): EarlierRun[] {
  const controller = useRunController();
  /** Runs simulated to their end, and setups the engine refused, by run key. */
  const ended = useRef(new Map<string, EarlierRun>());
  /** The run being simulated again, with its key: an answer always belongs to its own setup. */
  const [streaming, setStreaming] = useState<{ key: string; run: EarlierRun } | null>(null);
  const keys = useMemo(() => earlier.map(runKey), [earlier]);
  const last = replaced.current;
  if (last?.data.done) ended.current.set(runKey(last.setup), { data: last.data, status: 'done', error: null });
  // The first run the page lacks; looked up in the render, so a preset still loading holds the page until it is here.
  const missing = earlier.findIndex((_, i) => !ended.current.has(keys[i]));
  const next = missing < 0 ? null : earlier[missing];
  const presets = useMemo(() => next?.devices.map((d) => presetById(d.preset)?.json), [next]);
  const nextKey = next && presets?.[0] ? keys[missing] : null;

  useEffect(() => {
    // Runs no longer on the stage are let go (their events can be large).
    for (const key of ended.current.keys()) if (!keys.includes(key)) ended.current.delete(key);
  }, [keys]);

  useEffect(() => {
    controller.cancel();
    if (!nextKey || !next) return;
    let current = true;
    const report = (run: EarlierRun) => { if (current) setStreaming({ key: nextKey, run }); };
    void controller.start({ setup: next, presets: presets! }, {
      onBegin: (data) => report({ data, status: 'running', error: null }),
      onChunk() {},
      onEnd(data, outcome, err) {
        const run: EarlierRun = { data: data ?? null, status: outcome, error: outcome === 'error' ? err?.message ?? 'the engine stopped' : null };
        // Cancelled: the list changed and this effect's cleanup ran; the run is started again if still wanted.
        if (current && outcome !== 'cancelled') ended.current.set(nextKey, run);
        report(run);
      },
    });
    return () => { current = false; };
  }, [controller, nextKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return keys.map((key) => ended.current.get(key) ?? (streaming?.key === key ? streaming.run : WAITING));
}
