/*
 * setup.ts — the traxtent experiment's setup and its URL form, after the
 * page's hash: #traxtents?disk=quantum-atlas-10k-ii&q=2&zl=preset&n=5000&seed=1&points=24&view=sweep
 * Unknown or bad values never break the page: each falls back to its default
 * and says which field, what was wrong and what was used.
 */
export type View = 'sweep' | 'extract';
export type ZlMode = 'preset' | 'on' | 'off';

export interface TraxSetup {
  disk: string;
  /** Requests outstanding: 1 = onereq, 2 = tworeq. */
  q: 1 | 2;
  zl: ZlMode;
  /** Requests per point. */
  n: number;
  seed: number;
  /** Request sizes in the sweep. */
  points: number;
  view: View;
}

export const DEFAULT_SETUP: TraxSetup = {
  disk: 'quantum-atlas-10k-ii', q: 2, zl: 'preset', n: 5000, seed: 1, points: 24, view: 'sweep',
};

export interface SetupProblem { field: string; message: string }

function int(raw: string, lo: number, hi: number): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined;
  const v = Number(raw);
  return v >= lo && v <= hi ? v : undefined;
}

/** Parses the part after '#traxtents?' (or a whole hash); `disks` are the known preset ids. */
export function decodeTraxSetup(hash: string, disks: readonly string[]): { setup: TraxSetup; problems: SetupProblem[] } {
  const q = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(q);
  const s: TraxSetup = { ...DEFAULT_SETUP };
  const problems: SetupProblem[] = [];
  const bad = (field: string, raw: string, why: string, used: unknown) =>
    problems.push({ field, message: `${field}: "${raw}" ${why}; using ${String(used)}` });
  for (const [k, raw] of params) {
    switch (k) {
      case 'disk': if (disks.includes(raw)) s.disk = raw; else bad(k, raw, 'is not a disk preset', s.disk); break;
      case 'q': if (raw === '1' || raw === '2') s.q = Number(raw) as 1 | 2; else bad(k, raw, 'must be 1 (onereq) or 2 (tworeq)', s.q); break;
      case 'zl': if (raw === 'preset' || raw === 'on' || raw === 'off') s.zl = raw; else bad(k, raw, 'must be preset, on or off', s.zl); break;
      case 'n': { const v = int(raw, 100, 20000); if (v !== undefined) s.n = v; else bad(k, raw, 'must be a whole number of requests in 100..20000', s.n); break; }
      case 'seed': { const v = int(raw, 0, 2 ** 31); if (v !== undefined) s.seed = v; else bad(k, raw, 'must be a whole number >= 0', s.seed); break; }
      case 'points': { const v = int(raw, 4, 60); if (v !== undefined) s.points = v; else bad(k, raw, 'must be a whole number of sizes in 4..60', s.points); break; }
      case 'view': if (raw === 'sweep' || raw === 'extract') s.view = raw; else bad(k, raw, 'must be sweep or extract', s.view); break;
      default: problems.push({ field: k, message: `${k}: unknown field, ignored` });
    }
  }
  return { setup: s, problems };
}

/** The hash for a setup (every field written, so a link is explicit). */
export function encodeTraxSetup(s: TraxSetup): string {
  const p = new URLSearchParams({
    disk: s.disk, q: String(s.q), zl: s.zl, n: String(s.n), seed: String(s.seed), points: String(s.points), view: s.view,
  });
  return `#traxtents?${p.toString()}`;
}
