/*
 * HeatMap — one run's block groups along the partition's LBN axis: the heat
 * strip of the chosen epoch (colour = blocks read in each group), the heat
 * map below it (one row per epoch, time going down), and under the strip
 * where files are now (grey bars) and where the policy wants them (blue
 * ticks). The colour scale is shared with the other run (`max`), so the
 * two maps compare cell for cell. Every cell is an engine count; a click on
 * a row of the map chooses that epoch. The kit's frame draws the axes: block
 * groups across, the rows' names (now, files, the epochs) down the side.
 */
import { memo } from 'react';
import { scaleLinear } from 'd3';
import { Bars, ChartFrame, HeatCells, Rule, linearTicks, type Tick } from '../../charts';
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

const M = { top: 16, left: 44, right: 8, bottom: 34 };
const STRIP_H = 22;
const FILES_H = 30;
const STRIP_Y = M.top, FILES_Y = STRIP_Y + STRIP_H + 4, MAP_Y = FILES_Y + FILES_H + 16;

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
  const height = MAP_Y + rowH * total + 4 + M.bottom;
  const xTicks = linearTicks(x, Math.max(2, Math.min(8, Math.floor(width / 90))), undefined, (v) => Number.isInteger(v) && v <= groups);
  const every = Math.max(1, Math.ceil(total / 8));
  const rows: Tick[] = [
    { at: STRIP_Y + 11, label: 'now' }, { at: FILES_Y + 8, label: 'files' }, { at: MAP_Y - 8, label: 'epoch' },
    ...epochs.map((_, i) => i).filter((i) => (i + 1) % every === 0).map((i) => ({ at: MAP_Y + (i + 1) * rowH - 4, label: String(i + 1) })),
  ];
  const hasGoal = !!e && e.filesGoal.some((v) => v > 0);
  const fileTop = (v: number) => FILES_Y + FILES_H - (FILES_H * v) / fileMax;
  return (
    <ChartFrame className="ro-chart" width={width} height={height} margin={M} testId={`heat-${run}`} grid={false}
      label={`${title}: blocks read per block group, epoch by epoch`} xTicks={xTicks} yTicks={rows}
      xLabel={`block group, along the partition's LBNs (${groups} groups)`}>
      <desc>{RUN_LABEL[run]}</desc>
      <text className="chart-note" x={M.left} y={11} fontSize={11} fontWeight={600} fill={RUN_COLOUR[run]}>{title}{e ? ` — epoch ${selected + 1}` : ''}</text>
      <g data-testid={`strip-${run}`} data-epoch={e ? selected : -1}>
        {e && <HeatCells values={e.groupAccesses} x={x} y={STRIP_Y} cellWidth={cw} height={STRIP_H} colour={colour} data={(v) => ({ 'data-v': v })}
          title={(v, g) => `group ${g}: ${formatInt(v)} blocks read in epoch ${selected + 1}; ${e.filesNow[g]} files start here${hasGoal ? `, ${e.filesGoal[g]} should` : ''}`} />}
        {band && <rect x={x(band.first)} y={STRIP_Y - 2} width={x(band.last + 1) - x(band.first)} height={STRIP_H + 4} fill="none" stroke={RUN_COLOUR[run]} strokeWidth={2}>
          <title>{`the middle 90 % of the epoch's reads: groups ${band.first}–${band.last}`}</title></rect>}
      </g>
      <g data-testid={`files-${run}`}>
        {e && <Bars bars={e.filesNow.map((v, g) => ({ key: g, x: x(g) + cw * 0.1, width: cw * 0.8, top: fileTop(v), base: FILES_Y + FILES_H, colour: ROLE.rule, data: { 'data-v': v } }))} />}
        {hasGoal && e!.filesGoal.map((v, g) => v > 0 && (
          <Rule key={g} from={[x(g), fileTop(v)]} to={[x(g) + cw, fileTop(v)]} colour={RUN_COLOUR.reorg} width={2} data={{ 'data-v': v }} />
        ))}
      </g>
      <g data-testid={`map-${run}`}>
        {epochs.map((ep, i) => (
          <g key={i} onClick={() => onSelect(i)} style={{ cursor: 'pointer' }}>
            <HeatCells values={ep.groupAccesses} x={x} y={MAP_Y + i * rowH} cellWidth={cw} height={rowH} colour={colour} />
          </g>
        ))}
        {epochs.length > 0 && selected < epochs.length && (
          <rect x={M.left - 1} y={MAP_Y + selected * rowH - 1} width={inner + 2} height={rowH + 2} fill="none" stroke={ROLE.ink} strokeWidth={1.5} pointerEvents="none" />
        )}
        {epochs.length < total && <rect x={M.left} y={MAP_Y + epochs.length * rowH} width={inner} height={rowH * (total - epochs.length)} fill="#f3f3f3" />}
      </g>
    </ChartFrame>
  );
}

export const HeatMap = memo(HeatMapImpl);
