/*
 * traxsystem.ts — fidelity rows of the track-aligned extents paper's system
 * level (FAST 2002, sections 5.4 and 5.5) on the Quantum Atlas 10K II, the
 * paper's video-server disk, with the paper's 80 MB/s adapter: video-server
 * stream counts (soft and hard real-time) and the LFS segment results. Each
 * row computes the model's value with the wasm engine; a miss stays a row.
 */
import { DiskParam, type Engine, type Sim } from '../../engine-wasm/binding';
import { applyAdapter } from '../../web/experiments/adapter';
import { typicalTrackLbns, zoneRegion } from '../../web/pages/traxtents';
import { lowestCost, owcReduction, segmentPoint, type SegmentPoint } from '../../web/pages/traxsystem/lfs';
import {
  batchTimes, dataLastsMs, hardRealTime, roundPoint, zoneTracks, type ZoneTracks,
} from '../../web/pages/traxsystem/video';
import type { Alignment } from '../../web/pages/traxtents/sweep';
import { OUTSTANDING, ffsCompare, ffsLayout, runStreams, type FfsRun, type Outstanding } from '../../web/pages/traxsystem/ffs';
import { simWith } from './context';
import type { FidelityRow } from './traxtents';

type Spec = Omit<FidelityRow, 'pass'>;
const row = (s: Spec): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });
/** A row that, when it misses, stays open with what is known. */
const open = (r: FidelityRow, known: string): FidelityRow => (r.pass ? r : { ...r, openMiss: known });

const PRESET = 'quantum-atlas-10k-ii';
const SPTF = 4;
const BIT_RATE_MBPS = 4;
const ROUND_MS = 500;
const FRACTION = 0.9999;
/** Rounds per V, as the paper measured. */
const ROUNDS = 10_000;
const SEED = 1;

/**
 * The largest V in [lo, hi] whose round time (at FRACTION of ROUNDS rounds)
 * fits in ROUND_MS, by bisection (the round time grows with V).
 */
function softStreams(sim: Sim, disk: number, z: ZoneTracks, alignment: Alignment, lo = 10, hi = 80): number {
  const fits = (v: number) => roundPoint(alignment, v, batchTimes(sim, disk, z, { alignment, ioTracks: 1, v, rounds: ROUNDS, seed: SEED }), FRACTION).roundMs <= ROUND_MS;
  if (!fits(lo)) return lo - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid; else hi = mid - 1;
  }
  return lo;
}

function videoRows(sim: Sim, disk: number): FidelityRow[] {
  sim.diskSet(disk, DiskParam.Scheduler, SPTF);
  const z = zoneTracks(sim, disk);
  const rows: FidelityRow[] = [];
  const softWhy = `the 99.99 % round time of ${ROUNDS} rounds is the second slowest of them: one sampled round moves it; random `
    + 'track-sized requests in the first zone (the paper does not say where); the drive\'s firmware queue order is modelled as SPTF. '
    + '±4 streams ≈ 6 % of the round at V ≈ 70';
  for (const [a, paper] of [['aligned', 70], ['unaligned', 45]] as const) {
    rows.push(row({
      id: `video-soft-${a}`, source: '§5.4 text', what: `video server: 4 Mb/s streams per disk at a 0.5 s round, 99.99 % of deadlines, ${a} 264 KB requests`,
      paper, model: softStreams(sim, disk, z, a), tolerance: 4, unit: '', why: softWhy,
    }));
  }
  const hardWhy = 'worst-case seek is the seek of C/V cylinders (V sorted requests swept once); the paper\'s own worst-case seek '
    + '(its footnote 2) is not in our copy. About 0.15 ms of worst-case seek moves the count by one stream at V ≈ 70: ±2 streams';
  const hardMiss = 'the counts are below the paper\'s by 3: per request the paper allows 14.4 ms (aligned, 528 KB) where the model needs '
    + '12 ms transfer + 0.6 ms head switch + 2.3 ms seek; the paper\'s worst-case seek (footnote 2, not in our copy) must be about 1.8 ms, '
    + 'shorter than the C/V-cylinder rule gives';
  for (const [tracks, a, paper] of [[1, 'unaligned', 36], [1, 'aligned', 67], [2, 'unaligned', 52], [2, 'aligned', 75]] as const) {
    const lasts = dataLastsMs(tracks * z.trackLbns * sim.diskGet(disk, DiskParam.SectorBytes), BIT_RATE_MBPS);
    const h = hardRealTime(sim, disk, z, a, tracks, lasts);
    const r = row({
      id: `video-hard-${tracks * 264}-${a}`, source: '§5.4 text', what: `video server, hard real-time: streams per disk, ${tracks * 264} KB ${a} requests`,
      paper, model: h.streams, tolerance: 2, unit: '', why: hardWhy,
    });
    rows.push(open(r, hardMiss));
  }
  return rows;
}

/** Segment writes per size, and the cleaned-segment utilisation (the write cost cancels in the reduction). */
const SEGMENT_WRITES = 2000;
const UTILISATION = 0.8;

function lfsRows(sim: Sim, disk: number): FidelityRow[] {
  const region = zoneRegion(sim, disk);
  const track = typicalTrackLbns(sim, disk, region);
  const run = { region, requests: SEGMENT_WRITES, seed: SEED };
  const sizes = [track / 4, track / 2, track, 2 * track, 4 * track];
  const pts: SegmentPoint[] = [];
  sizes.forEach((s, i) => { for (const a of ['aligned', 'unaligned'] as const) pts.push(segmentPoint(sim, disk, run, a, s, UTILISATION, i)); });
  const at = (a: Alignment) => pts.find((p) => p.alignment === a && p.sectors === track)!;
  const best = lowestCost(pts, 'aligned')!;
  const bestRow = row({
    id: 'lfs-best-segment', source: '§5.5 Fig. 10', what: 'LFS: segment size of the lowest overall write cost, aligned (tracks)',
    paper: 1, model: best.sectors / track, tolerance: 0, unit: 'tracks', why: 'the paper states it exactly: one track',
  });
  return [
    open(bestRow, 'the write cost here is the Sprite cleaning model 2/(1-u), which does not depend on segment size, so the overall write '
        + 'cost falls as segments grow and efficiency rises; the paper takes write cost vs segment size from Matthews et al.\'s trace '
        + 'measurements (larger segments clean at higher utilisation), data not in our seeds'),
    open(row({
      id: 'lfs-track-reduction', source: '§5.5 text', what: 'LFS: overall write cost reduction of track-aligned vs unaligned track-sized segments',
      paper: 44, model: 100 * owcReduction(at('aligned'), at('unaligned')), tolerance: 5, unit: '%',
      why: 'the write cost cancels: this is 1 - efficiency(unaligned)/efficiency(aligned) of track-sized writes, one outstanding; '
        + `${SEGMENT_WRITES} writes per point; ±5 points as for the efficiency increases of §5.1`,
    }), 'the model\'s value is 1 - efficiency(unaligned)/efficiency(aligned) of track-sized writes; the paper\'s own §5.1 write head times '
      + '(10.0 vs 13.9 ms, onereq) give 28 %, so its 44 % must compare something else (perhaps OWC at different segment sizes with '
      + 'Matthews et al.\'s size-dependent write cost); not established'),
  ];
}

/**
 * §5.3 ran on a Quantum Atlas 10K; files from LBN 0, the second after the
 * first. Two rules for the requests at the disk, both reported: one in all
 * (the streams take turns), and one per stream (section 4.2.3: FreeBSD
 * "attempts to have at least one outstanding request for each active data
 * stream", so two are at the disk and one stream's bus transfer overlaps the
 * other's positioning).
 */
function ffsRows(e: Engine): FidelityRow[] {
  const { sim, disk } = simWith(e, 'quantum-atlas-10k');
  try {
    applyAdapter(sim, disk, 'paper');
    const MB = 2048;
    const rows: FidelityRow[] = [];
    /** Mean seek of the traxtent diff (the streams' requests alternate between the files). */
    const traxtentSeek = (outstanding: Outstanding, sectionSectors: number) => {
      const l = ffsLayout(sim, disk, 512 * MB, 0, 512, sectionSectors).traxtent;
      runStreams(sim, disk, l.a, l.b, false, SEED, outstanding);
      return sim.statsGet(disk).seekMeanMs;
    };
    for (const outstanding of OUTSTANDING) {
      const diff = ffsCompare(sim, disk, 512 * MB, false, SEED, 0, 512, outstanding);
      const copy = ffsCompare(sim, disk, 1024 * MB, true, SEED, 0, 512, outstanding);
      // The same with the files in alternating 16 MB sections (half of FFS's 32 MB block group each), for the notes.
      const diff16 = ffsCompare(sim, disk, 512 * MB, false, SEED, 0, 512, outstanding, 16 * MB);
      const copy16 = ffsCompare(sim, disk, 1024 * MB, true, SEED, 0, 512, outstanding, 16 * MB);
      const one = outstanding === 'one';
      const sfx = one ? '' : '-per-stream';
      const how = one ? 'one request outstanding (the streams take turns)' : 'one request outstanding per stream (two at the disk)';
      const placement = `The file placement FFS chose is not stated: here the second file follows the first, and a traxtent I/O seeks `
        + `${formatMs(traxtentSeek(outstanding, 0))} ms on average to the other file (the paper: 2.2 ms of seek, rotation and switch per traxtent I/O). `
        + `FFS moves a file to another 32 MB block group after 16 MB; if the two files shared groups (alternating 16 MB sections, `
        + `${formatMs(traxtentSeek(outstanding, 16 * MB))} ms seeks) the reductions would be ${formatPct(diff16.reduction)} (diff) and `
        + `${formatPct(copy16.reduction)} (copy), run times ${formatMs(diff16.defaultMs / 1000)} s / ${formatMs(diff16.traxtentMs / 1000)} s for the diff: `
        + 'the layout moves the result by more than the tolerance, and the paper does not give it';
      const known = (r: FfsRun) => `${how}: traxtent I/Os take ${formatMs(r.traxtentMs / r.traxtentIos)} ms each (${formatInt(r.traxtentIos)} I/Os), `
        + `default I/Os ${formatMs(r.defaultMs / r.defaultIos)} ms (${formatInt(r.defaultIos)}); the paper's diff: 8.4 ms (56.6 s / 6724) and `
        + `17.0 ms (69.7 s / 4108); it gives no I/O counts for the copy. ${one
          ? 'With one outstanding the bus transfer after the media (1.9 ms per traxtent at 80 MB/s) is exposed; the per-stream rows overlap it. '
          : 'The bus transfer is hidden behind the other stream\'s positioning. '}${placement}`;
      rows.push(row({
        id: `ffs-diff-default${sfx}`, source: '§5.3 text', what: `FFS diff of two 512 MB files, unmodified FFS, ${how}: run time (s)`,
        paper: 69.7, model: diff.defaultMs / 1000, tolerance: 3.5, unit: 's',
        why: '±5 %: one measured run on FreeBSD; the model places both files contiguously from LBN 0 and reads 256 KB clusters',
      }));
      rows.push(open(row({
        id: `ffs-diff-reduction${sfx}`, source: '§5.3 text', what: `FFS diff of two 512 MB files: run-time reduction, traxtent vs unmodified FFS, ${how}`,
        paper: 19, model: 100 * (1 - diff.ratio), tolerance: 4, unit: '%', why: 'a ratio of two measured run times; ±4 points ≈ ±2.5 s of 70 s',
      }), known(diff)));
      rows.push(open(row({
        id: `ffs-copy-reduction${sfx}`, source: '§5.3 text', what: `FFS copy of a 1 GB file: run-time reduction, traxtent vs unmodified FFS, ${how}`,
        paper: 20, model: 100 * (1 - copy.ratio), tolerance: 4, unit: '%', why: 'as the diff ratio (124.9 s vs 156.9 s)',
      }), known(copy)));
    }
    return rows;
  } finally {
    sim.dispose();
  }
}

const formatInt = (x: number) => Math.round(x).toLocaleString('en-US');
const formatMs = (x: number) => x.toFixed(1);
const formatPct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function traxsystemRows(e: Engine): FidelityRow[] {
  const { sim, disk } = simWith(e, PRESET);
  try {
    applyAdapter(sim, disk, 'paper');
    return [...videoRows(sim, disk), ...lfsRows(sim, disk), ...ffsRows(e)];
  } finally {
    sim.dispose();
  }
}
