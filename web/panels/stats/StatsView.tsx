/*
 * StatsView — the engine's statistics (sp_stats) after the completions
 * played so far, and its response-time histogram (sp_response_histogram)
 * with the cumulative distribution drawn over it: both grow as the run
 * plays. Every number is the engine's; each carries its exact value in a
 * data-value attribute.
 */
import { forwardRef, memo } from 'react';
import { scaleLinear, max as d3max } from 'd3';
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

const M = { left: 40, right: 36, top: 20, bottom: 30 };

/** Response-time histogram (bars, left axis: requests) and its CDF (line, right axis: fraction). */
export const HistogramView = memo(forwardRef<SVGSVGElement, HistogramProps>(function HistogramView({ snapshot, width, height, scale = 1 }, ref) {
  const counts = snapshot ? Array.from(snapshot.hist) : [];
  const bin = snapshot?.histBinMs ?? 1;
  const n = counts.reduce((a, b) => a + b, 0);
  const x = scaleLinear().domain([0, Math.max(bin, counts.length * bin)]).range([M.left, width - M.right]);
  const y = scaleLinear().domain([0, Math.max(1, d3max(counts) ?? 1)]).nice().range([height - M.bottom, M.top]);
  const yc = scaleLinear().domain([0, 1]).range([height - M.bottom, M.top]);
  let acc = 0;
  const cdf = counts.map((c, i) => {
    acc += c;
    return `${i === 0 ? 'M' : 'L'}${x(i * bin).toFixed(1)},${yc(i === 0 ? 0 : (acc - c) / n).toFixed(1)}L${x((i + 1) * bin).toFixed(1)},${yc(acc / n).toFixed(1)}`;
  }).join('');
  return (
    <svg ref={ref} width={width * scale} height={height * scale} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Response-time histogram with its cumulative distribution" data-testid="histogram" data-requests={n}>
      {x.ticks(5).map((t) => (
        <g key={`x${t}`}>
          <line x1={x(t)} x2={x(t)} y1={height - M.bottom} y2={height - M.bottom + 4} stroke="#555" />
          <text x={x(t)} y={height - M.bottom + 15} fontSize={11} textAnchor="middle" fill="#555">{t}</text>
        </g>
      ))}
      <text x={(M.left + width - M.right) / 2} y={height - 3} fontSize={11} textAnchor="middle" fill="#555">response time (ms), bins of {bin} ms</text>
      {y.ticks(4).map((t) => (
        <text key={`y${t}`} x={M.left - 4} y={y(t) + 3} fontSize={11} textAnchor="end" fill="#555">{t}</text>
      ))}
      {[0, 0.5, 1].map((t) => (
        <text key={`c${t}`} x={width - M.right + 4} y={yc(t) + 3} fontSize={11} fill="#0072B2">{t}</text>
      ))}
      <line x1={M.left} x2={width - M.right} y1={height - M.bottom} y2={height - M.bottom} stroke="#555" />
      {counts.map((c, i) => (c > 0 ? (
        <rect key={i} x={x(i * bin)} y={y(c)} width={Math.max(0.8, x((i + 1) * bin) - x(i * bin) - 0.5)} height={height - M.bottom - y(c)} fill="#999999">
          <title>{`${(i * bin).toFixed(2)}–${((i + 1) * bin).toFixed(2)} ms: ${c} requests`}</title>
        </rect>
      ) : null))}
      {n > 0 && <path d={cdf} fill="none" stroke="#0072B2" strokeWidth={2} />}
      <text x={M.left} y={11} fontSize={11} fill="#555">bars: requests per bin</text>
      <text x={width - 4} y={11} fontSize={11} textAnchor="end" fill="#0072B2">line: cumulative fraction</text>
    </svg>
  );
}));
