/*
 * BandLens — the tracks under the head, magnified: a strip of the drive's
 * tracks around the head, each a few pixels wide, outermost on the left.
 * On the shingled drive: the media cache's tracks, each band's tracks
 * (alternating greys) and the guard track after it (white), the bands
 * holding sectors in the cache (an orange bar over them) and the band being
 * cleaned (vermillion) as the head sweeps it; on its twin every track is
 * written in place. Drawn on the stage's frames when what it shows changed
 * (the head moved, a band's sectors entered or left the cache, a clean
 * began or ended); the strip's first track and pixels per track are in data
 * attributes for tests.
 */
import { memo, useCallback, useEffect, useRef } from 'react';
import { CanvasPanel, type CanvasHandle } from '../../panels/live/CanvasPanel';
import type { StageHandle } from '../../stage/useStage';
import type { Band, SmrLayout } from './protocol';
import type { SmrLog } from './smrLog';
import { SMR_COLOUR } from './colours';

/** Pixels per track in the lens. */
export const LENS_PX = 6;
const HEIGHT = 46;
const BAR = 6;

/** The band holding track k (bands in track order), or -1. */
export function bandOfTrack(bands: readonly Band[], k: number): number {
  let lo = 0;
  let hi = bands.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = bands[mid];
    if (k < b.firstTrack) hi = mid - 1;
    else if (k >= b.firstTrack + b.tracks) lo = mid + 1;
    else return mid;
  }
  return -1;
}

export type TrackKind = 'cache' | 'band' | 'guard' | 'plain';

/** What track k is on the shingled drive. */
export function trackKind(L: SmrLayout, k: number): { kind: TrackKind; band: number } {
  if (k >= L.mcFirstTrack && k < L.mcFirstTrack + L.mcTracks) return { kind: 'cache', band: -1 };
  const band = bandOfTrack(L.bands, k);
  if (band < 0) return { kind: 'plain', band };
  const b = L.bands[band];
  return { kind: k >= b.firstTrack + b.tracks - L.guardTracks ? 'guard' : 'band', band };
}

interface Props {
  /** The stage's clock and the painters its frames call (kept between renders: the lens renders only when its props change). */
  clock: StageHandle['clock'];
  painters: StageHandle['painters'];
  slot: number;
  /** The shingled drive's layout; null: the conventional twin. */
  layout: SmrLayout | null;
  log: SmrLog | null;
  width: number;
  testId: string;
}

export const BandLens = memo(function BandLens({ clock, painters, slot, layout, log, width, testId }: Props) {
  const canvas = useRef<CanvasHandle | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const live = useRef({ layout, log });
  live.current = { layout, log };
  const tracks = Math.floor(width / LENS_PX);

  const drawn = useRef<unknown[]>([]);
  const canvasRef = useCallback((h: CanvasHandle | null) => { canvas.current = h; }, []);
  useEffect(() => {
    const paint = () => {
      const p = clock.runs[slot];
      const d = p?.devices[0];
      if (!p || !d) return;
      const { layout: L, log: g } = live.current;
      const surfaces = d.spec.surfaces;
      const total = d.spec.cylinders * surfaces;
      const head = d.headCylNow() * surfaces;
      const first = Math.max(0, Math.min(total - tracks, Math.round(head - tracks / 2)));
      const clean = g?.cleanAt(p.timeMs) ?? null;
      // What the strip shows; the same as last drawn, it is left as it is.
      const key = [L, g, tracks, first, head, L && g ? g.bandChangesTo(p.timeMs) : 0, clean?.band ?? -1, canvas.current];
      if (key.every((x, i) => x === drawn.current[i])) return;
      drawn.current = key;
      const held = L && g ? g.bandsAt(p.timeMs) : new Map<number, number>();
      if (box.current) box.current.dataset.firstTrack = String(first);
      canvas.current?.draw((ctx, w, h) => {
        ctx.clearRect(0, 0, w, h);
        for (let i = 0; i < tracks; i++) {
          const k = first + i;
          const x = i * LENS_PX;
          const tk = L ? trackKind(L, k) : { kind: 'plain' as const, band: -1 };
          ctx.fillStyle = tk.kind === 'cache' ? SMR_COLOUR.cache : tk.kind === 'guard' ? SMR_COLOUR.guard
            : clean && tk.band === clean.band ? SMR_COLOUR.cleaning : tk.band % 2 ? SMR_COLOUR.bandB : SMR_COLOUR.bandA;
          ctx.fillRect(x, BAR, LENS_PX, h - 2 * BAR);
          if (tk.band >= 0 && held.has(tk.band)) {
            ctx.fillStyle = SMR_COLOUR.dirty;
            ctx.fillRect(x, 0, LENS_PX, BAR);
          }
        }
        ctx.strokeStyle = '#888';
        ctx.strokeRect(0.5, BAR + 0.5, tracks * LENS_PX - 1, h - 2 * BAR - 1);
        // The head: a line at its track (between tracks while it moves).
        const hx = (head - first + 0.5) * LENS_PX;
        ctx.fillStyle = SMR_COLOUR.head;
        ctx.fillRect(hx - 1, 0, 2, h);
        ctx.beginPath();
        ctx.moveTo(hx - 5, h);
        ctx.lineTo(hx + 5, h);
        ctx.lineTo(hx, h - BAR);
        ctx.fill();
      });
    };
    painters.add(paint);
    paint();
    return () => { painters.delete(paint); };
  }, [clock, painters, slot, tracks, layout, log]);

  return (
    <div className="smr-lens" ref={box} data-testid={testId} data-px={LENS_PX} data-tracks={tracks}>
      <CanvasPanel ref={canvasRef} width={tracks * LENS_PX} height={HEIGHT} testId={`${testId}-canvas`}
        label={layout ? 'The tracks under the head, magnified: media cache, bands and guard tracks' : 'The tracks under the head, magnified: every track written in place'} />
    </div>
  );
});
