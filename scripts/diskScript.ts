/*
 * diskScript.ts — a disk preset as a call script (format in
 * engine-wasm/test/script.h): the calls configureDisk makes, one per line, so
 * native programs (C tests, the benchmark) replay exactly what the page sets.
 * Parameter names are the engine's own (its parameter table, in enum order).
 */
import { ZoneParam, type DiskParam, type SpareKind, type DefectPolicy } from '../engine-wasm/binding';
import { configureDisk, type DiskPreset, type DiskSink } from '../web/state/diskPreset';
import { ENGINE_PARAMS } from '../web/state/engineParams';

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toPrecision(17));

/** The preset's configureDisk calls as call-script lines, after the given header comment lines. */
export function diskScript(preset: DiskPreset, header: readonly string[]): string {
  const names = ENGINE_PARAMS.disk.map((p) => p.name);
  const lines = header.map((h) => `# ${h}`);
  const sink: DiskSink = {
    diskAdd: () => { lines.push('disk'); return 0; },
    diskSet: (_d: number, p: DiskParam, v: number) => {
      if (names[p] === undefined) throw new Error(`diskScript: the engine has no disk parameter ${p}`);
      lines.push(`set ${names[p]} ${num(v)}`);
    },
    diskAddZone: (_d: number, z: { firstCyl: number; lastCyl: number; sectorsPerTrack: number; trackSkew: number; cylSkew: number; spareKind: SpareKind; spareCount: number }) =>
      { lines.push(`zone ${z.firstCyl} ${z.lastCyl} ${z.sectorsPerTrack} ${z.trackSkew} ${z.cylSkew} ${z.spareKind} ${z.spareCount}`); },
    diskSetZone: (_d: number, zone: number, p: ZoneParam, v: number) => {
      const zoneNames: Partial<Record<ZoneParam, string>> = { [ZoneParam.FirstBlockOffset]: 'first_block_offset',
        [ZoneParam.FrontSpaceSectors]: 'front_space_sectors', [ZoneParam.SpareRangeCylinders]: 'spare_range_cylinders' };
      if (zoneNames[p] === undefined) throw new Error(`diskScript: the engine has no zone parameter ${p}`);
      lines.push(`zone_set ${zoneNames[p]} ${zone} ${num(v)}`);
    },
    diskAddDefect: (_d: number, x: { cyl: number; surface: number; slot: number; policy: DefectPolicy }) =>
      { lines.push(`defect ${x.cyl} ${x.surface} ${x.slot} ${x.policy}`); },
    diskAddSeekPoint: (_d: number, dist: number, ms: number) => { lines.push(`seek_point ${dist} ${num(ms)}`); },
    diskCommit: () => { lines.push('commit'); },
  };
  configureDisk(sink, preset);
  return lines.join('\n') + '\n';
}
