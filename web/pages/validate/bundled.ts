/*
 * bundled.ts — the measured traces the validation view offers without a
 * file: DiskSim 4.0's validation traces (tests/fixtures/validation/, each a
 * few hundred KB), served as static files by Vite and fetched when chosen,
 * with the drive each one measured (validate.ts's VALIDATION_DRIVES).
 */
import { VALIDATION_DRIVES, type ValidationDrive } from './drives';

const urls = import.meta.glob<string>('../../../tests/fixtures/validation/*.trace', { eager: true, query: '?url', import: 'default' });

export interface BundledTrace {
  /** The file name without .trace: the setup's `trace` value. */
  name: string;
  file: string;
  url: string;
  drive: ValidationDrive;
}

export const BUNDLED_TRACES: readonly BundledTrace[] = VALIDATION_DRIVES.flatMap((drive) => {
  const entry = Object.entries(urls).find(([path]) => path.endsWith(`/${drive.trace}`));
  return entry ? [{ name: drive.trace.replace(/\.trace$/, ''), file: drive.trace, url: entry[1], drive }] : [];
});

export function bundledTrace(name: string): BundledTrace | undefined {
  return BUNDLED_TRACES.find((t) => t.name === name);
}
