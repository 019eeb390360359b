/*
 * traxtents-parts.ts — the parts of the response of section 5.1's workload
 * (5,000 random track-sized requests in the first zone, seed 1, as the
 * fidelity rows run it), request by request: mean and standard deviation of
 * the controller overhead, seek (write settle included), rotational wait,
 * media transfer, head switches and the bus time the host sees, and of the
 * response of the requests the buffer did not answer. It is how the open
 * rows of `npm run reproduce -- --only traxtents` were taken apart.
 *
 *   npx tsx tools/traxtents-parts.ts [--disk PRESET] [--points a1,u1,a2,u2,wa1,wu1,wa2,wu2] [--set Param=value ...]
 *
 * A point is a (aligned) or u (unaligned), then the requests outstanding;
 * a leading w makes it writes. --set sets a DiskParam (binding name) on the
 * disk before the run, to see what one mechanism contributes.
 */
import { DiskParam, type ResultView } from '../engine-wasm/binding';
import { fidelityEngine, simWith } from '../tests/fidelity/context';
import { runPoint, zoneRegion } from '../web/pages/traxtents';

const USAGE = 'usage: npx tsx tools/traxtents-parts.ts [--disk PRESET] [--points a1,u1,...,wa1,...] [--set Param=value ...]';
const PARTS = ['overheadMs', 'seekMs', 'rotationMs', 'transferMs', 'switchMs', 'busMs', 'queueMs', 'responseMs'] as const;

interface Options { disk: string; points: string[]; set: [keyof typeof DiskParam, number][] }

function fail(msg: string): never {
  console.error(`${msg}\n${USAGE}`);
  process.exit(2);
}

function parse(argv: string[]): Options {
  const o: Options = { disk: 'quantum-atlas-10k-ii', points: ['a1', 'u1', 'a2', 'u2', 'wa1', 'wu1', 'wa2', 'wu2'], set: [] };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    if (argv[i] === '--help') { console.log(USAGE); process.exit(0); }
    if (v === undefined) fail(`${argv[i]}: a value is missing`);
    if (argv[i] === '--disk') o.disk = v;
    else if (argv[i] === '--points') o.points = v.split(',');
    else if (argv[i] === '--set') {
      const [k, x] = v.split('=');
      if (!(k in DiskParam)) fail(`--set: no disk parameter ${k}`);
      if (!Number.isFinite(Number(x))) fail(`--set ${k}: the value must be a number, got ${x}`);
      o.set.push([k as keyof typeof DiskParam, Number(x)]);
    } else fail(`unknown option ${argv[i]}`);
    i++;
  }
  for (const p of o.points) if (!/^w?[au][12]$/.test(p)) fail(`--points: ${p} is not [w](a|u)(1|2)`);
  return o;
}

/** Running mean and variance (Welford). */
class Moments {
  n = 0; mean = 0; private m2 = 0;
  add(x: number) { this.n++; const d = x - this.mean; this.mean += d / this.n; this.m2 += d * (x - this.mean); }
  get sd() { return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : 0; }
  toString() { return `${this.mean.toFixed(3).padStart(7)} ±${this.sd.toFixed(3)}`; }
}

const o = parse(process.argv.slice(2));
const e = await fidelityEngine();
console.log(`${o.disk}${o.set.map(([k, v]) => ` ${k}=${v}`).join('')}: mean ±s.d. (ms) over the requests`);
console.log(`point  ${PARTS.map((p) => p.replace('Ms', '').padEnd(15)).join('')}hits  response, misses only`);
for (const p of o.points) {
  const { sim, disk } = simWith(e, o.disk, 1);
  try {
    for (const [k, v] of o.set) sim.diskSet(disk, DiskParam[k], v);
    const m = Object.fromEntries(PARTS.map((k) => [k, new Moments()])) as Record<(typeof PARTS)[number], Moments>;
    const misses = new Moments();
    let hits = 0;
    const each = (r: ResultView) => {
      for (let i = 0; i < r.count; i++) {
        if (r.disk(i) < 0) continue;
        for (const k of PARTS) m[k].add(r.get(i, k));
        if (r.get(i, 'cache') === 0) misses.add(r.get(i, 'responseMs')); else hits++;
      }
    };
    const q = p.replace(/^w/, '');
    runPoint(sim, disk, { region: zoneRegion(sim, disk), requests: 5000, seed: 1 },
      { size: 'track', alignment: q[0] === 'a' ? 'aligned' : 'unaligned', outstanding: Number(q[1]), isWrite: p.startsWith('w') }, each);
    console.log(`${p.padEnd(7)}${PARTS.map((k) => m[k].toString().padEnd(15)).join('')}${String(hits).padEnd(6)}${misses}`);
  } finally {
    sim.dispose();
  }
}
