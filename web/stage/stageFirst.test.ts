/*
 * The page's other engine work waits for the stage's runs: nothing to wait
 * for without a stage; held while a run is unanswered; let go once every run
 * asked for is answered (answering twice changes nothing), or at the limit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stageRunAsked, whenStageAnswered, WAIT_LIMIT_MS } from './stageFirst';

/** Whether the promise has settled after the timers and microtasks due now. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => { done = true; });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('whenStageAnswered', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('resolves at once when no run on the stage waits', async () => {
    expect(await settled(whenStageAnswered())).toBe(true);
  });

  it('waits until every run asked for is answered', async () => {
    const first = stageRunAsked();
    const second = stageRunAsked();
    const wait = whenStageAnswered();
    expect(await settled(wait)).toBe(false);
    first();
    first();            // answering again changes nothing
    expect(await settled(wait)).toBe(false);
    second();
    expect(await settled(wait)).toBe(true);
  });

  it('waits no longer than its limit for a run never answered', async () => {
    const answered = stageRunAsked();
    const wait = whenStageAnswered();
    await vi.advanceTimersByTimeAsync(WAIT_LIMIT_MS - 1);
    expect(await settled(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
    answered();
  });
});
