/*
 * Determinism across builds: every setup of engine-wasm/test/determinism.sps
 * is run through the wasm binding and hashed (events, results, statistics:
 * tests/helpers/simhash.ts), and the hash must equal the one the native
 * build prints for the same setup (engine-wasm/build/native/dethash, built
 * and run here; the native hashes are in turn checked against the stored
 * engine-wasm/test/determinism.hashes by test_determinism.c), in both wasm
 * builds: the core (spindle-core.wasm, what most pages load) and the full
 * one (spindle.wasm, with the experiments), so the pages that load either
 * see the same runs. Also in wasm: two sims interleaved in one instance hash
 * as when run alone.
 */
import { describe, it, expect, beforeAll, afterEach } from 'vitest';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEngine, type EngineBuild } from './helpers/engine';
import { loadScript, scriptSetups } from './helpers/script';
import { SimHash, hashRun, hashStats, hashStep } from './helpers/simhash';
import type { Engine, Sim } from '../engine-wasm/binding';

const ENGINE_DIR = fileURLToPath(new URL('../engine-wasm', import.meta.url));
const SETUPS = `${ENGINE_DIR}/test/determinism.sps`;

interface NativeHash { hash: string; events: number; results: number; chunks: number }

function nativeHashes(): Map<string, NativeHash> {
  execFileSync('make', ['--no-print-directory', '-s', '-C', ENGINE_DIR, 'dethash'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const out = execFileSync(`${ENGINE_DIR}/build/native/dethash`, [SETUPS], { encoding: 'utf8' });
  const map = new Map<string, NativeHash>();
  for (const line of out.trim().split('\n')) {
    const [name, hash, events, results, chunks] = line.split(' ');
    map.set(name, { hash, events: Number(events), results: Number(results), chunks: Number(chunks) });
  }
  return map;
}

const BUILDS: EngineBuild[] = ['core', 'full'];
const engines = {} as Record<EngineBuild, Engine>;
let native: Map<string, NativeHash>;
const sims: Sim[] = [];

beforeAll(async () => {
  for (const build of BUILDS) engines[build] = await testEngine(build);
  native = nativeHashes();
}, 120_000);
afterEach(() => {
  while (sims.length) sims.pop()!.dispose();
});

const names = scriptSetups(SETUPS);

describe('the setups', () => {
  it('are the native hasher\'s', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect([...native.keys()]).toEqual(names);
  });
});

describe.each(BUILDS)('the %s build', (build) => {
  function load(name: string): Sim {
    const engine = engines[build];
    const sim = engine.createSim(0);
    sims.push(sim);
    loadScript(sim, SETUPS, name);
    return sim;
  }

  describe('wasm and native runs of the same setup produce identical bytes', () => {
    for (const name of names) {
      it(name, () => {
        const h = hashRun(load(name));
        const n = native.get(name)!;
        expect({ events: h.events, results: h.results, chunks: h.runs }).toEqual({ events: n.events, results: n.results, chunks: n.chunks });
        expect(h.final()).toBe(n.hash);
      });
    }
  });

  describe('in one wasm instance', () => {
    it('two sims interleaved hash as when run alone', () => {
      const a = load(names[0]), b = load(names[names.length - 1]);
      const ha = new SimHash(), hb = new SimHash();
      let moreA = true, moreB = true;
      while (moreA || moreB) {
        if (moreA) moreA = hashStep(ha, a);
        if (moreB) moreB = hashStep(hb, b);
      }
      hashStats(ha, a);
      hashStats(hb, b);
      expect(ha.final()).toBe(native.get(names[0])!.hash);
      expect(hb.final()).toBe(native.get(names[names.length - 1])!.hash);
    });
  });
});
