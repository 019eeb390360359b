/*
 * sptf.ts — fidelity rows against DiskSim 4.0 on a Quantum Atlas 10K holding
 * eight commands under SPTF (synthetic reference, case b;
 * tests/fixtures/disksim-atlas10k/README.md): 19,997 random 4 KB reads
 * replayed closed as DiskSim's eight generators issued them (requests 0-7 at
 * t = 0, the trace's next line at each completion), with DiskSim's
 * "Preseeking level" 0 and 2, request for request.
 *
 * The setup changes only what the synthetic .diskspecs change from the
 * quantum-atlas-10k preset (converted from atlas10k.diskspecs), never the
 * preset: the disk's queue ("Max queue length = 8"), its scheduler
 * ("Scheduling policy = 8", SPTF_OPT, weighed as DiskSim weighs it:
 * sptf_disksim) and preseeking (level 0: none, the file's value, which the
 * preset does not apply; level 2: the positioning starts when the media
 * access ends, the engine's preseek). The host holds the stream and sends
 * its next request at each completion (host queue depth 8, in order), so a
 * response runs from the request's issue, as DiskSim's does.
 */
import { fileURLToPath } from 'node:url';
import { DiskParam, HostParam, type Engine } from '../../engine-wasm/binding';
import { configureDisk } from '../../web/state/diskPreset';
import { loadPreset } from './context';
import { compareResponses, disksimResponses, fixtureLines, pct, traceRequests, type MeanComparison } from './disksimReference';
import type { FidelityRow } from './traxtents';

const FIXTURES = fileURLToPath(new URL('../fixtures/disksim-atlas10k/', import.meta.url));
/** DiskSim's eight closed generators (think time 0). */
const OUTSTANDING = 8;

export interface SptfCase {
  id: string;
  /** DiskSim's "Preseeking level". */
  level: 0 | 2;
  /** DiskSim's answers. */
  csv: string;
}

export const SPTF_CASES: readonly SptfCase[] = [
  { id: 'q-atlas10k-sptf-pre0', level: 0, csv: 'atlas10k_q8_sptf_pre0.csv' },
  { id: 'q-atlas10k-sptf-pre2', level: 2, csv: 'atlas10k_q8_sptf_pre2.csv' },
];

/** Replays the stream closed; `disksimSptf` false: SPTF with the engine's own yardstick. */
export function sptfRun(e: Engine, c: SptfCase, disksimSptf = true): MeanComparison {
  const disksim = disksimResponses(fixtureLines(FIXTURES, c.csv));
  const preset = loadPreset('quantum-atlas-10k');
  const drive = { ...preset, controller: { ...preset.controller, queueDepth: OUTSTANDING, scheduler: 'sptf' as const,
    preseek: c.level === 2 } };
  const sim = e.createSim(1);
  try {
    const d = configureDisk(sim, drive);
    if (disksimSptf) sim.diskSet(d, DiskParam.SptfDisksim, 1);
    sim.hostSet(HostParam.QueueDepth, OUTSTANDING);
    sim.outputConfigure(0, 65536);
    for (const q of traceRequests(fixtureLines(FIXTURES, 'atlas10k_q8.trace'))) sim.submit(0, q.lbn, q.sectors, q.isWrite);
    const model = new Map<number, number>();
    for (;;) {
      const more = sim.run() !== 0;
      const r = sim.results();
      // the device request's response: from its issue by the host
      for (let i = 0; i < r.count; i++) if (r.get(i, 'disk') >= 0) model.set(r.get(i, 'logical'), r.get(i, 'responseMs'));
      if (!more) break;
    }
    return compareResponses(disksim, model, c.id);
  } finally {
    sim.dispose();
  }
}

/** What is known of a miss (shown only when a row misses). */
const OPEN = 'cause not established';

export function sptfRows(e: Engine): FidelityRow[] {
  return SPTF_CASES.map((c) => {
    const r = sptfRun(e, c);
    const tol = 0.02 * r.disksimMeanMs;
    const pass = Math.abs(r.modelMeanMs - r.disksimMeanMs) <= tol;
    const diff = pct(r.modelMeanMs, r.disksimMeanMs);
    return {
      id: c.id, source: `DiskSim 4.0, atlas10k_q8_sptf_pre${c.level}.parv (synthetic reference, atlas10k/), ${c.csv}`, unit: 'ms',
      what: `Quantum Atlas 10K, 8 closed streams of random 4 KB reads, disk queue 8, SPTF, Preseeking level ${c.level}, ` +
        `zero latency: mean response of the requests DiskSim completed (${diff}; ${(100 * r.within01).toFixed(0)} % of ` +
        'requests within 0.1 ms of DiskSim\'s)',
      paper: r.disksimMeanMs, model: r.modelMeanMs, tolerance: tol,
      why: 'within 2 %: the same drive, stream, queue and scheduler as DiskSim\'s run; the residue is per-request timing',
      pass,
      ...(pass ? {} : { openMiss: `model ${diff} off DiskSim's mean; ${OPEN}` }),
    };
  });
}
