/*
 * Trace replay (web/trace/replay.ts) through the wasm engine: open replay
 * gives the same events and results as submitting the whole trace up front
 * (so submitting a window ahead and running to the next arrival changes
 * nothing); closed replay keeps one request outstanding and issues request k
 * at completion(k−1) + think(k−1), as DiskSim's validate mode does; chunks
 * have the size the caller asked for; a request off the disk names its line.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT, HostParam, Policy, RESULT, ResultView, Status, WorkloadParam, type Sim } from '../engine-wasm/binding';
import { parseTrace } from '../web/trace/parse';
import { TraceReplay, TraceReplayError, submitRequest } from '../web/trace/replay';
import type { Trace } from '../web/trace/types';
import { fidelityEngine, simWith } from './fidelity/context';

const FIX = fileURLToPath(new URL('./fixtures/trace/', import.meta.url));

function trace(text: string): Trace {
  const r = parseTrace(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.trace;
}

/** A busy open trace: bursts and gaps, reads and writes, on the HP C2200A's LBNs. */
function busyTrace(n = 3000): Trace {
  const lines: string[] = [];
  let t = 0;
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    t += i % 50 < 10 ? 0.5 : 9 + (x % 20); // bursts queue up
    lines.push(`${t.toFixed(3)},${x % 300000},${1 + (x % 64)},${x % 3 ? 'R' : 'W'}`);
  }
  return trace(lines.join('\n'));
}

async function freshSim(): Promise<Sim> {
  const e = await fidelityEngine();
  const { sim } = simWith(e, 'hp-c2200a', 5);
  sim.workloadSet(WorkloadParam.Count, 0);
  return sim;
}

interface Collected { events: Uint8Array; results: Uint8Array; chunks: number[] }

function drain(run: () => Status, events: () => { count: number; copyBytes(): ArrayBuffer }, results: () => { count: number; copyBytes(): ArrayBuffer }): Collected {
  const ev: Uint8Array[] = [];
  const rs: Uint8Array[] = [];
  const chunks: number[] = [];
  for (let guard = 0; guard < 1e6; guard++) {
    const st = run();
    const e = events();
    const r = results();
    ev.push(new Uint8Array(e.copyBytes()));
    rs.push(new Uint8Array(r.copyBytes()));
    chunks.push(r.count);
    if (st === Status.Ok) break;
  }
  const cat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  };
  return { events: cat(ev), results: cat(rs), chunks };
}

describe('open replay', () => {
  it('gives the same events and results as submitting every request up front (more requests than the window it submits ahead)', async () => {
    const t = busyTrace(20_000);
    const a = await freshSim();
    for (let i = 0; i < t.count; i++) submitRequest(a, t.arrivalMs[i], t.lbn[i], t.sectors[i], t.isWrite[i] === 1);
    a.outputConfigure(4096, 500);
    const direct = drain(() => a.run(), () => a.events(), () => a.results());

    const b = await freshSim();
    const rep = new TraceReplay(b, t, 'open');
    rep.outputConfigure(4096, 500);
    const replayed = drain(() => rep.run(), () => rep.events(), () => rep.results());
    expect(replayed.results.length / RESULT.size).toBe(20_000);
    expect(Buffer.from(replayed.results).equals(Buffer.from(direct.results))).toBe(true);
    expect(Buffer.from(replayed.events).equals(Buffer.from(direct.events))).toBe(true);
    expect(replayed.events.length / EVENT.size).toBeGreaterThan(20_000 * 5);
    expect(replayed.chunks.every((n) => n <= 500)).toBe(true);
    expect(b.statsGet(-1)).toEqual(a.statsGet(-1));
    a.dispose();
    b.dispose();
  });

  it('without events, every result chunk but the last has exactly the size asked for', async () => {
    const t = busyTrace();
    const sim = await freshSim();
    const rep = new TraceReplay(sim, t, 'open');
    rep.outputConfigure(0, 500);
    const out = drain(() => rep.run(), () => rep.events(), () => rep.results());
    expect(out.chunks.filter((n) => n > 0)).toEqual([500, 500, 500, 500, 500, 500]);
    sim.dispose();
  });

  it('with result chunks larger than the window, the sim stops at the next unsubmitted arrival (same results)', async () => {
    const t = busyTrace(20_000);
    const a = await freshSim();
    for (let i = 0; i < t.count; i++) submitRequest(a, t.arrivalMs[i], t.lbn[i], t.sectors[i], t.isWrite[i] === 1);
    a.outputConfigure(0, 20_000);
    const direct = drain(() => a.run(), () => a.events(), () => a.results());
    const b = await freshSim();
    const rep = new TraceReplay(b, t, 'open');
    rep.outputConfigure(0, 20_000);
    const replayed = drain(() => rep.run(), () => rep.events(), () => rep.results());
    expect(replayed.results.length / RESULT.size).toBe(20_000);
    expect(Buffer.from(replayed.results).equals(Buffer.from(direct.results))).toBe(true);
    a.dispose();
    b.dispose();
  });
});

describe('closed replay (DiskSim validate mode)', () => {
  it('one outstanding: request 0 at 0, request k at completion(k−1) + think(k−1)', async () => {
    const t = trace(readFileSync(`${FIX}dec_rz26.head25.trace`, 'utf8'));
    // The DEC RZ26's LBNs fit the HP C2200A's 1 GB? Use a small-LBN copy of the timing columns if not.
    const sim = await freshSim();
    const cap = sim.diskCapacity(0);
    for (let i = 0; i < t.count; i++) t.lbn[i] = t.lbn[i] % (cap - 200);
    const rep = new TraceReplay(sim, t, 'closed');
    rep.outputConfigure(0, 7);   // without events, result chunks have exactly the size asked for (as in open replay)
    const out = drain(() => rep.run(), () => rep.events(), () => rep.results());
    expect(out.chunks).toEqual([7, 7, 7, 4]);
    const r = new ResultView(out.results.buffer as ArrayBuffer, 0, t.count);
    const byId = Array.from({ length: t.count }, (_, i) => r.at(i)).sort((x, y) => x.id - y.id);
    expect(byId[0].arrivalMs).toBe(0);
    for (let k = 1; k < t.count; k++) {
      expect(byId[k].arrivalMs).toBe(byId[k - 1].completeMs + t.thinkMs[k - 1]);
      expect(byId[k].lbn).toBe(t.lbn[k]);
      expect(byId[k].sectors).toBe(t.sectors[k]);
    }
    // Completion order is issue order: never two outstanding.
    expect(Array.from({ length: t.count }, (_, i) => r.get(i, 'id'))).toEqual(Array.from({ length: t.count }, (_, i) => i));
    expect(sim.statsGet(-1).completed).toBe(t.count);
    sim.dispose();
  });
});

describe('closed replay on a striped volume', () => {
  it('waits for the logical request (its logical record), not its first device part', async () => {
    const e = await fidelityEngine();
    const { sim } = simWith(e, 'hp-c2200a', 5);
    // A second copy of the disk, striped in 8-sector units: 32-sector requests become 4 device requests over 2 disks.
    const { sim: other, disk } = simWith(e, 'hp-c2200a', 5);
    sim.diskCopy(other, disk);
    other.dispose();
    sim.hostSet(HostParam.Policy, Policy.Stripe);
    sim.hostSet(HostParam.Devices, 2);
    sim.hostSet(HostParam.StripeSectors, 8);
    sim.workloadSet(WorkloadParam.Count, 0);
    const t = trace(Array.from({ length: 30 }, (_, i) => `${i % 2 ? 'W' : 'R'} Miss ${(i * 104729) % 2_000_000} 32 1000 ${(i % 5) * 700}`).join('\n'));
    const rep = new TraceReplay(sim, t, 'closed');
    rep.outputConfigure(0, 1000);
    const out = drain(() => rep.run(), () => rep.events(), () => rep.results());
    const r = new ResultView(out.results.buffer as ArrayBuffer, 0, out.results.length / RESULT.size);
    const logical = Array.from({ length: r.count }, (_, i) => r.at(i)).filter((x) => x.disk === -1).sort((x, y) => x.id - y.id);
    expect(logical).toHaveLength(30);
    expect(r.count).toBeGreaterThan(30 + 30);
    expect(logical[0].arrivalMs).toBe(0);
    for (let k = 1; k < 30; k++) expect(logical[k].arrivalMs).toBe(logical[k - 1].completeMs + t.thinkMs[k - 1]);
    sim.dispose();
  });
});

describe('replay errors', () => {
  it('a request past the end of the disk names its line, before anything runs', async () => {
    const sim = await freshSim();
    const cap = sim.diskCapacity(0);
    const t = trace(`0,0,8,R\n1,${cap - 4},8,W\n`);
    expect(() => new TraceReplay(sim, t, 'open')).toThrow(TraceReplayError);
    expect(() => new TraceReplay(sim, t, 'open')).toThrow(new RegExp(`^trace line 2: lbn ${cap - 4} \\+ 8 sectors runs past the last block`));
    sim.dispose();
  });
});

describe('closed replay in the engine (SP_SUBMIT_AFTER_PREVIOUS)', () => {
  it('gives the same per-request times as issuing each request at its predecessor\'s completion by hand (the HP C2247A trace)', async () => {
    const t = trace(readFileSync(fileURLToPath(new URL('./fixtures/validation/hp_c2247a.trace', import.meta.url)), 'utf8'));
    const e = await fidelityEngine();
    // The oracle: one sp_run per completion (a result buffer of one), each request submitted at
    // completion(k−1) + think(k−1) with an absolute time.
    const { sim: a } = simWith(e, 'hp-c2247a', 5);
    a.workloadSet(WorkloadParam.Count, 0);
    a.outputConfigure(0, 1);
    const want: Array<[number, number]> = [];
    let last = 0;
    for (let k = 0; k < t.count; k++) {
      submitRequest(a, k === 0 ? 0 : last + t.thinkMs[k - 1], t.lbn[k], t.sectors[k], t.isWrite[k] === 1);
      for (let guard = 0; a.results().count === 0 || a.results().get(0, 'id') !== k; guard++) {
        if (guard > 1000) throw new Error(`request ${k} never completed`);
        a.run(-1);
      }
      last = a.results().get(0, 'completeMs');
      want.push([a.results().get(0, 'arrivalMs'), last]);
    }
    a.dispose();
    const { sim: b } = simWith(e, 'hp-c2247a', 5);
    b.workloadSet(WorkloadParam.Count, 0);
    const rep = new TraceReplay(b, t, 'closed');
    rep.outputConfigure(0, 1024);
    const out = drain(() => rep.run(), () => rep.events(), () => rep.results());
    const r = new ResultView(out.results.buffer as ArrayBuffer, 0, t.count);
    const got = Array.from({ length: t.count }, (_, i) => r.at(i)).sort((x, y) => x.id - y.id)
      .map((x): [number, number] => [x.arrivalMs, x.completeMs]);
    expect(got.length).toBe(t.count);
    expect(got).toEqual(want);
    b.dispose();
  });
});
