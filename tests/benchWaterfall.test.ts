/*
 * The load waterfall's reductions (scripts/bench/waterfall.ts): a file is
 * named without its folder, query and content hash, so the same file lines
 * up across loads and builds; a CPU profile's self time goes to the script
 * of the sampled function, each sample counting the gap to the next.
 */
import { describe, it, expect } from 'vitest';
import { cpuByScript, fileKey } from '../scripts/bench/waterfall';

describe('the load waterfall', () => {
  it('names a file without its folder, query and hash', () => {
    expect(fileKey('http://127.0.0.1:4000/assets/Explorer-Bz_GyqrH.js')).toBe('Explorer.js');
    expect(fileKey('http://127.0.0.1:4000/assets/worker/engine.worker-DAlTrcJ8.js?x=1')).toBe('engine.worker.js');
    expect(fileKey('http://127.0.0.1:4000/assets/spindle-4DrfRQH_.wasm')).toBe('spindle.wasm');
    expect(fileKey('http://127.0.0.1:4000/icon.svg')).toBe('icon.svg');
  });

  it('adds each sample\'s gap to the next to its function\'s script', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { url: '', functionName: '(root)' } },
        { id: 2, callFrame: { url: 'http://h/assets/react-B0CmyMDC.js', functionName: 'render' } },
        { id: 3, callFrame: { url: '', functionName: '(garbage collector)' } },
        { id: 4, callFrame: { url: 'http://h/assets/react-B0CmyMDC.js', functionName: 'commit' } },
      ],
      samples: [2, 3, 4, 2],
      timeDeltas: [0, 1000, 3000, 500],
    };
    const cpu = cpuByScript(profile);
    expect(cpu.get('react.js')).toBeCloseTo(1 + 0.5);
    expect(cpu.get('(garbage collector)')).toBeCloseTo(3);
    expect([...cpu.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(4.5);
  });
});
