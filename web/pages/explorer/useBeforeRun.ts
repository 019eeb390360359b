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

/** What the page has of the before run while none has reported for this setup: the kept run's data, or nothing yet. */
function keptOrWaiting(before: Setup | null, last: Shown | null): BeforeRun {
  if (before && last && last.data.done && sameRun(last.setup, before)) return { data: last.data, status: 'done', error: null };
  return { data: null, status: 'starting', error: null };
}

/**
 * `kept`: the run the change replaced, reused when it ran `before` to its end. The answer always
 * belongs to the `before` of this render: a second change never shows, even for one frame, the
 * run that was before the first one (the simulation's reports are kept with the setup they are for).
 */
export function useBeforeRun(before: Setup | null, kept: RefObject<Shown | null>): BeforeRun {
  const controller = useRunController();
  const [run, setRun] = useState<{ of: Setup | null; run: BeforeRun }>({ of: null, run: keptOrWaiting(null, null) });
  // Looked up in the render: a preset still loading holds the page until it is here.
  const presets = useMemo(() => before?.devices.map((d) => presetById(d.preset)?.json), [before]);
  const reused = keptOrWaiting(before, kept.current);
  const again = before !== null && !!presets?.[0] && reused.data === null;
  useEffect(() => {
    controller.cancel();
    if (!again || !before) return;
    // A run this effect started reports only while its setup is still the before one.
    let current = true;
    const report = (r: BeforeRun) => { if (current) setRun({ of: before, run: r }); };
    void controller.start({ setup: before, presets: presets! }, {
      onBegin: (data) => report({ data, status: 'running', error: null }),
      onChunk() {},
      onEnd: (data, outcome, err) => report({ data: data ?? null, status: outcome, error: outcome === 'error' ? err?.message ?? 'the engine stopped' : null }),
    });
    return () => { current = false; };
  }, [controller, before, presets, again]);
  return again && run.of === before ? run.run : reused;
}
