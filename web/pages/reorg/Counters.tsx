/*
 * Counters — the live numbers the paper's /proc interface showed (accesses
 * logged, files reorganized, data moved and still to move, log memory) and the epoch's
 * throughput, cache and seek figures, for both runs at the chosen epoch.
 * Each cell is an engine value (sp_fs_epoch) or a running sum of them.
 */
import { formatInt, formatNum, formatPct } from '../../lib/format';
import { totalsUpTo } from './heat';
import type { EpochStats } from './protocol';

const MB = 1048576;
const mb = (b: number) => `${formatNum(b / MB, 1)} MB`;

interface Row { key: string; label: string; cell: (e: EpochStats, all: readonly EpochStats[]) => string }

export const COUNTER_ROWS: readonly Row[] = [
  { key: 'phase', label: 'phase', cell: (e) => e.phase },
  { key: 'logged', label: 'accesses logged', cell: (e) => formatInt(e.loggedOpens) },
  { key: 'log', label: 'log memory', cell: (e) => `${formatNum(e.logBytes / 1024, 1)} KB` },
  { key: 'moved', label: 'files moved (epoch / so far)', cell: (e, all) => `${formatInt(e.filesMoved)} / ${formatInt(totalsUpTo(all, e.index).filesMoved)}` },
  { key: 'bmoved', label: 'data moved (epoch / so far)', cell: (e, all) => `${mb(e.bytesMoved)} / ${mb(totalsUpTo(all, e.index).bytesMoved)}` },
  { key: 'tomove', label: 'still to move', cell: (e) => `${formatInt(e.filesToMove)} files, ${mb(e.bytesToMove)}` },
  { key: 'req', label: 'requests / s', cell: (e) => formatNum(e.reqPerS, 1) },
  { key: 'mbs', label: 'MB / s', cell: (e) => formatNum(e.mbPerS, 2) },
  { key: 'hit', label: 'page-cache hit ratio', cell: (e) => formatPct(e.hitRatio) },
  { key: 'reads', label: 'disk reads', cell: (e) => formatInt(e.diskReads) },
  { key: 'blocks', label: 'blocks read / written', cell: (e) => `${formatInt(e.diskBlocks)} / ${formatInt(e.writeBlocks)}` },
  { key: 'seek', label: 'mean seek distance', cell: (e) => `${formatNum(e.seekMeanCyl, 0)} cyl (${formatPct(e.seekMeanFrac, 0)})` },
  { key: 'seekms', label: 'mean seek time', cell: (e) => `${formatNum(e.seekMeanMs, 2)} ms` },
];

export function Counters({ baseline, reorg, selected }: { baseline: readonly EpochStats[]; reorg: readonly EpochStats[]; selected: number }) {
  const b = baseline[selected], r = reorg[selected];
  return (
    <div className="ro-scroll">
      <table className="ro-counters" data-testid="counters">
        <caption>{r ? `epoch ${selected + 1}: ${formatNum(r.startMs / 60000, 2)}–${formatNum(r.endMs / 60000, 2)} min` : 'no epoch yet'}</caption>
        <thead><tr><th /><th scope="col">baseline</th><th scope="col">reorganizing</th></tr></thead>
        <tbody>
          {COUNTER_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td data-testid={`ctr-baseline-${row.key}`}>{b ? row.cell(b, baseline) : '–'}</td>
              <td data-testid={`ctr-reorg-${row.key}`}>{r ? row.cell(r, reorg) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
