import { describe, expect, it } from 'vitest';
import { BENCH_USAGE, parseBenchArgs } from '../scripts/bench/options';

describe('the bench command line', () => {
  it('--help asks for the usage, which names every flag, instead of a run', () => {
    expect(parseBenchArgs(['--only', 'stage', '--help'])).toEqual({ help: true });
    for (const flag of ['--runs', '--only', '--no-browser', '--baseline', '--waterfall', '--pages', '--help']) expect(BENCH_USAGE).toContain(flag);
  });

  it('reads the flags the README gives', () => {
    const r = parseBenchArgs(['--only', 'stage,size', '--runs', '2', '--baseline', '/tmp/dist', '--no-browser']);
    expect(r).toEqual({ options: { runs: 2, only: new Set(['stage', 'size']), noBrowser: true, baseline: '/tmp/dist', waterfalls: ['sidebyside'], stagePages: null } });
    expect(parseBenchArgs([])).toEqual({ options: { runs: 5, only: null, noBrowser: false, baseline: undefined, waterfalls: ['sidebyside'], stagePages: null } });
  });

  it('names what is wrong: an unknown flag, a missing value, a bad count, an unknown part', () => {
    expect(parseBenchArgs(['--quick'])).toEqual({ error: 'unknown option "--quick"' });
    expect(parseBenchArgs(['--baseline'])).toEqual({ error: '--baseline needs a value' });
    expect(parseBenchArgs(['--runs', '--only', 'stage'])).toEqual({ error: '--runs needs a value' });
    expect(parseBenchArgs(['--runs', '0'])).toEqual({ error: '--runs must be a whole number of at least 1, not "0"' });
    expect('error' in parseBenchArgs(['--only', 'stage,stag'])).toBe(true);
    expect(parseBenchArgs(['--only', 'stage,stag'])).toMatchObject({ error: expect.stringContaining('unknown part "stag"') });
    expect(parseBenchArgs(['--pages', 'smr,reorganise'])).toMatchObject({ error: expect.stringContaining('--pages: unknown stage "reorganise"') });
  });

  it('--pages picks the stages the stage part measures, by name', () => {
    expect(parseBenchArgs(['--only', 'stage', '--pages', 'smr,explorer-comparing'])).toMatchObject({ options: { stagePages: new Set(['smr', 'explorer-comparing']) } });
  });
});
