/*
 * SweepPanel — the what-if under the stage: sustained random-write
 * throughput of the shingled drive against its media cache size, one line
 * per host idle time between bursts, and its conventional twin at each idle
 * time (dashed, flat: it has no cache), drawn as the engine's points arrive;
 * the page's own cache size marked; the same numbers in a table.
 */
import { NvChart, type Series } from '../nvcache/NvChart';
import { formatInt } from '../../lib/format';
import { OKABE_ITO as C } from '../../lib/palette';
import type { SweepPoint } from './protocol';
import type { PointStream } from '../../experiments/usePointStream';

export type SweepState = PointStream<SweepPoint>;

const IDLE_COLOURS = [C.vermillion, C.blue, C.green, C.purple, C.orange];
const fmt = (x: number) => (x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));
const idleText = (ms: number) => (ms >= 1000 ? `${+(ms / 1000).toPrecision(3)} s` : `${ms} ms`);

interface Props {
  sweep: SweepState | null;
  idleMs: readonly number[];
  cacheMb: number;
  width: number;
  writes: number;
  burst: number;
  onCancel(): void;
  onStart(): void;
}

export function SweepPanel({ sweep, idleMs, cacheMb, width, writes, burst, onCancel, onStart }: Props) {
  const pts = sweep?.points ?? [];
  const smr = pts.filter((p) => p.drive === 'smr');
  const xs = smr.map((p) => p.cacheMb);
  const series: Series[] = idleMs.flatMap((idle, i) => {
    const colour = IDLE_COLOURS[i % IDLE_COLOURS.length];
    const twin = pts.find((p) => p.drive === 'cmr' && p.idleMs === idle);
    const out: Series[] = [{ key: `smr-${idle}`, label: `SMR, idle ${idleText(idle)}`, colour, points: smr.filter((p) => p.idleMs === idle).map((p) => ({ x: p.cacheMb, y: p.mbPerS })) }];
    if (twin && xs.length) out.push({ key: `cmr-${idle}`, label: `CMR, idle ${idleText(idle)}`, colour, dash: '5 3', dots: false, points: [{ x: Math.min(...xs), y: twin.mbPerS }, { x: Math.max(...xs), y: twin.mbPerS }] });
    return out;
  });
  const running = sweep && !sweep.done && !sweep.error;
  const w = Math.min(width - 2, 900);   /* its 1 px border each side within the page's margins */
  return (
    <section className="smr-sweep" data-testid="sweep">
      <h2>What if: media cache size and idle time vs sustained random-write throughput</h2>
      <p className="smr-progress" data-testid="sweep-status" data-done={sweep?.done ? 'true' : 'false'}>
        {sweep ? `${pts.length} of ${sweep.total || '…'} runs${sweep.done ? '' : sweep.error ? ` (stopped: ${sweep.error})` : ' (running in the worker)'}` : 'not started'}
        {sweep && <progress max={sweep.total || 1} value={pts.length} aria-label="What-if runs done" />}
        {running ? <button type="button" data-testid="sweep-cancel" onClick={onCancel}>Cancel</button>
          : <button type="button" data-testid="sweep-start" onClick={onStart}>{sweep ? 'Run again' : 'Run the what-if'}</button>}
      </p>
      <p className="hint">
        Each point is a run of random 4 KB writes over the region ({formatInt(writes)}, and twice what the media cache holds so that it fills), in bursts of {formatInt(burst)} on average arriving at once, the host idle between bursts for the mean time of its line (the drive cleans once idle for the page's delay). Throughput: MB written in the run's second half over the time a write was outstanding.
      </p>
      <NvChart testid="sweep-chart" width={w} height={260} xLabel="media cache (MB, log)" yLabel="sustained throughput (MB/s, log)" xLog yLog series={series}
        marker={{ x: cacheMb, title: `the stage's cache: ${fmt(cacheMb)} MB` }} />
      <div className="smr-scroll" tabIndex={0} role="region" aria-label="The what-if runs, scrolling sideways on a narrow screen">
      <table className="smr-table" data-testid="sweep-table">
        <caption>The runs (the engine's figures)</caption>
        <thead><tr><th scope="col">drive</th><th scope="col">idle</th><th scope="col">cache MB</th><th scope="col">writes</th><th scope="col">MB/s</th><th scope="col">bands cleaned</th><th scope="col">writes stalled</th></tr></thead>
        <tbody>
          {pts.map((p, i) => (
            <tr key={i} data-drive={p.drive} data-idle={p.idleMs} data-cache-tracks={p.cacheTracks}>
              <td>{p.drive === 'smr' ? 'SMR' : 'CMR twin'}</td><td>{idleText(p.idleMs)}</td><td>{p.drive === 'smr' ? fmt(p.cacheMb) : '—'}</td><td>{formatInt(p.writes)}</td>
              <td data-value={p.mbPerS}>{fmt(p.mbPerS)}</td><td>{formatInt(p.cleans)}</td><td>{formatInt(p.stalls)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}
