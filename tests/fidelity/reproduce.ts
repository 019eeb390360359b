/*
 * reproduce.ts — `npm run reproduce`: the fidelity table. For each paper
 * figure Spindle claims to reproduce: the paper's value, the model's (the wasm
 * engine the browser runs), the tolerance and why, pass or fail.
 *   npx tsx tests/fidelity/reproduce.ts [--no-extraction]
 * Exits non-zero if a row fails that is not a stated miss (MISS*: cause found;
 * OPEN: cause not established, what is known printed).
 */
import { fidelityEngine } from './context';
import { traxtentRows } from './traxtents';
import { atroposRows } from './atropos';
import { nvcacheRows } from './nvcache';
import { validationRows } from './validation';
import { traxsystemRows } from './traxsystem';
import { ladderRows } from './ladder';
import { reorgRows } from './reorg';
import { arrayRows } from './arrays';
import { formatTable } from './table';

async function main(): Promise<void> {
  const e = await fidelityEngine();
  const t0 = performance.now();
  const rows = [...traxtentRows(e, { extraction: !process.argv.includes('--no-extraction') }), ...atroposRows(e), ...nvcacheRows(e), ...validationRows(e), ...traxsystemRows(e), ...ladderRows(e), ...reorgRows(e), ...arrayRows(e)];
  console.log(formatTable(rows));
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (rows.some((r) => !r.pass && !r.knownMiss && !r.openMiss)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
