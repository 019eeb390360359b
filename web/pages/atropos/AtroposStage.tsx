/*
 * AtroposStage — the page's access played on the stage: Atropos and the
 * naive layout picked beside it (or both naive layouts), each a run of the engine (atStageBegin in
 * the page's worker: the same volume, table and submission as the table of
 * layouts) on one clock, one platter per disk of the volume. Each platter
 * carries the access's tracks and cells, lighting up as the head reads them
 * (quadOverlay). The runs start from the access the page asks for (a pick in
 * the table, a setting), without waiting for the page's table of layouts;
 * that result, once it answers the same access, draws the overlays.
 */
import { useEffect, useMemo, useState, type MutableRefObject } from 'react';
import { Stage, type StageRun } from '../../stage/Stage';
import type { Waiting } from '../../stage/RunWaiting';
import { useStage } from '../../stage/useStage';
import { useStageRuns } from '../../stage/useStageRuns';
import { useRunController } from '../../run/useRunController';
import type { RunStatus } from '../../run/runController';
import { formatMs, formatPct } from '../../lib/format';
import type { AccessParams, AccessResult, Layout } from './protocol';
import { cellsRead, quadOverlay } from './quadOverlay';
import { BESIDE, stageLayouts, type Beside } from './setup';
import { accessName } from './disksRead';

/** Slow motion at which a 10,000 RPM revolution (6 ms) takes 3 s to play. */
export const STAGE_SLOW = 500;

/** What the test hook reads of each run on the stage. */
export interface StageMarks { layout: Layout; timeMs: number; finished: boolean; read: number; cells: number }

/** The line under a run's title, by where its simulation is. */
const RUN_STATUS: Record<RunStatus, string | undefined> = { starting: 'waiting for the engine…', running: 'simulating…', done: undefined, cancelled: undefined, error: 'refused' };

/** What a run waits for before the engine begins it (atStageBegin's steps). */
const WAITING: Waiting = {
  text: 'Waiting for the engine…',
  detail: 'Its worker loads the engine and this page\'s code, lays the table out on the volume, and plays the access once unrecorded to count its requests; then the stage plays it.',
};

const statRows: StageRun['statRows'] = (s) => [
  ['device requests done', String(s.completed)],
  ['response mean', formatMs(s.responseMeanMs, 2)],
  ['seek mean', formatMs(s.seekMeanMs, 2)],
  ['rotational wait mean', formatMs(s.rotationMeanMs, 2)],
  ['efficiency', formatPct(s.efficiency)],
];

/** "a", "a and b", "a, b and c". */
const listed = (xs: string[]): string => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** A choice of the picker, in words. */
const besideName = (b: Beside, names: Record<Layout, string>): string => (b === 'none' ? 'nothing' : b === 'both' ? 'both naive layouts' : names[b]);

interface Props {
  /** The access to play (null: none yet). */
  access: AccessParams | null;
  /** The page's result for that same access (null until it answers). */
  result: AccessResult | null;
  beside: Beside;
  onBeside(b: Beside): void;
  names: Record<Layout, string>;
  /** Filled with a reader of the runs' marks (for the page's test hook). */
  marks: MutableRefObject<(() => StageMarks[]) | null>;
}

export function AtroposStage({ access, result, beside, onBeside, names, marks }: Props) {
  const layouts = useMemo(() => stageLayouts(beside), [beside]);
  const [slow, setSlow] = useState(STAGE_SLOW);
  const stage = useStage({ slots: layouts.length, slow, onSlow: setSlow });
  // One controller per slot the stage can hold (Atropos and both naive layouts); hooks are called unconditionally.
  const controllers = [useRunController(), useRunController(), useRunController()];
  const [error, setError] = useState('');
  const starts = useMemo(() => (access ? layouts.map((layout) => ({ method: 'atStageBegin', params: { ...access, layout } })) : null), [access, layouts]);
  useEffect(() => setError(''), [starts]);
  const status = useStageRuns(stage, controllers, starts, (slot, message) => setError(`${names[layouts[slot]]}: ${message}`));

  const runsOf = useMemo(() => layouts.map((l) => result?.runs.find((r) => r.layout === l) ?? null), [layouts, result]);
  const overlays = useMemo(() => runsOf.map((r) => (r ? quadOverlay(r) : undefined)), [runsOf]);
  // The overlays come with the result, after the runs began: a paused stage draws them now.
  useEffect(() => stage.repaint(), [overlays, stage.repaint]);

  marks.current = () => layouts.map((layout, slot) => {
    const p = stage.clock.runs[slot];
    const r = runsOf[slot];
    const got = p && r ? cellsRead(p, r) : { read: 0, cells: 0 };
    return { layout, timeMs: p?.timeMs ?? NaN, finished: p?.finished ?? false, ...got };
  });

  const what = result ? accessName(result) : '';
  const runs: StageRun[] = layouts.map((layout, slot) => {
    const p = stage.clock.runs[slot];
    const r = runsOf[slot];
    const got = p && r ? cellsRead(p, r) : null;
    return {
      id: layout,
      title: names[layout],
      status: RUN_STATUS[status[slot]],
      waiting: WAITING,
      overlay: overlays[slot],
      statRows,
      footer: r && (
        <p className="at-run-foot" data-testid={`sbs-${layout}`}>
          The whole access: <span data-testid={`sbs-resp-${layout}`} data-value={r.responseMs}>{r.responseMs.toFixed(2)} ms</span> from
          arrival to the last completion, {r.logical} request{r.logical === 1 ? '' : 's'} → {r.deviceRequests} device request{r.deviceRequests === 1 ? '' : 's'}.
          {got && <> Cells read: <strong data-testid={`cells-read-${layout}`} data-read={got.read} data-cells={got.cells}>{got.read} of {got.cells}</strong>.</>}
        </p>
      ),
    };
  });

  const picker = (
    <label className="at-beside">Beside Atropos{' '}
      <select id="at-cmp" value={beside} onChange={(e) => onBeside(e.target.value as Beside)} data-testid="stage-beside">
        {BESIDE.map((b) => <option key={b} value={b}>{besideName(b, names)}</option>)}
      </select>
    </label>
  );
  return (
    <>
      {error && <p className="at-status" role="alert" data-testid="stage-error">The engine refused the stage's run: {error}</p>}
      <Stage stage={stage} runs={runs} label={`${what || 'The access'} under ${listed(layouts.map((l) => names[l]))}, on one clock`} extraControls={picker} />
    </>
  );
}
