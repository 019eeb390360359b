/*
 * DeviceStatsTable — the engine's statistics per device (sp_stats_get(i)),
 * for all devices (-1) and for the volume (SP_HOST: logical requests, whose
 * queue time is the host queue wait), after the completions played: one row
 * each. Every number is the engine's; each cell carries its exact value in a
 * data-value attribute.
 */
import { memo } from 'react';
import type { Stats } from '../../../engine-wasm/binding';
import type { Snapshot } from '../../engine/runProtocol';
import { formatInt } from '../../lib/format';

export interface DeviceStatsProps {
  snapshot: Snapshot | undefined;
  /** Device names, in setup order. */
  names: readonly string[];
  selected: number;
  onSelect(device: number): void;
}

type Col = [key: keyof Stats, label: string, fmt: (v: number, s: Stats) => string];

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
export const DEVICE_STAT_COLUMNS: Col[] = [
  ['completed', 'done', (v) => formatInt(v)],
  ['responseMeanMs', 'mean ms', ms],
  ['p95Ms', 'p95 ms', ms],
  ['queueMeanMs', 'queue ms', ms],
  ['throughputPerS', 'req/s', (v) => (Number.isFinite(v) ? v.toFixed(1) : '—')],
  // Logical requests have no head time of their own (the engine reports 0): no efficiency.
  ['efficiency', 'eff. %', (v, s) => (s.headMeanMs > 0 ? (100 * v).toFixed(1) : '—')],
];

function Cells({ s, row }: { s: Stats | undefined; row: string }) {
  return (
    <>
      {DEVICE_STAT_COLUMNS.map(([key, , fmt]) => (
        <td key={key} data-testid={`dstat-${row}-${key}`} data-value={s ? String(s[key]) : ''}>{s && s.completed > 0 ? fmt(s[key], s) : key === 'completed' ? '0' : '—'}</td>
      ))}
    </>
  );
}

export const DeviceStatsTable = memo(function DeviceStatsTable({ snapshot, names, selected, onSelect }: DeviceStatsProps) {
  return (
    <table className="numbers devstats" data-testid="device-stats">
      <thead>
        <tr><th>device</th>{DEVICE_STAT_COLUMNS.map(([k, label]) => <th key={k} scope="col">{label}</th>)}</tr>
      </thead>
      <tbody>
        {names.map((name, i) => (
          <tr key={i} className={i === selected ? 'sel' : undefined} onClick={() => onSelect(i)} title={`device ${i}: ${name} (click to show it)`}>
            <th scope="row">{i}</th>
            <Cells s={snapshot?.devices[i]} row={String(i)} />
          </tr>
        ))}
        <tr className="all"><th scope="row" title="every device request, all devices">all</th><Cells s={snapshot?.stats} row="all" /></tr>
        <tr className="volume"><th scope="row" title="logical requests to the volume (queue: the host queue wait)">volume</th><Cells s={snapshot?.volume} row="volume" /></tr>
      </tbody>
    </table>
  );
});
