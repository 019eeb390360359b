/*
 * ExplorerLayout — places the panels of the run on screen: the platter and
 * side view, the queues and timeline, and the tabbed side column
 * (statistics, the setup editor, the disk). Only placement and captions;
 * each panel draws what it is given.
 */
import type { ReactNode, RefObject } from 'react';
import type { RunDisk } from '../engine/runProtocol';
import { INK, SEGMENT } from '../panels/colours';
import { DiskView } from '../panels/disk/DiskView';
import { CanvasPanel, type CanvasHandle } from '../panels/live/CanvasPanel';
import { ZONE_COLOURS } from '../panels/platter/drawPlatter';
import { QueuesView } from '../panels/queues/QueuesView';
import { HistogramView, StatsView } from '../panels/stats/StatsView';
import { TimelineView } from '../panels/timeline/TimelineView';
import type { panelState } from '../run/panelState';
import type { DiskPreset } from '../state/diskPreset';
import type { TabName } from '../state/setup';
import { HIST_H, HIST_W, PLATTER_PX, SURFACES_H, SURFACES_W, TIMELINE_H, TIMELINE_W } from './sizes';

export interface PanelRefs {
  platter: RefObject<CanvasHandle | null>;
  surfaces: RefObject<CanvasHandle | null>;
  timeline: RefObject<SVGSVGElement | null>;
  histogram: RefObject<SVGSVGElement | null>;
  seekCurve: RefObject<SVGSVGElement | null>;
}

export interface ExplorerLayoutProps {
  disk: RunDisk;
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
}

export function ExplorerLayout({ disk, preset, view, total, stale, tab, onTab, setupWarning, editor, refs }: ExplorerLayoutProps) {
  return (
    <main className="grid" data-stale={stale ? 'true' : 'false'}>
      <section className="col platter-col" aria-labelledby="platter-h">
        <h2 id="platter-h">Platter, top view <span className="sub">the surface under the active head</span></h2>
        <CanvasPanel ref={refs.platter} width={PLATTER_PX} height={PLATTER_PX} testId="live-platter" label={`Platter of the ${disk.name}: zones as colour bands, the arm and head, the sectors of the request in service`} />
        <ul className="legend inline">
          {disk.zones.length <= 6 && disk.zones.map((z) => (
            <li key={`${z.zone}-${z.firstCyl}`}><span className="swatch" style={{ background: ZONE_COLOURS[z.zone % ZONE_COLOURS.length] }} />zone {z.zone}</li>
          ))}
          {disk.zones.length > 6 && <li>{disk.zones.length} zone bands (colours repeat)</li>}
          <li><span className="swatch" style={{ background: SEGMENT.transfer.colour }} />sectors transferred</li>
          <li><span className="swatch dashed-box" style={{ borderColor: SEGMENT.transfer.colour }} />to come</li>
          <li><span className="swatch" style={{ background: SEGMENT.rotation.colour }} />sector awaited</li>
          <li><span className="swatch" style={{ background: INK.readAhead }} />read ahead</li>
          <li><span className="swatch line" style={{ background: '#000' }} />index (angle 0)</li>
        </ul>
        <h2>Side view <span className="sub">active head highlighted</span></h2>
        <CanvasPanel ref={refs.surfaces} width={SURFACES_W} height={SURFACES_H} testId="surfaces" label={`Side view: ${disk.surfaces} surfaces, the active head highlighted`} />
      </section>
      <section className="col middle-col">
        <h2>Queues</h2>
        <QueuesView {...view.queues} />
        <h2>Timeline <span className="sub">one row per request; hover for exact times</span></h2>
        <TimelineView ref={refs.timeline} rows={view.rows} t0={view.t0} t1={view.t1} now={view.now} width={TIMELINE_W} height={TIMELINE_H} />
      </section>
      <section className="col side-col">
        <div className="tabs" role="tablist">
          {(['stats', 'setup', 'disk'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} data-testid={`tab-${t}`} onClick={() => onTab(t)}>
              {t === 'stats' ? 'Statistics' : t === 'setup' ? `Setup${setupWarning ? ' ⚠' : ''}` : 'Disk'}
            </button>
          ))}
        </div>
        <div className="tabpanel" hidden={tab !== 'stats'}>
          <HistogramView ref={refs.histogram} snapshot={view.snapshot} width={HIST_W} height={HIST_H} />
          <StatsView snapshot={view.snapshot} total={total} final={view.final} />
        </div>
        <div className="tabpanel" hidden={tab !== 'setup'}>
          {editor}
        </div>
        <div className="tabpanel" hidden={tab !== 'disk'}>
          <DiskView disk={disk} preset={preset} seekRef={refs.seekCurve} />
        </div>
      </section>
    </main>
  );
}
