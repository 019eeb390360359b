/*
 * StageSteps — the experiment's own steps in the stage's bar: to the previous
 * or next write decision, and to the next FQueue event (an entry added,
 * removed or written back, a flush beginning or ending), of the run with
 * FQueues. Each moves the one clock (paused) to the engine's instant of that
 * record, so both runs are shown there.
 */
import type { StageHandle } from '../../stage/useStage';
import type { RunResult } from './protocol';

/** The time of the next (dir 1) or previous (dir -1) record after t. */
export function stepTime(times: readonly number[], t: number, dir: 1 | -1): number | undefined {
  if (dir > 0) return times.find((x) => x > t);
  for (let i = times.length - 1; i >= 0; i--) if (times[i] < t) return times[i];
  return undefined;
}

export function StageSteps({ r, stage }: { r: RunResult | null; stage: StageHandle }) {
  const go = (times: readonly number[] | undefined, dir: 1 | -1) => () => {
    const at = times && stepTime(times, stage.clock.timeMs, dir);
    if (at !== undefined) stage.seek(at);
  };
  const decisions = r?.with.decisions.map((d) => d.timeMs);
  const fq = r?.with.fq.map((e) => e.timeMs);
  return (
    <span className="nv-steps" role="group" aria-label="Steps of the run with FQueues">
      <button type="button" data-testid="step-back" disabled={!r} onClick={go(decisions, -1)} title="Back to the previous write decision">◀ write</button>
      <button type="button" data-testid="step" disabled={!r} onClick={go(decisions, 1)} title="To the next write decision">write ▶</button>
      <button type="button" data-testid="step-fq" disabled={!r} onClick={go(fq, 1)} title="To the next FQueue event">FQ event ▶</button>
    </span>
  );
}
