import { describe, it, expect } from 'vitest';
import { FIELDS, defaultSetup, getField, validateSetup, withField, type FieldSpec, type FieldValue, type Setup } from './setup';
import { MAX_QUERY_LENGTH, decodeSetup, encodeSetup } from './urlCodec';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

/** A valid value for a field different from its default. */
function otherValue(f: FieldSpec): FieldValue {
  const k = f.kind;
  switch (k.type) {
    case 'int': return f.def === k.max ? k.min : Math.min(k.max, (Number(f.def ?? k.min)) + 3);
    case 'num': return f.def === k.max ? k.min + 0.25 : Math.min(k.max, Number(f.def ?? k.min) + 2);
    case 'enum': return k.values.find((v) => v !== f.def)!;
    case 'bool': return true;
    case 'id': return 'hp-97560';
  }
}

describe('encodeSetup / decodeSetup', () => {
  it('writes the default setup as a short, readable query', () => {
    expect(encodeSetup(defaultSetup())).toBe('v=1&disk=hp-c2200a&seed=1');
  });

  it('round-trips the default setup with no problems', () => {
    const r = decodeSetup(`?${encodeSetup(defaultSetup())}`, ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(defaultSetup());
  });

  it('round-trips every field on its own', () => {
    for (const f of FIELDS) {
      const s = withField(defaultSetup(), f.path, otherValue(f));
      expect(validateSetup(s, ctx), f.path).toEqual([]);
      const q = encodeSetup(s);
      expect(q, f.path).toContain(`${f.key}=`);
      const r = decodeSetup(q, ctx);
      expect(r.problems, f.path).toEqual([]);
      expect(getField(r.setup, f.path), f.path).toEqual(getField(s, f.path));
      expect(r.setup).toEqual(s);
    }
  });

  it('round-trips every field at once, including awkward numbers', () => {
    let s: Setup = defaultSetup();
    for (const f of FIELDS) s = withField(s, f.path, otherValue(f));
    s = withField(s, 'workload.sizeDist', 'exponential');
    s = withField(s, 'workload.sizeSectors', 12.345678901234567);
    s = withField(s, 'disk.busMsPerSector', 0.1 + 0.2);
    s = withField(s, 'seed', Number.MAX_SAFE_INTEGER);
    s = withField(s, 'disk.zeroLatency', false);
    expect(validateSetup(s, ctx)).toEqual([]);
    const r = decodeSetup(encodeSetup(s), ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(s);
  });

  it('an empty query is the default setup, silently', () => {
    for (const q of ['', '?', '?&&']) {
      const r = decodeSetup(q, ctx);
      expect(r.problems, q).toEqual([]);
      expect(r.setup).toEqual(defaultSetup());
    }
  });

  it('reports an unknown key and ignores it', () => {
    const r = decodeSetup('v=1&disk=hp-97560&colour=red', ctx);
    expect(r.setup.preset).toBe('hp-97560');
    expect(r.problems).toEqual([{ field: 'colour', message: '"colour" is not a setting this page knows', used: 'nothing (ignored)' }]);
  });

  it('a missing version is reported and read as version 1', () => {
    const r = decodeSetup('n=50', ctx);
    expect(r.setup.workload.count).toBe(50);
    expect(r.problems).toEqual([{ field: 'v', message: 'the link does not say its format version', used: 'version 1' }]);
  });

  it('a newer or garbled version is reported; known settings are kept', () => {
    const r = decodeSetup('v=9&n=50', ctx);
    expect(r.setup.workload.count).toBe(50);
    expect(r.problems[0]).toMatchObject({ field: 'v', message: 'the link was written by a newer version (9) of Spindle' });
    expect(decodeSetup('v=abc&n=50', ctx).problems[0].message).toBe('"abc" is not a format version this page knows');
  });

  it('out-of-range and malformed values fall back to the default, naming the field', () => {
    const r = decodeSetup('v=1&n=0&qd=5000&sched=elevator&read=1.5&seed=-3&size=abc&zl=maybe&rpm=0', ctx);
    const d = defaultSetup();
    expect(r.setup).toEqual(d);
    const byField = Object.fromEntries(r.problems.map((p) => [p.field, p]));
    expect(byField['workload.count']).toEqual({ field: 'workload.count', message: 'Requests: 0 is too small; enter a whole number from 1 to 1\u202f000\u202f000', used: '200' });
    expect(byField.queueDepth.message).toBe('Queue depth: 5000 is too large; enter a whole number from 1 to 1024');
    expect(byField.scheduler.message).toBe('Scheduler: "elevator" is not a known value; enter one of fcfs, sstf, look, clook, sptf');
    expect(byField.scheduler.used).toBe('fcfs');
    expect(byField['workload.readFraction'].used).toBe('1');
    expect(byField.seed.message).toMatch(/^Seed: -3 is too small/);
    expect(byField['workload.sizeSectors'].message).toMatch(/^Size \(sectors\): "abc" is not a number/);
    expect(byField['disk.zeroLatency']).toMatchObject({ used: "the preset's value" });
    expect(byField['disk.rpm'].message).toMatch(/^Rotation speed \(RPM\): 0 is too small/);
    expect(r.problems).toHaveLength(8);
  });

  it('an unknown preset falls back to the default preset', () => {
    const r = decodeSetup('v=1&disk=ibm-3380', ctx);
    expect(r.setup.preset).toBe('hp-c2200a');
    expect(r.problems).toEqual([{ field: 'preset', message: 'Disk preset: "ibm-3380" does not exist; choose one of hp-c2200a, hp-97560', used: 'hp-c2200a' }]);
  });

  it('rules between fields: the field at fault falls back, the others stay', () => {
    const r = decodeSetup('v=1&dist=uniform&size=16&max=4', ctx);
    expect(r.setup.workload).toMatchObject({ sizeDist: 'uniform', sizeSectors: 16, sizeMaxSectors: 0 });
    expect(r.problems.map((p) => p.field)).toEqual(['workload.sizeMaxSectors']);
    const cap = decodeSetup('v=1&from=999999999&len=10', { ...ctx, capacity: 1000 });
    expect(cap.setup.workload.regionFirstLbn).toBe(0);
    expect(cap.setup.workload.regionLbns).toBe(10);
  });

  it('duplicate keys: the first one wins and the rest are reported', () => {
    const r = decodeSetup('v=1&n=5&n=6', ctx);
    expect(r.setup.workload.count).toBe(5);
    expect(r.problems).toEqual([{ field: 'workload.count', message: '"n" appears more than once; the first value was used', used: 'the first value' }]);
  });

  it('hostile and broken links never throw, and their text stays text', () => {
    const hostile = [
      '?disk=<img src=x onerror=alert(1)>',
      '?v=1&<script>alert(1)</script>=1',
      '?v=%E0%A4%A&n=%ZZ&%',
      '?v=1&n=1e400&seed=NaN&rate=Infinity&size=0x10',
      '?__proto__=1&constructor=2&toString=3',
      `?v=1&n=${'9'.repeat(5000)}`,
      '?v=1&disk=' + encodeURIComponent('hp-c2200a\u0000\n'),
      '?=&=&&==',
    ];
    for (const q of hostile) {
      const r = decodeSetup(q, ctx);
      expect(validateSetup(r.setup, ctx), q).toEqual([]);
      for (const p of r.problems) {
        expect(typeof p.message).toBe('string');
        expect(p.message.length).toBeLessThan(300);
        // eslint-disable-next-line no-control-regex
        expect(p.message).not.toMatch(/[\u0000-\u001f]/);
      }
    }
    const img = decodeSetup(hostile[0], ctx);
    expect(img.setup.preset).toBe('hp-c2200a');
    expect(img.problems.find((p) => p.field === 'preset')?.message).toBe('Disk preset: "<img src=x onerror=alert(1)>" is not a preset id; enter a preset id (lower-case words joined by "-")');
    expect(decodeSetup(hostile[5], ctx).problems.some((p) => p.message.includes(`only the first ${MAX_QUERY_LENGTH}`))).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
