/*
 * useRun.ts — the run of the setup: started in the engine worker whenever
 * the engine's input changes (not for the view's fields), streamed with its
 * progress, cancellable; a refusal or a failure names the setup field it is
 * about, and the last good run stays shown. A new run's begin names the run
 * it replaces (what a what-if change is compared with).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { setupFieldOfError } from '../../state/applySetup';
import type { Setup } from '../../state/setup';
import { presetById } from '../../presets';
import type { RunStatus } from '../../run/runController';
import type { RunData } from '../../run/runData';
import { useRunController, useRunInput } from '../../run/useRunController';
import { copyTraceRun, type TraceRun } from '../../trace/protocol';

/** The run on screen and the setup it ran. */
export interface Shown {
  data: RunData;
  setup: Setup;
  /** True when the run replayed an imported trace (its requests are not the setup's workload). */
  traced: boolean;
}

export interface RunError {
  message: string;
  /** The setup field the engine named, if any. */
  field?: string;
  /** True when the engine stopped a run that had begun (what it simulated stays). */
  partial: boolean;
}

export interface RunProgress {
  completed: number;
  total: number;
  events: number;
  eventsStopped: boolean;
}

export interface RunEvents {
  /** The engine accepted the setup: its data, empty so far; `replaced`: the run shown until now. */
  begin(data: RunData, replaced: Shown | null): void;
  /** More of the run arrived. */
  chunk(data: RunData): void;
  /** The run ended (done, cancelled or refused). */
  end(): void;
}

const progressOf = (data: RunData): RunProgress => ({ completed: data.completed, total: data.info.total, events: data.eventCount, eventsStopped: data.eventsStopped });

/** `trace`: replay it instead of the setup's synthetic workload. */
export function useRun(setup: Setup, events: RunEvents, trace: TraceRun | null = null) {
  const controller = useRunController();
  const input = useRunInput(setup);
  const on = useRef(events);
  on.current = events;
  const [status, setStatus] = useState<RunStatus>('starting');
  const [progress, setProgress] = useState<RunProgress>({ completed: 0, total: setup.workload.count, events: 0, eventsStopped: false });
  const [shown, setShown] = useState<Shown | null>(null);
  const [runError, setRunError] = useState<RunError | null>(null);
  const shownRef = useRef<Shown | null>(null);

  // One preset JSON per device (a device naming a preset the page lacks is refused in the worker,
  // naming it), looked up in the render: one still loading holds the page until it is here.
  const presets = useMemo(() => input.devices.map((d) => presetById(d.preset)?.json), [input]);
  useEffect(() => {
    if (!presets[0]) return;
    let lastUi = 0;
    setStatus('starting');
    setProgress({ completed: 0, total: trace?.columns.count ?? input.workload.count, events: 0, eventsStopped: false });
    void controller.start({ setup: input, presets, ...(trace ? { trace: copyTraceRun(trace) } : {}) }, {
      onBegin(data) {
        on.current.begin(data, shownRef.current);
        shownRef.current = { data, setup: input, traced: !!trace };
        setShown(shownRef.current);
        setRunError(null);
        setStatus('running');
      },
      onChunk(data) {
        const now = performance.now();
        if (now - lastUi > 100 || data.done) {
          lastUi = now;
          setProgress(progressOf(data));
        }
        on.current.chunk(data);
      },
      onEnd(data, outcome, error) {
        setStatus(outcome);
        if (data) setProgress(progressOf(data));
        if (outcome === 'error' && error) setRunError({ message: error.message, field: setupFieldOfError(error), partial: !!data });
        on.current.end();
      },
    });
  }, [controller, input, presets, trace]);

  return { status, progress, shown, runError, cancel: () => controller.cancel() };
}
