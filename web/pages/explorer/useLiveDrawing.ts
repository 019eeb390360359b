/*
 * useLiveDrawing.ts — what each animation frame paints without React: the
 * selected device's live platter and side view (canvases), one compact
 * platter per device in the strip (a run over several devices), the
 * one-line readout under the controls, and the frame the inspection hook
 * reports.
 */
import { useCallback, useRef, type RefObject } from 'react';
import { EventKind, memberOf } from '../../../engine-wasm/binding/constants';
import { formatInt } from '../../lib/format';
import { clockText, writeText } from '../../stage/clockText';
import type { CanvasHandle } from '../../panels/live/CanvasPanel';
import { drawLivePlatter } from '../../panels/platter/platterLayer';
import { drawSurfaces } from '../../panels/surfaces/drawSurfaces';
import type { Inspector } from '../../run/inspect';
import type { DeviceState, Playback } from '../../run/playback';
import { platterGeometryCache, platterScene, surfacesScene } from '../../run/scenes';
import { STRIP_PX } from './sizes';

/** The one-line readout under the controls: the stage's clock (`timeMs`, as the stage's bar shows it), then where the run shown is. */
function writeReadout(el: HTMLElement, timeMs: number, p: Playback, d: DeviceState): void {
  const n = p.data.eventCount;
  const i = p.lastIndex;
  const kind = i >= 0 ? memberOf(EventKind, p.data.events.kind(i)) : '—';
  const who = p.devices.length > 1 ? `disk ${d.index}: ` : '';
  writeText(el, `${clockText(timeMs)} · event ${formatInt(p.cursor)}/${formatInt(n)} (${kind}) · ${who}platter ${d.platterAngle().toFixed(4)} rev · head cyl ${Math.round(d.headCylNow())}, surface ${d.headSurface}`);
  const cursor = String(p.cursor);
  if (el.dataset.cursor !== cursor) el.dataset.cursor = cursor;
}

export function useLiveDrawing(inspector: RefObject<Inspector | null>, selected: RefObject<number>) {
  const platter = useRef<CanvasHandle>(null);
  const surfaces = useRef<CanvasHandle>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const strip = useRef(new Map<number, CanvasHandle>());
  /** The large platter's geometry, remade when its canvas changes size (the layout is fluid). */
  const large = useRef<{ px: number; of: ReturnType<typeof platterGeometryCache> } | null>(null);
  const stripGeometry = useRef<Array<ReturnType<typeof platterGeometryCache>>>([]);
  const stripRefs = useRef(new Map<number, (h: CanvasHandle | null) => void>());
  /** A stable ref callback per device of the strip. */
  const stripRef = useCallback((i: number) => {
    let f = stripRefs.current.get(i);
    if (!f) {
      f = (h) => { if (h) strip.current.set(i, h); else strip.current.delete(i); };
      stripRefs.current.set(i, f);
    }
    return f;
  }, []);
  /** `timeMs`: the clock's instant (a run that has finished stands at its last event, the clock may be later). */
  const draw = useCallback((p: Playback, timeMs: number) => {
    const d = p.device(selected.current ?? 0);
    const px = platter.current?.size() ?? STRIP_PX;
    if (large.current?.px !== px) large.current = { px, of: platterGeometryCache(px) };
    const { g, arm } = large.current.of(d.spec.cylinders);
    platter.current?.draw((ctx, w, h) => drawLivePlatter(ctx, platterScene(d, g, arm), w, h));
    surfaces.current?.draw((ctx, w, h) => drawSurfaces(ctx, surfacesScene(d), w, h));
    if (p.devices.length > 1) {
      for (const dev of p.devices) {
        const c = strip.current.get(dev.index);
        if (!c) continue;
        const geo = (stripGeometry.current[dev.index] ??= platterGeometryCache(STRIP_PX))(dev.spec.cylinders);
        c.draw((ctx, w, h) => drawLivePlatter(ctx, platterScene(dev, geo.g, geo.arm), w, h));
      }
    }
    if (readout.current) writeReadout(readout.current, timeMs, p, d);
    inspector.current?.update(p, g, arm, d.index);
  }, [inspector, selected]);
  return { platter, surfaces, readout, stripRef, draw };
}
