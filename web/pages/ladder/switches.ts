/*
 * switches.ts — the ladder's feature switches, one by one: each is a few of
 * the engine's reduced-fidelity disk parameters (ladder.ts sets them before
 * the disk's commit). A rung sets some of them; the page lets the student
 * turn each one on or off alone and runs that rung against the reference.
 * Off means the parameter is not set: the preset's own value, the full
 * model. A value a switch needs (a constant time, a fixed switch cost, the
 * linear seek's ends) comes from the rung, else from another rung of the
 * ladder that sets it, else (the constant time only) the paper's measured
 * mean; a switch with no such value cannot be turned on. Pure.
 */
import type { Ladder, Rung } from './ladder';

/** Engine disk parameters to set (a number) or to leave at the preset's value (null). */
type Params = Record<string, number | null>;

export interface SwitchOption {
  id: string;
  label: string;
  /** The parameters this option sets, or null when the ladder gives no value it needs. */
  params(ladder: Ladder, rung: Rung): Params | null;
  /** The value it takes, in words ("2.5 ms"), from its parameters. */
  value?(p: Params): string;
}

export interface Switch {
  /** Its key in the page's link. */
  key: string;
  label: string;
  options: readonly SwitchOption[];
  /** The option a rung's parameters amount to. */
  of(disk: Readonly<Record<string, number>>): string;
}

/** A value for `name`: the rung's, else the first rung of the ladder that sets it. */
function valueOf(ladder: Ladder, rung: Rung, name: string): number | undefined {
  return rung.disk[name] ?? ladder.rungs.find((r) => r.disk[name] !== undefined)?.disk[name];
}

/**
 * An on/off switch over one parameter: on sets it to `on` (a value, or one
 * the ladder gives), and the parameters it needs (`also`) to the ladder's;
 * off leaves them all at the preset's value. `isOn` reads a rung's value.
 */
function toggle(key: string, label: string, name: string, on: number | ((l: Ladder, r: Rung) => number | undefined),
                isOn: (v: number) => boolean, also: readonly string[] = [], unit = ''): Switch {
  const off: Params = Object.fromEntries([name, ...also].map((n) => [n, null]));
  return {
    key, label,
    options: [
      { id: 'off', label: 'off', params: () => off },
      {
        id: 'on', label: 'on',
        params: (l, r) => {
          const v = typeof on === 'number' ? on : on(l, r);
          if (v === undefined) return null;
          const out: Params = { ...off, [name]: v };
          for (const n of also) out[n] = valueOf(l, r, n) ?? null;
          return out;
        },
        ...(unit && { value: (p: Params) => `${p[name]} ${unit}` }),
      },
    ],
    of: (disk) => (disk[name] !== undefined && isOn(disk[name]) ? 'on' : 'off'),
  };
}

const is = (x: number) => (v: number) => v === x;

export const SWITCHES: readonly Switch[] = [
  toggle('const', 'constant service time', 'constant_ms', (l, r) => valueOf(l, r, 'constant_ms') ?? l.paper.realMeanMs, (v) => v >= 0, [], 'ms'),
  toggle('seek', 'linear seek', 'seek_linear', 1, is(1), ['seek_single_ms', 'seek_full_ms']),
  {
    key: 'sw', label: 'head and track switches',
    options: [
      { id: 'detailed', label: 'as the layout times them', params: () => ({ switch_model: null, switch_fixed_ms: null }) },
      {
        id: 'fixed', label: 'a fixed cost each',
        params: (l, r) => {
          const ms = valueOf(l, r, 'switch_fixed_ms');
          return ms === undefined ? null : { switch_model: 1, switch_fixed_ms: ms };
        },
        value: (p) => `${p.switch_fixed_ms} ms`,
      },
      { id: 'none', label: 'free', params: () => ({ switch_model: 2, switch_fixed_ms: null }) },
    ],
    of: (disk) => (disk.switch_model === 1 ? 'fixed' : disk.switch_model === 2 ? 'none' : 'detailed'),
  },
  toggle('rot', 'rotation uniformly random', 'rotation_model', 1, is(1)),
  toggle('layout', 'simple layout (no skew, no spares)', 'layout_model', 1, is(1)),
  toggle('xfer', 'linear transfer (no overlap)', 'transfer_model', 1, is(1)),
  toggle('rcache', 'no read cache', 'cache_segments', 0, is(0)),
  toggle('wcache', 'no immediate write reporting', 'write_cache', 0, is(0)),
];

export const SWITCH_KEYS = SWITCHES.map((s) => s.key);

/** The student's choices, by switch key; a switch not in it is as the rung sets it. */
export type SwitchChoices = Readonly<Record<string, string | undefined>>;

/** Only the choices that differ from what the rung sets (an unknown key or option is dropped). */
export function effectiveChoices(rung: Rung, choices: SwitchChoices): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of SWITCHES) {
    const c = choices[s.key];
    if (c !== undefined && c !== s.of(rung.disk) && s.options.some((o) => o.id === c)) out[s.key] = c;
  }
  return out;
}

/** What an option takes in this ladder, in words ("2.5 ms"), or '' (none, or no value to take). */
export function valueText(o: SwitchOption, ladder: Ladder, rung: Rung): string {
  const p = o.params(ladder, rung);
  return p && o.value ? o.value(p) : '';
}

/** The option of each switch as the rung and the choices make it. */
export function optionOf(s: Switch, rung: Rung, choices: SwitchChoices): string {
  return effectiveChoices(rung, choices)[s.key] ?? s.of(rung.disk);
}

/**
 * The rung with the choices applied (its id suffixed with "*", its label
 * saying what changed), or null when they change nothing. Throws when a
 * chosen option has no value in this ladder (the page offers none such).
 */
export function rungWith(ladder: Ladder, rung: Rung, choices: SwitchChoices): Rung | null {
  const eff = effectiveChoices(rung, choices);
  if (Object.keys(eff).length === 0) return null;
  const disk: Record<string, number> = { ...rung.disk };
  const said: string[] = [];
  for (const s of SWITCHES) {
    const id = eff[s.key];
    if (id === undefined) continue;
    const o = s.options.find((x) => x.id === id)!;
    const p = o.params(ladder, rung);
    if (!p) throw new Error(`${s.key}: ${s.label} has no value to be ${o.label} in this ladder`);
    for (const [name, v] of Object.entries(p)) {
      if (v === null) delete disk[name];
      else disk[name] = v;
    }
    said.push(`${s.label} ${o.label}${o.value ? ` (${o.value(p)})` : ''}`);
  }
  return { ...rung, id: `${rung.id}*`, label: `${rung.label}, with ${said.join(', ')}`, disk };
}
