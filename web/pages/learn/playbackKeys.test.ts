/*
 * The lesson playback's keys, pure: which key stands for what where it was
 * typed, and the moments → and ← step to (the starts and ends of each
 * request's seek, rotational wait and transfer).
 */
import { describe, expect, it } from 'vitest';
import { phaseTimes, playbackKeyOf, stepTime } from './playbackKeys';
import type { StepRequest } from './answer';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const req = (index: number, start: number, seek: number, rotation: number, transfer: number): StepRequest => ({
  index, label: `block ${index}`, lbn: index, seek, rotation, transfer, total: seek + rotation + transfer,
  response: start + seek + rotation + transfer, start, end: start + seek + rotation + transfer, cache: 0,
});

describe('the lesson playback\'s keys', () => {
  it('Space plays or pauses, → and ← step, R replays; modified keys and other keys are left alone', () => {
    expect(playbackKeyOf(key(' '), null)).toBe('toggle');
    expect(playbackKeyOf(key('ArrowRight'), { tagName: 'DIV' })).toBe('next');
    expect(playbackKeyOf(key('ArrowLeft'), { tagName: 'BODY' })).toBe('previous');
    expect(playbackKeyOf(key('r'), null)).toBe('restart');
    expect(playbackKeyOf(key('R'), null)).toBe('restart');
    expect(playbackKeyOf(key('ArrowRight', { altKey: true }), null)).toBeNull();
    expect(playbackKeyOf(key('r', { ctrlKey: true }), null)).toBeNull();
    expect(playbackKeyOf(key('x'), null)).toBeNull();
  });

  it('a text field or a select keeps every key; a button or link keeps Space and Enter but not the arrows', () => {
    for (const el of [{ tagName: 'INPUT' }, { tagName: 'INPUT', type: 'number' }, { tagName: 'SELECT' }, { tagName: 'TEXTAREA' }, { tagName: 'DIV', isContentEditable: true }]) {
      for (const k of [' ', 'ArrowRight', 'ArrowLeft', 'r']) expect(playbackKeyOf(key(k), el), `${k} in ${JSON.stringify(el)}`).toBeNull();
    }
    for (const el of [{ tagName: 'BUTTON' }, { tagName: 'A' }, { tagName: 'INPUT', type: 'checkbox' }]) {
      expect(playbackKeyOf(key(' '), el)).toBeNull();
      expect(playbackKeyOf(key('ArrowRight'), el)).toBe('next');
      expect(playbackKeyOf(key('r'), el)).toBe('restart');
    }
  });

  it('the step moments are where a bar\'s part starts or ends; → and ← go to the next and previous, and stop at the ends', () => {
    const times = phaseTimes([req(1, 10, 3, 2, 1), req(0, 0, 4, 5, 1)]);
    expect(times).toEqual([0, 4, 9, 10, 13, 15, 16]);
    expect(stepTime(times, 0, 1)).toBe(4);
    expect(stepTime(times, 5, 1)).toBe(9);
    expect(stepTime(times, 9, 1)).toBe(10);
    expect(stepTime(times, 16, 1)).toBe(16);
    expect(stepTime(times, 16, -1)).toBe(15);
    expect(stepTime(times, 9.5, -1)).toBe(9);
    expect(stepTime(times, 0, -1)).toBe(0);
  });
});
