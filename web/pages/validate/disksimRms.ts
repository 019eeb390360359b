/*
 * disksimRms.ts — the rms distance of two response-time distributions as
 * DiskSim 4.0 computes the figure its validation runs are quoted by
 * (`runvalid`: "rms should be about …"): each distribution is first binned as
 * disksim_stat.c bins a statistic with a growing bucket width (statdefs'
 * "Physical access time" and "Trace access time": 1750 buckets, scale 1000,
 * "Start 0 step 1 grow 1", so buckets of 1 µs growing by 1 % of their start),
 * printed as (bucket start, fraction below it), and src/rms.c then compares
 * the two piecewise-linear CDFs through those points at probabilities 0.0001,
 * 0.0002, … up to 1. The engine's demerit (sp_demerit) uses the exact
 * quantiles instead; the two differ by how much of the difference lies
 * within a bucket (about 0.15 ms wide at 15 ms).
 */

/** statdefs' bucket definition of the access-time distributions rms.c reads. */
const BUCKETS = 1750;
const SCALE = 1000;
const START = 0;
const STEP = 1;
const GROW = 1;

function bucketStarts(): Int32Array {
  const s = new Int32Array(BUCKETS);
  let b = START;
  for (let i = 0; i < BUCKETS; i++) {
    s[i] = b;
    b += STEP + Math.trunc((Math.abs(b) * GROW) / 100);
  }
  return s;
}

const STARTS = bucketStarts();

/** stat_update's bucket of a value: the first bucket whose start is above it (the last one at most). */
function bucketOf(valueMs: number): number {
  const v = Math.trunc(valueMs * SCALE);
  if (v < STARTS[0]) return 0;
  if (v >= STARTS[BUCKETS - 2]) return BUCKETS - 1;
  let lo = 0, hi = BUCKETS - 2;
  while (lo !== hi) {
    const mid = lo + ((hi - lo) >> 1);
    if (v < STARTS[mid + 1]) hi = mid; else lo = mid + 1;
  }
  return hi + 1;
}

/** The points stat_print_large_dist prints and rms.c reads: bucket start (ms) and cumulative fraction, up to the first at 1. */
function cdfPoints(values: ArrayLike<number>): { x: number[]; y: number[] } {
  const counts = new Int32Array(BUCKETS);
  for (let i = 0; i < values.length; i++) counts[bucketOf(values[i])]++;
  const x: number[] = [], y: number[] = [];
  let below = 0;
  for (let i = 0; i < BUCKETS; i++) {
    below += counts[i];
    // Printed with %6.3f and %f, read back by rms.c (the last point is exactly 1, so the read stops there).
    x.push(Number((STARTS[i] / SCALE).toFixed(3)));
    y.push(Number((below / values.length).toFixed(6)));
    if (y[i] >= 1) break;
  }
  return { x, y };
}

function at(p: { x: number[]; y: number[] }, i: number, pnt: number): number {
  const f = (pnt - p.y[i - 1]) / (p.y[i] - p.y[i - 1]);
  return p.x[i - 1] + f * (p.x[i] - p.x[i - 1]);
}

/** DiskSim 4.0's rms (ms) between two samples of response times (ms), as runvalid reports it. */
export function disksimRms(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length === 0 || b.length === 0) throw new RangeError('disksimRms: both samples need at least one value');
  const p1 = cdfPoints(a), p2 = cdfPoints(b);
  let i1 = 0, i2 = 0, count = 0, squares = 0;
  // rms.c's own loop, its floating-point accumulation of the step included.
  for (let pnt = 0.0001; pnt <= 1.0; pnt += 0.0001) {
    while (p1.y[i1] < pnt) i1++;
    while (p2.y[i2] < pnt) i2++;
    const d = at(p1, i1, pnt) - at(p2, i2, pnt);
    squares += d * d;
    count++;
  }
  return Math.sqrt(squares / count);
}
