/*
 * reproduce.ts — `npm run reproduce`: the fidelity table. For each paper
 * figure Spindle claims to reproduce: the paper's value, the model's (the wasm
 * engine the browser runs), the tolerance and why, pass or fail.
 *   npx tsx tests/fidelity/reproduce.ts [--no-extraction] [--only arrays,queueing,sptf,validation,...]
 * Exits non-zero if a row fails that is not a stated miss (MISS*: cause found;
 * OPEN: cause not established, what is known printed).
 */
import type { Engine } from '../../engine-wasm/binding';
import { fidelityEngine } from './context';
import { traxtentRows } from './traxtents';
import { atroposRows } from './atropos';
import { nvcacheRows } from './nvcache';
import { validationRows } from './validation';
import { traxsystemRows } from './traxsystem';
import { ladderRows } from './ladder';
import { reorgRows } from './reorg';
import { arrayRows } from './arrays';
import { raid5Rows } from './raid5';
import { queueRows } from './queueing';
import { smrRows } from './smr';
import { sptfRows } from './sptf';
import { formatTable } from './table';
import type { FidelityRow } from './traxtents';

/** The table's sections, in its order; `--only` picks some by name. */
const SECTIONS: Record<string, (e: Engine) => FidelityRow[]> = {
  traxtents: (e) => traxtentRows(e, { extraction: !process.argv.includes('--no-extraction') }),
  atropos: atroposRows, nvcache: nvcacheRows, validation: validationRows, traxsystem: traxsystemRows,
  ladder: ladderRows, reorg: reorgRows, arrays: (e) => [...arrayRows(e), ...raid5Rows(e)], queueing: queueRows, sptf: sptfRows, smr: smrRows,
};

async function main(): Promise<void> {
  const at = process.argv.indexOf('--only');
  const only = at >= 0 ? (process.argv[at + 1] ?? '').split(',') : Object.keys(SECTIONS);
  const unknown = only.filter((n) => !(n in SECTIONS));
  if (unknown.length) {
    console.error(`--only: ${unknown.join(', ') || '(nothing)'} is not a section; the sections are ${Object.keys(SECTIONS).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const e = await fidelityEngine();
  const t0 = performance.now();
  const rows = only.flatMap((n) => SECTIONS[n](e));
  console.log(formatTable(rows));
  console.log(`(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (rows.some((r) => !r.pass && !r.knownMiss && !r.openMiss)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
