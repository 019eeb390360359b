/*
 * Results — what a validation run found, every number from the worker's
 * answer (the engine's replay, its demerit and statistics): the figures
 * (means, demerit in ms and as % of the measured mean, DiskSim's rms for the
 * drive where known), the two CDFs, the per-request scatter, where the
 * model's time goes, and which requests the difference comes from.
 */
import { formatInt, formatMs } from '../../lib/format';
import type { ValRunResult } from './protocol';
import type { ValidationDrive } from './drives';
import { CDF_COLOURS, CdfChart } from '../../panels/cdf/CdfChart';
import { responseRange } from '../../panels/cdf/cdf';
import { ScatterChart } from './ScatterChart';
import { describeClass } from './classes';

const [MEASURED_COLOUR, MODEL_COLOUR] = CDF_COLOURS;
const pct = (x: number) => `${x >= 0 ? '+' : '\u2212'}${Math.abs(100 * x).toFixed(2)} %`;

const PARTS = [
  ['overheadMs', 'controller overhead'], ['seekMs', 'seek'], ['rotationMs', 'rotational latency'],
  ['transferMs', 'media transfer'], ['switchMs', 'head and cylinder switches'], ['busMs', 'bus transfer'],
] as const;

export interface ResultsProps {
  r: ValRunResult;
  of: { preset: string; trace: string };
  /** The drive the trace measured, if it is one of DiskSim's. */
  drive: ValidationDrive | undefined;
  presetId: string;
  width: number;
}

export function Results({ r, of, drive, presetId, width }: ResultsProps) {
  const xMax = responseRange(r.measuredSorted, r.simulatedSorted);
  const wide = width >= 900;
  // The class table needs more room than a chart.
  const wideTables = width >= 1300;
  const chartW = wide ? Math.floor((width - 24) / 2) : width;
  const b = r.breakdown;
  const partMax = Math.max(...PARTS.map(([k]) => b[k]), 1e-9);
  return (
    <section className="val-results" data-testid="val-results">
      <h2>{of.trace} through {of.preset}</h2>
      <table className="val-figures">
        <tbody>
          <tr><th>requests</th><td data-testid="val-count" data-value={r.count}>{formatInt(r.count)} (closed replay: one outstanding, think times from the trace)</td></tr>
          <tr><th>measured mean</th><td data-testid="val-measured" data-value={r.measuredMeanMs}>{formatMs(r.measuredMeanMs)}</td></tr>
          <tr><th>model mean</th><td data-testid="val-model" data-value={r.modelMeanMs}>{formatMs(r.modelMeanMs)} ({pct(r.meanError)} of measured)</td></tr>
          <tr className="key"><th>demerit</th><td data-testid="val-demerit" data-value={r.demeritMs}>
            {formatMs(r.demeritMs)} (<span data-testid="val-demerit-pct" data-value={r.demeritRelative}>{(100 * r.demeritRelative).toFixed(2)} %</span> of the measured mean)</td></tr>
          <tr><th>DiskSim&rsquo;s rms, same trace</th><td data-testid="val-disksim" data-value={drive?.disksimRmsMs ?? ''}>
            {drive ? <>{formatMs(drive.disksimRmsMs)} (DiskSim&rsquo;s model {drive.disksimModel} of the {drive.drive}{drive.preset && drive.preset !== presetId ? `; not the drive of this preset` : ''})</> : 'not known for this trace'}</td></tr>
          <tr><th>model cache hits</th><td>{formatInt(b.cacheHits)} of {formatInt(r.count)}</td></tr>
        </tbody>
      </table>
      <p className="hint">The demerit (Ruemmler &amp; Wilkes, 1994) is the root-mean-square horizontal distance between the two curves below: how far, in ms, the model&rsquo;s distribution of response times lies from the drive&rsquo;s.</p>
      <div className={wide ? 'val-split' : ''}>
        <div>
          <h3>Response-time distributions</h3>
          <ul className="legend val-legend">
            <li><span className="swatch line" style={{ background: MEASURED_COLOUR }} />measured on the drive (mean {formatMs(r.measuredMeanMs)})</li>
            <li><span className="swatch dashed" style={{ borderColor: MODEL_COLOUR }} />the model (mean {formatMs(r.modelMeanMs)})</li>
          </ul>
          <CdfChart curves={[{ sorted: r.measuredSorted, testId: 'cdf-measured' }, { sorted: r.simulatedSorted, testId: 'cdf-model' }]} xMax={xMax}
            width={chartW} height={Math.round(Math.max(260, Math.min(440, chartW * 0.62)))}
            xLabel="response time (ms)" yLabel="fraction of requests" label="response-time CDFs, measured and model" testId="val-cdf" />
        </div>
        <div>
          <h3>Each request: measured against the model</h3>
          <ScatterChart measured={r.measuredMs} model={r.simulatedMs} isWrite={r.isWrite} xMax={xMax} width={chartW} />
        </div>
      </div>
      <div className={wideTables ? 'val-split' : ''}>
        <div>
          <h3>Where the model&rsquo;s time goes</h3>
          <table className="val-parts" data-testid="val-breakdown">
            <tbody>
              {PARTS.map(([k, label]) => (
                <tr key={k} data-testid={`val-part-${k}`} data-value={b[k]}>
                  <th>{label}</th><td className="num">{formatMs(b[k])}</td>
                  <td className="barcell"><span className="bar" style={{ width: `${(100 * b[k]) / partMax}%` }} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="hint">Means over all requests, from the engine&rsquo;s statistics (a cache hit has no seek, rotation or media transfer; the bus may overlap the media transfer).</p>
        </div>
        <div>
          <h3>Which requests the difference comes from</h3>
          <div className="val-scroll" tabIndex={0} role="region" aria-label="Requests by class (scrolls sideways)"><table className="val-classes" data-testid="val-classes">
            <thead><tr><th>requests</th><th>count</th><th>measured</th><th>model</th><th>share of the mean difference</th></tr></thead>
            <tbody>
              {r.classes.filter((c) => c.split === 'cache').map((c) => (
                <tr key={c.label} title={describeClass(c)}>
                  <th>{c.label}</th><td>{formatInt(c.count)}</td><td>{formatMs(c.measuredMeanMs)}</td><td>{formatMs(c.modelMeanMs)}</td>
                  <td>{c.shareMs >= 0 ? '+' : '\u2212'}{formatMs(Math.abs(c.shareMs))}</td>
                </tr>
              ))}
            </tbody>
          </table></div>
          <p className="hint">Each class&rsquo;s Σ(model − measured) over all requests: the shares add up to the difference of the means.</p>
        </div>
      </div>
    </section>
  );
}
