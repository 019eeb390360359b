/*
 * video.ts — the video server of the track-aligned extents paper (section
 * 5.4), measured the way RIO measured it: V simultaneous random requests of
 * one I/O size issued to a disk at once (one linked batch, so the disk's
 * scheduler sees all of them), the time until the last completes, repeated
 * for many rounds. Each round starts where the last ended (head position and
 * rotational phase carry over, as in a server's consecutive rounds).
 *
 * Aligned: each request is `ioTracks` whole tracks from a track start (a
 * traxtent). Unaligned: the same number of sectors from a random LBN. Both in
 * one zone (default the first), so "a track" has one size.
 *
 * From the samples: the round time that meets a deadline fraction
 * (quantile.ts), the streams per disk at a round time, start-up latency
 * (round time x (D+1)) and buffer space (2 x IOsize x V). The hard real-time
 * variant uses the paper's worst-case rules (see hardRealTime).
 */
import { DiskParam, SubmitFlag, type Sim } from '../../../engine-wasm/binding';
import { regionTracks, typicalTrackLbns, zoneRegion, type Region, type TrackSpan } from '../traxtents/disk';
import type { Alignment } from '../traxtents/sweep';
import { roundTimeQuantile } from './quantile';

/** Deterministic 32-bit generator (mulberry32): request positions from the seed. */
export function rng(seed: number): () => number {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ZoneTracks {
  region: Region & { spt: number };
  tracks: TrackSpan[];
  /** The zone's usual LBNs per track (the unaligned requests' unit). */
  trackLbns: number;
}

export function zoneTracks(sim: Sim, disk: number, zone?: number): ZoneTracks {
  const region = zoneRegion(sim, disk, zone);
  return { region, tracks: regionTracks(sim, disk, region), trackLbns: typicalTrackLbns(sim, disk, region) };
}

/** One request of a round: [lbn, sectors]. */
function pick(z: ZoneTracks, alignment: Alignment, ioTracks: number, r: () => number): [number, number] {
  if (alignment === 'aligned') {
    const i = Math.floor(r() * (z.tracks.length - ioTracks + 1));
    let sectors = 0;
    for (let k = 0; k < ioTracks; k++) sectors += z.tracks[i + k].lbnCount;
    return [z.tracks[i].firstLbn, sectors];
  }
  const sectors = ioTracks * z.trackLbns;
  return [z.region.firstLbn + Math.floor(r() * (z.region.lbns - sectors + 1)), sectors];
}

export interface BatchSpec {
  alignment: Alignment;
  ioTracks: number;
  /** Simultaneous requests (streams per disk). */
  v: number;
  rounds: number;
  seed: number;
}

/**
 * Completion times (ms) of `rounds` rounds of V simultaneous requests. Sets the
 * disk's queue to hold all V (so its scheduler chooses among them) and puts
 * the queue depth back afterwards; the scheduler is the caller's setting.
 */
export function batchTimes(sim: Sim, disk: number, z: ZoneTracks, b: BatchSpec): number[] {
  const depth0 = sim.diskGet(disk, DiskParam.QueueDepth);
  try {
    sim.diskSet(disk, DiskParam.QueueDepth, Math.max(depth0, b.v));
    sim.reset(b.seed);
    sim.outputConfigure(0, 0);
    const r = rng(b.seed * 1_000_003 + b.v * 97 + (b.alignment === 'aligned' ? 1 : 0));
    const out: number[] = [];
    for (let k = 0; k < b.rounds; k++) {
      const t0 = sim.now();
      for (let i = 0; i < b.v; i++) {
        const [lbn, sectors] = pick(z, b.alignment, b.ioTracks, r);
        sim.requestSubmit(disk, t0, lbn, sectors, i < b.v - 1 ? SubmitFlag.Linked : 0);
      }
      while (sim.run(-1) !== 0) { /* SP_MORE: bounded work per call */ }
      out.push(sim.now() - t0);
    }
    return out;
  } finally {
    sim.diskSet(disk, DiskParam.QueueDepth, depth0);
  }
}

export interface RoundPoint {
  alignment: Alignment;
  v: number;
  /** The round time meeting the deadline fraction, and the mean, in ms. */
  roundMs: number;
  meanMs: number;
}

export function roundPoint(alignment: Alignment, v: number, samples: readonly number[], fraction: number): RoundPoint {
  return { alignment, v, roundMs: roundTimeQuantile(samples, fraction), meanMs: samples.reduce((s, x) => s + x, 0) / samples.length };
}

/**
 * Streams per disk at a round time: the largest V measured whose round time
 * (at the deadline fraction) fits in it; 0 if none does.
 */
export function streamsAt(points: readonly RoundPoint[], alignment: Alignment, roundMs: number): number {
  let best = 0;
  for (const p of points) if (p.alignment === alignment && p.roundMs <= roundMs && p.v > best) best = p.v;
  return best;
}

/** How long one request's data lasts a stream: IOsize / bit rate, in ms. */
export function dataLastsMs(ioBytes: number, bitRateMbps: number): number {
  return ioBytes * 8 / (bitRateMbps * 1e6) * 1000;
}

/** Worst-case start-up latency of a new stream on D disks: round time x (D + 1). */
export function startupLatencyMs(roundMs: number, disks: number): number {
  return roundMs * (disks + 1);
}

/** Server buffer space for V streams per disk: 2 x IOsize x V (double buffering). */
export function bufferBytes(ioBytes: number, v: number): number {
  return 2 * ioBytes * v;
}

export interface HardRealTime {
  /** Worst case per request at the stream count found, and its parts (ms). */
  seekMs: number;
  rotationMs: number;
  transferMs: number;
  switchMs: number;
  requestMs: number;
  streams: number;
  /** Media transfer / worst-case request time at that count. */
  efficiency: number;
}

/**
 * Hard real-time admission (section 5.4): every request assumed worst-case,
 * and V requests must fit in the time one request's data lasts (IOsize / bit
 * rate). Worst-case seek: the same for both layouts; the paper's footnote on
 * it is not in our copy, so here it is the seek of C / V cylinders (C: the
 * disk's cylinders), the longest equal-length seeks a sweep over V sorted
 * requests can make. Rotation: unaligned one revolution, aligned none (a
 * zero-latency disk reads a whole track from wherever the head lands).
 * Transfer: the sectors at the zone's sectors per revolution, plus head
 * switches: unaligned at least one (one per track touched: ioTracks),
 * aligned one between each two tracks (ioTracks - 1). All from the engine:
 * seek curve, revolution time, head switch time, sectors per track.
 */
export function hardRealTime(sim: Sim, disk: number, z: ZoneTracks, alignment: Alignment, ioTracks: number, lastsMs: number): HardRealTime {
  const rev = sim.revolutionMs(disk);
  const cyls = sim.diskCylinders(disk);
  const sectors = ioTracks * z.trackLbns;
  const transferMs = sectors / z.region.spt * rev;
  const switchMs = (alignment === 'aligned' ? ioTracks - 1 : ioTracks) * sim.diskGet(disk, DiskParam.HeadSwitchMs);
  const rotationMs = alignment === 'aligned' ? 0 : rev;
  const at = (v: number) => {
    const seekMs = sim.seekTime(disk, Math.max(1, Math.ceil(cyls / v)));
    return { seekMs, requestMs: seekMs + rotationMs + transferMs + switchMs };
  };
  let streams = 0;
  for (let v = 1; v <= 10_000; v++) {
    if (v * at(v).requestMs > lastsMs) break;
    streams = v;
  }
  const w = at(Math.max(1, streams));
  return { ...w, rotationMs, transferMs, switchMs, streams, efficiency: transferMs / w.requestMs };
}
