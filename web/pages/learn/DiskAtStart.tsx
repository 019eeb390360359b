/*
 * DiskAtStart — the toy disk as it stands at t = 0, drawn while the student
 * predicts a homework step: its tracks and block numbers where they are
 * under the head, the arm over the outer track. It is still (no clock) and
 * marks no request, so it shows what the question needs and nothing of the
 * answer; the run plays only once the answer is shown (StepPlayback).
 */
import { useWidth } from '../../lib/useWidth';
import { usePresenting } from '../../stage/presentation';
import { ToyPlatter } from '../homework/ToyPlatter';
import type { HomeworkRun } from '../homework/run';

const NONE = () => false;

/** The lessons' toy disk within `width` px: 380 px, presenting 600 (its numbers 16 px and more). */
export function lessonDiskPx(width: number, present: boolean): number {
  return Math.min(width, present ? 600 : 380);
}

export function DiskAtStart({ run }: { run: HomeworkRun }) {
  const [box, width] = useWidth<HTMLElement>(lessonDiskPx(Infinity, false));
  const size = lessonDiskPx(width, usePresenting());
  return (
    <figure className="learn-disk-start" data-testid="learn-disk-start" ref={box}>
      <ToyPlatter run={run} ringShown={NONE} size={size} />
      <figcaption>The disk at t = 0: the head is on the outer track, halfway through block 6; the disk turns counter-clockwise.</figcaption>
    </figure>
  );
}
