/*
 * A striped volume over four disks in the live explorer, opened from its
 * published link (presets/experiments/volume-stripe4.json), in headless
 * Chromium: four platters are drawn, the host queue is shown and agrees
 * with the playback, the statistics per device and for the volume on screen
 * are the engine's (recomputed here in Node from the same wasm and setup),
 * stepping an event moves the arm of the device the event names (and no
 * other), and a device is selected by a click or by its key.
 */
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage } from './browser';
import { engineRun, hook, waitDone } from './engineRun';
import { testEngine } from '../helpers/engine';
import { EventKind, type Engine, type Stats } from '../../engine-wasm/binding';
import { DEVICE_STAT_COLUMNS } from '../../web/panels/stats/DeviceStatsTable';

const baseUrl = inject('baseUrl');
let browser: Browser;
let engine: Engine;

beforeAll(async () => {
  browser = await launch();
  engine = await testEngine();
});

afterAll(async () => {
  await browser?.close();
});

interface DeviceFrame {
  device: number; headCyl: number; headSurface: number; platterAngle: number; armAngle: number;
  service: number; fifo: number; queue: number; completed: number;
}

const devices = (page: Page) => hook<DeviceFrame[]>(page, 'window.__spindle.devices()');

const linkOf = (id: string) => String(JSON.parse(readFileSync(new URL(`../../presets/experiments/${id}.json`, import.meta.url), 'utf8')).url);

const LINK = linkOf('volume-stripe4');

describe('a 4-disk striped volume in the explorer', () => {
  it('opens from its link: four platters, the host queue, statistics per device and for the volume equal to the engine\'s', async () => {
    const want = engineRun(engine, LINK.slice(1));
    expect(want.info.devices).toHaveLength(4);
    const { page, problems } = await openPage(browser, `${baseUrl}${LINK}`);
    await waitDone(page);
    await hook(page, 'window.__spindle.pause()');
    const run = await hook<{ devices: number; policy: string; volumeCapacity: number; passThrough: boolean }>(page, 'window.__spindle.run()');
    expect(run).toMatchObject({ devices: 4, policy: 'stripe', volumeCapacity: want.info.host.capacity, passThrough: false });

    // Four compact platters, and the selected device's large one.
    expect(await page.locator('[data-testid^=device-platter-]').count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await page.locator(`[data-testid=device-platter-${i}]`).isVisible()).toBe(true);
    expect(await page.locator('[data-testid=live-platter]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=host-view]').isVisible()).toBe(true);

    // Part-way through: the host queue on screen is the playback's, which holds waiting requests.
    await hook(page, 'window.__spindle.seek(150)');
    await page.waitForTimeout(350);
    const q = await hook<{ waiting: Array<{ id: number; vlbn: number; sectors: number }>; issued: Array<{ id: number; parts: unknown[] }> }>(page, 'window.__spindle.hostQueue()');
    expect(q.waiting.length + q.issued.length).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.querySelector('[data-testid=volume-queue]')?.getAttribute('data-length') === String(n), q.waiting.length);
    expect(await page.getAttribute('[data-testid=volume-issued]', 'data-length')).toBe(String(q.issued.length));
    if (q.waiting.length) expect(await page.locator('[data-testid=volume-queue] li').first().textContent()).toContain(`L${q.waiting[0].id}`);

    // Played to the end: the table shows the engine's final statistics, per device, all devices and the volume.
    await hook(page, 'window.__spindle.seek(1e9)');
    await page.waitForFunction(() => document.querySelector('[data-testid=stats]')?.getAttribute('data-final') === 'true');
    expect(await hook(page, 'window.__spindle.finalDeviceStats()')).toEqual(want.last.devices);
    expect(await hook(page, 'window.__spindle.finalVolumeStats()')).toEqual(want.last.volume);
    expect(want.last.volume.completed).toBe(want.setup.workload.count);
    const rows: Array<[string, Stats]> = [...want.last.devices.map((s, i): [string, Stats] => [String(i), s]), ['all', want.last.stats], ['volume', want.last.volume]];
    for (const [row, s] of rows) {
      for (const [key] of DEVICE_STAT_COLUMNS) {
        expect(Number(await page.getAttribute(`[data-testid=dstat-${row}-${key}]`, 'data-value')), `${row}.${key}`).toBe(s[key]);
      }
    }
    expect(await page.locator('[data-testid=dstat-volume-completed]').textContent()).toBe(String(want.setup.workload.count));
    expect(await page.locator('[data-testid=dstat-2-responseMeanMs]').textContent()).toBe(want.last.devices[2].responseMeanMs.toFixed(2));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stepping events moves the arm of the device each seek names, and no other; 1–4 and clicks select the device shown', async () => {
    const want = engineRun(engine, LINK.slice(1));
    const { page, problems } = await openPage(browser, `${baseUrl}${LINK}`);
    await waitDone(page);
    await hook(page, 'window.__spindle.pause()');
    await page.keyboard.press('r');
    const moved = new Set<number>();
    for (let step = 0; step < 600 && moved.size < 3; step++) {
      await page.click('[data-testid=step-event]');
      const cursor = await hook<number>(page, 'window.__spindle.now().cursor');
      const e = want.events[cursor - 1];
      if (e.kind !== EventKind.Seek || e.a === e.cyl || e.durMs <= 0 || moved.has(e.disk)) continue;
      const before = await devices(page);
      expect(before[e.disk].headCyl).toBe(e.a);
      await hook(page, `window.__spindle.seek(${e.timeMs + e.durMs / 2})`);
      // Other devices' events may fall inside this seek (four busy disks): the named device is mid-seek whatever they are.
      const mid = await devices(page);
      for (const d of mid) {
        // Only devices with a seek under way at that instant may move; the named one does.
        if (d.device === e.disk) {
          expect(d.armAngle).not.toBe(before[d.device].armAngle);
          expect((d.headCyl - e.a) * Math.sign(e.cyl - e.a)).toBeGreaterThan(0);
        }
      }
      await hook(page, `window.__spindle.seek(${e.timeMs + e.durMs})`);
      const end = await devices(page);
      expect(end[e.disk].headCyl).toBe(e.cyl);
      moved.add(e.disk);
      // The frame shows the selected device: select the one that moved, by its key.
      await page.keyboard.press(String(e.disk + 1));
      expect(await hook(page, 'window.__spindle.selected()')).toBe(e.disk);
      await page.waitForFunction((d) => (window as unknown as { __spindle: { frame(): { device: number } } }).__spindle.frame()?.device === d, e.disk);
      expect(await page.getAttribute(`[data-testid=device-${e.disk}]`, 'aria-pressed')).toBe('true');
      expect((await hook<{ headCyl: number }>(page, 'window.__spindle.now()')).headCyl).toBe(e.cyl);
    }
    expect(moved.size).toBe(3);
    // A seek on one device leaves the others' arms where they were.
    const stillBefore = await devices(page);
    for (let step = 0; step < 200; step++) {
      await page.click('[data-testid=step-event]');
      const cursor = await hook<number>(page, 'window.__spindle.now().cursor');
      const e = want.events[cursor - 1];
      if (e.kind !== EventKind.Seek || e.a === e.cyl) continue;
      const after = await devices(page);
      for (const d of after) if (d.device !== e.disk && stillBefore[d.device].headCyl === Math.round(stillBefore[d.device].headCyl)) {
        const settled = want.events.slice(0, cursor - 1).filter((x) => x.disk === d.device && (x.kind === EventKind.Seek || x.kind === EventKind.CylSwitch)).at(-1);
        if (!settled || settled.timeMs + settled.durMs <= e.timeMs) expect(d.armAngle).toBe(stillBefore[d.device].armAngle);
      }
      break;
    }
    // A click selects too.
    await page.click('[data-testid=device-1]');
    expect(await hook(page, 'window.__spindle.selected()')).toBe(1);
    expect(await page.locator('#platter-h').textContent()).toContain('Disk 1');
    expect(await page.locator('.keys').textContent()).toContain('show device');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the setup editor chooses the device count and the volume policy', async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}${LINK}`);
    await waitDone(page);
    await page.click('[data-testid=tab-setup]');
    expect(await page.inputValue('[data-testid="field-devices"]')).toBe('4');
    expect(await page.inputValue('[data-testid="field-host.policy"]')).toBe('stripe');
    await page.fill('[data-testid="field-devices"]', '2');
    await page.press('[data-testid="field-devices"]', 'Enter');
    await page.waitForFunction(() => /[?&]devs=2(&|$)/.test(location.search));
    await page.waitForFunction(() => (window as unknown as { __spindle: { run(): { devices: number; done: boolean } | null } }).__spindle.run()?.devices === 2);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^=device-platter-]').length === 2);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('RAID-5, healthy and with disk 1 failed, opens from its links with the engine\'s statistics (none on the failed disk)', async () => {
    for (const id of ['volume-raid5', 'volume-raid5-degraded']) {
      const link = linkOf(id);
      const want = engineRun(engine, link.slice(1));
      const { page, problems } = await openPage(browser, `${baseUrl}${link}`);
      await waitDone(page);
      await hook(page, 'window.__spindle.pause()');
      expect(await hook(page, 'window.__spindle.run()')).toMatchObject({ devices: 4, policy: 'raid5', volumeCapacity: want.info.host.capacity });
      await hook(page, 'window.__spindle.seek(1e9)');
      await page.waitForFunction(() => document.querySelector('[data-testid=stats]')?.getAttribute('data-final') === 'true');
      expect(await hook(page, 'window.__spindle.finalDeviceStats()')).toEqual(want.last.devices);
      expect(await hook(page, 'window.__spindle.finalVolumeStats()')).toEqual(want.last.volume);
      expect(want.last.volume.completed).toBe(want.setup.workload.count);
      expect(want.last.devices[1].completed === 0).toBe(id === 'volume-raid5-degraded');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
