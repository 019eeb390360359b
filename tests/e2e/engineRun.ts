/*
 * engineRun.ts — what the explorer should show for a link, computed in Node
 * by the same wasm engine through the same run service the worker uses:
 * every event, every result and the last snapshot (statistics for all
 * devices, each device and the volume); and the small page hooks the
 * explorer's browser tests share.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loadPresetJson } from '../helpers/presets';
import { EventView, ResultView, type Engine, type EventRecord, type ResultRecord } from '../../engine-wasm/binding';
import type { Snapshot } from '../../web/engine/runProtocol';
import { RunService } from '../../web/worker/runService';
import { decodeSetup } from '../../web/state/urlCodec';

export function engineRun(engine: Engine, query: string) {
  const { setup, problems } = decodeSetup(query);
  expect(problems).toEqual([]);
  const svc = new RunService(engine);
  const info = svc.runBegin({ setup, presets: setup.devices.map((d) => loadPresetJson(d.preset)) });
  const events: EventRecord[] = [];
  const results: ResultRecord[] = [];
  let last: Snapshot | undefined;
  for (;;) {
    const c = svc.runNext({});
    const ev = new EventView(c.events, 0, c.eventCount);
    for (let i = 0; i < ev.count; i++) events.push(ev.at(i));
    const r = new ResultView(c.results, 0, c.resultCount);
    for (let i = 0; i < r.count; i++) results.push(r.at(i));
    if (c.snapshots.length) last = c.snapshots[c.snapshots.length - 1];
    if (c.done) break;
  }
  svc.runEnd();
  return { setup, info, events, results, last: last!, stats: last!.stats };
}

/** Evaluates an expression in the page (window.__spindle calls). */
export const hook = <T>(page: Page, js: string): Promise<T> => page.evaluate(js) as Promise<T>;

/** Waits until the explorer's run has been computed to its end. */
export async function waitDone(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __spindle?: { status(): string } }).__spindle?.status() === 'done', undefined, { timeout: 60_000 });
}
