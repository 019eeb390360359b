import { describe, it, expect } from 'vitest';
import { DiskParam, WorkloadParam } from '../../engine-wasm/binding/constants';
import { applySetup, engineFieldOf } from './applySetup';
import { defaultSetup, withField } from './setup';

function record(setup = defaultSetup()) {
  const disk: Array<[DiskParam, number]> = [];
  const wl: Array<[WorkloadParam, number]> = [];
  applySetup({ diskSet: (_d, p, v) => disk.push([p, v]), workloadSet: (p, v) => wl.push([p, v]), hostSet: () => {} }, 0, setup);
  return { disk: new Map(disk), wl, wlMap: new Map(wl) };
}

describe('applySetup', () => {
  it('sets the scheduler, queue depth and the whole workload; overrides only when given', () => {
    const r = record();
    expect([...r.disk.keys()].sort()).toEqual([DiskParam.QueueDepth, DiskParam.Scheduler].sort());
    expect(r.wlMap.get(WorkloadParam.Count)).toBe(200);
    expect(r.wlMap.get(WorkloadParam.ReadFraction)).toBe(1);
    // The size distribution is set before the size.
    const order = r.wl.map(([p]) => p);
    expect(order.indexOf(WorkloadParam.SizeDist)).toBeLessThan(order.indexOf(WorkloadParam.SizeSectors));
  });

  it('passes overrides through in engine units', () => {
    let s = withField(defaultSetup(), 'disk.zeroLatency', true);
    s = withField(s, 'disk.rpm', 7200);
    s = withField(s, 'cache.readAhead', 'continue');
    s = withField(s, 'cache.writeCache', 'immediate');
    s = withField(s, 'scheduler', 'sptf');
    const r = record(s);
    expect(r.disk.get(DiskParam.ZeroLatency)).toBe(1);
    expect(r.disk.get(DiskParam.Rpm)).toBe(7200);
    expect(r.disk.get(DiskParam.ReadAhead)).toBe(2);
    expect(r.disk.get(DiskParam.WriteCache)).toBe(1);
    expect(r.disk.get(DiskParam.Scheduler)).toBe(4);
  });
});

describe('engineFieldOf', () => {
  it('maps sp_error messages to setup fields', () => {
    expect(engineFieldOf('disk 0.rpm: 0 is outside [1, 1e+06]')).toBe('disk.rpm');
    expect(engineFieldOf('disk 0.queue_depth: 2000 is outside [1, 1024]')).toBe('queueDepth');
    expect(engineFieldOf('workload.size_sectors: 2.5 must be a whole number')).toBe('workload.sizeSectors');
    expect(engineFieldOf('workload: more than 65536 requests in flight (the disk cannot keep up with the arrival rate)')).toBe('workload.ratePerS');
    expect(engineFieldOf('something else')).toBeUndefined();
  });
});
