/*
 * Timeline — the run over time, with the playback cursor (click to move it):
 * the FQueue's occupancy over the whole run as the engine's FQ events report
 * it, flush episodes shaded, the watermarks; and a two-second window around
 * the cursor with what the platter and the flash chip do (writes, reads,
 * flush and purge write-backs, pinned flash writes) with and without FQueues,
 * the periods when the Request Queue is empty shaded: purge writes start
 * only inside them. Both drawn in the chart kit's frame.
 */
import { memo, useMemo, type MouseEvent } from 'react';
import { scaleLinear, type ScaleLinear } from 'd3';
import { Bars, ChartFrame, Legend, LinePath, Rule, linearTicks, type Px } from '../../charts';
import type { RunResult } from './protocol';
import { laneOf, windowOf, type Lane } from './laneWindow';
import { flushEpisodes, idleIntervals } from './replay';
import { OP_COLOUR } from './colours';

const WINDOW_MS = 2000;
const OVERVIEW = { top: 6, right: 12, bottom: 32, left: 52 }, OVERVIEW_H = 100;
const LANE_H = 16, LANE_GAP = 8, LANES_TOP = 20;
const WINDOW = { top: LANES_TOP - 4, right: 12, bottom: 24, left: 52 };
const IDLE_FILL = '#eef3fa';
const KEYS = ['write', 'read', 'flush', 'purge', 'pinned-write', 'unpin'] as const;

const seconds = (ms: number) => String(+(ms / 1000).toPrecision(4));

/** The FQueue's occupancy after each add and remove, from 0 at the start to the run's end. */
function occupancy(r: RunResult, endMs: number): [number, number][] {
  const out: [number, number][] = [[0, 0]];
  for (const e of r.with.fq) if (e.kind === 'add' || e.kind === 'remove') out.push([e.timeMs, e.occupancy]);
  out.push([endMs, out[out.length - 1][1]]);
  return out;
}

/** The overview's marks (engine records, not the clock): memoized, they do not change as the run plays. */
const OverviewMarks = memo(function OverviewMarks({ r, endMs, x, y, right }: { r: RunResult; endMs: number; x: ScaleLinear<number, number>; y: ScaleLinear<number, number>; right: number }) {
  const m = OVERVIEW, cap = Math.max(1, r.params.fqSectors);
  const pts = useMemo(() => occupancy(r, endMs), [r, endMs]);
  const level = (f: number, colour: string) => <Rule from={[m.left, y(f * cap)]} to={[right, y(f * cap)]} colour={colour} dash="4 2" />;
  return (
    <>
      <Bars bars={flushEpisodes(r.with.fq, endMs).map((f, i) => ({ key: i, x: x(f.from), width: Math.max(1, x(f.to) - x(f.from)), top: m.top, base: OVERVIEW_H - m.bottom, colour: '#fcbba1', opacity: 0.6 }))} />
      {level(r.params.high, '#b00020')}
      {level(r.params.low, '#1f78b4')}
      <LinePath points={pts.map(([a, b]): Px => [x(a), y(b)])} colour="#d95f02" width={1.5} step testId="fq-timeline" data={{ 'data-points': pts.length }} />
    </>
  );
});

/** The overview: FQueue occupancy (engine) over the run, with the clock's cursor. */
function Overview({ r, width, endMs, t, onSeek }: { r: RunResult; width: number; endMs: number; t: number; onSeek: (e: MouseEvent<SVGSVGElement>, inv: (v: number) => number) => void }) {
  const m = OVERVIEW, foot = OVERVIEW_H - m.bottom;
  const cap = Math.max(1, r.params.fqSectors);
  const x = useMemo(() => scaleLinear().domain([0, endMs]).range([m.left, width - m.right]), [endMs, width, m]);
  const y = useMemo(() => scaleLinear().domain([0, cap]).range([foot, m.top]), [cap, foot, m]);
  return (
    <ChartFrame width={width} height={OVERVIEW_H} margin={m} testId="timeline-overview" label="FQueue occupancy over the run; click to move the clock"
      onClick={(e) => onSeek(e, (v) => x.invert(v))} grid={false} xLabel="simulated time (s)" yLabel="FQueue"
      xTicks={linearTicks(x, 8, seconds)} yTicks={[{ at: y(0), label: '0' }, { at: y(cap), label: 'full' }]}>
      <OverviewMarks r={r} endMs={endMs} x={x} y={y} right={width - m.right} />
      <Rule from={[x(t), 0]} to={[x(t), foot]} colour="#000" width={1.5} />
    </ChartFrame>
  );
}

/** The lane's operations in the window; each keeps its key (its place in the lane) as the window moves, so a render moves the rectangles it has. */
function LaneRects({ lane, y, x, from, to }: { lane: Lane; y: number; x: ScaleLinear<number, number>; from: number; to: number }) {
  return (
    <g>
      {windowOf(lane, from, to).map((i) => {
        const o = lane.ops[i];
        return (
          <rect key={i} x={x(Math.max(from, o.startMs))} y={y} width={Math.max(1, x(Math.min(to, o.endMs)) - x(Math.max(from, o.startMs)))} height={LANE_H}
            fill={OP_COLOUR[o.what] ?? '#ccc'} stroke="#fff" strokeWidth={0.5}><title>{`${o.what} at ${o.device === 'flash' ? 'flash sector' : 'LBA'} ${o.lbn}, ${o.sectors} sectors, ${(o.endMs - o.startMs).toFixed(2)} ms`}</title></rect>
        );
      })}
    </g>
  );
}

export function Timeline({ r, t, width, onSeek }: { r: RunResult; t: number; width: number; onSeek: (t: number) => void }) {
  const endMs = Math.max(r.with.endMs, r.without.endMs);
  const W = Math.max(300, width);
  const from = Math.max(0, Math.min(t - WINDOW_MS / 2, endMs - WINDOW_MS)), to = from + WINDOW_MS;
  const x = scaleLinear().domain([from, to]).range([WINDOW.left, W - WINDOW.right]);
  const idle = useMemo(() => idleIntervals(r.with.requests, r.with.endMs), [r]);
  const seek = (e: MouseEvent<SVGSVGElement>, inv: (v: number) => number) => {
    const box = e.currentTarget.getBoundingClientRect();
    onSeek(Math.max(0, Math.min(endMs, inv(e.clientX - box.left))));
  };
  const laneY = (k: number) => LANES_TOP + k * (LANE_H + LANE_GAP);
  // Split and sorted once per run: the window moves with the clock, the operations do not.
  const lanes = useMemo((): [string, Lane][] => [
    ['platter', laneOf(r.with.ops.filter((o) => o.device === 'disk'))],
    ['flash', laneOf(r.with.ops.filter((o) => o.device === 'flash'))],
    ['baseline', laneOf(r.without.ops.filter((o) => o.device === 'disk'))],
  ], [r]);
  const H = laneY(lanes.length) + WINDOW.bottom;
  return (
    <>
    <div className="nv-timeline">
      <Overview r={r} width={W} endMs={endMs} t={t} onSeek={seek} />
      <ChartFrame width={W} height={H} margin={WINDOW} testId="timeline-window" label="two seconds around the clock; click to move it" grid={false}
        onClick={(e) => seek(e, (v) => x.invert(v))} xTicks={[{ at: x(from), label: `${(from / 1000).toFixed(2)} s` }, { at: x(to), label: `${(to / 1000).toFixed(2)} s` }]}
        yTicks={lanes.map(([name], k) => ({ at: laneY(k) + LANE_H / 2, label: name }))}>
        <Bars bars={idle.filter((p) => p.to >= from && p.from <= to).map((p, i) => ({
          key: i, x: x(Math.max(from, p.from)), width: x(Math.min(to, p.to)) - x(Math.max(from, p.from)), top: LANES_TOP - 4, base: LANES_TOP - 4 + 2 * (LANE_H + LANE_GAP), colour: IDLE_FILL,
        }))} />
        {lanes.map(([name, lane], k) => <LaneRects key={name} lane={lane} y={laneY(k)} x={x} from={from} to={to} />)}
        <Rule from={[x(t), 4]} to={[x(t), laneY(lanes.length)]} colour="#000" width={1.5} />
      </ChartFrame>
    </div>
    <Legend items={[...KEYS.map((k) => ({ key: k, label: k, colour: OP_COLOUR[k], shape: 'box' as const })), { key: 'idle', label: 'queue empty', colour: IDLE_FILL, shape: 'box' }]} />
    </>
  );
}
