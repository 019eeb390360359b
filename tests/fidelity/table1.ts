/*
 * table1.ts — the ways Ruemmler & Wilkes's Table 1 "average 8KB access" may
 * have been taken, each computed from a preset through the engine: one of the
 * four "average" seeks the paper's text names (the one-third-stroke seek, the
 * full stroke / 3, the mean over the seek sizes, the mean weighted by how many
 * seeks of each size there are), half a revolution, 8 KB off the media, with
 * or without the controller overhead and the bus (after the media, or
 * overlapped with it). The paper says none of this: Table 1 lists the figure
 * beside the capacity, cylinders, size, speed and interconnect.
 */
import { DiskParam, type Engine } from '../../engine-wasm/binding';
import { configureDisk } from '../../web/state/diskPreset';
import { loadPreset } from './context';

const SEEKS = ['one-third-stroke seek', 'full stroke / 3', 'mean over seek sizes', 'mean weighted by seek count'] as const;
const BUS = ['no bus', 'bus after the media', 'bus overlapped'] as const;

export interface Reading { way: string; ms: number }

/** Every reading of "average 8 KB access" for one preset (24 ways). */
export function table1Readings(e: Engine, presetId: string): Reading[] {
  const preset = loadPreset(presetId);
  const sim = e.createSim(1);
  try {
    const d = configureDisk(sim, preset);
    const cyls = sim.diskCylinders(d), rev = sim.revolutionMs(d);
    const seek = (k: number) => sim.seekTime(d, k);
    let sizes = 0, weighted = 0, pairs = 0;
    for (let k = 1; k < cyls; k++) {
      sizes += seek(k);
      weighted += (cyls - k) * seek(k);
      pairs += cyls - k;
    }
    const avg: Record<(typeof SEEKS)[number], number> = {
      'one-third-stroke seek': seek(Math.round((cyls - 1) / 3)),
      'full stroke / 3': seek(cyls - 1) / 3,
      'mean over seek sizes': sizes / (cyls - 1),
      'mean weighted by seek count': weighted / pairs,
    };
    const sectors = 8192 / preset.geometry.sectorBytes;
    const media = (sectors / preset.geometry.zones[0].sectorsPerTrack) * rev;
    const bus = sectors * sim.diskGet(d, DiskParam.BusMsPerSector);
    const overhead = sim.diskGet(d, DiskParam.ReadOverheadMs);
    const transfer = { 'no bus': media, 'bus after the media': media + bus, 'bus overlapped': Math.max(media, bus) };
    const out: Reading[] = [];
    for (const s of SEEKS)
      for (const b of BUS)
        for (const oh of [false, true])
          out.push({ way: `${s}, ${b}, ${oh ? 'with' : 'without'} the overhead`, ms: avg[s] + rev / 2 + transfer[b] + (oh ? overhead : 0) });
    return out;
  } finally {
    sim.dispose();
  }
}

/** The reading whose larger relative error over the drives is least: whether any one reading fits them all. */
export function table1BestReading(e: Engine, drives: readonly { preset: string; paperMs: number }[]):
  { way: string; errors: number[]; worst: number } {
  const all = drives.map((dr) => table1Readings(e, dr.preset));
  let best = { way: '', errors: [] as number[], worst: Infinity };
  all[0].forEach((r, i) => {
    const errors = drives.map((dr, j) => all[j][i].ms / dr.paperMs - 1);
    const worst = Math.max(...errors.map(Math.abs));
    if (worst < best.worst) best = { way: r.way, errors, worst };
  });
  return best;
}
