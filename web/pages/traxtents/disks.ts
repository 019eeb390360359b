/*
 * disks.ts — the disks the traxtent page offers: every preset but the
 * shingled (SMR) ones. The extractor copies a disk and times its tracks; a
 * shingled drive's bands and media cache are not a plain disk's, so the
 * engine refuses to copy it (traxtent.c), and the page does not offer it.
 * The picker knows without loading every preset's JSON: a shingled preset's
 * id ends in "-smr", which tests/traxtentPresets.test.ts checks against each
 * preset's shingled section.
 */
import { PRESETS, type PresetName } from '../../presets';

export const isShingledId = (id: string): boolean => id.endsWith('-smr');

/** Why a shingled preset is not among the page's disks, as a link naming one is told. */
export const SHINGLED_REFUSAL = 'is a shingled (SMR) drive, which the extractor cannot time (its bands and media cache are not a plain disk\'s tracks)';

export const TRAX_PRESETS: readonly PresetName[] = PRESETS.filter((p) => !isShingledId(p.id));
export const TRAX_PRESET_IDS: readonly string[] = TRAX_PRESETS.map((p) => p.id);
