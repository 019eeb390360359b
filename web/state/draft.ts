/*
 * draft.ts — the parameter editor's text, field by field, and the setup it
 * stands for. The editor shows device 0, the device count, the host, the
 * workload and the seed (editorFields); the rest of the setup (the view, the
 * other devices' own settings) comes from the setup being edited. parseDraft
 * checks every field (as typed) and then the rules between fields; it returns
 * a setup only when nothing is wrong, so the explorer never runs a half-valid
 * setup. Pure.
 */
import {
  checkValue, cloneDevice, defaultSetup, editorFields, encodeValue, getField, sameDevice, validateSetup, withField,
  type FieldError, type Setup, type SetupContext,
} from './setup';

/** Text of every field: what the URL would write, or "" for an absent override. */
export type Draft = Record<string, string>;

export function draftOf(setup: Setup): Draft {
  const d: Draft = {};
  for (const f of editorFields(setup)) {
    const v = getField(setup, f.path);
    d[f.path] = v === undefined ? '' : encodeValue(f, v);
  }
  return d;
}

export type Parsed = { ok: true; setup: Setup } | { ok: false; errors: FieldError[] };

/**
 * The setup a draft stands for, or every field's error. An empty override
 * means the preset's value. Devices past device 0 that were copies of it
 * stay copies of the edited device 0; devices of their own keep their settings.
 */
export function parseDraft(draft: Draft, ctx: SetupContext = {}, base: Setup = defaultSetup()): Parsed {
  const errors: FieldError[] = [];
  const copies = base.devices.every((d) => sameDevice(d, base.devices[0]));
  let setup = withField(base, 'devices', 1);
  let count = base.devices.length;
  for (const f of editorFields(base)) {
    const text = draft[f.path] ?? '';
    if (f.def === undefined && text.trim() === '') {
      setup = withField(setup, f.path, undefined);
      continue;
    }
    const c = checkValue(f, text);
    if (!c.ok) errors.push({ field: f.path, message: c.message });
    else if (f.path === 'devices') count = c.value as number;
    else setup = withField(setup, f.path, c.value);
  }
  if (errors.length) return { ok: false, errors };
  const d0 = setup.devices[0];
  setup.devices = Array.from({ length: count }, (_, i) =>
    i === 0 ? d0 : cloneDevice(!copies && i < base.devices.length ? base.devices[i] : d0));
  const rules = validateSetup(setup, ctx);
  return rules.length ? { ok: false, errors: rules } : { ok: true, setup };
}
