/*
 * StepPlayback — the engine's run of a step, played back once the answer is
 * shown: the toy disk turning under its arm (the homework page's ToyDisk) on
 * homework steps, and on every step a timeline of the requests (the first
 * twelve on a real disk), each bar growing through its seek, rotation and
 * transfer as the clock passes them. The request the answer names is marked.
 * Every position and length is the engine's. Keys (playbackKeys.ts): Space
 * play/pause, → / ← the next / previous moment a part starts or ends, R
 * replay; the panel's `?` lists them.
 */
import { useEffect, useMemo } from 'react';
import { Explain, Units } from '../../shell/Explain';
import { ToyDisk } from '../homework/ToyDisk';
import { usePlayback } from '../homework/usePlayback';
import type { Answer, StepRun } from './answer';
import { phaseTimes, playbackKeyOf, stepTime } from './playbackKeys';
import { formatValue, requestLabel } from './show';

const ROWS = 12;
const W = 420;
const ROW_H = 20;
const LEFT = 130;
const PHASES = [
  { key: 'seek', colour: 'var(--c-orange)', name: 'seek' },
  { key: 'rotation', colour: 'var(--c-sky)', name: 'rotation' },
  { key: 'transfer', colour: 'var(--c-green)', name: 'transfer' },
] as const;

export function StepPlayback({ run, answer }: { run: StepRun; answer: Answer }) {
  const shown = useMemo(() => run.requests.filter((r) => run.homework || r.index < ROWS), [run]);
  const end = Math.max(...shown.map((r) => r.end), 1e-9);
  const play = usePlayback(end);
  const { setPlaying, setT, setSpeed } = play;
  // About six seconds from start to end, whatever the unit.
  useEffect(() => { setSpeed(end / 6); setT(0); setPlaying(true); }, [end, setSpeed, setT, setPlaying]);
  const times = useMemo(() => phaseTimes(shown), [shown]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = playbackKeyOf(e, e.target instanceof HTMLElement ? e.target : null);
      if (!action) return;
      e.preventDefault();
      if (action === 'toggle') setPlaying((p) => !p);
      else if (action === 'restart') { setT(0); setPlaying(true); }
      else { setPlaying(false); setT((t) => stepTime(times, t, action === 'next' ? 1 : -1)); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [times, setPlaying, setT]);
  const marked = answer.kind === 'pick' ? answer.index : answer.kind === 'number' ? -1 : -2;
  const x = (t: number) => LEFT + ((W - LEFT - 10) * t) / end;
  return (
    <div className="learn-playback" data-testid="learn-playback" data-t={play.t}>
      <Explain id="lessonPlayback" />
      {run.homework && <ToyDisk run={run.homework} t={play.t} />}
      <svg viewBox={`0 0 ${W} ${shown.length * ROW_H + 34}`} className="learn-timeline" role="img"
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
                const seen = Math.max(0, Math.min(len, play.t - from));
                return seen > 0 ? <rect key={p.key} x={x(from)} y={y} width={Math.max(0.5, x(from + seen) - x(from))} height={ROW_H - 6} fill={p.colour} /> : null;
              })}
            </g>
          );
        })}
        <line x1={x(play.t)} x2={x(play.t)} y1={0} y2={shown.length * ROW_H + 4} stroke="var(--c-ink)" strokeWidth={1} />
        <text x={LEFT} y={shown.length * ROW_H + 18} fontSize={11}>0</text>
        <text x={W - 10} y={shown.length * ROW_H + 18} fontSize={11} textAnchor="end">{formatValue(end)} {run.unit}</text>
        <text x={LEFT} y={shown.length * ROW_H + 31} fontSize={11}>
          {PHASES.map((p, i) => <tspan key={p.key} fill={p.colour} dx={i ? 12 : 0}>■ {p.name}</tspan>)}
          {!run.homework && run.requests.length > ROWS && <tspan dx={12}>(the first {ROWS} of {run.requests.length} requests)</tspan>}
        </text>
      </svg>
      <Units id="lessonPlayback" />
      <div className="learn-controls">
        <button type="button" onClick={() => play.setPlaying((p) => !p)} data-testid="learn-play" aria-keyshortcuts="Space">{play.playing ? 'Pause' : 'Play'}</button>
        <button type="button" onClick={() => { play.setT(0); play.setPlaying(true); }} aria-keyshortcuts="R">Replay</button>
        <span className="learn-time">t = {formatValue(Math.round(play.t * 100) / 100)} {run.unit}</span>
      </div>
    </div>
  );
}
