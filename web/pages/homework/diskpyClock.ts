/*
 * diskpyClock.ts — the times disk.py prints for a service order, with its
 * arithmetic. An instructor's answer key comes from disk.py, so the homework
 * answers as it does, drift included; the engine's exact times stay
 * available (run.ts, --exact).
 *
 * disk.py's clock (OSTEP ostep-homework, file-disks/disk.py) advances one time
 * unit at a time. At each unit, in this order:
 *   - the platter's angle (degrees, a double, 0 at t = 0) gains -R; once it
 *     reaches 360 it is set back to exactly 0, the excess lost;
 *   - while seeking, the arm's position (a double, in distance units) gains
 *     -S towards the track; the seek ends at the first unit it is at or past
 *     the track. The position is never snapped to the track, so drift carries
 *     from one seek to the next, and it is absolute (the arm starts at 90 on
 *     disk.py's canvas, track k lies at 90 + 40 k), which decides how sums of
 *     0.1 round;
 *   - while rotating, the rotation ends at the first unit the angle is less
 *     than -R degrees from the block's start (plain difference, no wrap);
 *   - while transferring, likewise for the block's end.
 * A request starts at the unit its predecessor ended; one on the track the
 * arm is over starts rotating, and the next block of the same track
 * (wrapping from its last to its first) is transferred at once. With whole
 * speeds these sums equal the engine's exact times; -S 0.1 or -R 0.1 drift.
 */
import { trackBlocks, TRACK_DISTANCE, type HomeworkSetup } from './setup';

/** disk.py's arm position over the outer track, in its distance units. */
const ARM_X0 = 90;

export interface ClockTimes { seek: number; rotate: number; transfer: number; total: number; start: number; end: number }

/**
 * The whole units each request takes on disk.py's clock, in service order.
 * Bounded: a phase longer than two revolutions plus a full-stroke seek
 * cannot happen and is reported rather than looped on.
 */
export function diskPyClock(s: HomeworkSetup, order: readonly number[]): ClockTimes[] {
  const { spt, first } = trackBlocks(s);
  const half = s.zones.map((z) => Math.floor(z / 2));
  const trackOf = (b: number) => (b >= first[2] ? 2 : b >= first[1] ? 1 : 0);
  const mod360 = (x: number) => ((x % 360) + 360) % 360;
  const centre = (b: number) => {
    const k = trackOf(b), spacing = 2 * half[k];
    return mod360((b - first[k]) * spacing + k * s.skew * spacing + 180);
  };
  const near = (angle: number, target: number) => Math.abs(angle - target) < s.rotSpeed;
  const limit = Math.ceil((2 * 360) / s.rotSpeed + (2 * TRACK_DISTANCE) / s.seekSpeed) + 2;

  const out: ClockTimes[] = [];
  let t = 0, angle = 0, armX = ARM_X0, armTrack = 0, prev = -1;
  for (const b of order) {
    const k = trackOf(b);
    const begin = t;
    let rotBegin = t, xferBegin = t;
    const next = prev >= 0 && trackOf(prev) === k && (b === prev + 1 || (prev === first[k] + spt[k] - 1 && b === first[k]));
    let phase: 'seek' | 'rotate' | 'transfer' = next ? 'transfer' : k === armTrack ? 'rotate' : 'seek';
    const step = k >= armTrack ? s.seekSpeed : -s.seekSpeed;
    const target = ARM_X0 + TRACK_DISTANCE * k;
    const from = mod360(centre(b) - half[k]), to = mod360(centre(b) + half[k]);
    for (;;) {
      if (t - begin > limit) throw new Error(`disk.py's clock: block ${b} did not finish within ${limit} units`);
      t++;
      angle += s.rotSpeed;
      if (angle >= 360) angle = 0;
      if (phase === 'seek') {
        armX += step;
        if (step > 0 ? armX >= target : armX <= target) { armTrack = k; rotBegin = t; phase = 'rotate'; }
      }
      if (phase === 'rotate' && near(angle, from)) { xferBegin = t; phase = 'transfer'; }
      if (phase === 'transfer' && near(angle, to)) break;
    }
    out.push({ seek: rotBegin - begin, rotate: xferBegin - rotBegin, transfer: t - xferBegin, total: t - begin, start: begin, end: t });
    prev = b;
  }
  return out;
}
