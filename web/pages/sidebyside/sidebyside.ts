/*
 * sidebyside.ts — the side-by-side experiment's setup and numbers, pure (no
 * DOM): the URL form (#sidebyside?<the explorer's setup query>&adapter=...:
 * the explorer's setup plus the page's host adapter, web/experiments/adapter.ts,
 * which the run input turns into each device's bus), the two
 * variants derived from ONE setup (the only difference: the workload's
 * alignment, none vs track), and the difference table read from the engine's
 * final statistics of the two runs (nothing here is simulated or estimated).
 */
import type { Stats } from '../../../engine-wasm/binding';
import type { DiskPreset } from '../../state/diskPreset';
import { flatCodec } from '../../state/fields';
import { withField, type Problem, type Setup, type SetupContext } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { adapterBusMs, adapterField, type Adapter } from '../../experiments/adapter';
import type { RunStatus } from '../../run/runController';
import { formatChange, formatInt, formatMs, formatNum, formatPct } from '../../lib/format';
import tworeq from '../../../presets/experiments/sidebyside-tworeq.json';

export const SIDE_HASH = '#sidebyside';

/** The page's own field, next to the explorer's setup in its URL. */
export const ADAPTER_FIELD = adapterField('run');
const adapterCodec = flatCodec<{ adapter: Adapter }>([ADAPTER_FIELD]);
export const DEFAULT_ADAPTER: Adapter = adapterCodec.defaults().adapter;

/**
 * The page's default: the experiment preset that shows the effect (track-sized
 * reads, two outstanding: alignment cuts the head time by about a quarter),
 * not the explorer's default setup (8-sector reads, which hardly feel it).
 */
export const DEFAULT_SIDE_URL: string = tworeq.url;

/**
 * The setup in a #sidebyside?... hash (bad fields fall back and are named, as
 * in the explorer) and the host adapter (absent: the paper's). A hash with
 * no setup at all opens the default experiment (DEFAULT_SIDE_URL).
 */
export function decodeSideHash(hash: string, ctx: SetupContext = {}): { setup: Setup; adapter: Adapter; problems: Problem[] } {
  const at = (h: string) => (h.indexOf('?') >= 0 ? h.slice(h.indexOf('?') + 1) : '');
  const query = at(hash) || at(DEFAULT_SIDE_URL);
  const parts = query.split('&');
  const isAdapter = (part: string) => {
    const k = part.split('=')[0];
    try { return decodeURIComponent(k.replace(/\+/g, ' ')) === ADAPTER_FIELD.key; } catch { return false; }
  };
  const own = adapterCodec.decode(parts.filter(isAdapter).join('&'));
  const rest = decodeSetup(parts.filter((p) => !isAdapter(p)).join('&'), ctx);
  return { setup: rest.setup, adapter: own.setup.adapter, problems: [...rest.problems, ...own.problems] };
}

export function encodeSideHash(setup: Setup, adapter: Adapter = DEFAULT_ADAPTER): string {
  return `${SIDE_HASH}?${encodeSetup(setup)}&${adapterCodec.encode({ adapter })}`;
}

/**
 * The setup the engine runs: each device's bus time per sector set for the
 * adapter (as an override of the device's bus, so the explorer can open the
 * same run); a device whose bus is already as asked is left as it was.
 */
export function withAdapter(setup: Setup, adapter: Adapter, presetOf: (id: string) => DiskPreset | undefined): Setup {
  let out = setup;
  setup.devices.forEach((d, i) => {
    const p = presetOf(d.preset);
    if (!p) return;
    const drive = d.overrides.busMsPerSector ?? p.controller.busMsPerSector;
    const bus = adapterBusMs(drive, p.geometry.sectorBytes, adapter);
    if (bus !== drive) out = withField(out, `devices[${i}].overrides.busMsPerSector`, bus);
  });
  return out;
}

export type Side = 'unaligned' | 'aligned';
export const SIDES: readonly Side[] = ['unaligned', 'aligned'];

/** The two runs of a setup: identical but for the workload's alignment. */
export function variants(setup: Setup): Record<Side, Setup> {
  return {
    unaligned: withField(setup, 'workload.align', 'none'),
    aligned: withField(setup, 'workload.align', 'track'),
  };
}

export interface DiffRow {
  key: 'headMeanMs' | 'efficiency' | 'responseSdMs' | 'responseMeanMs' | 'headSwitchFraction';
  label: string;
  unaligned: number;
  aligned: number;
  /** aligned − unaligned */
  delta: number;
  /** (aligned − unaligned) / unaligned × 100, NaN when unaligned is 0 */
  changePct: number;
  /** True when a fall is the improvement (times), false when a rise is (efficiency). */
  lowerIsBetter: boolean;
}

const ROWS: ReadonlyArray<[DiffRow['key'], string, boolean]> = [
  ['headMeanMs', 'Head time per request (ms)', true],
  ['efficiency', 'Efficiency (media transfer / head time)', false],
  ['responseSdMs', 'Response time s.d. (ms)', true],
  ['responseMeanMs', 'Response time mean (ms)', true],
  ['headSwitchFraction', 'Requests with a head switch', true],
];

/** The difference table: every value is a field of the engine's sp_stats for each run. */
export function diffRows(u: Stats, a: Stats): DiffRow[] {
  return ROWS.map(([key, label, lowerIsBetter]) => {
    const uv = u[key];
    const av = a[key];
    return { key, label, unaligned: uv, aligned: av, delta: av - uv, changePct: uv !== 0 ? ((av - uv) / uv) * 100 : Number.NaN, lowerIsBetter };
  });
}

/** One sentence stating the difference (head time, efficiency, s.d.). */
export function diffSentence(rows: readonly DiffRow[]): string {
  const r = (k: DiffRow['key']) => rows.find((x) => x.key === k)!;
  const h = r('headMeanMs');
  const e = r('efficiency');
  const s = r('responseSdMs');
  const pct = (x: number) => `${formatNum(Math.abs(x), 1)} %`;
  const dir = (x: number, down: string, up: string) => (x < 0 ? down : up);
  return `Track-aligned requests ${dir(h.changePct, 'cut', 'raise')} the head time by ${pct(h.changePct)} `
    + `(${formatNum(h.unaligned, 3)} → ${formatMs(h.aligned)}), ${dir(e.changePct, 'lower', 'raise')} the efficiency by ${pct(e.changePct)} `
    + `(${formatPct(e.unaligned)} → ${formatPct(e.aligned)}) and ${dir(s.changePct, 'cut', 'raise')} the response-time s.d. by ${pct(s.changePct)} `
    + `(${formatNum(s.unaligned, 3)} → ${formatMs(s.aligned)}).`;
}

/** A difference-table cell: percentages for shares, three decimals for times. */
export function diffCell(row: Pick<DiffRow, 'key'>, x: number): string {
  return row.key === 'efficiency' || row.key === 'headSwitchFraction' ? formatPct(x, 2) : formatNum(x, 3);
}

/**
 * A side's status: where the simulation is (the worker's run), then where the
 * playback is (the clock both sides follow) and how many of the run's
 * requests it has shown completing, so a finished simulation that has not
 * been played yet reads "simulated · played to t = 0.0 ms · 0 of 300
 * requests completed", not "done · 0 done".
 */
export function sideStatus(status: RunStatus, total: number, played?: { timeMs: number; completed: number }): string {
  const sim = status === 'starting' ? 'starting the engine…' : status === 'running' ? 'simulating…' : status === 'done' ? 'simulated' : status;
  if (!played) return sim;
  return `${sim} · played to t = ${formatNum(played.timeMs, 1)} ms · ${formatInt(played.completed)} of ${formatInt(total)} requests completed`;
}
