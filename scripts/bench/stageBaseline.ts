/*
 * stageBaseline.ts — `npm run bench -- --only stage --baseline DIST`: the
 * stage's frame cost of this build and of another (DIST: a `vite build` of
 * the code before a change, kept in a folder of its own), measured in the
 * same run: each page opened in one build, then in the other, `rounds`
 * times (which goes first alternating), so both meet the same load of a
 * shared machine. Each build's
 * frames are pooled over the rounds; the ratio is this build's p95 over
 * the baseline's (under 1: this build does less per frame).
 */
import type { Browser } from 'playwright-core';
import { quantile, sampleStage, stagePagesOf, type StageSample } from './stage';
import type { StagePageKey } from './options';

export interface StageComparison {
  page: string;
  rounds: number;
  /** Frames measured in all rounds (CPU trace frames), this build / the baseline. */
  frames: [number, number];
  /** Main-thread CPU per frame p95 (ms), this build / the baseline, pooled over the rounds. */
  cpuP95Ms: [number, number];
  /** Main-thread wall work per frame p95 (ms), this build / the baseline. */
  wallP95Ms: [number, number];
  /** Each round's CPU p95, this build's then the baseline's. */
  roundsCpuP95Ms: [number, number][];
  /** This build's CPU p95 over the baseline's. */
  cpuRatio: number;
}

interface Pool { cpu: number[]; work: number[]; perRound: number[] }

const pool = (): Pool => ({ cpu: [], work: [], perRound: [] });

function add(p: Pool, s: StageSample | null): void {
  if (!s) { p.perRound.push(NaN); return; }
  p.cpu.push(...s.cpu);
  p.work.push(...s.work);
  p.perRound.push(quantile(s.cpu, 0.95));
}

export async function stageBaseline(build: { browser: Browser; base: string }, baseline: { browser: Browser; base: string },
  rounds: number, keys: ReadonlySet<StagePageKey> | null, log: (m: string) => void): Promise<StageComparison[]> {
  const out: StageComparison[] = [];
  for (const { page, address } of stagePagesOf(keys)) {
    const mine = pool(), theirs = pool();
    for (let r = 0; r < rounds; r++) {
      // Which build goes first alternates from round to round: neither always meets the page's first load after the other's.
      const mineFirst = r % 2 === 0;
      log(`browser: the stage of ${page}, round ${r + 1}/${rounds}: ${mineFirst ? 'this build, then the baseline' : 'the baseline, then this build'}`);
      for (const ours of mineFirst ? [true, false] : [false, true]) {
        if (ours) add(mine, await sampleStage(build.browser, `${build.base}${address}`));
        else add(theirs, await sampleStage(baseline.browser, `${baseline.base}${address}`));
      }
    }
    const cpuP95Ms: [number, number] = [quantile(mine.cpu, 0.95), quantile(theirs.cpu, 0.95)];
    out.push({
      page, rounds, frames: [mine.cpu.length, theirs.cpu.length], cpuP95Ms,
      wallP95Ms: [quantile(mine.work, 0.95), quantile(theirs.work, 0.95)],
      roundsCpuP95Ms: mine.perRound.map((m, i) => [m, theirs.perRound[i]]),
      cpuRatio: cpuP95Ms[0] / cpuP95Ms[1],
    });
  }
  return out;
}

/** The comparison's table rows (markdown, as the bench's table). */
export function stageBaselineRows(rows: readonly StageComparison[], dist: string): string[] {
  if (!rows.length) return [];
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
  const out = [
    '',
    `Stage frame cost, this build against the baseline (${dist}), each page measured in turn, ${rows[0].rounds} rounds; p95 of the frames pooled over the rounds:`,
    '',
    '| page | CPU p95 this / baseline | ratio | wall p95 this / baseline | CPU p95 per round | frames this / baseline |',
    '|---|---:|---:|---:|---|---:|',
  ];
  for (const r of rows) {
    out.push(`| ${r.page} | ${ms(r.cpuP95Ms[0])} / ${ms(r.cpuP95Ms[1])} ms | ${Number.isFinite(r.cpuRatio) ? r.cpuRatio.toFixed(2) : '—'} | ${ms(r.wallP95Ms[0])} / ${ms(r.wallP95Ms[1])} ms | ${r.roundsCpuP95Ms.map(([a, b]) => `${ms(a)} / ${ms(b)}`).join(', ')} | ${r.frames[0]} / ${r.frames[1]} |`);
  }
  return out;
}
