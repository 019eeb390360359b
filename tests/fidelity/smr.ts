/*
 * smr.ts — the fidelity rows of the shingled drives: the drive-managed
 * preset (seagate-st5000as0011-smr, the Seagate drive Aghayev & Desnoyers
 * measured in Skylight, FAST 2015, scaled to 1/140 of its tracks) under
 * random 4 KB writes, one at a time, over the whole drive, as Skylight's
 * probes write. Shape and magnitude: the writes the media cache absorbs
 * before the first stall (the source's cache size, scaled), the throughput
 * cliff when it is full, and a band clean's length against its closed form
 * (read the band, rewrite it, at the preset's own media rate). The paper's
 * body was not available here (SKYLIGHT_SEARCHED says what was found): its
 * figures are those the project's issue quotes, and a row whose magnitude it
 * does not give stays open with what is known. Every model figure comes from
 * the wasm engine.
 */
import type { Engine, Sim } from '../../engine-wasm/binding';
import { Arrivals, EventKind, Pattern, SmrParam, WorkloadParam } from '../../engine-wasm/binding';
import { presetSeekMs } from '../../web/state/presetEngine';
import { loadPreset, simWith } from './context';
import type { FidelityRow } from './traxtents';

const DISK = 'seagate-st5000as0011-smr';
const SEED = 1;
const WRITE_SECTORS = 8;                 /* 4 KB */
const AFTER_FULL = 3000;                 /* writes measured once the cache is full */
const SCALE = 140;                       /* the preset's tracks are 1/140 of the drive's */

/* What a search of the stored public copies found of the paper (so a reader
 * knows why the cliff row is open and where its figure would come from). */
const SKYLIGHT_SEARCHED =
  'a search of the stored copies of public pages found only the abstract (usenix.org, FAST \'15; the ACM TOS 11(4) ' +
  'article 16 version with M. Shafaei at dl.acm.org and researchgate.net) and the first page of two transcripts ' +
  '(fdocuments.in, docslib.org), none with the Seagate drive\'s results; the abstract names what the paper measures ' +
  '(the persistent cache\'s type, structure and size, the cleaning algorithm, the band size) and gives no figure';

type Spec = Omit<FidelityRow, 'pass'>;
const row = (s: Spec): FidelityRow => ({ ...s, pass: Math.abs(s.model - s.paper) <= s.tolerance });

interface Point { arrival: number; complete: number }
interface Clean { start: number; dur: number; band: number; cyl: number }

/** Random 4 KB writes, closed, one outstanding, until `count`: each write's times and each band clean. */
function randomWrites(sim: Sim, count: number): { writes: Point[]; cleans: Clean[] } {
  sim.workloadSet(WorkloadParam.Arrivals, Arrivals.Closed);
  sim.workloadSet(WorkloadParam.Pattern, Pattern.Random);
  sim.workloadSet(WorkloadParam.ReadFraction, 0);
  sim.workloadSet(WorkloadParam.SizeSectors, WRITE_SECTORS);
  sim.workloadSet(WorkloadParam.Count, count);
  sim.outputConfigure(1 << 16, 1 << 14);
  const writes: Point[] = [], cleans: Clean[] = [];
  let st;
  do {
    st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) writes.push({ arrival: r.get(i, 'arrivalMs'), complete: r.get(i, 'completeMs') });
    const e = sim.events();
    for (let i = 0; i < e.count; i++) {
      if (e.kind(i) === EventKind.BandClean && e.b(i) === 1) cleans.push({ start: e.time(i), dur: e.dur(i), band: e.a(i), cyl: e.cyl(i) });
    }
  } while (st === 1);
  return { writes, cleans };
}

/** MB/s of writes [from, to) of a closed stream: their bytes over the time they took. */
function throughput(w: Point[], from: number, to: number): number {
  const ms = w[to - 1].complete - w[from].arrival;
  return ((to - from) * WRITE_SECTORS * 512) / 1e6 / (ms / 1000);
}

export function smrRows(e: Engine): FidelityRow[] {
  const p = loadPreset(DISK);
  const { sim, disk } = simWith(e, DISK, SEED);
  try {
    sim.smrSet(disk, SmrParam.CleanIdleMs, -1);   /* a closed stream is never idle; said so */
    const cacheSectors = sim.smrStats(disk).mcSectors;
    const fill = cacheSectors / WRITE_SECTORS;
    const { writes, cleans } = randomWrites(sim, fill + AFTER_FULL);
    const st = sim.smrStats(disk);
    const firstStall = cleans.length ? writes.findIndex((w) => w.complete > cleans[0].start) : writes.length;
    const before = throughput(writes, 0, Math.min(firstStall, fill));
    const after = throughput(writes, writes.length - AFTER_FULL, writes.length);
    const rows: FidelityRow[] = [];
    const D = `${DISK}, random 4 KB writes, one at a time`;
    rows.push(row({
      id: 'smr-cache-absorbs', source: 'Skylight (as quoted)', what: `${D}: MB written before the first stall, x${SCALE} (the real drive's)`,
      paper: 22.5e3, model: (firstStall * WRITE_SECTORS * 512 * SCALE) / 1e6, tolerance: 2.5e3, unit: 'MB',
      why: 'the source gives a persistent cache of "about 20-25 GB": its middle, ± half the range; the preset\'s cache is that figure scaled, so the row checks that the cliff comes when the cache is full (every write before it appended, none stalled)',
    }));
    const ratio = before / after;
    rows.push({
      id: 'smr-cliff', source: 'Skylight (as quoted)', what: `${D}: throughput before the cache fills / after (before ${before.toFixed(2)} MB/s, after ${after.toFixed(3)} MB/s)`,
      paper: NaN, model: ratio, tolerance: NaN, unit: 'x',
      why: `the source reports the cliff; the size of the drop is in its figures, which were not available here: ${SKYLIGHT_SEARCHED}`,
      pass: false,
      openMiss: `the model shows the cliff (${ratio.toFixed(0)}x: before, each write is reported from the volatile buffer and appended to the cache at the media rate; after, ${(AFTER_FULL / Math.max(1, st.cleans)).toFixed(1)} writes per band clean on average, since random writes leave few sectors in each of ${st.zones} bands). The measured drop needs the paper's figure (its section on the Seagate drive), not found in the stored copies searched; the preset's volatile write cache and one command at a time are choices (estimated), so the drop is not tuned to any figure`,
    });
    // A band clean from its closed form: the band's tracks read then written at the preset's media rate.
    const z = p.geometry.zones[0], rev = 60000 / p.geometry.rpm, sh = p.shingled!;
    const seek = (d: number) => presetSeekMs(p, d);
    const skewMs = (z.cylSkew / z.sectorsPerTrack) * rev;
    const pass1 = sh.bandTracks * rev + (sh.bandTracks - 1) * skewMs;
    const outer = cleans.filter((c) => sim.zone(disk, c.band).firstTrack <= z.lastCyl);   /* bands of the outer zone */
    const c0 = outer[0];
    if (c0) {
      const bandCyl = sim.zone(disk, c0.band).firstTrack;
      const formula = seek(Math.abs(bandCyl - c0.cyl)) + pass1 + seek(sh.bandTracks - 1) + pass1;
      rows.push(row({
        id: 'smr-band-clean', source: 'closed form', what: `${DISK}: one outer-zone band clean (read ${sh.bandTracks} tracks, rewrite them), ms`,
        paper: formula + rev, model: c0.dur, tolerance: rev, unit: 'ms',
        why: 'seek to the band + 16 revolutions and 15 skews to read it, seek back over 15 cylinders + the same to write it; the two rotational waits are each in [0, 1) revolution, so the clean lies in [formula, formula + 2 rev): the middle, ± one revolution',
      }));
      const mb = (sh.bandTracks * z.sectorsPerTrack * 512) / 1e6;
      rows.push(row({
        id: 'smr-clean-rate', source: 'closed form', what: `${DISK}: cleaning rate of outer bands (band MB / clean time), MB/s`,
        paper: mb / ((2 * pass1) / 1000), model: mb / (c0.dur / 1000), tolerance: 0.15 * (mb / ((2 * pass1) / 1000)), unit: 'MB/s',
        why: 'half the media rate (each byte read and written once), less the seeks and rotational waits: at most 15 % for a 16-track band',
      }));
    }
    return rows;
  } finally {
    sim.dispose();
  }
}
