/* Experiment presets of the side-by-side view: each a #sidebyside URL that decodes cleanly, for a disk that exists. */
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeSideHash, encodeSideHash } from '../web/pages/sidebyside/sidebyside';

describe('experiment presets (presets/experiments/sidebyside-*.json)', () => {
  it('each has a URL that decodes without a problem and is written canonically', () => {
    const root = new URL('../presets/', import.meta.url);
    const disks = readdirSync(new URL('disks/', root)).filter((f: string) => f.endsWith('.json')).map((f: string) => f.replace(/\.json$/, ''));
    const files = readdirSync(new URL('experiments/', root)).filter((f: string) => f.startsWith('sidebyside-') && f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const f of files) {
      const p = JSON.parse(readFileSync(new URL(`experiments/${f}`, root), 'utf8'));
      expect(p.id).toBe(f.replace(/\.json$/, ''));
      expect(p.format).toBe('spindle-experiment-preset/1');
      const r = decodeSideHash(p.url, { presetIds: disks });
      expect(r.problems, f).toEqual([]);
      // A version 2 URL is written canonically; a version 1 URL (still valid) re-encodes to the same setup.
      if (/[?&]v=2(&|$)/.test(p.url)) expect(encodeSideHash(r.setup, r.adapter)).toBe(p.url);
      else expect(decodeSideHash(encodeSideHash(r.setup, r.adapter), { presetIds: disks })).toEqual({ setup: r.setup, adapter: r.adapter, problems: [] });
    }
  });
});
