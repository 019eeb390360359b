/*
 * useLiveDrawing.ts — what each animation frame paints without React: the
 * live platter and the side view (canvases), the one-line readout under
 * the controls, and the frame the inspection hook reports.
 */
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { EventKind } from '../../engine-wasm/binding/constants';
import { formatInt } from '../lib/format';
import type { CanvasHandle } from '../panels/live/CanvasPanel';
import { drawLivePlatter } from '../panels/live/drawLivePlatter';
import { drawSurfaces } from '../panels/surfaces/drawSurfaces';
import type { Inspector } from '../run/inspect';
import type { Playback } from '../run/playback';
import { platterGeometryCache, platterScene, surfacesScene } from '../run/scenes';
import { PLATTER_PX } from './sizes';

/** The one-line readout under the controls. */
function writeReadout(el: HTMLElement, p: Playback): void {
  const n = p.data.eventCount;
  const i = p.lastIndex;
  const kind = i >= 0 ? EventKind[p.data.events.kind(i)] : '—';
  el.textContent = `t = ${p.timeMs.toFixed(3)} ms · event ${formatInt(p.cursor)}/${formatInt(n)} (${kind}) · platter ${p.platterAngle().toFixed(4)} rev · head cyl ${Math.round(p.headCylNow())}, surface ${p.headSurface}`;
  el.dataset.cursor = String(p.cursor);
}

export function useLiveDrawing(inspector: RefObject<Inspector | null>) {
  const platter = useRef<CanvasHandle>(null);
  const surfaces = useRef<CanvasHandle>(null);
  const readout = useRef<HTMLSpanElement>(null);
  const geometryOf = useMemo(() => platterGeometryCache(PLATTER_PX), []);
  const draw = useCallback((p: Playback) => {
    const { g, arm } = geometryOf(p.data.info.disk.cylinders);
    platter.current?.draw((ctx, w, h) => drawLivePlatter(ctx, platterScene(p, g, arm), w, h));
    surfaces.current?.draw((ctx, w, h) => drawSurfaces(ctx, surfacesScene(p), w, h));
    if (readout.current) writeReadout(readout.current, p);
    inspector.current?.update(p, g, arm);
  }, [geometryOf, inspector]);
  return { platter, surfaces, readout, draw };
}
