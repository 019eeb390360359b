/*
 * adapter.ts — the host adapter in an experiment page's setup. A disk preset
 * carries its drive's bus time per sector as it was measured (for the
 * DiskSim-derived presets, DiskSim's validated value); a page that reproduces
 * a paper sets that paper's adapter in its own setup, never in the preset.
 *
 *   paper  the track-aligned extents paper's 80 MB/s Ultra2 Wide SCSI adapter
 *          (FAST 2002, section 5.1), 512 / 80e3 ms per 512-byte sector, as
 *          the fidelity rows set it: it replaces a slower bus; a preset whose
 *          bus is already faster keeps its own (the Atlas 10K II's bus comes
 *          from the paper's own "about 2 ms" per track), as the extraction
 *          rows do
 *   drive  the preset's own bus, as measured
 *   N      an adapter of N MB/s (10^6 bytes per second): the bus time per
 *          sector is sector bytes / N, whatever the preset says
 *
 * Only the bus time per sector (the engine's bus_ms_per_sector) is set; a
 * separate write bus time, which only the HP C2200A and C2247A presets give,
 * is left as the preset has it.
 */
import { DiskParam, EngineError, Status, type Sim } from '../../engine-wasm/binding';
import { oneOfOrNum, type FieldSpec } from '../state/fields';

/** 'paper', 'drive', or an adapter's rate in MB/s. */
export type Adapter = 'paper' | 'drive' | number;

/** The traxtents paper's adapter: 80 MB/s (section 5.1). */
export const PAPER_ADAPTER_MBS = 80;
export const ADAPTER_MIN_MBS = 1;
export const ADAPTER_MAX_MBS = 1000;

/** The setup field (URL key `adapter`); the paper pages default to the paper's adapter. */
export function adapterField<G extends string>(group: G): FieldSpec<G> {
  return {
    path: 'adapter', key: 'adapter', label: 'Host adapter', kind: oneOfOrNum(['paper', 'drive'], ADAPTER_MIN_MBS, ADAPTER_MAX_MBS),
    def: 'paper', group,
    help: `paper = the paper's ${PAPER_ADAPTER_MBS} MB/s adapter (a faster preset bus is kept), drive = the preset's own bus, or a rate in MB/s`,
  };
}

/** Is x an Adapter (for values that crossed the worker bridge)? */
export function isAdapter(x: unknown): x is Adapter {
  return x === 'paper' || x === 'drive'
    || (typeof x === 'number' && Number.isFinite(x) && x >= ADAPTER_MIN_MBS && x <= ADAPTER_MAX_MBS);
}

/** A worker method's `adapter` argument: an Adapter, or (absent) the drive's own bus; anything else an error naming the field. */
export function adapterArg(x: unknown): Adapter {
  if (x === undefined) return 'drive';
  if (!isAdapter(x)) {
    throw new EngineError(Status.Range, `adapter: ${JSON.stringify(x) ?? String(x)} is not paper, drive or a rate from ${ADAPTER_MIN_MBS} to ${ADAPTER_MAX_MBS} MB/s`, undefined, 'adapter');
  }
  return x;
}

/** ms per sector of an adapter of `mbs` MB/s. */
export function adapterMsPerSector(mbs: number, sectorBytes: number): number {
  return sectorBytes / (mbs * 1000);
}

/** The bus time per sector the disk runs with, from the drive's own and the adapter. */
export function adapterBusMs(driveBusMs: number, sectorBytes: number, adapter: Adapter): number {
  if (adapter === 'drive') return driveBusMs;
  if (adapter === 'paper') return Math.min(driveBusMs, adapterMsPerSector(PAPER_ADAPTER_MBS, sectorBytes));
  return adapterMsPerSector(adapter, sectorBytes);
}

/**
 * Sets a configured disk's bus for the adapter (after configureDisk, before
 * the run); a bus already as asked is not written. Returns the bus in use.
 */
export function applyAdapter(sim: Sim, disk: number, adapter: Adapter): number {
  const drive = sim.diskGet(disk, DiskParam.BusMsPerSector);
  const bus = adapterBusMs(drive, sim.diskGet(disk, DiskParam.SectorBytes), adapter);
  if (bus !== drive) sim.diskSet(disk, DiskParam.BusMsPerSector, bus);
  return bus;
}

const ms = (x: number) => `${Number(x.toPrecision(3))} ms`;

/** One line saying which bus the disk runs with and why. */
export function adapterLine(adapter: Adapter, driveBusMs: number, sectorBytes: number): string {
  const bus = adapterBusMs(driveBusMs, sectorBytes, adapter);
  const own = `the preset's own bus, as the drive was measured, is ${ms(driveBusMs)}`;
  if (adapter === 'drive') return `Bus: ${ms(bus)} per sector, the preset's own (as the drive was measured), not the paper's ${PAPER_ADAPTER_MBS} MB/s adapter.`;
  if (adapter === 'paper') {
    return bus < driveBusMs
      ? `Bus: ${ms(bus)} per sector, the paper's ${PAPER_ADAPTER_MBS} MB/s Ultra2 Wide SCSI adapter (section 5.1), as the paper measured; ${own}.`
      : `Bus: ${ms(bus)} per sector, the preset's own: already faster than the paper's ${PAPER_ADAPTER_MBS} MB/s adapter, so kept.`;
  }
  return `Bus: ${ms(bus)} per sector, an adapter of ${adapter} MB/s set here; ${own}.`;
}
