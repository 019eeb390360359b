/*
 * arrayReplay.ts — one of DiskSim 4.0's array streams replayed open through
 * HP C3323As set up as DiskSim's array files set them (tests/fixtures/arrays/),
 * compared with DiskSim's answers: each logical request's response, and each
 * one's device requests (disk, block, size, direction). The setup changes what
 * those files change from the validated drive (5,400 rpm, a 0.0512 ms/sector
 * bus, one command at a time at each disk, held by the driver: in C-LOOK order
 * by LBN in the RAID policies' device queue; for RAID-0 and concatenation in
 * the drive's own driver queue, in arrival order), never the preset. Every
 * disk starts at rotational angle 0, as DiskSim 4.0 starts every disk (its
 * random start angle is commented out, disk_syncset_init), so its
 * "synchronized spindles" (a disksim_syncset) change nothing there either.
 */
import { fileURLToPath } from 'node:url';
import { DiskParam, HostParam, Policy, Scheduler, type Engine } from '../../engine-wasm/binding';
import { configureDisk } from '../../web/state/diskPreset';
import { loadPreset } from './context';
import { compareResponses, disksimResponses, fixtureLines, traceRequests } from './disksimReference';

const FIXTURES = fileURLToPath(new URL('../fixtures/arrays/', import.meta.url));

export const arrayLines = (file: string) => fixtureLines(FIXTURES, file);

export interface ArraySetup {
  /** Files in tests/fixtures/arrays/: DiskSim's ASCII trace of the array's requests, its response per request
   * (`id,arrival_ms,device,lbn,sectors,read,response_ms`) and, for the parity arrays, its disk requests
   * (`id,disk,lbn,sectors,read,...`). */
  trace: string;
  responses: string;
  diskRequests?: string;
  disks: number;
  policy: Policy;
  unit: number;
  /** The drive's read completion overhead (the preset's 0.241 ms) or none (DiskSim's hp_c3323a_nocmpl.diskspecs). */
  readCompletion: boolean;
  /** Every disk on one bus (shared_bus 1), or each on its own. */
  busShared: boolean;
  /** Rotational angle of disk i at t = 0, a fraction of a revolution (absent: 0 for every disk). */
  phase?: (disk: number) => number;
  /** A write touching fewer than this fraction of the disks of a row reads the old data and parity (absent: 0.5,
   * every array in DiskSim's files: "RMW vs. reconstruct = 0.5"). */
  rmwFraction?: number;
}

export interface ArrayRun {
  /** DiskSim's responses, by trace line, for the requests it completed. */
  disksim: Map<number, number>;
  /** The model's responses, by trace line. */
  model: Map<number, number>;
  disksimMeanMs: number;
  modelMeanMs: number;
  /** Device requests per disk of the requests DiskSim completed: DiskSim's (from its disk-request file, else
   * `disksimPerDisk` as given) and the model's. */
  disksimPerDisk: number[];
  perDisk: number[];
  /** With a disk-request file: requests whose device requests are exactly DiskSim's, of those compared. */
  sameRequests?: { same: number; of: number };
  /** Share of those requests within 0.1 ms of DiskSim's response. */
  within01: number;
}

/** A device request as `disk,lbn,sectors,read`. */
type Key = string;

/** DiskSim's disk requests of each logical request it completed. */
function disksimDisks(file: string, completed: ReadonlyMap<number, number>): Map<number, Key[]> {
  const out = new Map<number, Key[]>();
  for (const l of arrayLines(file).slice(1)) {
    const f = l.split(',');
    const id = Number(f[0]);
    // requests still in flight when DiskSim stopped have some disk requests in the file; not compared
    if (!completed.has(id)) continue;
    (out.get(id) ?? out.set(id, []).get(id)!).push(f.slice(1, 5).join(','));
  }
  return out;
}

export function replayArray(e: Engine, s: ArraySetup, disksimPerDisk?: readonly number[]): ArrayRun {
  const disksim = disksimResponses(arrayLines(s.responses));
  const preset = loadPreset('hp-c3323a');
  // DiskSim's array files: hp_c3323a.model at 5,400 rpm (the validated drive's 5,396), BUS1 0.0512 ms per sector.
  const drive = { ...preset, geometry: { ...preset.geometry, rpm: 5400 },
    controller: { ...preset.controller, busMsPerSector: 0.0512, queueDepth: 1,
      readCompletionMs: s.readCompletion ? preset.controller.readCompletionMs : 0 } };
  const sim = e.createSim(1);
  try {
    for (let i = 0; i < s.disks; i++) {
      const d = configureDisk(sim, drive);
      if (s.busShared) sim.diskSet(d, DiskParam.SharedBus, 1);
      if (s.phase) sim.diskSet(d, DiskParam.InitialRotation, s.phase(i));
    }
    sim.hostSet(HostParam.Policy, s.policy);
    sim.hostSet(HostParam.Devices, s.disks);
    sim.hostSet(HostParam.StripeSectors, s.unit);
    sim.hostSet(HostParam.Scheduler, Scheduler.Clook);
    sim.hostSet(HostParam.DeviceQueue, 1);
    sim.hostSet(HostParam.RmwFraction, s.rmwFraction ?? 0.5);
    sim.outputConfigure(0, 65536);
    for (const q of traceRequests(arrayLines(s.trace))) sim.submit(q.arrivalMs, q.lbn, q.sectors, q.isWrite);
    const response = new Map<number, number>();
    const perDisk = new Array<number>(s.disks).fill(0);
    const mine = new Map<number, Key[]>();
    for (;;) {
      const more = sim.run() !== 0;
      const r = sim.results();
      for (let i = 0; i < r.count; i++) {
        const disk = r.get(i, 'disk'), id = r.get(i, 'logical');
        if (disk < 0) { response.set(r.get(i, 'id'), r.get(i, 'responseMs')); continue; }
        if (!disksim.has(id)) continue;
        perDisk[disk]++;
        const k = `${disk},${r.get(i, 'lbn')},${r.get(i, 'sectors')},${r.get(i, 'isWrite') ? 0 : 1}`;
        (mine.get(id) ?? mine.set(id, []).get(id)!).push(k);
      }
      if (!more) break;
    }
    const means = compareResponses(disksim, response, s.responses);
    let theirPerDisk = disksimPerDisk ? [...disksimPerDisk] : new Array<number>(s.disks).fill(0);
    let sameRequests: ArrayRun['sameRequests'];
    if (s.diskRequests) {
      const theirs = disksimDisks(s.diskRequests, disksim);
      theirPerDisk = new Array<number>(s.disks).fill(0);
      let same = 0;
      for (const [id, keys] of theirs) {
        for (const k of keys) theirPerDisk[Number(k.split(',')[0])]++;
        if ([...keys].sort().join(' ') === [...(mine.get(id) ?? [])].sort().join(' ')) same++;
      }
      sameRequests = { same, of: theirs.size };
    }
    return { disksim, model: response, ...means, disksimPerDisk: theirPerDisk, perDisk, sameRequests };
  } finally {
    sim.dispose();
  }
}
