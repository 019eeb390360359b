/*
 * useStageTime — the instant the stage's one run shows, re-rendering the
 * caller on every frame the clock moved (a painter of the stage): the
 * lesson's timeline is SVG drawn by React, so it follows the clock as a
 * state rather than a canvas. It is the run's own time, which
 * never passes the last instant the run may show.
 */
import { useEffect, useState } from 'react';
import type { ClockRun, StageClock } from '../../stage/stageClock';
import type { StageHandle } from '../../stage/useStage';

export function useStageTime<R extends ClockRun>(stage: StageHandle<R>): number {
  const [t, setT] = useState(() => stage.clock.runs[0]?.timeMs ?? 0);
  const { painters } = stage;
  useEffect(() => {
    const paint = (c: StageClock<R>) => setT(c.runs[0]?.timeMs ?? 0);
    painters.add(paint);
    return () => { painters.delete(paint); };
  }, [painters]);
  return t;
}
