/*
 * useBeforeRun.ts — the engine's events of the run a what-if change is
 * compared with. When the page has just run that setup to its end, that
 * run's data is kept: the same events, no second simulation. Otherwise (a
 * link naming the before setup, or a run the change cut short) the setup is
 * run again in a worker of its own; the engine is deterministic (one seed,
 * one event order), so these are the events the first run had.
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { sameRun, type Setup } from '../../state/setup';
import { presetById } from '../../presets';
import type { RunStatus } from '../../run/runController';
import type { RunData } from '../../run/runData';
import { useRunController } from '../../run/useRunController';
import type { Shown } from './useRun';

export interface BeforeRun {
  data: RunData | null;
  status: RunStatus;
  /** The engine's refusal of the before setup, if any. */
  error: string | null;
}

/** `kept`: the run the change replaced, reused when it ran `before` to its end. */
export function useBeforeRun(before: Setup | null, kept: RefObject<Shown | null>): BeforeRun {
  const controller = useRunController();
  const [run, setRun] = useState<BeforeRun>({ data: null, status: 'starting', error: null });
  // Looked up in the render: a preset still loading holds the page until it is here.
  const presets = useMemo(() => before?.devices.map((d) => presetById(d.preset)?.json), [before]);
  useEffect(() => {
    controller.cancel();
    if (!before || !presets?.[0]) { setRun({ data: null, status: 'starting', error: null }); return; }
    const last = kept.current;
    if (last && last.data.done && sameRun(last.setup, before)) { setRun({ data: last.data, status: 'done', error: null }); return; }
    // A run this effect started reports only while its setup is still the before one.
    let current = true;
    setRun({ data: null, status: 'starting', error: null });
    void controller.start({ setup: before, presets }, {
      onBegin: (data) => { if (current) setRun({ data, status: 'running', error: null }); },
      onChunk() {},
      onEnd: (data, outcome, err) => {
        if (current) setRun({ data: data ?? null, status: outcome, error: outcome === 'error' ? err?.message ?? 'the engine stopped' : null });
      },
    });
    return () => { current = false; };
  }, [controller, before, presets, kept]);
  return run;
}
