/*
 * StepPlayback — the engine's run of a step, played back once the answer is
 * shown: the toy disk turning under its arm (the homework page's ToyPlatter) on
 * homework steps, and on every step a timeline of the requests (the first
 * twelve on a real disk), each bar growing through its seek, rotation and
 * transfer as the clock passes them. The request the answer names is marked.
 * Every position and length is the engine's. It plays on the stage's clock
 * with the stage's controls and keys (Space, → to the next moment a part
 * starts or ends, Shift+→ to the next completion, ←, [ ], R, M; P on every
 * page); the panel's `?` lists them.
 */
import { useEffect, useMemo, useState } from 'react';
import { Explain, Units } from '../../shell/Explain';
import { SPEEDS } from '../../run/panelState';
import { SEGMENT } from '../../panels/colours';
import { openPhases } from '../../stage/phasePlayback';
import { StageControls } from '../../stage/StageControls';
import { useStage } from '../../stage/useStage';
import { usePresenting } from '../../stage/presentation';
import { useWidth } from '../../lib/useWidth';
import { ToyPlatter } from '../homework/ToyPlatter';
import { lessonDiskPx } from './DiskAtStart';
import { useStageTime } from './useStageTime';
import type { Answer, StepRun } from './answer';
import { formatValue, requestLabel } from './show';
import { stepRunData } from './stepEvents';
import '../../stage/stage.css';

const ROWS = 12;
const EVERY_ROW = () => true;
/** The timeline's drawing width; on a column narrower than it (a phone), the column's width, so its 11 px text is drawn at 11 px, never scaled down. */
const W = 420;
const MIN_W = 240;
const ROW_H = 20;
const LEFT = 130;
/** In the one colour table's colours, as the toy disk's ring and every other timeline. */
const PHASES = [
  { key: 'seek', colour: SEGMENT.seek.colour, name: 'seek' },
  { key: 'rotation', colour: SEGMENT.rotation.colour, name: 'rotation' },
  { key: 'transfer', colour: SEGMENT.transfer.colour, name: 'transfer' },
] as const;

/** The stage's speed that plays `end` (the run's unit) in about six seconds, whatever the unit. */
function sixSeconds(end: number): number {
  const want = 6000 / end;
  return SPEEDS.reduce((best, v) => (Math.abs(Math.log(v / want)) < Math.abs(Math.log(best / want)) ? v : best));
}

export function StepPlayback({ run, answer }: { run: StepRun; answer: Answer }) {
  const shown = useMemo(() => run.requests.filter((r) => run.homework || r.index < ROWS), [run]);
  const end = Math.max(...shown.map((r) => r.end), 1e-9);
  const [slow, setSlow] = useState(() => sixSeconds(end));
  const stage = useStage({ slots: 1, slow, onSlow: setSlow, open: openPhases });
  const { setRun } = stage;
  useEffect(() => { setRun(0, stepRunData(shown)); }, [shown, setRun]);
  const t = useStageTime(stage);
  const marked = answer.kind === 'pick' ? answer.index : answer.kind === 'number' ? -1 : -2;
  const [runBox, width] = useWidth<HTMLDivElement>(lessonDiskPx(Infinity, false));
  const diskPx = lessonDiskPx(width, usePresenting());
  const w = Math.max(MIN_W, Math.min(W, Math.floor(width)));
  /** Only the first ROWS requests of a real disk's run are drawn. */
  const cut = !run.homework && run.requests.length > ROWS;
  const x = (t: number) => LEFT + ((w - LEFT - 10) * t) / end;
  return (
    <div className="learn-playback stage" data-testid="learn-playback" ref={stage.rootRef}>
      <Explain id="lessonPlayback" />
      <StageControls stage={stage} unit={run.unit} />
      <div className="learn-run" data-stage-run="0" ref={runBox}>
        {run.homework && <ToyPlatter run={run.homework} ringShown={EVERY_ROW} size={diskPx} stage={stage} />}
        <svg viewBox={`0 0 ${w} ${shown.length * ROW_H + (cut ? 48 : 34)}`} className="learn-timeline" role="img"
             aria-label={`Timeline: each request's seek, rotation and transfer, in ${run.unit}`}>
          {shown.map((r, i) => {
            const y = i * ROW_H + 4;
            let at = r.start;
            return (
              <g key={r.index}>
                <text x={LEFT - 6} y={y + 12} textAnchor="end" fontSize={11} fontWeight={r.index === marked ? 700 : 400}>{requestLabel(r)}</text>
                {PHASES.map((p) => {
                  const from = at, len = r[p.key];
                  at += len;
                  const seen = Math.max(0, Math.min(len, t - from));
                  return seen > 0 ? <rect key={p.key} x={x(from)} y={y} width={Math.max(0.5, x(from + seen) - x(from))} height={ROW_H - 6} fill={p.colour} /> : null;
                })}
              </g>
            );
          })}
          <line x1={x(t)} x2={x(t)} y1={0} y2={shown.length * ROW_H + 4} stroke="var(--c-ink)" strokeWidth={1} />
          <text x={LEFT} y={shown.length * ROW_H + 18} fontSize={11}>0</text>
          <text x={w - 10} y={shown.length * ROW_H + 18} fontSize={11} textAnchor="end">{formatValue(end)} {run.unit}</text>
          <text x={LEFT} y={shown.length * ROW_H + 31} fontSize={11}>
            {PHASES.map((p, i) => <tspan key={p.key} dx={i ? 12 : 0}><tspan fill={p.colour}>■</tspan> {p.name}</tspan>)}
          </text>
          {/* On a line of its own: beside the key it ran past the drawing's edge and was cut. */}
          {cut && <text x={LEFT} y={shown.length * ROW_H + 45} fontSize={11}>(the first {ROWS} of {run.requests.length} requests)</text>}
        </svg>
      </div>
      <Units id="lessonPlayback" />
    </div>
  );
}
