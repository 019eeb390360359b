/*
 * The explorer in real headless Chromium, against the built app: the page
 * loads the HP C2200A preset, the worker answers, and every number on screen
 * equals what the engine computes here in Node (same wasm, same preset, same
 * inputs, through the binding). Any console error fails the test.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { testEngine } from '../helpers/engine';
import { loadPresetJson } from '../helpers/presets';
import { DiskParam, type Sim } from '../../engine-wasm/binding';
import { configureDisk, validateDiskPreset } from '../../web/state/diskPreset';
import { formatAngle, formatInt, formatMs, formatRpm } from '../../web/lib/format';
import { angleToSlot, cylinderRadius, platterGeometry, polarToPoint, slotStartAngle } from '../../web/panels/platter/geometry';

// The LBN locator lives at #locate (the live explorer at #explorer: tests/e2e/live.test.ts).
const baseUrl = `${inject('baseUrl')}#locate`;
const PLATTER_PX = 520; // PlatterView size in App.tsx

let browser: Browser;
let sim: Sim;
let disk: number;

beforeAll(async () => {
  browser = await launch();
  const engine = await testEngine();
  const v = validateDiskPreset(loadPresetJson('hp-c2200a'));
  if (!v.ok) throw new Error(`preset invalid: ${JSON.stringify(v.errors)}`);
  sim = engine.createSim(0);
  disk = configureDisk(sim, v.preset);
});

afterAll(async () => {
  sim?.dispose();
  await browser?.close();
});

interface Shown { value: string; text: string }

/** Waits for the readout of `lbn` computed from the current inputs, and returns every number in it. */
async function readout(page: Page, lbn: number): Promise<Record<string, Shown>> {
  await page.waitForSelector(`[data-testid=readout][data-lbn="${lbn}"][data-stale=false]`);
  return page.$$eval('output[data-testid]', (els) =>
    Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.testid!, { value: (e as HTMLElement).dataset.value!, text: e.textContent ?? '' }])),
  );
}

async function inputs(page: Page) {
  const v = (id: string) => page.inputValue(`#${id}`);
  return {
    lbn: Number(await v('lbn')),
    sectors: Number(await v('sectors')),
    fromCyl: Number(await v('fromCyl')),
    fromSurface: Number(await v('fromSurface')),
    startMs: Number(await v('startMs')),
  };
}

/** What the page should show for these inputs, computed by the engine in Node. */
function expected(q: Awaited<ReturnType<typeof inputs>>): Record<string, Shown> {
  const p = sim.lbnToPhys(disk, q.lbn);
  const t = sim.trackInfo(disk, sim.trackOfLbn(disk, q.lbn));
  const b = sim.accessTime(disk, { fromCyl: q.fromCyl, fromSurface: q.fromSurface, startMs: q.startMs, lbn: q.lbn, sectors: q.sectors });
  const a0 = sim.angleAt(disk, q.startMs);
  const n = (value: number, text: string): Shown => ({ value: String(value), text });
  const rpm = sim.diskGet(disk, DiskParam.Rpm);
  const rev = sim.revolutionMs(disk);
  const cap = sim.diskCapacity(disk);
  return {
    cyl: n(p.cyl, formatInt(p.cyl)),
    surface: n(p.surface, formatInt(p.surface)),
    slot: n(p.slot, formatInt(p.slot)),
    slots: n(p.slotsPerTrack, formatInt(p.slotsPerTrack)),
    zone: n(p.zone, formatInt(p.zone)),
    angle: n(p.angle, formatAngle(p.angle)),
    'track-first': n(t.firstLbn, formatInt(t.firstLbn)),
    'track-count': n(t.lbnCount, formatInt(t.lbnCount)),
    'angle-start': n(a0, formatAngle(a0)),
    seek: n(b.seekMs, formatMs(b.seekMs)),
    rotation: n(b.rotationMs, formatMs(b.rotationMs)),
    transfer: n(b.transferMs, formatMs(b.transferMs)),
    switch: n(b.switchMs, formatMs(b.switchMs)),
    total: n(b.totalMs, formatMs(b.totalMs)),
    capacity: n(cap, `${formatInt(cap)} sectors of ${sim.diskGet(disk, DiskParam.SectorBytes)} bytes`),
    cylinders: n(sim.diskCylinders(disk), formatInt(sim.diskCylinders(disk))),
    surfaces: n(sim.diskGet(disk, DiskParam.Surfaces), formatInt(sim.diskGet(disk, DiskParam.Surfaces))),
    rpm: n(rpm, formatRpm(rpm)),
    revolution: n(rev, formatMs(rev)),
  };
}

describe('the explorer page', () => {
  it('shows the engine\'s location and time breakdown for the default LBN', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    const q = await inputs(page);
    const got = await readout(page, q.lbn);
    expect(got).toEqual(expected(q));
    // The platter is drawn: a pixel in the data band is not the white background.
    const g = platterGeometry(PLATTER_PX, sim.diskCylinders(disk));
    const pt = polarToPoint(g, cylinderRadius(g, 10), 0.5);
    const rgba = await page.$eval('[data-testid=platter]', (c, [x, y]) => {
      const cv = c as HTMLCanvasElement;
      const s = cv.width / cv.getBoundingClientRect().width;
      return Array.from(cv.getContext('2d')!.getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data);
    }, [pt.x, pt.y]);
    expect(rgba.slice(0, 3)).not.toEqual([255, 255, 255]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('recomputes in the worker when the LBN and head position change', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await readout(page, (await inputs(page)).lbn);
    await page.fill('#fromCyl', '1200');
    await page.fill('#fromSurface', '3');
    await page.fill('#startMs', '7.25');
    await page.fill('#sectors', '300');
    await page.fill('#lbn', '250001');
    const q = await inputs(page);
    expect(q).toEqual({ lbn: 250001, sectors: 300, fromCyl: 1200, fromSurface: 3, startMs: 7.25 });
    const got = await readout(page, 250001);
    expect(got).toEqual(expected(q));
    // "Move the head": the next read starts where and when this one ended.
    await page.click('text=Move the head to where this read ends');
    await page.waitForFunction(() => (document.querySelector('#fromCyl') as HTMLInputElement).value !== '1200');
    const q2 = await inputs(page);
    const end = sim.lbnToPhys(disk, 250001 + 300 - 1);
    expect([q2.fromCyl, q2.fromSurface]).toEqual([end.cyl, end.surface]);
    expect(q2.startMs).toBeCloseTo(7.25 + Number(got.total.value), 9);
    expect(await readout(page, 250001)).toEqual(expected(q2));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('names the field when the LBN typed is not valid, and keeps the last result', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    const q = await inputs(page);
    await readout(page, q.lbn);
    await page.fill('#lbn', 'twelve');
    const msg = await page.textContent('[data-testid=lbn-error]');
    expect(msg).toMatch(/^LBN: "twelve" is not a whole number from 0 to \d+/);
    const cap = sim.diskCapacity(disk);
    await page.fill('#lbn', String(cap));
    expect(await page.textContent('[data-testid=lbn-error]')).toBe(`LBN: ${cap} is out of range; enter a whole number from 0 to ${cap - 1}.`);
    // The last good answer stays on screen, marked stale.
    expect(await page.getAttribute('[data-testid=readout]', 'data-lbn')).toBe(String(q.lbn));
    expect(await page.getAttribute('[data-testid=readout]', 'data-stale')).toBe('true');
    expect(await page.getAttribute('#lbn', 'aria-invalid')).toBe('true');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a click on the platter picks the LBN the engine stores there', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    const q = await inputs(page);
    const first = await readout(page, q.lbn);
    const surface = Number(first.surface.value);
    // Aim at the middle of slot 40 of cylinder 700 on the surface shown.
    const cyl = 700;
    const surfaces = sim.diskGet(disk, DiskParam.Surfaces);
    const aim = sim.trackInfo(disk, cyl * surfaces + surface);
    const angle = slotStartAngle(40, aim.slot0Angle, aim.slots) + 0.5 / aim.slots;
    const g = platterGeometry(PLATTER_PX, sim.diskCylinders(disk));
    const pt = polarToPoint(g, cylinderRadius(g, cyl), angle);
    await page.click('[data-testid=platter]', { position: { x: pt.x, y: pt.y } });
    await page.waitForSelector('[data-testid=platter-panel][data-pick-lbn]');
    const pick = await page.$eval('[data-testid=platter-panel]', (el) => {
      const d = (el as HTMLElement).dataset;
      return { cyl: Number(d.pickCyl), surface: Number(d.pickSurface), angle: Number(d.pickAngle), slot: Number(d.pickSlot), lbn: Number(d.pickLbn) };
    });
    // A track is 1/8 px wide here, so the mouse lands within a few tracks of the aim...
    expect(pick.surface).toBe(surface);
    expect(Math.abs(pick.cyl - cyl)).toBeLessThanOrEqual(8);
    expect(Math.abs(pick.angle - angle)).toBeLessThan(0.4 / aim.slots);
    // ...and the page shows exactly the LBN the engine stores where it landed.
    const track = sim.trackInfo(disk, pick.cyl * surfaces + surface);
    expect(pick.slot).toBe(angleToSlot(pick.angle, track.slot0Angle, track.slots));
    const lbn = sim.physToLbn(disk, pick.cyl, surface, pick.slot);
    expect(lbn).toBeGreaterThanOrEqual(0);
    expect(pick.lbn).toBe(lbn);
    const got = await readout(page, lbn);
    expect(await page.inputValue('#lbn')).toBe(String(lbn));
    expect(got.cyl.value).toBe(String(pick.cyl));
    expect(got).toEqual(expected({ ...q, lbn }));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
