import { describe, it, expect } from 'vitest';
import { draftOf, parseDraft } from './draft';
import { defaultSetup, withField } from './setup';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

describe('draft', () => {
  it('round-trips a setup through its text', () => {
    const s = withField(withField(defaultSetup(), 'disk.zeroLatency', true), 'workload.readFraction', 0.25);
    const d = draftOf(s);
    expect(d['disk.zeroLatency']).toBe('1');
    expect(d['disk.rpm']).toBe('');
    expect(parseDraft(d, ctx)).toEqual({ ok: true, setup: s });
  });

  it('names every wrong field, in words', () => {
    const d = { ...draftOf(defaultSetup()), 'workload.count': 'lots', queueDepth: '0', 'disk.rpm': '-1' };
    const r = parseDraft(d, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.field)).toEqual(['workload.count', 'queueDepth', 'disk.rpm']);
      expect(r.errors[0].message).toBe('Requests: "lots" is not a number; enter a whole number from 1 to 1\u202f000\u202f000');
    }
  });

  it('checks the rules between fields once every field is well formed', () => {
    const d = { ...draftOf(defaultSetup()), 'workload.sizeDist': 'uniform', 'workload.sizeSectors': '16', 'workload.sizeMaxSectors': '8' };
    const r = parseDraft(d, ctx);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['workload.sizeMaxSectors']);
  });

  it('an empty required field is an error; an empty override is the preset\'s value', () => {
    const r = parseDraft({ ...draftOf(defaultSetup()), seed: ' ' }, ctx);
    expect(r.ok ? [] : r.errors).toEqual([{ field: 'seed', message: 'Seed: empty; enter a whole number from 0 to 9\u202f007\u202f199\u202f254\u202f740\u202f991' }]);
  });
});
