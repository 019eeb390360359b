/*
 * panelPulse.ts — when the panels that follow a moving clock render: each
 * run's timeline and statistics on the stage, and the page's own panels.
 * Each is woken every `everyMs` of real time, but never two in one frame and
 * spaced evenly: with four runs and the page, a frame renders one of them, not
 * all five (rendering them together made the frames that fell on the render
 * the stage's slowest by far). Pure: the frame loop gives it the time.
 */
export type PulseListener = () => void;

export class PanelPulse {
  /** When each listener was last woken (real ms; -Infinity: not yet). */
  private readonly woken = new Map<PulseListener, number>();
  private lastWake = -Infinity;

  constructor(readonly everyMs: number) {}

  /** Wakes `f` on the pulse from now on; returns what stops it. */
  add(f: PulseListener): () => void {
    this.woken.set(f, -Infinity);
    return () => { this.woken.delete(f); };
  }

  /**
   * A frame at `now` (real ms) in which the clock moved: wakes the listener that has waited
   * longest, if its `everyMs` has passed and the last one woken was at least its share of
   * `everyMs` ago. At most one per frame.
   */
  frame(now: number): void {
    if (this.woken.size === 0 || now - this.lastWake < this.everyMs / this.woken.size) return;
    let due: PulseListener | null = null;
    let oldest = Infinity;
    for (const [f, t] of this.woken) if (t < oldest) { oldest = t; due = f; }
    if (!due || now - oldest < this.everyMs) return;
    this.woken.set(due, now);
    this.lastWake = now;
    due();
  }
}
