/*
 * keyPage.ts — the answer key of a question's variants as one printable
 * HTML page (--key key.html): the question's flags, then per variant its
 * student, seed, link and requests and the table disk.py -c prints (service
 * order, seek, rotation, transfer, total, the totals), each variant kept on
 * one printed page where it fits. The numbers are the runs' (the engine's).
 */
import { units } from './diskpyFormat';
import type { HomeworkRun } from './run';
import { flagsOf, type HomeworkSetup } from './setup';
import type { Variant } from './variants';

const esc = (t: string | number) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function variantSection(v: Variant, run: HomeworkRun): string {
  const row = (cells: Array<string | number>, tag = 'td') => `<tr>${cells.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`;
  const t = run.totals;
  return `<section>
<h2>Variant ${v.n}: ${esc(v.student)}</h2>
<p>Seed ${v.setup.seed} · <a href="${esc(v.link)}">${esc(v.link)}</a></p>
<p>Requests: ${esc(run.requests.join(', '))}${run.late.length ? `; late: ${esc(run.late.join(', '))}` : ''}</p>
<table>
${row(['#', 'Block', 'Seek', 'Rotate', 'Transfer', 'Total'], 'th')}
${run.rows.map((r, i) => row([i + 1, r.block, units(r.seek), units(r.rotate), units(r.transfer), units(r.total)])).join('\n')}
${row(['Totals', '', units(t.seek), units(t.rotate), units(t.transfer), units(t.total)], 'th')}
</table>
</section>`;
}

/** The whole page; question is the setup the variants were made from (its seed is not theirs). */
export function keyPage(question: HomeworkSetup, vs: readonly Variant[], runs: readonly HomeworkRun[]): string {
  const flags = flagsOf({ ...question, seed: 0 });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Answer key: disk.py ${esc(flags)}</title>
<style>
body { font: 11pt system-ui, sans-serif; margin: 1.5em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 1px 10px; text-align: right; border-bottom: 1px solid #ccc; }
section { break-inside: avoid; margin-bottom: 1.5em; }
a { word-break: break-all; }
</style></head><body>
<h1>Answer key: <code>disk.py ${esc(flags)}</code>, ${vs.length} variant${vs.length === 1 ? '' : 's'}</h1>
<p>Times in disk.py's time units, as <code>disk.py -c</code> prints them; each variant draws its requests from its own seed (-s).</p>
${vs.map((v, i) => variantSection(v, runs[i])).join('\n')}
</body></html>
`;
}
