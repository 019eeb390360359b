/*
 * simhash.ts — the run hash of engine-wasm/test/simhash.h, computed through
 * the wasm binding: the status of every run() call, the bytes of every event
 * and result chunk, the final statistics of all disks and each disk, and the
 * clock. Must stay bit-for-bit in step with simhash.h.
 */
import { EVENT, EngineError, HOST, STATS, Status, type Sim } from '../../engine-wasm/binding';

const C1 = 0xcc9e2d51, C2 = 0x1b873593;

function rotl(x: number, r: number): number {
  return ((x << r) | (x >>> (32 - r))) >>> 0;
}

function lane(h: number, k: number): number {
  k = Math.imul(k, C1); k = rotl(k, 15); k = Math.imul(k, C2);
  h = (h ^ k) >>> 0; h = rotl(h, 13);
  return (Math.imul(h, 5) + 0xe6546b64) >>> 0;
}

function fmix(a: number): number {
  a ^= a >>> 16; a = Math.imul(a, 0x85ebca6b); a ^= a >>> 13; a = Math.imul(a, 0xc2b2ae35); a ^= a >>> 16;
  return a >>> 0;
}

export class SimHash {
  h1 = 0x9747b28c;
  h2 = 0x3c6ef372;
  events = 0;
  results = 0;
  runs = 0;
  status = 0;

  word32(w: number): void {
    w >>>= 0;
    this.h1 = lane(this.h1, w);
    this.h2 = lane(this.h2, (w ^ 0x5bd1e995) >>> 0);
  }

  /** n bytes (a multiple of 8) at `offset` of `buffer`, as 64-bit words, NaNs canonical. */
  bytes(buffer: ArrayBuffer, offset: number, n: number): void {
    const dv = new DataView(buffer, offset, n);
    for (let i = 0; i + 8 <= n; i += 8) {
      let lo = dv.getUint32(i, true), hi = dv.getUint32(i + 4, true);
      if ((hi & 0x7ff00000) >>> 0 === 0x7ff00000 && ((hi & 0x000fffff) | lo) !== 0) { lo = 0; hi = 0x7ff80000; }
      this.word32(lo);
      this.word32(hi);
    }
  }

  double(x: number): void {
    const b = new ArrayBuffer(8);
    new DataView(b).setFloat64(0, x, true);
    this.bytes(b, 0, 8);
  }

  /** Hex string of the final 64-bit value, as dethash prints it. */
  final(): string {
    return fmix(this.h1).toString(16).padStart(8, '0') + fmix(this.h2).toString(16).padStart(8, '0');
  }
}

/** sp_stats re-encoded at its C offsets (the binding decodes it field by field). */
function statsBytes(stats: Record<string, number>): ArrayBuffer {
  const buf = new ArrayBuffer(STATS.size);
  const dv = new DataView(buf);
  for (const [key, f] of Object.entries(STATS.fields) as [string, { offset: number; type: string }][]) {
    const v = stats[key];
    switch (f.type) {
      case 'f64': dv.setFloat64(f.offset, v, true); break;
      case 'i64': dv.setBigInt64(f.offset, BigInt(v), true); break;
      case 'i32': dv.setInt32(f.offset, v, true); break;
      case 'u32': dv.setUint32(f.offset, v, true); break;
      case 'u16': dv.setUint16(f.offset, v, true); break;
    }
  }
  return buf;
}

/** One run() call of a hashed run; returns true while there is more to run. */
export function hashStep(h: SimHash, sim: Sim): boolean {
  let status: number;
  try {
    status = sim.run(-1);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    status = e.code;
  }
  h.word32(status);
  const ev = sim.events(), res = sim.results();
  h.word32(ev.count);
  h.word32(res.count);
  if (ev.count > 0) h.bytes(ev.buffer, ev.byteOffset, ev.count * EVENT.size);
  if (res.count > 0) h.bytes(res.buffer, res.byteOffset, res.count * res.layout.size);
  h.events += ev.count; h.results += res.count; h.runs++;
  h.status = status;
  return status === Status.More && h.runs < 1_000_000;
}

/** The final statistics (logical requests, all devices, each device) and clock. */
export function hashStats(h: SimHash, sim: Sim): void {
  for (let d = HOST; d < sim.diskCount(); d++) {
    h.word32(0);
    h.bytes(statsBytes(sim.statsGet(d) as unknown as Record<string, number>), 0, STATS.size);
  }
  h.double(sim.now());
  h.word32(sim.done() ? 1 : 0);
}

/** Runs a set-up sim to the end and hashes everything it produced. */
export function hashRun(sim: Sim): SimHash {
  const h = new SimHash();
  while (hashStep(h, sim)) { /* next chunk */ }
  hashStats(h, sim);
  return h;
}
