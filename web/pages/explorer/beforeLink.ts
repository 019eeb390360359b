/*
 * beforeLink.ts — the explorer's link with a what-if comparison: the setup
 * of the run "before" the change rides in one key after the setup's own
 * (`?v=2&d0=hp-97560&seed=6&before=v%3D2%26d0%3Dhp-97560%26seed%3D5`), its
 * value that setup's own query (its view fields left out: the one view is
 * the page's). So a copied link reopens both runs on the stage. The setup's
 * decoder never sees the key; what the before setup's part could not use is
 * named as `before: <field>`.
 */
import { defaultSetup, type Problem, type Setup, type SetupContext } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';

export const BEFORE_KEY = 'before';

/** The query without its `before` key, and that key's value (decoded; null when absent). */
export function splitBefore(query: string): { query: string; before: string | null } {
  const q = query.replace(/^\?/, '');
  let before: string | null = null;
  const kept = q.split('&').filter((part) => {
    const eq = part.indexOf('=');
    if ((eq < 0 ? part : part.slice(0, eq)) !== BEFORE_KEY) return true;
    if (before === null) before = eq < 0 ? '' : safeDecode(part.slice(eq + 1));
    return false;
  });
  return { query: kept.join('&'), before };
}

function safeDecode(text: string): string {
  try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch { return text; }
}

/** The before setup a link's `before` value stands for (null for none), with what it could not use. */
export function readBefore(value: string | null, ctx: SetupContext): { before: Setup | null; problems: Problem[] } {
  if (value === null) return { before: null, problems: [] };
  if (value.trim() === '') {
    return { before: null, problems: [{ field: BEFORE_KEY, message: 'the run to compare with is empty (it should be a setup\'s query)', used: 'no comparison' }] };
  }
  const r = decodeSetup(value, ctx);
  return { before: r.setup, problems: r.problems.map((p) => ({ ...p, field: `${BEFORE_KEY}: ${p.field}` })) };
}

/** The explorer's query (no leading "?"): the setup's, then the before setup's when there is one. */
export function explorerQuery(setup: Setup, before: Setup | null): string {
  const own = encodeSetup(setup);
  if (!before) return own;
  return `${own}&${BEFORE_KEY}=${encodeURIComponent(encodeSetup({ ...before, view: defaultSetup().view }))}`;
}
