/*
 * TraxsystemPage — track-aligned extents at the system level (#traxsystem?…):
 * the video server (rounds of V simultaneous requests: round time vs streams,
 * streams per disk at a round time, start-up latency and buffers, the hard
 * real-time count), LFS segments (overall write cost vs segment size) and
 * traxtent-aware FFS (a diff and a copy, unmodified vs traxtent allocation).
 * Each view streams its points from the engine worker (tsVideo, tsLfs, tsFfs) and is
 * cancelled and restarted when the setup changes; the URL holds the setup;
 * every number comes from the engine.
 */
import { useEffect, useMemo, useState } from 'react';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import { useEngineClients, useHashFollows } from '../../experiments/pageHooks';
import { formatInt, formatNum, formatPct } from '../../lib/format';
import { useWidth } from '../../lib/useWidth';
import { PresetPicker } from '../../experiments/PresetPicker';
import { SetupProblems } from '../../experiments/SetupProblems';
import { PAPER_ADAPTER_MBS, type Adapter } from '../../experiments/adapter';
import type { SegmentPoint, ZoneSegmentPoint } from './lfs';
import type { FfsInfo, FfsPoint, FfsResult, LfsInfo, LfsResult, VideoInfo, VideoResult } from './protocol';
import { decodeSysSetup, encodeSysSetup, ffsParams, lfsParams, videoParams, type SysSetup } from './setup';
import { FfsPanel, OUTSTANDING_TEXT } from './FfsPanel';
import { OUTSTANDING, type Outstanding } from './ffs';
import type { RoundPoint } from './video';
import { ALIGNED_SERIES, PairChart, type SeriesStyle } from './PairChart';
import { ROLE } from '../../lib/palette';
import { useFirstDrawing } from '../../lib/firstDrawing';
import './traxsystem.css';

const decodeSetup = (url: string) => decodeSysSetup(url, PRESET_IDS).setup;
/** One engine worker: the views run one at a time. */
const ENGINES = ['main'] as const;
const LFS_SERIES: readonly SeriesStyle[] = [...ALIGNED_SERIES, { key: 'zone', label: 'zone-matched', colour: ROLE.accent, noLine: true }];
const mb = (bytes: number) => formatNum(bytes / 1e6, 1);

export function TraxsystemPage() {
  const initial = useMemo(() => decodeSysSetup(window.location.hash, PRESET_IDS), []);
  const [setup, setSetup] = useState<SysSetup>(initial.setup);
  const [problems] = useState(initial.problems);
  const [status, setStatus] = useState('starting');
  const [error, setError] = useState('');
  const [vInfo, setVInfo] = useState<VideoInfo | null>(null);
  const [rounds, setRounds] = useState<RoundPoint[]>([]);
  const [vDone, setVDone] = useState<VideoResult | null>(null);
  const [lInfo, setLInfo] = useState<LfsInfo | null>(null);
  const [segs, setSegs] = useState<SegmentPoint[]>([]);
  const [lDone, setLDone] = useState<LfsResult | null>(null);
  const [zonePts, setZonePts] = useState<ZoneSegmentPoint[]>([]);
  const [fInfo, setFInfo] = useState<FfsInfo | null>(null);
  const [fPts, setFPts] = useState<FfsPoint[]>([]);
  const [fDone, setFDone] = useState<FfsResult | null>(null);
  const [clients, ready] = useEngineClients(ENGINES, 'traxsystem');
  const [box, width] = useWidth<HTMLDivElement>(800);
  const chartW = Math.max(300, Math.min(760, width));
  useHashFollows(encodeSysSetup(setup));

  const preset = presetById(setup.disk)?.json;
  useEffect(() => {
    const c = clients.current?.main;
    if (!c || !preset) return;
    const abort = new AbortController();
    const { signal } = abort;
    const live = () => !signal.aborted;
    const fail = (e: unknown) => { if (live()) { setError(e instanceof Error ? e.message : String(e)); setStatus('error'); } };
    setError('');
    setStatus('running');
    if (setup.view === 'video') {
      setRounds([]); setVDone(null); setVInfo(null);
      c.call('tsVideo', videoParams(setup, preset), {
        signal,
        onProgress: (m) => { if (!live()) return; if (m.kind === 'info') setVInfo(m.info); else setRounds((ps) => [...ps, m.point]); },
      }).then((r) => { if (live()) { setVDone(r); setStatus('done'); } }, fail);
    } else if (setup.view === 'ffs') {
      setFPts([]); setFDone(null); setFInfo(null);
      c.call('tsFfs', ffsParams(setup, preset), {
        signal,
        onProgress: (m) => { if (!live()) return; if (m.kind === 'info') setFInfo(m.info); else setFPts((ps) => [...ps, m.point]); },
      }).then((r) => { if (live()) { setFDone(r); setStatus('done'); } }, fail);
    } else {
      setSegs([]); setZonePts([]); setLDone(null); setLInfo(null);
      c.call('tsLfs', lfsParams(setup, preset), {
        signal,
        onProgress: (m) => {
          if (!live()) return;
          if (m.kind === 'info') setLInfo(m.info);
          else if (m.kind === 'zone') setZonePts((ps) => [...ps, m.point]);
          else setSegs((ps) => [...ps, m.point]);
        },
      }).then((r) => { if (live()) { setLDone(r); setStatus('done'); } }, fail);
    }
    return () => abort.abort(new DOMException('the setup changed', 'AbortError'));
  }, [setup, preset, ready, clients]);

  useFirstDrawing((vInfo !== null && rounds.length > 0) || (lInfo !== null && segs.length > 0) || (fInfo !== null && fPts.length > 0), 'chart');

  const set = <K extends keyof SysSetup>(k: K, v: SysSetup[K]) => setSetup((s) => ({ ...s, [k]: v }));
  const total = setup.view === 'video' ? 2 * (Math.floor((setup.vmax - setup.vmin) / setup.vstep) + 1)
    : setup.view === 'ffs' ? (fInfo ? fInfo.runs.length : 0) : (lInfo ? 2 * lInfo.sizes.length + lInfo.zones : 0);
  const done = setup.view === 'video' ? rounds.length : setup.view === 'ffs' ? fPts.filter((p) => p.last).length : segs.length + zonePts.length;
  const unit = setup.view === 'ffs' ? 'runs' : 'points';
  const numField = (k: keyof SysSetup, label: string, step = 'any') => (
    <label>{label} <input id={`ts-${k}`} type="number" step={step} defaultValue={String(setup[k])} key={`${k}${String(setup[k])}`}
      onBlur={(e) => { const v = Number(e.target.value); if (Number.isFinite(v) && e.target.value !== '') set(k, v as never); }}
      onKeyDown={(e) => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }} /></label>
  );

  return (
    <main className="traxsystem">
      <div className="page-head">
        <h1>Track-aligned extents in systems</h1>
        <span className="sub">Schindler et al., Track-aligned extents, FAST 2002, sections 5.3–5.5 · <a href="#traxtents">the disk-level experiment</a></span>
        <PresetPicker pageId="traxsystem" setup={setup} encode={encodeSysSetup} decode={decodeSetup} onChoose={setSetup} testId="ts-experiment" />
      </div>
      <SetupProblems problems={problems} />
      <form className="ts-controls" onSubmit={(e) => e.preventDefault()}>
        <label>View <select id="ts-view" value={setup.view} onChange={(e) => set('view', e.target.value as SysSetup['view'])}>
          <option value="video">video server</option><option value="lfs">LFS segments</option><option value="ffs">traxtent-aware FFS</option>
        </select></label>
        <label>Disk <select id="ts-disk" value={setup.disk} onChange={(e) => set('disk', e.target.value)}>
          {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select></label>
        <label>Host adapter <select id="ts-adapter" value={String(setup.adapter)}
          onChange={(e) => set('adapter', (e.target.value === 'paper' || e.target.value === 'drive' ? e.target.value : Number(e.target.value)) as Adapter)}>
          <option value="paper">the paper's ({PAPER_ADAPTER_MBS} MB/s)</option><option value="drive">the drive's own bus</option>
          {typeof setup.adapter === 'number' && <option value={String(setup.adapter)}>{setup.adapter} MB/s</option>}
        </select></label>
        {setup.view === 'video' ? (
          <>
            <label>Disk scheduler <select id="ts-sched" value={setup.sched} onChange={(e) => set('sched', e.target.value as SysSetup['sched'])}>
              <option value="sptf">SPTF</option><option value="clook">C-LOOK</option><option value="fcfs">FCFS</option>
            </select></label>
            {numField('io', 'I/O size (tracks)', '1')}
            {numField('vmin', 'Fewest streams', '1')}
            {numField('vmax', 'Most streams', '1')}
            {numField('vstep', 'Step', '1')}
            {numField('rounds', 'Rounds per point', '1')}
            {numField('frac', 'Deadlines met')}
            {numField('rate', 'Bit rate (Mb/s)')}
            {numField('disks', 'Disks', '1')}
            {numField('round', 'Round time (ms)')}
          </>
        ) : setup.view === 'ffs' ? (
          <>
            {numField('fmb', 'Diff: each file (MB)', '1')}
            {numField('cmb', 'Copy: the file (MB)', '1')}
            <label>Requests at the disk <select id="ts-out" value={setup.out} onChange={(e) => set('out', e.target.value as Outstanding)}>
              {OUTSTANDING.map((o) => <option key={o} value={o} title={OUTSTANDING_TEXT[o]}>{o === 'one' ? 'one in all' : 'one per stream'}</option>)}
            </select></label>
            {numField('cblk', 'Unmodified FFS cluster (8 KB blocks)', '1')}
            {numField('sect', 'File sections (MB, 0: one after the other)', '1')}
          </>
        ) : (
          <>
            {numField('u', 'Cleaned-segment utilisation')}
            {numField('maxtr', 'Largest segment (tracks)', '1')}
            {numField('pts', 'Segment sizes', '1')}
            {numField('n', 'Writes per point', '1')}
          </>
        )}
        {numField('seed', 'Seed', '1')}
      </form>
      <p className="ts-line" data-testid="ts-status" data-status={status}>{error ? `Error: ${error}` : `${done} of ${total || '…'} ${unit} (${status})`}</p>
      <div ref={box}>
        {setup.view === 'video' && vInfo && (
          <section data-testid="ts-video">
            <h2>Round time against streams per disk</h2>
            <p className="ts-trade">Larger requests read more per positioning, so a disk serves more streams; but each round then takes longer, so a new
              stream waits longer to start and the server buffers more. Track-aligned requests buy the efficiency without the size: no rotational latency, no head switch.</p>
            <PairChart id="rounds" width={chartW} xLabel="streams per disk (V simultaneous requests)" yLabel={`round time at ${formatPct(setup.frac, 2)} (ms)`}
              points={rounds.map((p) => ({ series: p.alignment, x: p.v, y: p.roundMs }))} hMark={{ y: setup.round, label: `round ${formatInt(setup.round)} ms` }} />
            <p className="ts-line">Requests of {setup.io} track{setup.io > 1 ? 's' : ''} ({formatNum(vInfo.ioBytes / 1024, 0)} KB), random in the first zone, all V issued at once as one linked batch; {formatInt(setup.rounds)} rounds per point. One request&apos;s data lasts a {setup.rate} Mb/s stream {formatInt(vInfo.lastsMs)} ms.</p>
            {vDone && (
              <table className="ts-table" data-testid="ts-video-table" tabIndex={0}>
                <thead><tr><th scope="col"></th><th scope="col">streams per disk at {formatInt(setup.round)} ms</th><th scope="col">start-up latency ({setup.disks} disks)</th><th scope="col">buffer per disk</th><th scope="col">hard real-time streams</th><th scope="col">hard real-time efficiency</th></tr></thead>
                <tbody>
                  {(['aligned', 'unaligned'] as const).map((a) => (
                    <tr key={a}><th scope="row">{a}</th>
                      <td data-testid={`streams-${a}`} data-value={vDone[a].streams}>{formatInt(vDone[a].streams)}</td>
                      <td>{formatNum(vDone[a].startupMs / 1000, 1)} s</td>
                      <td>{mb(vDone[a].bufferBytes)} MB</td>
                      <td data-testid={`hard-${a}`}>{formatInt(vInfo.hard[a].streams)}</td>
                      <td>{formatPct(vInfo.hard[a].efficiency, 0)}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
            <h2>Start-up latency against streams (Figure 9&apos;s trade)</h2>
            <p className="ts-trade">Every stream holds two requests&apos; worth of data (one being sent, one being read), so buffers grow with V and with the I/O size; the round time the disk needs for V streams sets the start-up latency, round × (D + 1).</p>
            <PairChart id="buffers" width={chartW} height={240} xLabel="streams per disk" yLabel="start-up latency (s)"
              points={rounds.map((p) => ({ series: p.alignment, x: p.v, y: p.roundMs * (setup.disks + 1) / 1000 }))} />
            <p className="ts-line">Buffer per disk at V streams: 2 × {formatNum(vInfo.ioBytes / 1024, 0)} KB × V, e.g. {mb(2 * vInfo.ioBytes * setup.vmax)} MB at {setup.vmax}.</p>
          </section>
        )}
        {setup.view === 'ffs' && fInfo && (
          <FfsPanel info={fInfo} points={fPts} done={fDone} fileMB={{ diff: setup.fmb, copy: setup.cmb }} outstanding={setup.out} clusterBlocks={setup.cblk} sectionMB={setup.sect} width={chartW} />
        )}
        {setup.view === 'lfs' && lInfo && (
          <section data-testid="ts-lfs">
            <h2>Overall write cost against segment size</h2>
            <p className="ts-trade">Large segments write efficiently but make the cleaner move more live data and delay small reads; small segments waste the disk on positioning.
              A segment that is exactly one track, started on its boundary, writes with no rotational latency and no head switch.</p>
            <PairChart id="owc" width={chartW} xLabel="segment size (KB)" yLabel="overall write cost" series={LFS_SERIES}
              points={[...segs.map((p) => ({ series: p.alignment, x: p.sectors * lInfo.sectorBytes / 1024, y: p.owc })),
                ...zonePts.map((p) => ({ series: 'zone', x: p.sectors * lInfo.sectorBytes / 1024, y: p.owc }))]}
              vMark={{ x: lInfo.trackLbns * lInfo.sectorBytes / 1024, label: 'one track' }} />
            <p className="ts-line">Write cost 2/(1−u) = {formatNum(lInfo.writeCost, 2)} at u = {setup.u} (Sprite LFS cleaning), times 1/efficiency of one segment write measured by the engine ({formatInt(setup.n)} random writes per size, first zone).
              The {formatInt(lInfo.zones)} zone-matched points are variable-sized segments: in each zone, segments of one of its tracks, started on a track boundary, written at random in that zone.</p>
            {lDone && (
              <p className="ts-line" data-testid="ts-lfs-summary">
                Track-sized segments: aligned cost {formatPct(lDone.trackReduction, 0)} less than unaligned. Lowest cost: aligned at {formatNum(lDone.best.aligned.sectors * lInfo.sectorBytes / 1024, 0)} KB, unaligned at {formatNum(lDone.best.unaligned.sectors * lInfo.sectorBytes / 1024, 0)} KB
                (this write-cost model does not grow with segment size, so larger segments keep winning; see the fidelity table).
              </p>
            )}
            {lDone && (
              <p className="ts-line" data-testid="ts-lfs-whole">
                Over the whole disk (random segments, long seeks included): zone-matched segments (mean {formatNum(lDone.whole.matched.meanSectors * lInfo.sectorBytes / 1024, 0)} KB)
                cost <span data-testid="owc-matched" data-value={lDone.whole.matched.owc}>{formatNum(lDone.whole.matched.owc, 1)}</span>; segments of one size
                ({formatNum(lDone.whole.fixedSectors * lInfo.sectorBytes / 1024, 0)} KB, the first zone&apos;s track) cost {formatNum(lDone.whole.fixedAligned.owc, 1)} started
                on a track boundary and {formatNum(lDone.whole.fixedUnaligned.owc, 1)} started anywhere: inner tracks are shorter, so one size cannot match them all.
              </p>
            )}
          </section>
        )}
      </div>
    </main>
  );
}
