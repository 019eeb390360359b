/*
 * drives.ts — DiskSim 4.0's real-drive validation traces: which drive each one
 * measured, DiskSim's own rms on it and Spindle's preset of the drive. Plain
 * data (the page, the worker, the CLI and the fidelity rows read it).
 */

/**
 * DiskSim 4.0's validation traces (../shared/reference/disksim/validation/README.md):
 * the drive each one measured, and the rms (demerit, ms) DiskSim's own model of
 * that drive reaches on it (`runvalid`). `preset`: Spindle's preset of the same
 * drive, where there is one.
 */
export interface ValidationDrive {
  trace: string;
  drive: string;
  disksimModel: string;
  disksimRmsMs: number;
  preset?: string;
}

export const VALIDATION_DRIVES: readonly ValidationDrive[] = [
  { trace: 'atlas_III.trace', drive: 'Quantum Atlas III', disksimModel: 'QUANTUM_QM39100TD-SW', disksimRmsMs: 0.378, preset: 'quantum-atlas-iii' },
  { trace: 'barracuda.trace', drive: 'Seagate Barracuda', disksimModel: 'SEAGATE_ST32171W', disksimRmsMs: 0.349, preset: 'seagate-barracuda-st32171w' },
  { trace: 'cheetah4LP.trace', drive: 'Seagate Cheetah 4LP', disksimModel: 'SEAGATE_ST34501N', disksimRmsMs: 0.318, preset: 'seagate-cheetah-4lp' },
  { trace: 'hp_c2247a.trace', drive: 'HP C2247A', disksimModel: 'HP_C2247_validate', disksimRmsMs: 0.090, preset: 'hp-c2247a' },
  { trace: 'hp_c2490a.trace', drive: 'HP C2490A', disksimModel: 'HP_C2490_validate', disksimRmsMs: 0.254, preset: 'hp-c2490a' },
  { trace: 'hp_c3323a.trace', drive: 'HP C3323A', disksimModel: 'HP_C3323_validate', disksimRmsMs: 0.306, preset: 'hp-c3323a' },
  { trace: 'dec_rz26.trace', drive: 'DEC RZ26', disksimModel: 'DEC_RZ26_validate', disksimRmsMs: 0.340, preset: 'dec-rz26' },
];

/** The validation drive of a trace file, by its name (any folder; `.trace` may carry a prefix such as `x.head40`). */
export function validationDriveOf(fileName: string): ValidationDrive | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  return VALIDATION_DRIVES.find((d) => base === d.trace || base.startsWith(d.trace.replace(/\.trace$/, '.')));
}
