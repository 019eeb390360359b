/*
 * DiskView — the disk the run used: its seek curve (sp_seek_time at the
 * distances the worker sampled), its zone table (from the engine's track
 * table; transfer rate = one track's LBNs per revolution), the parameters
 * the engine holds after the setup's overrides, and the preset's sources,
 * estimates and what the engine could not express exactly.
 */
import { forwardRef, memo } from 'react';
import { scaleLinear } from 'd3';
import { ChartFrame, LinePath, linearTicks, plotRanges, type Px } from '../../charts';
import type { RunDisk } from '../../engine/runProtocol';
import type { DiskPreset } from '../../state/diskPreset';
import { formatInt } from '../../lib/format';
import { bandColour } from '../colours';
import { densityRings } from '../platter/zones';

// Room on the right for the last distance's label ("10 000" centred on the axis's end).
const M = { left: 48, right: 22, top: 10, bottom: 36 };
const CURVE = '#0072B2';

/** The engine's seek curve (sp_seek_time at the sampled distances) in the chart kit's frame, with grid lines both ways. */
export const SeekCurveView = memo(forwardRef<SVGSVGElement, { disk: RunDisk; width: number; height: number; scale?: number }>(function SeekCurveView({ disk, width, height, scale = 1 }, ref) {
  const d = disk.seekDistances;
  const t = disk.seekMs;
  const maxD = d.length ? d[d.length - 1] : 1;
  const maxT = t.length ? Math.max(...t) : 1;
  const r = plotRanges(width, height, M);
  const x = scaleLinear().domain([0, Math.max(1, maxD)]).range(r.x);
  const y = scaleLinear().domain([0, maxT]).nice().range(r.y);
  return (
    <ChartFrame ref={ref} width={width} height={height} scale={scale} margin={M} label="Seek time against seek distance, from the engine" testId="seek-curve"
      xTicks={linearTicks(x, 5, formatInt)} xGrid xLabel="seek distance (cylinders)" yTicks={linearTicks(y, 5)} yLabel="seek time (ms)">
      <LinePath points={Array.from(d, (v, i): Px => [x(v), y(t[i])])} colour={CURVE} />
    </ChartFrame>
  );
}));

const PARAM_LABELS: Array<[string, string, (v: number) => string]> = [
  ['Rpm', 'Rotation speed', (v) => `${v} RPM`],
  ['HeadSwitchMs', 'Head switch', (v) => `${v} ms`],
  ['CylSwitchMs', 'Cylinder switch', (v) => (v < 0 ? 'seek(1)' : `${v} ms`)],
  ['WriteSettleMs', 'Write settle', (v) => `${v} ms`],
  ['ZeroLatency', 'Zero-latency access', (v) => (v ? 'on' : 'off')],
  ['ReadOverheadMs', 'Read overhead', (v) => `${v} ms`],
  ['WriteOverheadMs', 'Write overhead', (v) => `${v} ms`],
  ['BusMsPerSector', 'Bus time per sector', (v) => `${v} ms`],
  ['ReadFenceSectors', 'Read fence', (v) => `${v} sectors`],
  ['CacheSegments', 'Cache segments', (v) => String(v)],
  ['CacheSegmentSectors', 'Segment size', (v) => `${v} sectors`],
  ['ReadAhead', 'Read-ahead', (v) => ['none', 'to the track end', 'continue'][v] ?? String(v)],
  ['WriteCache', 'Write cache', (v) => (v ? 'immediate report' : 'write-through')],
  ['QueueDepth', 'Queue depth', (v) => String(v)],
  ['Scheduler', 'Scheduler', (v) => ['FCFS', 'SSTF', 'LOOK', 'C-LOOK', 'SPTF'][v] ?? String(v)],
];

/** "24 rows, 13 densities": the preset's zone rows and the bands of distinct sectors per track the platter colours. */
function zoneHeading(zones: RunDisk['zones']): string {
  const bands = densityRings(zones).length;
  const rows = zones.length === 1 ? 'one row' : `${zones.length} rows`;
  return bands === zones.length ? rows : `${rows}, ${bands === 1 ? 'one density' : `${bands} densities`}: colour marks a change of sectors per track`;
}

/** The seek curve's drawing size and scale (its base size unless the page says otherwise). */
const SEEK_BOX = { width: 340, height: 160, scale: 1 };

export const DiskView = memo(function DiskView({ disk, preset, seekRef, seekBox = SEEK_BOX }: { disk: RunDisk; preset?: DiskPreset; seekRef?: React.Ref<SVGSVGElement>; seekBox?: { width: number; height: number; scale: number } }) {
  return (
    <div className="diskview" data-testid="disk-panel">
      <h3>{disk.name}</h3>
      {preset && <p className="sub">{preset.description}</p>}
      <p className="sub">
        {formatInt(disk.capacity)} sectors of {disk.sectorBytes} bytes · {formatInt(disk.cylinders)} cylinders ·{' '}
        {disk.surfaces} surfaces · {disk.rpm} RPM ({disk.revolutionMs.toFixed(3)} ms per revolution)
      </p>
      <h3>Seek curve</h3>
      <SeekCurveView ref={seekRef} disk={disk} width={seekBox.width} height={seekBox.height} scale={seekBox.scale} />
      <h3>Zones ({zoneHeading(disk.zones)})</h3>
      <div className="scroll">
        <table className="zones" data-testid="zone-table">
          <thead>
            <tr><th>Zone</th><th>Cylinders</th><th title="physical sectors per track, spares included">Sect./trk</th><th title="LBNs on a track">LBNs/trk</th><th title="media rate: one track's LBNs per revolution">MB/s</th></tr>
          </thead>
          <tbody>
            {disk.zones.map((z) => (
              <tr key={`${z.zone}-${z.firstCyl}`}>
                <td><span className="swatch" style={{ background: bandColour(z.density) }} /> {z.zone}</td>
                <td>{z.firstCyl}–{z.lastCyl}</td>
                <td>{z.slotsPerTrack}</td>
                <td>{z.lbnsPerTrack}</td>
                <td>{((z.lbnsPerTrack * disk.sectorBytes) / disk.revolutionMs / 1000).toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>What the engine holds</h3>
      <table className="numbers">
        <tbody>
          {PARAM_LABELS.map(([key, label, fmt]) => (
            <tr key={key}><th>{label}</th><td data-testid={`param-${key}`} data-value={disk.params[key]}>{fmt(disk.params[key])}</td></tr>
          ))}
        </tbody>
      </table>
      {preset && (
        <>
          <h3>Sources</h3>
          <ul className="sources">
            {preset.sources.map((s) => <li key={s.id}>{s.cite}: <em>{s.where}</em></li>)}
          </ul>
          {preset.estimated.length > 0 && (
            <>
              <h3>Estimated (no source gives these)</h3>
              <ul className="sources">
                {preset.estimated.map((e) => <li key={e.field}><code>{e.field}</code>: {e.reason}</li>)}
              </ul>
            </>
          )}
        </>
      )}
      {disk.approximations.length > 0 && (
        <>
          <h3>What the engine approximates</h3>
          <ul className="sources">{disk.approximations.map((a) => <li key={a}>{a}</li>)}</ul>
        </>
      )}
    </div>
  );
});
