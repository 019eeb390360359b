/*
 * HomeworkStage — the toy disk on the stage's clock, with the stage's
 * controls and keys (Space, →, Shift+→, ←, [ ], R, M; P on every page). The
 * run is the question's requests phase by phase (disk.py's times, from the
 * engine), up to the moment the first hidden row's request is chosen: the
 * clock cannot pass it, so playing, stepping or a moment's link never show a
 * hidden choice. Revealing rows lengthens the run from where the clock
 * stands; hiding them again takes the clock back. A new question opens
 * paused at 0, as a student reads it first.
 */
import { useEffect, useRef, useState } from 'react';
import { openPhases, PhaseRunData } from '../../stage/phasePlayback';
import { StageControls } from '../../stage/StageControls';
import { useStage } from '../../stage/useStage';
import { playableUntil } from './geometry';
import type { HomeworkRun } from './run';
import { ToyDisk } from './ToyDisk';
import { useStageTime } from './useStageTime';
import '../../stage/stage.css';

/** Slow motion: one time unit (an engine ms) every 20 ms, 50 units a second. */
const SLOW = 20;

export function HomeworkStage({ run, shown }: { run: HomeworkRun | null; shown: (row: number) => boolean }) {
  const [slow, setSlow] = useState(SLOW);
  const stage = useStage({ slots: 1, slow, onSlow: setSlow, open: openPhases });
  const end = run ? playableUntil(run, shown) : 0;
  const question = useRef<HomeworkRun | null>(null);
  const { clock, setRun, clear } = stage;
  useEffect(() => {
    if (run !== question.current) {
      question.current = run;
      clear();
      clock.playing = false;
    }
    setRun(0, run ? new PhaseRunData(run.rows, end) : null);
    if (clock.timeMs > end) clock.seek(end);
  }, [run, end, clock, setRun, clear]);
  const t = useStageTime(stage);
  const firstHidden = run ? run.rows.findIndex((_, i) => !shown(i)) : -1;
  return (
    <div className="hw-disk stage" ref={stage.rootRef}>
      <StageControls stage={stage} unit="units" />
      <div data-stage-run="0">{run && <ToyDisk run={run} t={t} ringShown={shown} />}</div>
      {firstHidden >= 0 && <p className="hw-note" data-testid="hw-play-limit">Playback stops before request {firstHidden + 1} is chosen: reveal its row to play on.</p>}
    </div>
  );
}
