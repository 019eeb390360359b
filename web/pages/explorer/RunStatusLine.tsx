/*
 * RunStatusLine — under the top bar: the playback readout (written by the
 * animation frame, not React), where the run is (with cancel while it
 * streams), and the keyboard shortcuts.
 */
import type { RefObject } from 'react';
import { formatInt } from '../../lib/format';
import type { RunStatus } from '../../run/runController';
import type { RunError, RunProgress } from './useRun';

export interface RunStatusLineProps {
  readout: RefObject<HTMLSpanElement | null>;
  status: RunStatus;
  progress: RunProgress;
  runError: RunError | null;
  onCancel(): void;
  /** Devices in the run shown (keys 1–9 select one when there are several). */
  devices: number;
}

export function RunStatusLine({ readout, status, progress, runError, onCancel, devices }: RunStatusLineProps) {
  return (
    <>
      <p className="statusline">
        <span className="readout" ref={readout} data-testid="play-readout" />
        <span data-testid="run-status" data-status={status}>
          {status === 'starting' && 'starting the engine…'}
          {status === 'running' && <>simulating: {formatInt(progress.completed)} of {formatInt(progress.total)} requests <button type="button" className="link" onClick={onCancel} data-testid="cancel">cancel</button></>}
          {status === 'done' && <>simulated {formatInt(progress.total)} requests{progress.eventsStopped ? `; the animation covers the first ${formatInt(progress.events)} events` : ''}</>}
          {status === 'cancelled' && <>cancelled after {formatInt(progress.completed)} of {formatInt(progress.total)} requests</>}
          {status === 'error' && (runError?.partial ? 'the engine stopped this run' : 'the engine refused this setup')}
        </span>
        {status === 'running' && <progress max={progress.total} value={progress.completed} data-testid="progress" />}
      </p>
      <p className="keys" aria-label="Keyboard shortcuts">
        Keys: <kbd>Space</kbd> play/pause · <kbd>→</kbd> step event · <kbd>Shift</kbd>+<kbd>→</kbd> step request · <kbd>←</kbd> back · <kbd>[</kbd> <kbd>]</kbd> slower/faster · <kbd>R</kbd> restart · <kbd>L</kbd> copy link · <kbd>M</kbd> link to this moment · <kbd>P</kbd> presentation{devices > 1 && <> · <kbd>1</kbd>–<kbd>{Math.min(devices, 9)}</kbd> show device</>}
      </p>
    </>
  );
}
