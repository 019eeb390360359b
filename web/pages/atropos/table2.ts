/*
 * table2.ts — the analogue of the Atropos paper's Table 2 (lost in the
 * extraction; spec section 2.9) over the disk presets: for each, the outer
 * zone's N and skew H, the head switch in sectors, D for b = 1, and for
 * d = 2, 3, 4 the cyclic form's b_max and the largest b the engine's exact
 * per-quadrangle check passes (with S = d·b). Every figure is the engine's
 * (sp_volume_info on a one-disk quadrangle volume), and beside the preset's
 * H and head switch, what the black-box extractor measures from timings
 * alone (sp_extract_switch over the first tracks), as Atropos's own did.
 */
import { DiskParam, Status, type Engine, type Sim } from '../../../engine-wasm/binding';
import { presetArg, wholeArg } from '../../worker/args';
import { arraySim, exactBMax, quadVolume } from './service';
import type { FigureProgress, Table2Params, Table2Row } from './protocol';

const DEPTHS = [2, 3, 4] as const;

/** The black-box extractor over the first tracks holding data: its head switch (ms and sectors of the outer zone) and skew. */
export function extractSwitch(sim: Sim): Table2Row['extracted'] {
  let first = 0, N = 0;
  for (let t = 0; t < sim.diskTrackCount(0); t++) { const tr = sim.trackInfo(0, t); if (tr.lbnCount > 0) { first = tr.firstLbn; N = tr.lbnCount; break; } }
  const ex = sim.extractNew(0, first, 10 * N);
  try {
    while (ex.step(8) === Status.More) { /* the region's boundaries */ }
    const s = ex.switchEstimate();
    return { headSwitchMs: s.headSwitchMs, switchSectors: (s.headSwitchMs / sim.revolutionMs(0)) * N, skewSectors: s.skewSectors };
  } finally {
    ex.dispose();
  }
}

export function table2Row(engine: Engine, id: string, json: unknown): Table2Row {
  let sim: Sim | undefined;
  try {
    sim = arraySim(engine, presetArg(json), 1);
    const info = quadVolume(sim, 1, 1, 1, 'linked');
    const rpm = 60000 / sim.revolutionMs(0);
    const depths = DEPTHS.map((d) => {
      const v = quadVolume(sim!, 1, d, 1, 'linked');
      return { d, bMax: Math.max(0, v.bMax), bMaxLinear: Math.max(0, v.bMaxLinear), bExact: exactBMax(sim!, d, v.bMax, v.N) };
    });
    return {
      id, rpm, N: info.N, H: info.H, HEff: info.HEff, switchSectors: info.switchSectors, sectorBytes: sim.diskGet(0, DiskParam.SectorBytes),
      D: info.D, DLinear: info.DLinear, depths, extracted: extractSwitch(sim), error: '',
    };
  } catch (e) {
    return { id, rpm: NaN, N: 0, H: 0, HEff: 0, switchSectors: NaN, sectorBytes: 0, D: 0, DLinear: 0, depths: [], extracted: null, error: e instanceof Error ? e.message : String(e) };
  } finally {
    sim?.dispose();
  }
}

/** The table, one preset (row) at a time. */
export function* table2Stream(engine: Engine, p: Table2Params): Generator<FigureProgress, Table2Row[], void> {
  if (!Array.isArray(p.presets)) throw new Error('presets: a list of { id, json }');
  wholeArg('presets.length', p.presets.length, 1, 64);
  const out: Table2Row[] = [];
  for (const { id, json } of p.presets) {
    const row = table2Row(engine, String(id), json);
    out.push(row);
    yield { kind: 'table2-row', row };
  }
  return out;
}
