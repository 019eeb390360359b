/*
 * raid5.ts — fidelity rows against DiskSim 4.0's RAID-5 of nine HP C3323A
 * (synthraid5.parv: stripe unit 64, left-symmetric parity, spindles
 * synchronized, each disk on its own controller and BUS1, driver C-LOOK with
 * one request at a time per disk), on two streams replayed open
 * (arrayReplay.ts): DiskSim's own synthraid5 stream (small requests, 66 %
 * reads: reads and read-modify-writes) and a large-write stream
 * (raid5_bigwrites.parv: 80 % writes of mean 256 sectors, which reach
 * reconstruct-writes and full rows). The disks are DiskSim's as shipped
 * (hp_c3323a.diskspecs): the drive's 0.241 ms read completion overhead.
 */
import { Policy, type Engine } from '../../engine-wasm/binding';
import { arrayMeanRow, arrayRequestsRow } from './arrayRowKinds';
import { replayArray, type ArrayRun, type ArraySetup } from './arrayReplay';
import type { FidelityRow } from './traxtents';

export interface Raid5Stream {
  /** The fixtures' stem: `<file>.trace`, `<file>.csv`, `<file>_disk.csv`. */
  file: string;
  name: string;
  /** DiskSim's printed mean response (README summary), the mean of its CSV. */
  meanMs: number;
}

export const RAID5_STREAMS: readonly Raid5Stream[] = [
  { file: 'synthraid5', name: 'synthraid5 (66 % reads, mean 8 sectors)', meanMs: 35.885 },
  { file: 'raid5_bigwrites', name: 'raid5_bigwrites (80 % writes, mean 256 sectors)', meanMs: 78.38 },
];

/** Replays stream `s` in synthraid5.parv's setup; `change` alters it (the tests' what-ifs). */
export function raid5Run(e: Engine, s: Raid5Stream, change: Partial<ArraySetup> = {}): ArrayRun {
  return replayArray(e, { trace: `${s.file}.trace`, responses: `${s.file}.csv`, diskRequests: `${s.file}_disk.csv`,
    disks: 9, policy: Policy.Raid5, unit: 64, readCompletion: true, busShared: false, ...change });
}

const SOURCE = 'DiskSim 4.0, synthraid5.parv (synthetic reference, arrays/)';
const LABEL = 'RAID-5 of 9 HP C3323A (unit 64, spindles synchronized)';

export function raid5Rows(e: Engine): FidelityRow[] {
  return RAID5_STREAMS.flatMap((s) => {
    const r = raid5Run(e, s);
    return [
      arrayMeanRow(r, {
        id: `arr-${s.file}-mean`, source: `${SOURCE}, ${s.file}.csv`,
        what: `${LABEL}, ${s.name}: mean response of the ${r.disksim.size} requests DiskSim completed, replayed open`,
        why: 'within 5 %: the array\'s own figure; the drive under it is held to 2 % by the validation rows',
        open: 'cause not established',
      }),
      arrayRequestsRow(r, {
        id: `arr-${s.file}-disks`, source: `${SOURCE}, ${s.file}_disk.csv`, what: `${LABEL}, ${s.name}`,
        why: 'exact: the same mapping, parity rules (read-modify-write, reconstruct-write, full row) and joining ' +
          'give the same device requests',
      }),
    ];
  });
}
