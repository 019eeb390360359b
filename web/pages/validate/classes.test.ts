import { describe, expect, it } from 'vitest';
import { largestShares, requestClasses } from './classes';
import { validationResult } from './resultFixture';

/** Four requests, by hand: read miss (seek 3.5), write reported at once, read hit, read miss (no seek). */
const result = () => validationResult({
  measuredMs: [10, 1, 1, 5], simulatedMs: [8, 0.6, 0.5, 5.2],
  isWrite: [0, 1, 0, 0], sectors: [8, 4, 4, 40], cache: [0, 3, 2, 0], seekMs: [3.5, 0, 0, 0],
});

describe('where a validation\'s difference comes from', () => {
  const classes = requestClasses(result());
  const of = (label: string) => classes.find((c) => c.label === label);

  it('splits by the request before (DiskSim\'s after-read / after-write overheads), the first counting as after a read', () => {
    // Request 0 follows nothing (DiskSim's lastflags starts as READ); 1 follows a read; 2 a write; 3 a read.
    expect(of('reads after a read')).toMatchObject({ split: 'after', count: 2, measuredMeanMs: 7.5, modelMeanMs: 6.6 });
    expect(of('writes after a read')).toMatchObject({ count: 1 });
    expect(of('reads after a write')).toMatchObject({ count: 1, measuredMeanMs: 1, modelMeanMs: 0.5 });
    expect(of('reads after a write')!.shareMs).toBeCloseTo(-0.5 / 4, 12);
    expect(of('writes after a write')).toBeUndefined();
  });

  it('splits what the media served by the model\'s seek time, the rest as the cache\'s', () => {
    expect(of('reads the media served after a seek of 3\u20134 ms')).toMatchObject({ split: 'seek', count: 1 });
    expect(of('reads the media served after a seek of 3\u20134 ms')!.shareMs).toBeCloseTo(-2 / 4, 12);
    expect(of('reads the media served without a seek')).toMatchObject({ count: 1 });
    expect(of('reads the model\u2019s cache served')).toMatchObject({ count: 1 });
    expect(of('writes the model\u2019s cache served')).toMatchObject({ count: 1 });
    // The largest of the seek split are the media's: the cache-served ones belong to the cache split.
    expect(largestShares(classes, 'seek', 5).map((c) => c.label)).toEqual([
      'reads the media served after a seek of 3\u20134 ms', 'reads the media served without a seek']);
  });

  it('each split counts every request once and its shares add up to the difference of the means', () => {
    for (const split of ['cache', 'size', 'after', 'seek'] as const) {
      const mine = classes.filter((c) => c.split === split);
      expect(mine.reduce((a, c) => a + c.count, 0), split).toBe(4);
      expect(mine.reduce((a, c) => a + c.shareMs, 0), split).toBeCloseTo(3.575 - 4.25, 12);
    }
  });
});
