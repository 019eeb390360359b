import { describe, expect, it } from 'vitest';
import { jsonErrorAt, readSetupFile, setupToJson } from './setupJson';
import { decodeSetup } from './urlCodec';

const CTX = { presetIds: ['hp-c2200a', 'hp-97560'] };
const at = (text: string) => { try { JSON.parse(text); return 'parsed'; } catch (e) { return jsonErrorAt(text, e); } };

describe('reading a setup file', () => {
  it('names the line and column where a malformed file goes wrong, in whole words', () => {
    expect(at('{\n  "seed": 1\n  "workload": {}\n}')).toMatch(/^line 3, column 3: expected ',' or '}' after property value \(the line reads: "\\"workload\\": \{\}"\)$/);
    expect(at('{"seed": ')).toMatch(/^line 1, column 10: the file ends in the middle of a value \(the line reads/);
    // V8 gives no position for this one: found by parsing prefixes.
    expect(at('{\n"devices": [1,]\n}')).toMatch(/^line 2, column 15: unexpected token '\]'/);
  });
  it('refuses a file that is not a setup as a whole, saying why, and keeps nothing of it', () => {
    for (const [text, why] of [
      ['{"format": "spindle-setup", "seed": 3,,}', /^this file is not JSON: line 1, column 39: expected double-quoted property name/],
      ['[1, 2]', /not a setup/],
      ['"hello"', /not a setup/],
      ['{"format": "spindle-disk-preset/1", "name": "x"}', /is a "spindle-disk-preset\/1" file, not a setup/],
      ['{"hello": 1}', /holds no setting of a setup/],
    ] as const) {
      const r = readSetupFile(text, CTX);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.problem.field).toBe('file');
        expect(r.problem.message).toMatch(why);
        expect(r.problem.used).toMatch(/setup on screen stays/);
      }
    }
  });
  it('loads a good file, and one with a bad field (named, the rest used)', () => {
    const s = decodeSetup('v=2&d0=hp-97560&seed=9&n=77', CTX).setup;
    const good = readSetupFile(setupToJson(s), CTX);
    expect(good.ok && good.restored).toEqual({ setup: s, problems: [] });
    const doc = JSON.parse(setupToJson(s));
    doc.workload.count = 'lots';
    const bad = readSetupFile(JSON.stringify(doc), CTX);
    expect(bad.ok).toBe(true);
    if (bad.ok) {
      expect(bad.restored.setup.seed).toBe(9);
      expect(bad.restored.problems.map((p) => p.field)).toEqual(['workload.count']);
    }
  });
});
