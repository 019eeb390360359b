/*
 * figures.ts — both drives run to their end, in the worker: the engine's
 * statistics of each, the shingled drive's media cache and cleaning
 * (sp_smr_stats) and its bands as the engine laid them out (sp_zone_get),
 * which the page draws on the stage's platter. The same sims as the stage's.
 */
import { DiskParam, SmrParam, type Engine, type Sim } from '../../../engine-wasm/binding';
import { checkDriveParams, driveSim, setWrites } from './drives';
import { WRITE_SECTORS } from './units';
import { DRIVES, type Drive, type DriveFigures, type DriveParams, type Figures, type SmrLayout } from './protocol';

/** The shingled drive's bands and media cache, from the engine. */
export function smrLayout(sim: Sim, disk: number): SmrLayout {
  const st = sim.smrStats(disk);
  const bands = Array.from({ length: sim.zoneCount(disk) }, (_, i) => {
    const z = sim.zone(disk, i);
    return { firstLbn: z.firstLbn, lbns: z.lbns, firstTrack: z.firstTrack, tracks: z.tracks };
  });
  return {
    bands,
    mcFirstTrack: st.mcFirstTrack,
    mcTracks: st.mcTracks,
    mcSectors: st.mcSectors,
    bandTracks: sim.smrGet(disk, SmrParam.BandTracks),
    guardTracks: sim.smrGet(disk, SmrParam.GuardTracks),
    surfaces: sim.diskGet(disk, DiskParam.Surfaces),
    sectorBytes: sim.diskGet(disk, DiskParam.SectorBytes),
  };
}

function runToEnd(sim: Sim): number {
  sim.outputConfigure(0, 4096);
  let last = 0;
  let st;
  do {
    st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) last = Math.max(last, r.get(i, 'completeMs'));
  } while (st === 1);
  return last;
}

function driveFigures(engine: Engine, p: ReturnType<typeof checkDriveParams>, drive: Drive): { figures: DriveFigures; layout: SmrLayout | null } {
  const { sim, disk, preset } = driveSim(engine, p, drive);
  try {
    setWrites(sim, p);
    const last = runToEnd(sim);
    const s = sim.statsGet(-1);
    const bytes = s.completed * WRITE_SECTORS * sim.diskGet(disk, DiskParam.SectorBytes);
    return {
      figures: {
        drive, name: preset.name, capacity: sim.diskCapacity(disk), completed: s.completed,
        lastCompletionMs: last, lastEventMs: sim.now(), mbPerS: last > 0 ? bytes / 1e6 / (last / 1000) : 0,
        responseMeanMs: s.responseMeanMs, responseMaxMs: s.responseMaxMs,
        smr: drive === 'smr' ? sim.smrStats(disk) : null,
      },
      layout: drive === 'smr' ? smrLayout(sim, disk) : null,
    };
  } finally {
    sim.dispose();
  }
}

export function smrFigures(engine: Engine, params: DriveParams): Figures {
  const p = checkDriveParams(params);
  const [cmr, smr] = DRIVES.map((d) => driveFigures(engine, p, d));
  return { layout: smr.layout!, cmr: cmr.figures, smr: smr.figures };
}
