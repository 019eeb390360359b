/* The traxtent page's disks (no shingled drive) and experiment presets (each a URL that decodes cleanly). */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeTraxSetup, encodeTraxSetup } from '../web/pages/traxtents/setup';
import { TRAX_PRESET_IDS, isShingledId } from '../web/pages/traxtents/disks';
import { PRESET_IDS } from '../web/presets';
import { loadPresetJson } from './helpers/presets';

describe('experiment presets (presets/experiments/traxtents-*.json)', () => {
  it('each has a URL that decodes without a problem, for a disk preset that exists', () => {
        const root = new URL('../presets/', import.meta.url);
    const disks = readdirSync(new URL('disks/', root)).filter((f: string) => f.endsWith('.json')).map((f: string) => f.replace(/\.json$/, ''));
    const files = readdirSync(new URL('experiments/', root)).filter((f: string) => f.startsWith('traxtents-') && f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      const p = JSON.parse(readFileSync(new URL(`experiments/${f}`, root), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      const r = decodeTraxSetup(p.url, disks);
      expect(r.problems, f).toEqual([]);
      expect(encodeTraxSetup(r.setup)).toBe(p.url);
      // The same link as written before the host adapter was a field opens the same setup.
      expect(p.url).toContain('&adapter=paper&');
      expect(decodeTraxSetup(p.url.replace('&adapter=paper', ''), disks)).toEqual(r);
    }
  });

  it('the page offers every disk preset but the shingled ones, known by id: a preset is shingled exactly when its id ends in -smr', () => {
    const shingled = PRESET_IDS.filter((id) => (loadPresetJson(id) as { shingled?: unknown }).shingled !== undefined);
    expect(shingled.length).toBeGreaterThanOrEqual(2);
    expect(PRESET_IDS.filter(isShingledId)).toEqual(shingled);
    expect(TRAX_PRESET_IDS).toEqual(PRESET_IDS.filter((id) => !shingled.includes(id)));
  });
});
