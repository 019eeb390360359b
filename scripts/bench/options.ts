/*
 * options.ts — the bench's command line: what each flag means, checked
 * before anything runs, so a typo or `--help` does not start a run of
 * several minutes.
 */

export const BENCH_PARTS = ['throughput', 'sweep', 'quadrangle', 'reorg', 'memory', 'trace', 'instructions',
  'size', 'browser', 'first', 'stage'] as const;

/** The stages `stage` measures, by the name `--pages` takes (stage.ts opens each). */
export const STAGE_PAGE_KEYS = ['sidebyside', 'atropos', 'nvcache', 'reorg', 'smr', 'atropos-both', 'explorer-comparing', 'explorer-4-runs'] as const;
export type StagePageKey = typeof STAGE_PAGE_KEYS[number];

export const BENCH_USAGE = `npm run bench -- [options]
  --runs N            repeat each timed part N times (default 5)
  --only a,b          run only these parts: ${BENCH_PARTS.join(', ')}
  --no-browser        skip the parts that need headless Chromium
  --baseline DIST     stage: compare against another production build (a vite build's output folder)
  --waterfall a,b     stage: the pages whose load waterfall is printed (default sidebyside)
  --pages a,b         stage: measure only these stages (${STAGE_PAGE_KEYS.join(', ')}; default all)
  --help              print this and exit`;

export interface BenchOptions {
  runs: number;
  only: Set<string> | null;
  noBrowser: boolean;
  baseline?: string;
  waterfalls: string[];
  /** The stages `stage` measures; null: all. */
  stagePages: Set<StagePageKey> | null;
}

export type BenchArgs = { help: true } | { error: string } | { options: BenchOptions };

const WITH_VALUE = new Set(['--runs', '--only', '--baseline', '--waterfall', '--pages']);

/** Reads the bench's arguments; an unknown flag, a missing value or an unknown part is an error naming it. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const values = new Map<string, string>();
  let noBrowser = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag === '--no-browser') { noBrowser = true; continue; }
    if (!WITH_VALUE.has(flag)) return { error: `unknown option "${flag}"` };
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` };
    values.set(flag, value);
    i++;
  }
  const runsText = values.get('--runs');
  const runs = runsText === undefined ? 5 : Number(runsText);
  if (!Number.isInteger(runs) || runs < 1) return { error: `--runs must be a whole number of at least 1, not "${runsText}"` };
  const onlyText = values.get('--only');
  const only = onlyText === undefined ? null : new Set(onlyText.split(','));
  const unknown = only ? [...only].filter((p) => !(BENCH_PARTS as readonly string[]).includes(p)) : [];
  if (unknown.length) return { error: `--only: unknown part "${unknown[0]}" (parts: ${BENCH_PARTS.join(', ')})` };
  const waterfalls = values.get('--waterfall')?.split(',') ?? ['sidebyside'];
  const pagesText = values.get('--pages');
  const pages = pagesText === undefined ? null : pagesText.split(',');
  const unknownPage = pages?.find((p) => !(STAGE_PAGE_KEYS as readonly string[]).includes(p));
  if (unknownPage !== undefined) return { error: `--pages: unknown stage "${unknownPage}" (stages: ${STAGE_PAGE_KEYS.join(', ')})` };
  const stagePages = pages ? new Set(pages as StagePageKey[]) : null;
  return { options: { runs, only, noBrowser, baseline: values.get('--baseline'), waterfalls, stagePages } };
}
