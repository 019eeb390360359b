import { describe, expect, it } from 'vitest';
import { PanelPulse } from './panelPulse';

/** Runs `frames` frames of 16 ms through a pulse with `n` listeners; returns, per frame, which listeners woke. */
function play(everyMs: number, n: number, frames: number): number[][] {
  const pulse = new PanelPulse(everyMs);
  const woke: number[][] = [];
  let frame: number[] = [];
  for (let i = 0; i < n; i++) pulse.add(() => frame.push(i));
  for (let f = 0; f < frames; f++) {
    frame = [];
    pulse.frame(1000 + f * 16);
    woke.push(frame);
  }
  return woke;
}

describe('PanelPulse', () => {
  it('wakes at most one listener per frame', () => {
    expect(play(150, 5, 200).every((w) => w.length <= 1)).toBe(true);
  });

  it('wakes each listener about every everyMs, none left behind', () => {
    const woke = play(150, 5, 200).flat();
    for (let i = 0; i < 5; i++) {
      const times = woke.filter((w) => w === i).length;
      // 200 frames of 16 ms = 3.2 s: about 3200 / 150 ≈ 21 wakes each (a frame's rounding makes it fewer).
      expect(times).toBeGreaterThanOrEqual(15);
      expect(times).toBeLessThanOrEqual(22);
    }
  });

  it('spreads the listeners over the frames rather than waking them on consecutive ones', () => {
    const frames = play(160, 4, 200).map((w, f) => (w.length ? f : -1)).filter((f) => f >= 0);
    const gaps = frames.slice(1).map((f, i) => f - frames[i]);
    // 160 ms shared by 4: one wake every 40 ms, i.e. every 3rd frame of 16 ms, never two frames in a row.
    expect(Math.min(...gaps.slice(4))).toBeGreaterThanOrEqual(3);
  });

  it('stops waking a listener once it is removed', () => {
    const pulse = new PanelPulse(100);
    let a = 0;
    let b = 0;
    const stopA = pulse.add(() => a++);
    pulse.add(() => b++);
    for (let t = 0; t < 1000; t += 16) pulse.frame(t);
    const before = a;
    stopA();
    for (let t = 1000; t < 2000; t += 16) pulse.frame(t);
    expect(before).toBeGreaterThan(0);
    expect(a).toBe(before);
    expect(b).toBeGreaterThan(15);
  });
});
