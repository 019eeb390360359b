/*
 * earlierLink.ts — the explorer's link with earlier runs on the stage: each
 * earlier run's setup rides in one key after the setup's own, in the order
 * the stage shows them (oldest first), its value that setup's own query (its
 * view fields left out: the one view is the page's):
 *   ?v=2&d0=hp-97560&seed=8&keep=v%3D2%26…seed%3D5&keep=…seed%3D6&before=…seed%3D7
 * `keep` is a run the user kept, `before` one the next change replaces (a
 * link from before runs could be kept holds one `before`). So a copied link
 * reopens every run; each is simulated again, and the engine is
 * deterministic. The setup's decoder never sees these keys. What a run's
 * part could not use is named under its key ("keep 2: workload.count"); a
 * link naming more runs than the stage plays keeps the first three and says
 * so.
 */
import type { Problem, Setup, SetupContext } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { MAX_EARLIER, runKey, type Earlier } from './earlierRuns';

export const BEFORE_KEY = 'before';
export const KEEP_KEY = 'keep';

/** An earlier run as the link writes it: kept or not, and its setup's query (decoded). */
export interface EarlierValue {
  kept: boolean;
  value: string;
}

const keyOf = (kept: boolean) => (kept ? KEEP_KEY : BEFORE_KEY);

/** The query without its earlier runs' keys, and those runs' values in their order. */
export function splitEarlier(query: string): { query: string; earlier: EarlierValue[] } {
  const earlier: EarlierValue[] = [];
  const kept = query.replace(/^\?/, '').split('&').filter((part) => {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key !== BEFORE_KEY && key !== KEEP_KEY) return true;
    earlier.push({ kept: key === KEEP_KEY, value: eq < 0 ? '' : safeDecode(part.slice(eq + 1)) });
    return false;
  });
  return { query: kept.join('&'), earlier };
}

function safeDecode(text: string): string {
  try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch { return text; }
}

/**
 * The earlier runs a link's values stand for, with what could not be used: an empty value, a
 * setup's bad field (under its key: "before", or "keep 2" when the key comes more than once),
 * runs past the third.
 */
export function readEarlier(values: readonly EarlierValue[], ctx: SetupContext): { earlier: Earlier[]; problems: Problem[] } {
  const problems: Problem[] = [];
  if (values.length > MAX_EARLIER) {
    problems.push({
      field: 'earlier runs',
      message: `the link names ${values.length} earlier runs; the stage plays at most ${MAX_EARLIER} beside the setup's own`,
      used: `the first ${MAX_EARLIER}`,
    });
  }
  const counts = { true: 0, false: 0 };
  const many = (kept: boolean) => values.filter((v) => v.kept === kept).length > 1;
  const earlier: Earlier[] = [];
  for (const { kept, value } of values.slice(0, MAX_EARLIER)) {
    const n = ++counts[`${kept}`];
    const name = many(kept) ? `${keyOf(kept)} ${n}` : keyOf(kept);
    if (value.trim() === '') {
      problems.push({ field: name, message: 'the run to compare with is empty (it should be a setup\'s query)', used: 'no run in its place' });
      continue;
    }
    const r = decodeSetup(value, ctx);
    earlier.push({ setup: r.setup, kept });
    problems.push(...r.problems.map((p) => ({ ...p, field: `${name}: ${p.field}` })));
  }
  return { earlier, problems };
}

/** The explorer's query (no leading "?"): the setup's, then each earlier run's. */
export function explorerQuery(setup: Setup, earlier: readonly Earlier[]): string {
  return [encodeSetup(setup), ...earlier.map((e) => `${keyOf(e.kept)}=${encodeURIComponent(runKey(e.setup))}`)].join('&');
}
