/* table.ts — prints fidelity rows as a fixed-width table with a summary line. */
import type { FidelityRow } from './traxtents';

function fmt(x: number, unit: string): string {
  if (!Number.isFinite(x)) return String(x);
  if (unit === 'ms' && Math.abs(x) < 1e-6) return x.toExponential(1);
  const a = Math.abs(x);
  const s = a >= 100 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : a === 0 ? '0' : x.toFixed(3);
  return unit && unit !== 'rev' && unit !== '' ? `${s} ${unit}` : s;
}

export function formatTable(rows: readonly FidelityRow[]): string {
  const head = ['result', 'source', 'paper', 'model', 'tolerance', 'what'];
  const body = rows.map((r) => [
    r.pass ? 'PASS' : r.knownMiss ? 'MISS*' : r.openMiss ? 'OPEN' : 'FAIL',
    r.source, fmt(r.paper, r.unit), fmt(r.model, r.unit), `±${fmt(r.tolerance, r.unit)}`, r.what,
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => (i === 5 ? 0 : b[i].length))));
  const line = (c: string[]) => c.map((x, i) => (i === 5 ? x : x.padEnd(w[i]))).join('  ');
  const out = [line(head), line(w.map((n) => '-'.repeat(n)).concat('-'.repeat(40)))];
  for (const b of body) out.push(line(b));
  out.push('');
  out.push('tolerances, and why:');
  for (const r of rows) out.push(`  ${r.id}: ±${fmt(r.tolerance, r.unit)}: ${r.why}`);
  const misses = rows.filter((r) => !r.pass && r.knownMiss);
  if (misses.length) {
    out.push('');
    out.push('MISS* = the model misses the paper for a reason found (not hidden by a wider tolerance):');
    for (const r of misses) out.push(`  ${r.id}: ${r.knownMiss}`);
  }
  const open = rows.filter((r) => !r.pass && !r.knownMiss && r.openMiss);
  if (open.length) {
    out.push('');
    out.push('OPEN = the model misses the paper and the cause is not established; what is known:');
    for (const r of open) out.push(`  ${r.id}: ${r.openMiss}`);
  }
  const pass = rows.filter((r) => r.pass).length;
  const fail = rows.filter((r) => !r.pass && !r.knownMiss && !r.openMiss).length;
  out.push('');
  out.push(`${pass} passed, ${misses.length} explained misses, ${open.length} open misses, ${fail} failed`);
  return out.join('\n');
}
