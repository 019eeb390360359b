/*
 * StatsTable — the engine's figures for the run with FQueues and its baseline
 * without, side by side (sp_nvcache_stats and the SP_HOST_WRITES statistics).
 * Each cell keeps the engine's value in data-value; the text only formats it.
 */
import { memo } from 'react';
import type { SideResult } from './protocol';

type Row = { key: string; label: string; get: (s: SideResult) => number; fmt: (x: number) => string };
const f = (d: number) => (x: number) => (Number.isFinite(x) ? x.toFixed(d) : x > 0 ? '∞' : '–');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '–');
const int = (x: number) => x.toLocaleString('en-US');

export const STATS_ROWS: readonly Row[] = [
  { key: 'latency-mean', label: 'write latency, mean (ms)', get: (s) => s.latency.meanMs, fmt: f(2) },
  { key: 'latency-p50', label: 'write latency, median (ms)', get: (s) => s.latency.p50Ms, fmt: f(2) },
  { key: 'latency-p90', label: 'write latency, 90th percentile (ms)', get: (s) => s.latency.p90Ms, fmt: f(2) },
  { key: 'latency-p99', label: 'write latency, 99th percentile (ms)', get: (s) => s.latency.p99Ms, fmt: f(2) },
  { key: 'writes', label: 'writes', get: (s) => s.stats.writes, fmt: int },
  { key: 'redirected', label: 'redirected to flash', get: (s) => s.stats.fracRedirected, fmt: pct },
  { key: 'coalesced', label: 'coalesced with the FQueue', get: (s) => s.stats.fracCoalesced, fmt: pct },
  { key: 'overwritten', label: 'overwritten in the FQueue (of redirected)', get: (s) => s.stats.fracOverwritten, fmt: pct },
  { key: 'no-room', label: 'redirection refused (no room, flushing)', get: (s) => s.stats.noRoom, fmt: int },
  { key: 'read-hits', label: 'reads answered from the DRAM FQueue', get: (s) => s.stats.readHits, fmt: int },
  { key: 'flush-episodes', label: 'flush episodes', get: (s) => s.stats.flushEpisodes, fmt: int },
  { key: 'flush-writes', label: 'flush write-backs', get: (s) => s.stats.flushWrites, fmt: int },
  { key: 'purge-writes', label: 'idle-purge write-backs', get: (s) => s.stats.purgeWrites, fmt: int },
  { key: 'purge-ms', label: 'idle-purge disk time (ms)', get: (s) => s.stats.purgeDiskMs, fmt: f(0) },
  { key: 'disk-writes', label: 'disk writes', get: (s) => s.stats.diskWrites, fmt: int },
  { key: 'disk-busy', label: 'disk busy time (ms)', get: (s) => s.stats.diskBusyMs, fmt: f(0) },
  { key: 'fq-peak', label: 'FQueue peak (sectors)', get: (s) => s.stats.fqPeakSectors, fmt: int },
  { key: 'flash-mb', label: 'flash written (MB)', get: (s) => s.stats.flashBytesWritten / 1048576, fmt: f(2) },
  { key: 'erases', label: 'flash block erases', get: (s) => s.stats.erases, fmt: f(0) },
  { key: 'lifetime', label: 'projected flash lifetime (years)', get: (s) => s.stats.lifetimeYears, fmt: (x) => (Number.isFinite(x) ? x.toPrecision(3) : '∞ (no erases)') },
];

/** Memoized: the page re-renders with the stage's clock, and the run's figures do not change with it. */
export const StatsTable = memo(function StatsTable({ with: w, without }: { with: SideResult; without: SideResult }) {
  return (
    <div className="nv-scroll"><table className="nv-stats" data-testid="stats">
      <thead><tr><th></th><th>with FQueues</th><th>without</th></tr></thead>
      <tbody>
        {STATS_ROWS.map((r) => (
          <tr key={r.key}>
            <th>{r.label}</th>
            {([['with', w], ['without', without]] as const).map(([k, s]) => {
              const v = r.get(s);
              return <td key={k} data-testid={`stat-${r.key}-${k}`} data-value={String(v)}>{r.fmt(v)}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table></div>
  );
});
