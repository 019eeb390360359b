/*
 * QuadView — the quadrangle view (spec 2.8): per disk, the tracks the access
 * touched (a quadrangle's d tracks for Atropos) unrolled by platter angle,
 * each with its slot-0 tick where the skew put it (the skew staircase), the
 * table's cells coloured by column (residual sectors hatched), and the head
 * path from the engine's events: seek (thin jump), rotational wait (dashed),
 * transfer (thick), head switch (slanted step). A still figure of the whole
 * access: the stage above plays it in time.
 */
import { memo } from 'react';
import type { CellPiece, DiskView } from './protocol';
import { wrapPieces, type Segment } from './geometry';
import { columnColour } from './columnColour';

const ROW_H = 34;
const LABEL_W = 110;
const TOP = 18;

export interface QuadViewProps {
  disks: DiskView[];
  cells: CellPiece[];
  paths: Segment[][];
  width: number;
}

function pathKind(s: Segment): { stroke: string; width: number; dash?: string } {
  switch (s.kind) {
    case 'seek': return { stroke: '#555', width: 1.2 };
    case 'wait': return { stroke: '#c0392b', width: 1.6, dash: '4 3' };
    case 'transfer': return { stroke: '#111', width: 4 };
    case 'switch': return { stroke: '#111', width: 1.6 };
    case 'skew': return { stroke: '#111', width: 1.6 };
  }
}

/** Memoized: a still figure of the run, left alone when the page renders for its figures streaming in. */
export const QuadView = memo(function QuadView({ disks, cells, paths, width }: QuadViewProps) {
  const plotW = Math.max(120, width - LABEL_W - 12);
  const X = (a: number) => LABEL_W + a * plotW;
  const Y = (row: number) => TOP + row * ROW_H + ROW_H / 2;

  return (
    <div className="quadview" data-testid="quadview">
      {disks.map((dv, i) => {
        const h = TOP + dv.tracks.length * ROW_H + 22;
        const mine = cells.filter((c) => c.disk === dv.disk);
        return (
          <svg key={dv.disk} width={width} height={h} data-testid={`quad-disk-${dv.disk}`} role="img" aria-label={`disk ${dv.disk}: tracks unrolled by angle`}>
            <defs>
              <pattern id={`hatch-${dv.disk}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill="#f4f4f4" /><line x1="0" y1="0" x2="0" y2="6" stroke="#bbb" strokeWidth="2" />
              </pattern>
            </defs>
            <text x={4} y={12} fontSize={12} fontWeight={600}>disk {dv.disk}</text>
            {[0, 0.25, 0.5, 0.75, 1].map((a) => (
              <text key={a} x={X(a)} y={12} fontSize={11} textAnchor="middle" fill="#666">{a === 0 ? '0' : a === 1 ? '1 rev' : a}</text>
            ))}
            {dv.tracks.map((t, r) => (
              <g key={t.track}>
                <text x={4} y={Y(r) - 1} fontSize={11} fill="#333">{t.volumeRow >= 0 ? `unit ${t.volumeRow}` : 'not in volume'}</text>
                <text x={4} y={Y(r) + 12} fontSize={11} fill="#555">cyl {t.cyl} · head {t.surface}</text>
                <rect x={X(0)} y={Y(r) - ROW_H / 2 + 3} width={plotW} height={ROW_H - 6} fill={t.volumeRow >= 0 ? `url(#hatch-${dv.disk})` : '#eee'} />
              </g>
            ))}
            {mine.map((c, k) => wrapPieces(c.angle, c.sectors / dv.tracks[c.trackIndex].slots).map((p, j) => (
              <rect key={`${k}-${j}`} x={X(p.a)} y={Y(c.trackIndex) - ROW_H / 2 + 3} width={Math.max(0.5, (p.b - p.a) * plotW)} height={ROW_H - 6}
                fill={columnColour(c.column)} fillOpacity={c.accessed ? 0.95 : 0.35} stroke={c.accessed ? '#000' : '#fff'} strokeWidth={c.accessed ? 1 : 0.4}>
                <title>{`record ${c.row}, column ${c.column}${c.accessed ? ' (read)' : ''}`}</title>
              </rect>
            )))}
            {dv.tracks.map((t, r) => {
              const x = X(t.slot0Angle);
              return <path key={`s${t.track}`} d={`M${x},${Y(r) - ROW_H / 2 + 1} l-4,-4 h8 z`} fill="#000" data-slot0={t.slot0Angle}><title>slot 0 (skew)</title></path>;
            })}
            <g data-testid={`path-${dv.disk}`}>
              {(paths[i] ?? []).map((s, k) => {
                const st = pathKind(s);
                const y0 = s.y0 < 0 ? TOP - 4 : Y(s.y0);
                const y1 = s.y1 < 0 ? TOP - 4 : Y(s.y1);
                return wrapPieces(s.x0, s.dx).map((p, j) => (
                  <line key={`${k}-${j}`} data-kind={s.kind} x1={X(p.a)} x2={X(p.b)} y1={y0 + (y1 - y0) * p.f0} y2={y0 + (y1 - y0) * p.f1}
                    stroke={st.stroke} strokeWidth={st.width} strokeDasharray={st.dash} strokeLinecap="round" />
                ));
              })}
            </g>
          </svg>
        );
      })}
    </div>
  );
});
