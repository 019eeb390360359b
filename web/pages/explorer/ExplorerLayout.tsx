/*
 * ExplorerLayout — places the panels of the run on screen: the platter and
 * side view, the queues and timeline, and the tabbed side column
 * (statistics, the setup editor, the disk). A run over several devices adds
 * the volume above them: the host queue, a strip of compact platters (one
 * per device; the selected one is the large view, its queues and timeline
 * below) and the statistics per device and for the volume. Only placement
 * and captions; each panel draws what it is given.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Previous } from './whatIf';
import { Explain, Units } from '../../shell/Explain';
import type { RunDisk, RunHost } from '../../engine/runProtocol';
import { formatInt } from '../../lib/format';
import { DeviceStrip } from '../../panels/devices/DeviceStrip';
import { HostQueueView } from '../../panels/host/HostQueueView';
import { DeviceStatsTable } from '../../panels/stats/DeviceStatsTable';
import type { Playback } from '../../run/playback';
import { bandColour, INK, SEGMENT } from '../../panels/colours';
import { DiskView } from '../../panels/disk/DiskView';
import { CanvasPanel, type CanvasHandle } from '../../panels/live/CanvasPanel';
import { densityRings } from '../../panels/platter/zones';
import { QueuesView } from '../../panels/queues/QueuesView';
import { HistogramView, StatsView } from '../../panels/stats/StatsView';
import { TimelineView } from '../../panels/timeline/TimelineView';
import type { panelState } from '../../run/panelState';
import type { DiskPreset } from '../../state/diskPreset';
import type { TabName } from '../../state/setup';
import { HIST_H, HIST_W, PLATTER_PX, SEEK_H, SEEK_W, STRIP_PX, SURFACES_H, TIMELINE_H, TIMELINE_W, chartBox, platterPx } from './sizes';
import { surfacesHeight } from '../../panels/surfaces/drawSurfaces';
import { useBox, useViewportHeight } from '../../lib/useWidth';
import { embedding } from '../../stage/embed';

export interface PanelRefs {
  platter: RefObject<CanvasHandle | null>;
  surfaces: RefObject<CanvasHandle | null>;
  timeline: RefObject<SVGSVGElement | null>;
  histogram: RefObject<SVGSVGElement | null>;
  seekCurve: RefObject<SVGSVGElement | null>;
}

export interface ExplorerLayoutProps {
  /** The device shown large (the selected one). */
  disk: RunDisk;
  /** Every device of the run, and the host. */
  devices: readonly RunDisk[];
  host: RunHost;
  playback: Playback | null;
  selected: number;
  onSelect(device: number): void;
  stripRef(device: number): (h: CanvasHandle | null) => void;
  preset: DiskPreset | undefined;
  /** What the React panels show at the playback's instant. */
  view: ReturnType<typeof panelState>;
  /** Requests in the run. */
  total: number;
  /** The setup changed since this run: shown dimmed until the new one begins. */
  stale: boolean;
  tab: TabName;
  onTab(tab: TabName): void;
  /** The editor has fields to fix (a mark on its tab). */
  setupWarning: boolean;
  editor: ReactNode;
  refs: PanelRefs;
  /** Presentation mode: the platter as large as the window allows. */
  present: boolean;
  /** A canvas changed size (and was cleared): draw the frame again. */
  onResized(): void;
  /** The run before the last what-if change, to compare with. */
  previous: Previous | null;
  /** A comparison is on the stage above (its runs' platters, timelines, statistics): here only the volume (the run after's host queue, devices and their statistics) and the tabbed column. */
  compare: boolean;
}

/**
 * The height the platter's column gives its heading and platter. Presentation mode fits the platter
 * below the controls (its heading is taller in presentation type: 24 px more room for it). Otherwise
 * the page opens with the whole platter under its controls when the first screen can hold one of a
 * useful size (a projector's 1024×768); when it cannot (a volume's strip above it, a banner), the page
 * scrolls to it, and it is never taller than the window.
 */
function platterRoom(present: boolean, viewportH: number, columnTop: number): number {
  if (present) return viewportH - columnTop - 24;
  const firstScreen = viewportH - columnTop - FIRST_SCREEN_HEADING;
  return firstScreen >= FIRST_SCREEN_LEAST ? firstScreen : viewportH - 60;
}

/** Room under the column's top for the platter's heading and its explanation (two lines on a projector), less the 40 px platterPx leaves. */
const FIRST_SCREEN_HEADING = 36;
/** The least first-screen room for a platter worth fitting there (platterPx's 300 px floor and its 40 px heading). */
const FIRST_SCREEN_LEAST = 340;

export function ExplorerLayout(props: ExplorerLayoutProps) {
  const { disk, preset, view, total, stale, tab, onTab, setupWarning, editor, refs, devices, host, playback, selected, onSelect, stripRef, present, onResized, previous, compare } = props;
  const [whole, setWhole] = useState(false);
  const finalSnap = playback?.data.finalSnapshot;
  // Every drawing takes the room its column has (the columns are fluid; see explorer.css).
  const platterCol = useRef<HTMLElement>(null);
  const middleCol = useRef<HTMLElement>(null);
  const sideCol = useRef<HTMLElement>(null);
  const viewportH = useViewportHeight();
  const platterBox = useBox(platterCol, PLATTER_PX, present);
  // Embedded in a frame, the platter (with no heading) fills the frame's room below the controls, however small.
  const platter = embedding() ? Math.max(120, Math.min(platterBox.width, viewportH - platterBox.top - 6))
    : platterPx(platterBox.width, platterRoom(present, viewportH, platterBox.top));
  const typeScale = present ? 1.4 : 1;
  const timeline = chartBox(useBox(middleCol, TIMELINE_W).width, TIMELINE_W, TIMELINE_H, 2.2, typeScale);
  const sideW = useBox(sideCol, HIST_W).width;
  const hist = chartBox(sideW, HIST_W, HIST_H, present ? 2.2 : 1.6, typeScale);
  const seek = chartBox(sideW, SEEK_W, SEEK_H, present ? 2.2 : 1.6, typeScale);
  const surfacesH = surfacesHeight(disk.surfaces, SURFACES_H);
  const bands = densityRings(disk.zones);
  useEffect(() => onResized(), [platter, surfacesH, onResized]);
  const many = devices.length > 1;
  const of = many ? ` of disk ${selected}` : '';
  const summaries = many && playback ? playback.devices.map((d) => ({
    name: d.spec.name, queued: d.host.length + d.disk.length, service: d.service, completed: d.completed,
  })) : [];
  return (
    <main className="grid" data-present={present ? 'true' : 'false'} data-stale={stale ? 'true' : 'false'} data-devices={devices.length} data-compare={compare ? 'true' : 'false'}>
      {many && (
        <section className="volume" aria-labelledby="volume-h" data-testid="volume">
          <div className="vcol hostcol">
            <h2 id="volume-h">
              Host queue <span className="sub">volume: {host.policy} over {devices.length} disks, {formatInt(host.capacity)} blocks{host.policy !== 'identity' ? `, unit ${host.stripeSectors > 0 ? `${host.stripeSectors} sectors` : `${host.stripeTracks} track${host.stripeTracks === 1 ? '' : 's'}`}` : ''}</span>
            </h2>
            <Explain id="hostQueue" />
            <HostQueueView {...view.host} selected={selected} />
          </div>
          <div className="vcol stripcol">
            <h2>Devices <span className="sub">click or press 1–{Math.min(devices.length, 9)} to show one below</span></h2>
            <Explain id="devices" />
            <DeviceStrip devices={summaries} selected={selected} onSelect={onSelect} canvasRef={stripRef} px={STRIP_PX} />
          </div>
          <div className="vcol statscol">
            <h2>Statistics by device <span className="sub">the engine's, as played</span></h2>
            <DeviceStatsTable snapshot={view.snapshot} names={devices.map((d) => d.name)} selected={selected} onSelect={onSelect} />
          </div>
        </section>
      )}
      {!compare && <section className="col platter-col" aria-labelledby="platter-h" ref={platterCol}>
        <h2 id="platter-h">{many ? `Disk ${selected} (${disk.name}), top view` : 'Platter, top view'} <span className="sub">the surface under the active head</span></h2>
        <Explain id="platter" />
        <CanvasPanel ref={refs.platter} width={platter} height={platter} testId="live-platter" label={`Platter of the ${disk.name}: zones as colour bands, the arm and head, the sectors of the request in service`} />
        <ul className="legend inline">
          {bands.length <= 6 && bands.map((b) => (
            <li key={b.firstCyl}><span className="swatch" style={{ background: bandColour(b.density) }} />{b.slotsPerTrack} sectors/track{bands.length > 1 || b.zones.length > 1 ? ` (zone${b.zones.length > 1 ? `s ${b.zones[0]}–${b.zones[b.zones.length - 1]}` : ` ${b.zones[0]}`})` : ''}</li>
          ))}
          {bands.length > 6 && <li>{bands.length} bands of sectors per track (colours repeat)</li>}
          <li><span className="swatch" style={{ background: SEGMENT.transfer.colour }} />sectors transferred</li>
          <li><span className="swatch dashed-box" style={{ borderColor: SEGMENT.transfer.colour }} />to come</li>
          <li><span className="swatch" style={{ background: SEGMENT.rotation.colour }} />sector awaited</li>
          <li><span className="swatch" style={{ background: INK.readAhead }} />read ahead</li>
          <li><span className="swatch line" style={{ background: '#000' }} />index (angle 0)</li>
        </ul>
        <Units id="platter" />
        <h2>Side view <span className="sub">active head highlighted</span></h2>
        <Explain id="sideView" />
        <CanvasPanel ref={refs.surfaces} width={platter} height={surfacesH} testId="surfaces" label={`Side view: ${disk.surfaces} surfaces, the active head highlighted`} />
        <ul className="legend inline" data-testid="surfaces-legend">
          <li><span className="swatch" style={{ background: INK.platter }} />platter</li>
          <li><span className="swatch" style={{ background: 'rgba(0,114,178,0.25)' }} />data band (outer edge right)</li>
          <li><span className="swatch" style={{ background: INK.active, border: '1px solid #000' }} />active head</li>
          <li><span className="swatch" style={{ background: '#fff', border: '1px solid #000' }} />head it switched from</li>
          <li><span className="swatch" style={{ background: INK.arm }} />other heads, on one comb</li>
        </ul>
      </section>}
      {!compare && <section className="col middle-col" ref={middleCol}>
        <h2>Queues{of}</h2>
        <Explain id="queues" />
        <QueuesView {...view.queues} fifoTitle={many ? 'Driver FIFO' : undefined} />
        <h2>Timeline{of} <span className="sub">one row per request; hover for exact times</span></h2>
        <Explain id="timeline" />
        <TimelineView ref={refs.timeline} rows={view.rows} t0={view.t0} t1={view.t1} now={view.now} width={timeline.width} height={timeline.height} scale={timeline.scale} />
        <Units id="timeline" />
      </section>}
      <section className="col side-col" ref={sideCol}>
        <div className="tabs" role="tablist">
          {(['stats', 'setup', 'disk'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} data-testid={`tab-${t}`} onClick={() => onTab(t)}>
              {t === 'stats' ? 'Statistics' : t === 'setup' ? `Setup${setupWarning ? ' ⚠' : ''}` : many ? `Disk ${selected}` : 'Disk'}
            </button>
          ))}
        </div>
        <div className="tabpanel" hidden={tab !== 'stats'}>
          <Explain id="stats" />
          {many && <p className="sub">All devices: every device request.</p>}
          <HistogramView ref={refs.histogram} snapshot={view.snapshot} width={hist.width} height={hist.height} scale={hist.scale} />
          <label className="whole-run" title="The statistics as played so far, or of the whole run at once (once it has been simulated)">
            <input type="checkbox" checked={whole} onChange={(e) => setWhole(e.target.checked)} disabled={!finalSnap} data-testid="whole-run" /> whole run
          </label>
          <StatsView snapshot={whole && finalSnap ? finalSnap : view.snapshot} total={total} final={whole && !!finalSnap ? true : view.final}
            played={playback?.completed ?? 0} previous={stale ? null : previous} />
          <Units id="stats" />
        </div>
        <div className="tabpanel" hidden={tab !== 'setup'}>
          {editor}
        </div>
        <div className="tabpanel" hidden={tab !== 'disk'}>
          <Explain id="disk" />
          <DiskView disk={disk} preset={preset} seekRef={refs.seekCurve} seekBox={seek} />
          <Units id="disk" />
        </div>
      </section>
    </main>
  );
}
