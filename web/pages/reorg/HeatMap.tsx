/*
 * HeatMap — one run's block groups along the partition's LBN axis: the heat
 * strip of the chosen epoch (colour = blocks read in each group), the heat
 * map below it (one row per epoch, time going down), and under the strip
 * where files are now (grey bars) and where the policy wants them (blue
 * ticks). The colour scale is shared with the other run (`max`), so the
 * two maps compare cell for cell. Every cell is an engine count; a click on
 * a row of the map chooses that epoch.
 */
import { memo } from 'react';
import { scaleLinear } from 'd3';
import { formatInt } from '../../lib/format';
import { ROLE } from '../../lib/palette';
import { RUN_COLOUR, RUN_LABEL, heatColour, hotBand, type RunName } from './heat';
import type { RunEpoch } from './protocol';

export interface HeatMapProps {
  run: RunName;
  title: string;
  epochs: readonly RunEpoch[];
  /** Epochs the run will have (rows reserved). */
  total: number;
  groups: number;
  selected: number;
  /** The colour scale's top (shared by both runs). */
  max: number;
  width: number;
  onSelect: (epoch: number) => void;
}

const M = { left: 44, right: 8 };
const STRIP_H = 22;
const FILES_H = 30;

function HeatMapImpl({ run, title, epochs, total, groups, selected, max, width, onSelect }: HeatMapProps) {
  const colour = heatColour(max);
  // The cells' span; never negative, even at a width measured before layout (0 px).
  const inner = Math.max(0, width - M.left - M.right);
  const x = scaleLinear().domain([0, Math.max(1, groups)]).range([M.left, M.left + inner]);
  const cw = Math.max(0.5, x(1) - x(0));
  const rowH = Math.max(3, Math.min(12, Math.floor(220 / Math.max(1, total))));
  const e = epochs[selected];
  const fileMax = Math.max(1, ...(e ? [...e.filesNow, ...e.filesGoal] : [1]));
  const band = e ? hotBand(e.groupAccesses) : null;
  const stripY = 16, filesY = stripY + STRIP_H + 4, mapY = filesY + FILES_H + 16;
  const axisY = mapY + rowH * total + 12;
  const height = axisY + 16;
  const ticks = x.ticks(Math.max(2, Math.min(8, Math.floor(width / 90)))).filter((t) => Number.isInteger(t) && t <= groups);
  const hasGoal = !!e && e.filesGoal.some((v) => v > 0);
  return (
    <svg className="ro-chart" width={width} height={height} data-testid={`heat-${run}`} role="img"
      aria-label={`${title}: blocks read per block group, epoch by epoch`}>
      <text x={M.left} y={11} fontSize={11} fontWeight={600} fill={RUN_COLOUR[run]}>{title}{e ? ` — epoch ${selected + 1}` : ''}</text>
      <text x={M.left - 4} y={stripY + 15} fontSize={11} textAnchor="end">now</text>
      <g data-testid={`strip-${run}`} data-epoch={e ? selected : -1}>
        {e && e.groupAccesses.map((v, g) => (
          <rect key={g} x={x(g)} y={stripY} width={cw} height={STRIP_H} fill={colour(v)} data-v={v}>
            <title>{`group ${g}: ${formatInt(v)} blocks read in epoch ${selected + 1}; ${e.filesNow[g]} files start here${hasGoal ? `, ${e.filesGoal[g]} should` : ''}`}</title>
          </rect>
        ))}
        {band && <rect x={x(band.first)} y={stripY - 2} width={x(band.last + 1) - x(band.first)} height={STRIP_H + 4} fill="none" stroke={RUN_COLOUR[run]} strokeWidth={2}>
          <title>{`the middle 90 % of the epoch's reads: groups ${band.first}–${band.last}`}</title></rect>}
      </g>
      <text x={M.left - 4} y={filesY + 12} fontSize={11} textAnchor="end">files</text>
      <g data-testid={`files-${run}`}>
        {e && e.filesNow.map((v, g) => {
          const h = (FILES_H * v) / fileMax;
          return <rect key={g} x={x(g) + cw * 0.1} y={filesY + FILES_H - h} width={cw * 0.8} height={h} fill={ROLE.rule} stroke={ROLE.muted} strokeWidth={0.5} data-v={v} />;
        })}
        {hasGoal && e!.filesGoal.map((v, g) => v > 0 && (
          <line key={g} x1={x(g)} x2={x(g) + cw} y1={filesY + FILES_H - (FILES_H * v) / fileMax} y2={filesY + FILES_H - (FILES_H * v) / fileMax}
            stroke={RUN_COLOUR.reorg} strokeWidth={2} data-v={v} />
        ))}
      </g>
      <text x={M.left - 4} y={mapY - 4} fontSize={11} textAnchor="end">epoch</text>
      <g data-testid={`map-${run}`}>
        {epochs.map((ep, i) => (
          <g key={i} onClick={() => onSelect(i)} style={{ cursor: 'pointer' }}>
            {ep.groupAccesses.map((v, g) => <rect key={g} x={x(g)} y={mapY + i * rowH} width={cw} height={rowH} fill={colour(v)} />)}
            {(i + 1) % Math.max(1, Math.ceil(total / 8)) === 0 && <text x={M.left - 4} y={mapY + i * rowH + rowH} fontSize={11} textAnchor="end">{i + 1}</text>}
          </g>
        ))}
        {epochs.length > 0 && selected < epochs.length && (
          <rect x={M.left - 1} y={mapY + selected * rowH - 1} width={inner + 2} height={rowH + 2} fill="none" stroke={ROLE.ink} strokeWidth={1.5} pointerEvents="none" />
        )}
        {epochs.length < total && <rect x={M.left} y={mapY + epochs.length * rowH} width={inner} height={rowH * (total - epochs.length)} fill="#f3f3f3" />}
      </g>
      {ticks.map((t) => <text key={t} x={x(t)} y={axisY} fontSize={11} textAnchor="middle">{t}</text>)}
      <text x={M.left + inner / 2} y={axisY + 13} fontSize={11} textAnchor="middle">{`block group, along the partition's LBNs (${groups} groups)`}</text>
      <desc>{RUN_LABEL[run]}</desc>
    </svg>
  );
}

export const HeatMap = memo(HeatMapImpl);
