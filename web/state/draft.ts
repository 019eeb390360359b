/*
 * draft.ts — the parameter editor's text, field by field, and the setup it
 * stands for. parseDraft checks every field (as typed) and then the rules
 * between fields; it returns a setup only when nothing is wrong, so the
 * explorer never runs a half-valid setup. Pure.
 */
import {
  FIELDS, checkValue, defaultSetup, encodeValue, getField, validateSetup, withField,
  type FieldError, type Setup, type SetupContext,
} from './setup';

/** Text of every field: what the URL would write, or "" for an absent override. */
export type Draft = Record<string, string>;

export function draftOf(setup: Setup): Draft {
  const d: Draft = {};
  for (const f of FIELDS) {
    const v = getField(setup, f.path);
    d[f.path] = v === undefined ? '' : encodeValue(f, v);
  }
  return d;
}

export type Parsed = { ok: true; setup: Setup } | { ok: false; errors: FieldError[] };

/** The setup a draft stands for, or every field's error. An empty override means the preset's value. */
export function parseDraft(draft: Draft, ctx: SetupContext = {}): Parsed {
  const errors: FieldError[] = [];
  let setup = defaultSetup();
  for (const f of FIELDS) {
    const text = draft[f.path] ?? '';
    if (f.def === undefined && text.trim() === '') {
      setup = withField(setup, f.path, undefined);
      continue;
    }
    const c = checkValue(f, text);
    if (c.ok) setup = withField(setup, f.path, c.value);
    else errors.push({ field: f.path, message: c.message });
  }
  if (errors.length) return { ok: false, errors };
  const rules = validateSetup(setup, ctx);
  return rules.length ? { ok: false, errors: rules } : { ok: true, setup };
}
