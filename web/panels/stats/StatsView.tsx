/*
 * StatsView — the engine's statistics (sp_stats) after the completions
 * played so far, and its response-time histogram (sp_response_histogram)
 * with the cumulative distribution drawn over it: both grow as the run
 * plays. Every number is the engine's; each carries its exact value in a
 * data-value attribute.
 */
import { forwardRef, memo } from 'react';
import { scaleLinear, max as d3max } from 'd3';
import { Bars, ChartFrame, LinePath, linearTicks, plainNumber, plotRanges, type Bar, type Px } from '../../charts';
import type { Stats } from '../../../engine-wasm/binding';
import type { Snapshot } from '../../engine/runProtocol';
import { formatChange, formatInt, percentChange } from '../../lib/format';
import { SEGMENTS } from '../colours';

export interface StatsProps {
  snapshot: Snapshot | undefined;
  /** Requests in the run. */
  total: number;
  /** True when the snapshot is the run's last (everything played). */
  final: boolean;
  /** Completions the playback has shown so far (the snapshot is the engine's latest at or before them). */
  played?: number;
  /** The previous run (before a what-if change): its final statistics beside these, with the change, and what changed. */
  previous?: { stats: Stats; changes: readonly { label: string; before: string; after: string }[] } | null;
}


function V({ id, value, text }: { id: string; value: number; text: string }) {
  return <output data-testid={`stat-${id}`} data-value={String(value)}>{text}</output>;
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(3)} ms` : '—');

type Row = [id: keyof Stats, label: string, fmt: (v: number) => string];

const MAIN: Row[] = [
  ['responseMeanMs', 'Mean response', ms],
  ['responseSdMs', 'Standard deviation', ms],
  ['responseMinMs', 'Minimum', ms],
  ['responseMaxMs', 'Maximum', ms],
  ['p50Ms', '50th percentile', ms],
  ['p90Ms', '90th percentile', ms],
  ['p95Ms', '95th percentile', ms],
  ['p99Ms', '99th percentile', ms],
  ['throughputPerS', 'Throughput', (v) => `${v.toFixed(2)} req/s`],
  ['mbPerS', 'Bandwidth', (v) => `${v.toFixed(3)} MB/s`],
  ['efficiency', 'Efficiency (transfer / head time)', (v) => `${(100 * v).toFixed(2)} %`],
  ['headMeanMs', 'Head time per request', ms],
  ['headSwitchFraction', 'Requests with a head/track switch', (v) => `${(100 * v).toFixed(1)} %`],
];

const MEANS: Array<[keyof Stats, string]> = [
  ['overheadMeanMs', 'overhead'], ['queueMeanMs', 'queue'], ['seekMeanMs', 'seek'], ['rotationMeanMs', 'rotation'],
  ['transferMeanMs', 'transfer'], ['switchMeanMs', 'switch'], ['busMeanMs', 'bus'],
];

export const StatsView = memo(function StatsView({ snapshot, total, final, played = 0, previous }: StatsProps) {
  const s = snapshot?.stats;
  const behind = !final && s !== undefined ? played - s.completed : played;
  return (
    <div className="stats" data-testid="stats" data-completed={s?.completed ?? 0} data-final={final ? 'true' : 'false'}>
      <p className="sub">
        After <V id="completed" value={s?.completed ?? 0} text={formatInt(s?.completed ?? 0)} /> of {formatInt(total)} requests
        {s ? <> ({formatInt(s.reads)} reads, {formatInt(s.writes)} writes, {formatInt(s.cacheHits)} cache hits)</> : null}
        {final ? ': final.' : ', as played so far.'}
        {behind > 0 && s && s.completed > 0 && <> ({formatInt(played)} completed; the engine's statistics are taken every few completions)</>}
      </p>
      {s && s.completed > 0 ? (
        <>
          {previous && (
            <p className="sub" data-testid="what-if">
              Beside the previous run (whole run){previous.changes.length
                ? <>: {previous.changes.map((c) => `${c.label} ${c.before} → ${c.after}`).join('; ')}.</>
                : ': the same setup.'}
            </p>
          )}
          <table className="numbers">
            {previous && <thead><tr><th /><th scope="col">this run</th><th scope="col">previous</th><th scope="col">change</th></tr></thead>}
            <tbody>
              {MAIN.map(([id, label, fmt]) => (
                <tr key={id}>
                  <th>{label}</th><td><V id={id} value={s[id]} text={fmt(s[id])} /></td>
                  {previous && <>
                    <td data-testid={`previous-${id}`} data-value={String(previous.stats[id])}>{fmt(previous.stats[id])}</td>
                    <td data-testid={`change-${id}`}>{formatChange(percentChange(previous.stats[id], s[id]))}</td>
                  </>}
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Mean time per request, by part <span className="sub">(they add up to the mean response)</span></h3>
          <table className="numbers means">
            <tbody>
              {MEANS.map(([id, label]) => {
                const seg = SEGMENTS.find((x) => x.key === label)!;
                return (
                  <tr key={id}>
                    <th><span className="swatch" style={{ background: seg.colour }} /> {seg.label}</th>
                    <td><V id={id} value={s[id]} text={ms(s[id])} /></td>
                  </tr>
                );
              })}
              <tr className="total">
                <th>Mean response</th>
                <td><V id="responseMeanMs-total" value={s.responseMeanMs} text={ms(s.responseMeanMs)} /></td>
              </tr>
            </tbody>
          </table>
        </>
      ) : played > 0 ? (
        <p className="empty" data-testid="stats-waiting">{formatInt(played)} request{played === 1 ? ' has' : 's have'} completed; the engine&apos;s first statistics come with the next few.</p>
      ) : (
        <p className="empty">No request has completed yet.</p>
      )}
    </div>
  );
});

export interface HistogramProps {
  snapshot: Snapshot | undefined;
  /** Drawing size; shown `scale` times larger (type included) when the page has the room. */
  width: number;
  height: number;
  scale?: number;
}

/** Room for the counts' axis and its title on the left, the fraction's on the right, the response times' below. */
const M = { left: 48, right: 46, top: 10, bottom: 36 };
const BAR = '#999999';
const CDF = '#0072B2';

/** Response-time histogram (bars, left axis: requests) and its CDF (line, right axis: fraction), in the chart kit's frame. */
export const HistogramView = memo(forwardRef<SVGSVGElement, HistogramProps>(function HistogramView({ snapshot, width, height, scale = 1 }, ref) {
  const counts = snapshot ? Array.from(snapshot.hist) : [];
  const bin = snapshot?.histBinMs ?? 1;
  const n = counts.reduce((a, b) => a + b, 0);
  const r = plotRanges(width, height, M);
  const x = scaleLinear().domain([0, Math.max(bin, counts.length * bin)]).range(r.x);
  const y = scaleLinear().domain([0, Math.max(1, d3max(counts) ?? 1)]).nice().range(r.y);
  const yc = scaleLinear().domain([0, 1]).range(r.y);
  // The cumulative fraction at each bin's end, joined by straight lines from 0 at the first bin's start.
  let acc = 0;
  const cdf: Px[] = [[x(0), yc(0)], ...counts.map((c, i): Px => [x((i + 1) * bin), yc((acc += c) / n)])];
  const bars: Bar[] = counts.flatMap((c, i) => (c > 0 ? [{
    key: i, x: x(i * bin), width: Math.max(0.8, x((i + 1) * bin) - x(i * bin) - 0.5), top: y(c), base: y(0), colour: BAR,
    title: `${(i * bin).toFixed(2)}–${((i + 1) * bin).toFixed(2)} ms: ${c} requests`,
  }] : []));
  return (
    <ChartFrame ref={ref} width={width} height={height} scale={scale} margin={M} label="Response-time histogram with its cumulative distribution" testId="histogram"
      data={{ 'data-requests': n }} xTicks={linearTicks(x, 5)} xLabel={`response time (ms), bins of ${bin} ms`}
      yTicks={linearTicks(y, 4, plainNumber, Number.isInteger)} yLabel="requests per bin" yRight={{ ticks: linearTicks(yc, 2), label: 'cumulative fraction', colour: CDF }}>
      <Bars bars={bars} />
      {n > 0 && <LinePath points={cdf} colour={CDF} />}
    </ChartFrame>
  );
}));
