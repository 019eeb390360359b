/*
 * diskpyFormat.ts — a homework run as disk.py prints it with -c: one line per
 * request in service order ("Block:  10  Seek:  0  Rotate:105  Transfer: 30
 * Total: 135") and the totals, so an answer key can be compared line for
 * line. disk.py's times are whole units (its stepped clock); the exact times
 * (--exact) may not be, so a whole number is printed as one and anything else
 * with its fraction.
 */
import type { HomeworkRun } from './run';

/** A time in units: whole (to 1e-6) as an integer, otherwise with up to two decimals. */
export function units(v: number): string {
  const r = Math.round(v);
  if (Math.abs(v - r) < 1e-6) return String(r);
  return v.toFixed(2).replace(/0$/, '');
}

const pad = (v: number, w: number) => units(v).padStart(w);

export function formatRequests(run: Pick<HomeworkRun, 'requests' | 'late'>): string {
  const late = run.late.length ? `\n\nLATE REQUESTS [${run.late.join(', ')}]` : '';
  return `REQUESTS [${run.requests.join(', ')}]${late}`;
}

/** disk.py -c's table: the per-request lines, a blank line, the totals. */
export function formatAnswers(run: HomeworkRun): string {
  const lines = run.rows.map((r) =>
    `Block: ${pad(r.block, 3)}  Seek:${pad(r.seek, 3)}  Rotate:${pad(r.rotate, 3)}  Transfer:${pad(r.transfer, 3)}  Total:${pad(r.total, 4)}`);
  const t = run.totals;
  lines.push('', `TOTALS      Seek:${pad(t.seek, 3)}  Rotate:${pad(t.rotate, 3)}  Transfer:${pad(t.transfer, 3)}  Total:${pad(t.total, 4)}`);
  return lines.join('\n');
}

/** What disk.py prints: the requests, then the answers with -c or the question without. */
export function formatDiskPy(run: HomeworkRun, compute: boolean): string {
  const head = formatRequests(run) + '\n\n';
  if (compute) return head + formatAnswers(run) + '\n';
  return head + 'For the requests above, compute the seek, rotate, and transfer times.\nUse -c (or the #homework page) to see the answers.\n';
}

/** The blocks whose disk.py times and exact times differ, as text ("block 6", "blocks 30, 7"); '' when none. */
export function driftedBlocks(run: Pick<HomeworkRun, 'rows' | 'drifted'>): string {
  if (!run.drifted.length) return '';
  return `block${run.drifted.length > 1 ? 's' : ''} ${run.drifted.map((i) => run.rows[i].block).join(', ')}`;
}
