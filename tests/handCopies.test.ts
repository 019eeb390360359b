/*
 * The engine's enums, parameter codes and caps reach TypeScript one way:
 * printed from the C headers into engine-wasm/build/constants.ts and
 * re-exported by binding/constants.ts (with wordsOf/codeOf for the words
 * setups, presets and links use). A copy typed by hand goes stale silently
 * when the engine changes, so this scans web/ and engine-wasm/binding/ for
 * the shapes such copies take:
 *
 *   - a TypeScript enum declaration (the engine's are generated);
 *   - an object that gives two or more members of one engine enum their
 *     codes by hand: `{ Policy: 0, FirstDevice: 1 }`, `{ centre: 1, compress: 2 }`,
 *     `{ 'per-write': EraseMode.PerWrite, 'ideal-log': EraseMode.IdealLog }`;
 *   - an array of exactly the words of an engine enum, in any order:
 *     `['fcfs', 'sstf', 'look', 'clook', 'sptf']` (wordsOf('Scheduler') says it).
 *
 * A subset of an enum's words (the schedulers a page offers) is a choice,
 * not a copy, and is allowed. Test files are not scanned: a test states the
 * values it expects on its own (a preset format's words), so that a change
 * in the engine shows there.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as C from '../engine-wasm/binding/constants';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['web', 'engine-wasm/binding'];

/** Every generated enum (a TS enum object: its string keys with numeric values). */
const ENUMS: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  Object.entries(C)
    .filter(([name, v]) => typeof v === 'object' && v !== null && name !== 'WORDS' && name !== 'Limits')
    .map(([name, v]) => [name, new Map(Object.entries(v as object).filter(([k, n]) => typeof n === 'number' && !/^-?\d+$/.test(k)))]),
);
const WORDS = C.WORDS as unknown as Readonly<Record<string, Readonly<Record<string, number>>>>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `key: value` entries of an object literal's text (`'a-b': 1`, `Ok = 0` in an enum body too). */
function entries(body: string): Array<[string, string]> {
  return [...body.matchAll(/['"]?([A-Za-z][\w-]*)['"]?\s*[:=]\s*(-?\d+|[A-Za-z_]\w*\.[A-Za-z_]\w*)\s*[,}\n]/g)].map((m) => [m[1], m[2]]);
}

/** What in one source file copies an engine enum by hand. */
export function handCopies(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\benum\s+(\w+)\s*\{/g)) found.push(`enum ${m[1]} declared by hand`);
  for (const [body] of text.matchAll(/\{[^{}]*\}/g)) {
    const pairs = entries(body);
    for (const [name, members] of ENUMS) {
      // Members with their codes: { Policy: 0, FirstDevice: 1 }.
      const byMember = pairs.filter(([k, v]) => members.get(k) === Number(v));
      if (byMember.length >= 2) found.push(`${name} members with their codes: ${byMember.map(([k, v]) => `${k}: ${v}`).join(', ')}`);
      const words = WORDS[name];
      if (!words) continue;
      // Words with their codes or their members: { centre: 1, compress: 2 }, { linked: Presched.Linked, on: Presched.On }
      // (the enum perhaps imported under another name: EnginePresched.Linked).
      const memberOf = (v: string) => {
        const [from, member] = v.split('.');
        return member !== undefined && from.endsWith(name) ? members.get(member) : undefined;
      };
      const byWord = pairs.filter(([k, v]) => k in words && (words[k] === Number(v) || words[k] === memberOf(v)));
      if (byWord.length >= 2) found.push(`${name} words with their codes: ${byWord.map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    }
  }
  for (const [list] of text.matchAll(/\[[^[\]]*\]/g)) {
    const strings = new Set([...list.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]));
    for (const [name, words] of Object.entries(WORDS)) {
      const all = Object.keys(words);
      if (all.length >= 2 && strings.size === all.length && all.every((w) => strings.has(w))) found.push(`every word of ${name} spelt out: ${list.replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

describe('no hand-typed copies of the engine\'s enums', () => {
  it('the generator reads every public header, so every public enum can be generated', () => {
    const tool = readFileSync(join(ROOT, 'engine-wasm/tools/constants_ts.c'), 'utf8');
    const headers = readdirSync(join(ROOT, 'engine-wasm/include')).filter((f) => f.endsWith('.h'));
    expect(headers).toContain('spindle.h');
    for (const h of headers) expect(tool, h).toContain(`#include "${h}"`);
  });

  it('finds each shape a copy takes', () => {
    expect(handCopies('enum Status { Ok = 0, More = 1 }')).toContain('enum Status declared by hand');
    expect(handCopies('const HostParamCode = { Policy: 0, FirstDevice: 1, Devices: 2 } as const;').join()).toMatch(/^HostParam members/);
    expect(handCopies("const POLICY_CODE = { centre: 1, compress: 2, sequences: 3, mtime: 4 };").join()).toMatch(/^FsPolicy words/);
    expect(handCopies("const ERASE = { 'per-write': EraseMode.PerWrite, 'ideal-log': EraseMode.IdealLog } as const;").join()).toMatch(/^EraseMode words/);
    expect(handCopies('const P = { linked: EnginePresched.Linked, on: EnginePresched.On };').join()).toMatch(/^Presched words/);
    expect(handCopies("const S = ['fcfs', 'sstf', 'look', 'clook', 'sptf'] as const;").join()).toMatch(/^every word of Scheduler/);
  });

  it('lets through what is no copy: a subset of words, codes from the engine, unrelated numbers', () => {
    expect(handCopies("export const HOST_SCHEDULERS = ['fcfs', 'sstf', 'clook'] as const;")).toEqual([]);
    expect(handCopies("set(DiskParam.Scheduler, codeOf('Scheduler', c.scheduler));")).toEqual([]);
    expect(handCopies('const M = { left: 40, right: 36, top: 20, bottom: 30 };')).toEqual([]);
    expect(handCopies('const t = { none: 0, read: 2 };')).toEqual([]);
    expect(handCopies("const OUTCOMES = ['disk', 'flash', 'coalesced'] as const;")).toEqual([]);
    expect(handCopies('const TABLE_ID = { disk: ParamTable.Disk, flash: ParamTable.Flash };').join()).not.toMatch(/DeviceKind/);
  });

  it('web/ and engine-wasm/binding/ hold none', () => {
    const files = SCANNED.flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => handCopies(readFileSync(f, 'utf8')).map((what) => `${relative(ROOT, f)}: ${what}`));
    expect(found).toEqual([]);
  });
});
