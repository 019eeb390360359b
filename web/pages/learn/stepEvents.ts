/*
 * stepEvents.ts — a lesson step's requests as the stage's clock plays them:
 * each part's start is an event (the instant the timeline's bars change) and
 * each request's end a completion.
 */
import { PhaseRunData } from '../../stage/phasePlayback';
import type { StepRequest } from './answer';

export function stepRunData(requests: readonly StepRequest[]): PhaseRunData {
  return new PhaseRunData(requests.map((r) => ({ start: r.start, seek: r.seek, rotate: r.rotation, transfer: r.transfer })));
}
