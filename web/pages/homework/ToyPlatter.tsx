/*
 * ToyPlatter — the toy disk on a canvas: the one platter drawer's picture
 * with the homework's marks (toyOverlay.ts), drawn at the stage's clock on
 * every frame it moves (a painter of the stage), or still at t = 0 without
 * a stage. After each drawing the canvas carries what it shows, for tests:
 * data-track (the arm's track), data-ring (the ringed block, absent when
 * none), data-labels (the numbers written) and data-font (their size, px).
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { CanvasPanel, type CanvasHandle } from '../../panels/live/CanvasPanel';
import type { PhasePlayback } from '../../stage/phasePlayback';
import type { StageHandle } from '../../stage/useStage';
import type { HomeworkRun } from './run';
import { drawToyDisk } from './toyOverlay';

interface Props {
  run: HomeworkRun;
  /** Whether a row's answer is shown (the ring waits for it). */
  ringShown: (row: number) => boolean;
  size: number;
  /** The stage whose clock it follows; none: the disk as it stands at t = 0. */
  stage?: StageHandle<PhasePlayback>;
}

export function ToyPlatter({ run, ringShown, size, stage }: Props) {
  const panel = useRef<CanvasHandle>(null);
  const latest = useRef({ run, ringShown });
  latest.current = { run, ringShown };
  const clock = stage?.clock;
  const paint = useCallback(() => {
    const el = panel.current?.canvas();
    panel.current?.draw((ctx, width) => {
      const t = clock?.runs[0]?.timeMs ?? 0;
      const drawn = drawToyDisk(ctx, latest.current.run, t, latest.current.ringShown, width);
      if (!el) return;
      el.dataset.track = drawn.headCyl.toFixed(3);
      el.dataset.labels = String(drawn.labels.length);
      el.dataset.font = drawn.fontPx.toFixed(1);
      if (drawn.ring) el.dataset.ring = String(drawn.ring.block);
      else delete el.dataset.ring;
    });
  }, [clock]);
  // Every render: a row revealed, a new question or a new size is drawn at once, even while paused.
  useLayoutEffect(paint);
  const painters = stage?.painters;
  useEffect(() => {
    if (!painters) return;
    painters.add(paint);
    return () => { painters.delete(paint); };
  }, [painters, paint]);
  return <CanvasPanel ref={panel} width={size} height={size} testId="hw-disk" className="toy-platter"
    label="The toy disk: three tracks with their block numbers, turning counter-clockwise under the arm" />;
}
