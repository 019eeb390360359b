/*
 * The disk presets no DiskSim file describes are data written by
 * presets/tools/paper_presets.py, kept so that every number can be traced to
 * its paper. A preset edited by hand and not in the script stops being
 * traceable: the script, run now, must write every one of them byte for byte.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('presets/tools/paper_presets.py', () => {
  it('writes each paper-derived preset exactly as committed in presets/disks', () => {
    const out = mkdtempSync(join(tmpdir(), 'paper-presets-'));
    try {
      execFileSync('python3', [join(ROOT, 'presets/tools/paper_presets.py'), out], { cwd: ROOT, stdio: 'pipe' });
      const written = readdirSync(out).filter((f) => f.endsWith('.json')).sort();
      expect(written.length).toBeGreaterThan(0);
      for (const file of written) {
        expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(ROOT, 'presets/disks', file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
