/* The media cache read from events: fill, bands held, the clean under way, appends to light up, stalls. */
import { describe, it, expect } from 'vitest';
import { EventKind } from '../../../engine-wasm/binding/constants';
import { SmrLog, type EventsLike } from './smrLog';

type Ev = { kind: number; time: number; dur?: number; req?: number; a: number; b: number; c: number };
const events = (list: Ev[]): EventsLike => ({
  count: list.length,
  kind: (i) => list[i].kind, time: (i) => list[i].time, dur: (i) => list[i].dur ?? 0, req: (i) => list[i].req ?? 0,
  cyl: () => 0, a: (i) => list[i].a, b: (i) => list[i].b, get: (i) => list[i].c,
});
const append = (time: number, req: number, band: number, used: number): Ev => ({ kind: EventKind.McAppend, time, req, a: 8, b: used, c: band });
const clean = (time: number, band: number, start: boolean, merged: number, dur = 0): Ev => ({ kind: EventKind.BandClean, time, dur, a: band, b: start ? 1 : 0, c: merged });

describe('SmrLog', () => {
  const list = [append(1, 0, 3, 8), append(2, 1, 5, 16), append(3, 2, 3, 24), clean(10, 3, true, 16, 5), append(12, 3, 7, 16 + 8), clean(15, 3, false, 16)];
  const log = new SmrLog();
  log.update(events(list.slice(0, 4)));
  log.update(events(list));   /* read on: only the new events */

  it('fills by the appends and frees the cleaned band\'s sectors when its clean ends', () => {
    expect([0.5, 1, 3, 11, 12, 14.9, 15, 99].map((t) => log.fillAt(t))).toEqual([0, 8, 24, 24, 24, 24, 8, 8]);
    expect(log.appendsTo(12)).toBe(4);
    expect(log.cleansEndedTo(14.9)).toBe(0);
    expect(log.cleansEndedTo(15)).toBe(1);
  });

  it('holds each band\'s sectors until its clean ends; the clean under way is the one started and not ended', () => {
    expect(Object.fromEntries(log.bandsAt(3))).toEqual({ 3: 16, 5: 8 });
    expect(Object.fromEntries(log.bandsAt(12))).toEqual({ 3: 16, 5: 8, 7: 8 });
    expect(Object.fromEntries(log.bandsAt(15))).toEqual({ 5: 8, 7: 8 });
    expect(log.cleanAt(9.9)).toBeNull();
    expect(log.cleanAt(10)?.band).toBe(3);
    expect(log.cleanAt(15)).toBeNull();
  });

  it('answers the same at any instant whatever was asked before: forward a step at a time, back (a restart), forward again', () => {
    const fresh = new SmrLog();
    fresh.update(events(list.slice(0, 3)));
    const at = (t: number) => Object.fromEntries(fresh.bandsAt(t));
    expect(at(1)).toEqual({ 3: 8 });
    expect(at(2)).toEqual({ 3: 8, 5: 8 });
    fresh.update(events(list));           // more events read on while playing
    expect(at(12)).toEqual({ 3: 16, 5: 8, 7: 8 });
    expect(at(15)).toEqual({ 5: 8, 7: 8 });
    expect(at(2.5)).toEqual({ 3: 8, 5: 8 });
    expect(at(0)).toEqual({});
    expect(at(99)).toEqual({ 5: 8, 7: 8 });
    expect(at(3)).toEqual({ 3: 16, 5: 8 });
  });

  it('lights the appends of the last window; a write appended after its arrival stalled that long', () => {
    expect(log.recentAppends(12.5, 1).map((a) => a.req)).toEqual([3]);
    expect(log.recentAppends(20, 1)).toEqual([]);
    const arrival = [1, 2, 3, 10.5];
    expect(log.stallTo(99, (req) => arrival[req])).toEqual({ ms: 1.5, writes: 1 });
    expect(log.stallTo(11, (req) => arrival[req])).toEqual({ ms: 0, writes: 0 });
  });
});
