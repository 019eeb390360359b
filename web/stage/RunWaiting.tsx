/*
 * RunWaiting — what a stage run shows where its platters will be while the
 * engine has not begun it: what the run waits for, in words, with the
 * engine's progress when the page has it (a bar), else the browser's
 * indeterminate bar (working, share unknown). Never an empty platter that could pass for a
 * run's result. As large as the platters it stands for, so nothing moves
 * when they come. A run that could not begin shows why there instead
 * (RunFailed), the message the stage's bar leads to.
 */

export interface Waiting {
  /** What the run waits for, as a sentence ("Building epoch 12 of 29…"). */
  text: string;
  /** One more line: why, or what comes next. */
  detail?: string;
  /** The engine's share of the work done, 0..1, when it reports one. */
  fraction?: number;
}

/** What a run waits for when its page says no more: the engine's worker, then the run's sim. */
export const WAITING_FOR_ENGINE: Waiting = {
  text: 'Waiting for the engine…',
  detail: 'Its worker loads the engine, then builds this run; the platter plays from the first event.',
};

export function RunWaiting({ waiting, width, height, runId }: { waiting: Waiting; width: number; height: number; runId: string }) {
  const { text, detail, fraction } = waiting;
  const known = fraction !== undefined && Number.isFinite(fraction);
  return (
    <div className="stage-waiting" role="status" data-testid={`stage-waiting-${runId}`} style={{ width, height }}>
      <p className="stage-waiting-text">{text}</p>
      {detail && <p className="stage-waiting-detail">{detail}</p>}
      {/* Without a figure, the browser's indeterminate bar: working, share unknown. */}
      {known ? <progress max={1} value={Math.min(1, Math.max(0, fraction))} aria-label={text} /> : <progress aria-label={text} />}
    </div>
  );
}

/** A run the engine could not begin: why, in its place, as an alert the stage's bar leads to (data-stage-failure). */
export function RunFailed({ message, width, height, runId }: { message: string; width: number; height: number; runId: string }) {
  return (
    <div className="stage-waiting stage-failed-run" role="alert" tabIndex={-1} data-stage-failure data-testid={`stage-failed-${runId}`} style={{ width, height }}>
      <p className="stage-waiting-text">This run could not begin</p>
      <p className="stage-waiting-detail">{message}</p>
    </div>
  );
}
