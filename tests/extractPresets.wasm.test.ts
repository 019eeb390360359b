/*
 * The black-box track-boundary extractor (traxtents paper, section 4.1) over
 * every shipped disk preset, whole disk, through the wasm engine the page
 * runs, behind the drive's own bus and the paper's adapter (the page's
 * choices): the boundaries it finds are exactly the layout's track starts,
 * none missing and none extra. Runs of slipped slots as long as a boundary's
 * step (in the Barracuda's and the Cheetah 9LP's defect lists) once read as
 * false boundaries; a boundary is now confirmed by a second read timed by its
 * own completion, which a run of slips inside one track does not pass.
 * A shingled drive is refused, with the reason.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '../engine-wasm/binding';
import { applyAdapter, type Adapter } from '../web/experiments/adapter';
import { runExtraction } from '../web/pages/traxtents';
import { fidelityEngine, loadPreset, simWith } from './fidelity/context';

const PRESETS = fileURLToPath(new URL('../presets/disks/', import.meta.url));
const IDS = readdirSync(PRESETS).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
const CONVENTIONAL = IDS.filter((id) => !loadPreset(id).shingled);
const SHINGLED = IDS.filter((id) => loadPreset(id).shingled);
const ADAPTERS: Adapter[] = ['drive', 'paper'];

let e: Engine;
beforeAll(async () => { e = await fidelityEngine(); });

describe('extraction over every shipped preset', () => {
  it('covers the presets that once gave false boundaries', () => {
    expect(CONVENTIONAL).toContain('seagate-barracuda-st32171w');
    expect(CONVENTIONAL).toContain('seagate-cheetah-9lp');
    expect(CONVENTIONAL.length + SHINGLED.length).toBe(IDS.length);
  });

  it.each(CONVENTIONAL.flatMap((id) => ADAPTERS.map((a) => [id, a] as const)))(
    '%s behind the %s adapter: every boundary found, none false', (id, adapter) => {
      const { sim, disk } = simWith(e, id);
      try {
        applyAdapter(sim, disk, adapter);
        const o = runExtraction(sim, disk, { firstLbn: 0, lbns: 0 });
        expect(o.report.done).toBe(1);
        expect(o.report.failed).toBe(0);
        expect(o.report.endLbn).toBe(sim.diskCapacity(disk));
        expect({ extra: o.extra.slice(0, 5), missing: o.missing.slice(0, 5) }).toEqual({ extra: [], missing: [] });
        expect(o.found).toEqual(o.truth);
        expect(o.truth.length).toBeGreaterThan(0);
      } finally {
        sim.dispose();
      }
    });

  it.each(SHINGLED)('%s (shingled) is refused, naming why', (id) => {
    const { sim, disk } = simWith(e, id);
    try {
      expect(() => runExtraction(sim, disk, { firstLbn: 0, lbns: 0 })).toThrow(/shingled/);
    } finally {
      sim.dispose();
    }
  });
});
