import { describe, it, expect } from 'vitest';
import { draftOf, parseDraft } from './draft';
import { defaultSetup, withField } from './setup';

const ctx = { presetIds: ['hp-c2200a', 'hp-97560'] };

describe('draft', () => {
  it('round-trips a setup through its text', () => {
    const s = withField(withField(defaultSetup(), 'devices[0].overrides.zeroLatency', true), 'workload.readFraction', 0.25);
    const d = draftOf(s);
    expect(d['devices[0].overrides.zeroLatency']).toBe('1');
    expect(d['devices[0].overrides.rpm']).toBe('');
    expect(d.devices).toBe('1');
    expect(parseDraft(d, ctx, s)).toEqual({ ok: true, setup: s });
    expect(parseDraft(d, ctx)).toEqual({ ok: true, setup: s });
  });

  it('names every wrong field, in words', () => {
    const d = { ...draftOf(defaultSetup()), 'workload.count': 'lots', 'devices[0].overrides.queueDepth': '0', 'devices[0].overrides.rpm': '-1' };
    const r = parseDraft(d, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.field)).toEqual(['devices[0].overrides.queueDepth', 'devices[0].overrides.rpm', 'workload.count']);
      expect(r.errors[2].message).toBe('Requests: "lots" is not a number; enter a whole number from 1 to 1\u202f000\u202f000');
    }
  });

  it('checks the rules between fields once every field is well formed', () => {
    const d = { ...draftOf(defaultSetup()), 'workload.sizeDist': 'uniform', 'workload.sizeSectors': '16', 'workload.sizeMaxSectors': '8' };
    const r = parseDraft(d, ctx);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['workload.sizeMaxSectors']);
    const many = parseDraft({ ...draftOf(defaultSetup()), devices: '4' }, ctx);
    expect(many.ok ? [] : many.errors.map((e) => e.field)).toEqual(['host.policy']);
  });

  it('an empty required field is an error; an empty override is the preset\'s value', () => {
    const r = parseDraft({ ...draftOf(defaultSetup()), seed: ' ' }, ctx);
    expect(r.ok ? [] : r.errors).toEqual([{ field: 'seed', message: 'Seed: empty; enter a whole number from 0 to 9\u202f007\u202f199\u202f254\u202f740\u202f991' }]);
  });

  it('the view and the other devices come from the setup edited; copies of device 0 follow it', () => {
    let base = withField(withField(withField(defaultSetup(), 'devices', 3), 'host.policy', 'stripe'), 'view.slow', 7);
    const d = { ...draftOf(base), 'devices[0].overrides.rpm': '7200' };
    const r = parseDraft(d, ctx, base);
    expect(r.ok && r.setup.devices.map((x) => x.overrides.rpm)).toEqual([7200, 7200, 7200]);
    expect(r.ok && r.setup.view.slow).toBe(7);
    base = withField(base, 'devices[2].preset', 'hp-97560');
    const own = parseDraft({ ...draftOf(base), 'devices[0].overrides.rpm': '7200', devices: '4' }, ctx, base);
    expect(own.ok && own.setup.devices.map((x) => [x.preset, x.overrides.rpm])).toEqual([
      ['hp-c2200a', 7200], ['hp-c2200a', undefined], ['hp-97560', undefined], ['hp-c2200a', 7200]]);
  });
});
