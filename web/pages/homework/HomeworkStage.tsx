/*
 * HomeworkStage — the toy disk on the stage's clock, with the stage's
 * controls and keys (Space, →, Shift+→, ←, [ ], R, M; P on every page). The
 * run is the question's requests phase by phase (disk.py's times, from the
 * engine), up to the moment the first hidden row's request is chosen: the
 * clock cannot pass it, so playing, stepping or a moment's link never show a
 * hidden choice. Revealing rows lengthens the run from where the clock
 * stands; hiding them again takes the clock back. A new question opens
 * paused at 0, as a student reads it first.
 *
 * It keeps its own stage (useStage) rather than Stage.tsx: Stage plays the
 * engine's event stream (a Playback per run, with its timeline, statistics
 * and export), while this run is the rows on disk.py's clock (a phase run).
 * It shares Stage's presentation fit: presenting, the stage is pinned to the
 * window's top and the disk sized to the height left (presentFit.ts). Not
 * presenting, the disk ends within the first screen where a little smaller
 * disk does (a 1024×768 projector).
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { openPhases, PhaseRunData } from '../../stage/phasePlayback';
import { StageControls } from '../../stage/StageControls';
import { useStage } from '../../stage/useStage';
import { usePresenting } from '../../stage/presentation';
import { usePlatterRoom } from '../../stage/presentFit';
import { useWidth } from '../../lib/useWidth';
import { playableUntil } from './geometry';
import type { HomeworkRun } from './run';
import { ToyPlatter } from './ToyPlatter';
import '../../stage/stage.css';

/** Slow motion: one time unit (an engine ms) every 20 ms, 50 units a second. */
const SLOW = 20;
/** The disk's size beside the answers (px); presenting, as large as the window's height and the column allow. */
const BESIDE_PX = 420;
const PRESENT_MIN_PX = 320;
/** Not presenting, the disk is made smaller to end within the first screen (a 1024×768 projector), down to this size. */
const FIRST_SCREEN_MIN_PX = 300;
/** Room left under the disk at the first screen's bottom edge. */
const FIRST_SCREEN_SLACK = 8;

/**
 * The height from `box`'s top, where it lies on the page, to the first screen's bottom (null while off): measured as
 * the page opens and when the window is resized, never as the page below grows, so the disk does not change size
 * while the student works.
 */
function useFirstScreenRoom(box: RefObject<HTMLElement | null>, on: boolean): number | null {
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!on) { setRoom(null); return; }
    const measure = () => {
      const el = box.current;
      if (el) setRoom(Math.floor(window.innerHeight - (el.getBoundingClientRect().top + window.scrollY) - FIRST_SCREEN_SLACK));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [box, on]);
  return room;
}

/**
 * `failure`: why the page has no run to play (the engine refused the question, or a field holds a refused
 * value); the bar then says so and leads to the page's message, rather than loading for ever.
 */
export function HomeworkStage({ run, shown, failure = null }: { run: HomeworkRun | null; shown: (row: number) => boolean; failure?: string | null }) {
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
  useEffect(() => {
    if (run || !failure) return;
    clock.fail(0, failure);
    stage.repaint();
    return () => clear();
  }, [run, failure, clock, clear]); // eslint-disable-line react-hooks/exhaustive-deps
  const [box, width] = useWidth<HTMLDivElement>(BESIDE_PX);
  const present = usePresenting();
  const room = usePlatterRoom(present, stage.rootRef, box, 0, width);
  const firstScreen = useFirstScreenRoom(box, !present);
  const size = Math.floor(present ? Math.min(width, Math.max(PRESENT_MIN_PX, room ?? width))
    : Math.min(width, BESIDE_PX, firstScreen !== null && firstScreen >= FIRST_SCREEN_MIN_PX ? firstScreen : Infinity));
  const firstHidden = run ? run.rows.findIndex((_, i) => !shown(i)) : -1;
  return (
    <div className="hw-disk stage" ref={stage.rootRef}>
      <StageControls stage={stage} unit="units" />
      <div ref={box}>
        <div data-stage-run="0"><div className="stage-platters">{run && <ToyPlatter run={run} ringShown={shown} size={size} stage={stage} />}</div></div>
      </div>
      {firstHidden >= 0 && <p className="hw-note" data-testid="hw-play-limit">Playback stops before request {firstHidden + 1} is chosen: reveal its row to play on.</p>}
      <p className="hw-note">Times are in disk.py&rsquo;s time units. The head starts on the outer track halfway through block 6; the disk turns counter-clockwise.</p>
    </div>
  );
}
