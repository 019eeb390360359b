/*
 * Stage — one to four runs from the engine on one clock (useStage), each drawn
 * with the explorer's panels: a live platter per device of the run (turning
 * platter, zones, arm), its timeline of recent requests and its statistics,
 * plus the experiment's own overlay on each platter. Runs sit side by side on
 * a wide screen and stack on a phone; one set of controls plays them all.
 *
 * Embedded (embed.ts), the stage fills the frame: the runs are laid out to
 * fit it (embedLayout.ts), and each shows its title, its platters, and its
 * statistics and timeline only where the frame has room for them.
 *
 * Testing hooks: the root carries data-stage-time (the clock, simulated ms,
 * every frame); each run is a [data-stage-run] element holding its platter
 * canvases, with data-run-time (that run's playback clock). Until the
 * engine begins a run, it holds what the run waits for instead
 * (RunWaiting), never a blank platter; a run that could not begin holds why.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CanvasPanel, type CanvasHandle } from '../panels/live/CanvasPanel';
import { drawLivePlatter } from '../panels/platter/platterLayer';
import type { DeviceState, Playback } from '../run/playback';
import { platterGeometryCache, platterScene } from '../run/scenes';
import type { PlatterGeometry } from '../panels/platter/geometry';
import type { ArmGeometry } from '../panels/live/arm';
import { useViewportHeight, useWidth } from '../lib/useWidth';
import { usePresenting } from './presentation';
import { presentTimeline, usePlatterRoom, type PresentTimeline } from './presentFit';
import { embedding } from './embed';
import type { EmbedLayout } from './embedLayout';
import { useEmbedLayout } from './useEmbedLayout';
import { rowWidth, volumeGrid } from './volumeGrid';
import { StageControls } from './StageControls';
import { RunPanels, type StatRows } from './RunPanels';
import { RunFailed, RunWaiting, WAITING_FOR_ENGINE, type Waiting } from './RunWaiting';
import type { StageHandle } from './useStage';
import './stage.css';

/** What an experiment draws on a run's platter, in the platter's canvas after the live drawing. */
export type PlatterOverlay = (ctx: CanvasRenderingContext2D, at: {
  playback: Playback; device: DeviceState; geometry: PlatterGeometry; arm: ArmGeometry; theta: number; width: number; height: number;
}) => void;

export interface StageRun {
  /** Heading of the run's column ("Track-aligned", "With FQueues"…). */
  title: string;
  /** One line under the title: where the simulation and the playback are. */
  status?: string;
  /** A short id for tests (data-testid of the run's element: stage-run-<id>). */
  id: string;
  overlay?: PlatterOverlay;
  /** The statistics rows shown (label, value), from the engine's statistics (all devices; the snapshot has the volume's and each device's; `whole`: the whole run's, not as played); the default set when absent. */
  statRows?: StatRows;
  /** Anything the experiment shows under the run (its own readout). */
  footer?: ReactNode;
  /** The page's controls of this run, under its title (keep it, drop it…). */
  actions?: ReactNode;
  /** What the run waits for until the engine begins it, shown where its platters will be; a general line when absent. */
  waiting?: Waiting;
}

interface StageProps {
  stage: StageHandle;
  runs: readonly StageRun[];
  /** Accessible name of the stage ("Aligned vs unaligned, on one clock"). */
  label: string;
  /** Controls of the page placed in the stage's bar (the experiment picker…). */
  extraControls?: ReactNode;
  /** Called once the stage is on the page, after its runs are painted (its code may load after what shows it). */
  onMounted?(): void;
}

/** The timeline's height: room for its most recent requests' rows with labels of 11 px or more. */
const TIMELINE_H = 240;
/** Presentation mode shows the timeline (type included) this many times larger. */
const PRESENT_SCALE = 1.5;

/** Room per run column: the stage's width shared by the runs (stacked below 700 px). */
function columnWidth(width: number, runs: number): number {
  const cols = width < 700 ? 1 : runs;
  return Math.max(200, Math.floor((width - (cols - 1) * 16) / cols));
}

export function Stage({ stage, runs, label, extraControls, onMounted }: StageProps) {
  const [box, width] = useWidth<HTMLDivElement>(960);
  const [whole, setWhole] = useState(false);
  const present = usePresenting();
  const col = columnWidth(width, runs.length);
  const windowHeight = useViewportHeight();
  const devices = Math.max(1, ...stage.clock.runs.map((p) => p?.devices.length ?? 1));
  const fit = useEmbedLayout(embedding(), stage.rootRef, box, runs.length, devices, present);
  // Presenting (not embedded): the bar, each run's title, platters and timeline fit the window (presentFit.ts).
  const presented = present && !embedding() ? presentTimeline(windowHeight, PRESENT_SCALE) : null;
  const room = usePlatterRoom(!!presented, stage.rootRef, box, (presented?.height ?? 0) * PRESENT_SCALE, `${width} ${runs.length} ${devices}`);
  // A platter never taller than the window leaves room for: presenting, what the measures leave; else
  // the window less the stage's bar and the page's title above it.
  const tallest = Math.max(presented ? 140 : 200, room ?? windowHeight - 400);
  // The one mount hook. A stage that mounts after its clock has run (its code loaded late, a
  // paused link's moment) gets its runs' drawings and hooks at once, not at the clock's next
  // change; then the page hears that the stage is there (the explorer brings it into view).
  // Before the browser paints: no frame shows the stage blank or out of sight.
  const mounted = useRef({ repaint: stage.repaint, onMounted });
  mounted.current = { repaint: stage.repaint, onMounted };
  useLayoutEffect(() => {
    mounted.current.repaint();
    mounted.current.onMounted?.();
  }, []);
  return (
    <section className="stage" ref={stage.rootRef} aria-label={label} data-stage-time={stage.clock.timeMs} data-testid="stage">
      <StageControls stage={stage} whole={whole} onWhole={setWhole} extra={extraControls} />
      {stage.linkProblems.length > 0 && (
        <p className="problems" role="alert">{stage.linkProblems.join('; ')}.</p>
      )}
      <div className="stage-runs" ref={box} data-runs={runs.length} data-direction={fit?.direction}>
        {runs.map((run, slot) => (
          <StageRunView key={run.id} stage={stage} slot={slot} run={run} width={col} tallest={tallest} whole={whole} present={present} presented={presented} fit={fit} />
        ))}
      </div>
    </section>
  );
}

/** What a platter was drawn from: the run, its instant and its events applied, the overlay, the size, the canvas, the stage's changes. */
type PaintedKey = readonly unknown[];

const samePainted = (a: PaintedKey | undefined, b: PaintedKey) => !!a && a.every((x, i) => x === b[i]);

interface RunViewProps {
  stage: StageHandle;
  slot: number;
  run: StageRun;
  width: number;
  tallest: number;
  whole: boolean;
  present: boolean;
  /** Presenting on the page (not embedded): the timeline's size then. */
  presented: PresentTimeline | null;
  /** The frame's layout when embedded: it sets the sizes and what is shown. */
  fit: EmbedLayout | null;
}

/** How an embedded run places its parts: the title over the platters, the statistics beside them, the timeline below. */
function embedAreas(fit: EmbedLayout): string {
  if (!fit.stats) return '"title" "platters"';
  return `"title title" "platters stats"${fit.timeline ? ' "timeline timeline"' : ''}`;
}

function StageRunView({ stage, slot, run, width, tallest, whole, present, presented, fit }: RunViewProps) {
  const p = stage.clock.runs[slot];
  const failure = stage.clock.failureOf(slot);
  const devices = p?.devices.length ?? 1;
  // Several devices (a volume): their platters share the column's measured width, as many to a row
  // as gives each the most room within the height the window leaves (volumeGrid.ts).
  const grid = volumeGrid(devices, width, tallest, 140, present ? 520 : 420);
  const platterPx = fit ? fit.platterPx : grid.platterPx;
  // The row's width holds exactly that many (centred in the column; embedded, at the frame's left).
  const rowStyle = fit ? { width: rowWidth(fit.perRow, platterPx) }
    : devices > 1 ? { width: rowWidth(grid.perRow, platterPx), marginInline: 'auto' } : undefined;
  const canvases = useRef<(CanvasHandle | null)[]>([]);
  // One ref callback per platter, the same at every render (a new one would be called twice per render).
  const canvasRefs = useRef<((h: CanvasHandle | null) => void)[]>([]);
  const canvasRef = (i: number) => (canvasRefs.current[i] ??= (h) => { canvases.current[i] = h; });
  const geo = useMemo(() => platterGeometryCache(platterPx), [platterPx]);
  const overlay = useRef(run.overlay);
  overlay.current = run.overlay;
  const statRows = useRef(run.statRows);
  statRows.current = run.statRows;
  const { clock, painters } = stage;
  // What each platter was last drawn from: one whose run has not moved is left as it is (a finished run
  // holds its last state while the others play). A change of the stage (a repaint asked for, a step)
  // or a new overlay from the page draws it again.
  const changes = useRef(stage.changes);
  changes.current = stage.changes;
  const drawn = useRef<PaintedKey[]>([]);

  const paint = useMemo(() => () => {
    const play = clock.runs[slot];
    if (!play) return;
    play.devices.forEach((d, i) => {
      const canvas = canvases.current[i];
      const key: PaintedKey = [play, play.timeMs, play.cursor, overlay.current, geo, canvas, changes.current];
      if (!canvas || samePainted(drawn.current[i], key)) return;
      drawn.current[i] = key;
      const { g, arm } = geo(d.spec.cylinders);
      const scene = platterScene(d, g, arm);
      canvas.draw((ctx, w, h) => {
        drawLivePlatter(ctx, scene, w, h);
        overlay.current?.(ctx, { playback: play, device: d, geometry: g, arm, theta: scene.theta, width: w, height: h });
      });
    });
  }, [clock, slot, geo]);
  useEffect(() => {
    painters.add(paint);
    paint();
    return () => { painters.delete(paint); };
    // Not on `stage`: a page may hand a new handle at every render, and each would paint the runs again.
  }, [painters, paint, devices]);
  // A render that brought a change of the stage (a repaint asked for while the clock stands still): drawn
  // at once, since the frame loop may have painted before the render told it of the change.
  useLayoutEffect(paint, [paint, stage.changes]);
  return (
    <article className="stage-run" data-stage-run={slot} data-testid={`stage-run-${run.id}`}
      style={fit ? { width: fit.run.width, height: fit.run.height, gridTemplateAreas: embedAreas(fit) } : { width }}>
      <h2>{run.title}{run.status && <span className="sub"> {run.status}</span>}</h2>
      {!embedding() && run.actions}
      <div className="stage-platters" style={rowStyle}>
        {p ? Array.from({ length: devices }, (_, i) => (
          <CanvasPanel key={i} ref={canvasRef(i)} width={platterPx} height={platterPx}
            testId={`stage-platter-${run.id}-${i}`} label={`Platter${devices > 1 ? ` of disk ${i}` : ''}, ${run.title}`} />
        )) : failure !== null ? <RunFailed message={failure} width={platterPx} height={platterPx} runId={run.id} />
          : <RunWaiting waiting={run.waiting ?? WAITING_FOR_ENGINE} width={platterPx} height={platterPx} runId={run.id} />}
      </div>
      <RunPanels clock={clock} slot={slot} pulse={stage.pulse} changes={stage.changes} runId={run.id} statRows={statRows} whole={whole}
        showTimeline={!fit || !!fit.timeline} scale={present ? PRESENT_SCALE : 1}
        timelineWidth={(fit?.timeline ? fit.timeline.width : Math.min(width - 16, 560)) / (present ? PRESENT_SCALE : 1)}
        timelineHeight={fit?.timeline ? fit.timeline.chartH / (present ? PRESENT_SCALE : 1) : presented?.height ?? TIMELINE_H}
        timelineRows={presented?.rows}
        showStats={!fit || fit.stats} />
      {!embedding() && run.footer}
    </article>
  );
}
