import { describe, it, expect } from 'vitest';
import {
  DEVICE_COUNT_FIELD, DEVICE_FIELDS, SETUP_FIELDS, defaultSetup, deviceField, fieldKeys, getField, validateSetup, withField,
  type FieldValue, type Setup, type SetupField,
} from './setup';
import { MAX_QUERY_LENGTH, decodeSetup, encodeSetup } from './urlCodec';
import { MAX_PROBLEMS } from './fields';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

/** A valid value for a field different from its default. */
function otherValue(f: SetupField): FieldValue {
  const k = f.kind;
  switch (k.type) {
    case 'int': return f.def === k.max ? k.min : Math.min(k.max, (Number(f.def ?? k.min)) + 3);
    case 'num': return f.def === k.max ? k.min + 0.25 : Math.min(k.max, Number(f.def ?? k.min) + 2);
    case 'enum': return k.values.find((v) => v !== f.def) ?? k.values[0];
    case 'bool': return true;
    case 'id': return 'hp-97560';
  }
}

const FIELDS: SetupField[] = [...DEVICE_FIELDS.map((f) => deviceField(f, 0)), ...SETUP_FIELDS];

describe('encodeSetup / decodeSetup', () => {
  it('writes the default setup as a short, readable query', () => {
    expect(encodeSetup(defaultSetup())).toBe('v=2&d0=hp-c2200a&seed=1');
  });

  it('round-trips the default setup with no problems', () => {
    const r = decodeSetup(`?${encodeSetup(defaultSetup())}`, ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(defaultSetup());
  });

  it('round-trips every field on its own', () => {
    for (const f of FIELDS) {
      if (f.path === 'devices[0].kind') continue;   // one kind so far
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
    for (const f of FIELDS) if (f.path !== 'devices[0].kind') s = withField(s, f.path, otherValue(f));
    s = withField(s, 'host.policy', 'identity');
    s = withField(s, 'workload.sizeDist', 'exponential');
    s = withField(s, 'workload.sizeSectors', 12.345678901234567);
    s = withField(s, 'devices[0].overrides.busMsPerSector', 0.1 + 0.2);
    s = withField(s, 'seed', Number.MAX_SAFE_INTEGER);
    s = withField(s, 'devices[0].overrides.zeroLatency', false);
    expect(validateSetup(s, ctx)).toEqual([]);
    const r = decodeSetup(encodeSetup(s), ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup).toEqual(s);
  });

  it('devices: devs=N copies of d0, dN overrides on a copy, dN=preset a device of its own', () => {
    const r = decodeSetup('v=2&d0=hp-97560&d0.rpm=5400&devs=4&d2.rpm=7200&d3=hp-c2200a&d3.qd=4&pol=stripe&su=64', ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup.devices).toEqual([
      { kind: 'disk', preset: 'hp-97560', overrides: { rpm: 5400 } },
      { kind: 'disk', preset: 'hp-97560', overrides: { rpm: 5400 } },
      { kind: 'disk', preset: 'hp-97560', overrides: { rpm: 7200 } },
      { kind: 'disk', preset: 'hp-c2200a', overrides: { queueDepth: 4 } },
    ]);
    expect(r.setup.host).toMatchObject({ policy: 'stripe', stripeSectors: 64 });
    const q = encodeSetup(r.setup);
    expect(q).toBe('v=2&d0=hp-97560&d0.rpm=5400&devs=4&d2.rpm=7200&d3=hp-c2200a&d3.qd=4&seed=1&pol=stripe&su=64');
    expect(decodeSetup(q, ctx).setup).toEqual(r.setup);
  });

  it('a device that lacks one of d0\'s overrides is written in full', () => {
    let s = withField(withField(defaultSetup(), 'devices[0].overrides.rpm', 5400), 'devices', 2);
    s = withField(withField(s, 'devices[1].overrides.rpm', undefined), 'host.policy', 'stripe');
    const q = encodeSetup(s);
    expect(q).toContain('d1=hp-c2200a');
    expect(decodeSetup(q, ctx).setup).toEqual(s);
  });

  it('devs is inferred from the dN keys when absent; a device index that does not exist is reported and ignored', () => {
    expect(decodeSetup('v=2&d0=hp-97560&d1.rpm=7200&pol=stripe', ctx).setup.devices).toHaveLength(2);
    const r = decodeSetup('v=2&devs=2&d5.rpm=7200&d99=hp-97560&pol=stripe', ctx);
    expect(r.setup.devices).toHaveLength(2);
    expect(r.problems).toEqual([
      { field: 'd99', message: 'device 99 does not exist: a setup has at most 16 devices (d0 to d15)', used: 'nothing (ignored)' },
      { field: 'devices[5]', message: 'device 5 does not exist: the link has 2 devices (devs=2)', used: 'nothing (its settings are ignored)' },
    ]);
    const bad = decodeSetup('v=2&devs=40&pol=stripe', ctx);
    expect(bad.problems[0]).toMatchObject({ field: 'devices', message: 'Devices: 40 is too large; enter a whole number from 1 to 16' });
  });

  it('several devices without a spreading policy: device 0 only, said', () => {
    const r = decodeSetup('v=2&d0=hp-97560&devs=3', ctx);
    expect(r.setup.devices).toHaveLength(1);
    expect(r.problems).toEqual([expect.objectContaining({ field: 'host.policy', used: 'device 0 only' })]);
  });

  it('an empty query is the default setup, silently', () => {
    for (const q of ['', '?', '?&&']) {
      const r = decodeSetup(q, ctx);
      expect(r.problems, q).toEqual([]);
      expect(r.setup).toEqual(defaultSetup());
    }
  });

  it('reports an unknown key and ignores it', () => {
    const r = decodeSetup('v=2&d0=hp-97560&colour=red&d0.colour=blue&d0.=1', ctx);
    expect(r.setup.devices[0].preset).toBe('hp-97560');
    expect(r.problems.map((p) => p.field)).toEqual(['colour', 'd0.colour', 'd0.']);
    expect(r.problems[0]).toEqual({ field: 'colour', message: '"colour" is not a setting this page knows', used: 'nothing (ignored)' });
  });

  it('a missing version is reported; the keys tell version 1 from version 2', () => {
    const r = decodeSetup('n=50', ctx);
    expect(r.setup.workload.count).toBe(50);
    expect(r.problems).toEqual([{ field: 'v', message: 'the link does not say its format version', used: 'version 2 (from its keys)' }]);
    const old = decodeSetup('disk=hp-97560&sched=sstf', ctx);
    expect(old.setup.devices[0]).toEqual({ kind: 'disk', preset: 'hp-97560', overrides: { scheduler: 'sstf', queueDepth: 1 } });
    expect(old.problems[0].used).toBe('version 1 (from its keys)');
  });

  it('a newer or garbled version is reported; known settings are kept', () => {
    const r = decodeSetup('v=9&n=50', ctx);
    expect(r.setup.workload.count).toBe(50);
    expect(r.problems[0]).toMatchObject({ field: 'v', message: 'the link was written by a newer version (9) of Spindle' });
    expect(decodeSetup('v=abc&n=50', ctx).problems[0].message).toBe('"abc" is not a format version this page knows');
  });

  it('out-of-range and malformed values fall back, naming the field', () => {
    const r = decodeSetup('v=2&n=0&d0.qd=5000&d0.sched=elevator&read=1.5&seed=-3&size=abc&d0.zl=maybe&d0.rpm=0&hsched=look', ctx);
    expect(r.setup).toEqual(defaultSetup());
    const byField = Object.fromEntries(r.problems.map((p) => [p.field, p]));
    expect(byField['workload.count']).toEqual({ field: 'workload.count', message: 'Requests: 0 is too small; enter a whole number from 1 to 1\u202f000\u202f000', used: '200' });
    expect(byField['devices[0].overrides.queueDepth']).toMatchObject({ message: 'Queue depth: 5000 is too large; enter a whole number from 1 to 1024', used: "the preset's value" });
    expect(byField['devices[0].overrides.scheduler'].message).toBe('Scheduler: "elevator" is not a known value; enter one of fcfs, sstf, look, clook, sptf');
    expect(byField['host.scheduler'].message).toBe('Host scheduler: "look" is not a known value; enter one of fcfs, sstf, clook');
    expect(byField['workload.readFraction'].used).toBe('1');
    expect(byField.seed.message).toMatch(/^Seed: -3 is too small/);
    expect(byField['workload.sizeSectors'].message).toMatch(/^Size \(sectors\): "abc" is not a number/);
    expect(byField['devices[0].overrides.zeroLatency']).toMatchObject({ used: "the preset's value" });
    expect(r.problems).toHaveLength(9);
  });

  it('an unknown preset falls back to the default preset', () => {
    const r = decodeSetup('v=2&d0=ibm-3380', ctx);
    expect(r.setup.devices[0].preset).toBe('hp-c2200a');
    expect(r.problems).toEqual([{ field: 'devices[0].preset', message: 'Disk preset: "ibm-3380" does not exist; choose one of hp-c2200a, hp-97560', used: 'hp-c2200a' }]);
  });

  it('rules between fields: the field at fault falls back, the others stay', () => {
    const r = decodeSetup('v=2&dist=uniform&size=16&max=4', ctx);
    expect(r.setup.workload).toMatchObject({ sizeDist: 'uniform', sizeSectors: 16, sizeMaxSectors: 0 });
    expect(r.problems.map((p) => p.field)).toEqual(['workload.sizeMaxSectors']);
    const cap = decodeSetup('v=2&from=999999999&len=10', { ...ctx, capacity: 1000 });
    expect(cap.setup.workload.regionFirstLbn).toBe(0);
    expect(cap.setup.workload.regionLbns).toBe(10);
  });

  it('duplicate keys: the first one wins and the rest are reported', () => {
    const r = decodeSetup('v=2&n=5&n=6&d0.qd=2&d0.qd=3', ctx);
    expect(r.setup.workload.count).toBe(5);
    expect(r.setup.devices[0].overrides.queueDepth).toBe(2);
    expect(r.problems).toEqual([
      { field: 'workload.count', message: '"n" appears more than once; the first value was used', used: 'the first value' },
      { field: 'devices[0].overrides.queueDepth', message: '"d0.qd" appears more than once; the first value was used', used: 'the first value' },
    ]);
  });

  it('a field that sets an engine parameter reads the engine\'s name as well as its short key', () => {
    for (const f of [...FIELDS, DEVICE_COUNT_FIELD].filter((x) => x.param && x.param.name !== x.key.replace(/^d0\./, ''))) {
      // Several devices need a policy that spreads the volume over them.
      const base = f === DEVICE_COUNT_FIELD ? withField(defaultSetup(), 'host.policy', 'stripe') : defaultSetup();
      const s = withField(base, f.path, otherValue(f));
      const q = encodeSetup(s);
      const device = f.key.startsWith('d0.') ? 'd0.' : '';
      const engineQuery = q.replace(`&${f.key}=`, `&${device}${f.param!.name}=`);
      expect(engineQuery, f.path).not.toBe(q);
      const r = decodeSetup(engineQuery, ctx);
      expect(r.problems, f.path).toEqual([]);
      expect(r.setup, f.path).toEqual(s);
      expect(encodeSetup(r.setup), f.path).toBe(q);
    }
  });

  it('a field given under both of its names: the first value wins and the second is reported', () => {
    const r = decodeSetup('v=2&d0.hsw=1&d0.head_switch_ms=2&stripe_sectors=8&su=16', ctx);
    expect(r.setup.devices[0].overrides.headSwitchMs).toBe(1);
    expect(r.setup.host.stripeSectors).toBe(8);
    expect(r.problems.map((p) => p.field)).toEqual(['devices[0].overrides.headSwitchMs', 'host.stripeSectors']);
    expect(r.problems[0].message).toBe('"d0.head_switch_ms" sets a field the link has already set under its other name; the first value was used');
  });

  it('no two fields answer to the same key', () => {
    for (const fields of [DEVICE_FIELDS, [DEVICE_COUNT_FIELD, ...SETUP_FIELDS]]) {
      const keys = fields.flatMap(fieldKeys);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('a link with thousands of bad keys lists the first ones and sums up the rest', () => {
    const q = `v=2&${Array.from({ length: 600 }, (_, i) => `k${i}=1`).join('&')}`;
    const r = decodeSetup(q, ctx);
    expect(r.problems).toHaveLength(MAX_PROBLEMS);
    expect(r.problems[MAX_PROBLEMS - 1].field).toBe('link');
    expect(r.problems[MAX_PROBLEMS - 1].message).toMatch(/^and \d+ more problems, not listed/);
  });

  it('hostile and broken links never throw, and their text stays text', () => {
    const hostile = [
      '?d0=<img src=x onerror=alert(1)>',
      '?v=2&<script>alert(1)</script>=1',
      '?v=%E0%A4%A&n=%ZZ&%',
      '?v=2&n=1e400&seed=NaN&rate=Infinity&size=0x10',
      '?__proto__=1&constructor=2&toString=3&d0.__proto__=1&d0.constructor=2',
      `?v=2&n=${'9'.repeat(5000)}`,
      '?v=2&d0=' + encodeURIComponent('hp-c2200a\u0000\n'),
      '?=&=&&==',
      `?v=2&d${'9'.repeat(400)}=x&devs=1e3&d-1=x&d01=x`,
    ];
    for (const q of hostile) {
      const r = decodeSetup(q, ctx);
      expect(validateSetup(r.setup, ctx), q).toEqual([]);
      for (const p of r.problems) {
        expect(typeof p.message).toBe('string');
        expect(p.message.length).toBeLessThan(300);
        expect(p.field.length).toBeLessThanOrEqual(64);
        // eslint-disable-next-line no-control-regex
        expect(p.message).not.toMatch(/[\u0000-\u001f]/);
      }
    }
    const img = decodeSetup(hostile[0], ctx);
    expect(img.setup.devices[0].preset).toBe('hp-c2200a');
    expect(img.problems.find((p) => p.field === 'devices[0].preset')?.message).toBe('Disk preset: "<img src=x onerror=alert(1)>" is not a preset id; enter a preset id (lower-case words joined by "-")');
    expect(decodeSetup(hostile[5], ctx).problems.some((p) => p.message.includes(`only the first ${MAX_QUERY_LENGTH}`))).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('version 1 links', () => {
  it('decode to device 0 with the scheduler and queue depth version 1 always set', () => {
    const r = decodeSetup('?v=1&disk=hp-97560&seed=7&n=500&out=4&qd=4&sched=sptf&rpm=5400&ra=none&tab=setup', ctx);
    expect(r.problems).toEqual([]);
    expect(r.setup.devices).toEqual([{ kind: 'disk', preset: 'hp-97560', overrides: { rpm: 5400, readAhead: 'none', scheduler: 'sptf', queueDepth: 4 } }]);
    expect(r.setup).toMatchObject({ seed: 7, workload: { count: 500, outstanding: 4 }, view: { tab: 'setup' } });
    const bare = decodeSetup('v=1&disk=hp-97560', ctx).setup.devices[0].overrides;
    expect(bare).toEqual({ scheduler: 'fcfs', queueDepth: 1 });
  });

  it('a bad version 1 scheduler or queue depth is version 1\'s default, as version 1 ran it', () => {
    const r = decodeSetup('v=1&qd=5000&sched=elevator', ctx);
    expect(r.setup.devices[0].overrides).toEqual({ scheduler: 'fcfs', queueDepth: 1 });
    expect(r.problems.map((p) => [p.field, p.used])).toEqual([
      ['devices[0].overrides.scheduler', 'fcfs'], ['devices[0].overrides.queueDepth', '1']]);
  });

  it('version 2 keys mean nothing in a version 1 link', () => {
    const r = decodeSetup('v=1&disk=hp-97560&d0=hp-c2200a&pol=stripe', ctx);
    expect(r.setup.devices[0].preset).toBe('hp-97560');
    expect(r.problems.map((p) => p.field)).toEqual(['d0', 'pol']);
  });
});
