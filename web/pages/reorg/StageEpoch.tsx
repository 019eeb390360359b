/*
 * StageEpoch — what each run on the reorganization stage shows besides its
 * platter: the statistics rows that tell the arm's story (the epoch's disk
 * requests, their mean seek and response, from the engine's statistics
 * started afresh at the epoch), and under them the epoch's own record from
 * the page's stream (file requests served, the mean seek distance over the
 * partition, the band of cylinders holding 90 % of the reads) with the key
 * to the heat bands drawn on the platter.
 */
import type { Stats } from '../../../engine-wasm/binding';
import { formatInt, formatMs, formatNum, formatPct } from '../../lib/format';
import type { StageRun } from '../../stage/Stage';
import { hotBand, type RunName } from './heat';
import type { ReorgInfo, RunEpoch } from './protocol';

export const stageStatRows: StageRun['statRows'] = (s: Stats) => [
  ['disk requests done', formatInt(s.completed)],
  ['seek mean', formatMs(s.seekMeanMs, 2)],
  ['rotation mean', formatMs(s.rotationMeanMs, 2)],
  ['response mean', formatMs(s.responseMeanMs, 2)],
  ['MB/s from the disk', formatNum(s.mbPerS, 2)],
];

interface Props {
  run: RunName;
  epoch: number;
  info: ReorgInfo | null;
  /** The page's record of the epoch, once its stream has reached it. */
  record: RunEpoch | undefined;
}

export function StageEpoch({ run, epoch, info, record }: Props) {
  if (!info || !record) {
    return <p className="ro-stage-epoch" data-testid={`stage-epoch-${run}`}>The heat bands and this epoch&rsquo;s record appear when the charts below reach epoch {epoch + 1}.</p>;
  }
  const e = record.stats;
  const band = hotBand(record.groupAccesses);
  const cyl = band ? [info.groupCyl[band.first], info.groupCyl[band.last + 1] - 1] : null;
  return (
    <p className="ro-stage-epoch" data-testid={`stage-epoch-${run}`} data-first={cyl?.[0]} data-last={cyl?.[1]}>
      Epoch {epoch + 1} ({e.phase}): {formatInt(e.requests)} file requests ({formatNum(e.reqPerS, 1)}/s), {formatInt(e.seeks)} seeks of
      {' '}{formatNum(e.seekMeanCyl, 0)} cylinders on average ({formatPct(e.seekMeanFrac)} of the partition).
      {cyl && <> Left of the platter, blocks read per block group; bracketed: 90 % of the reads, cylinders {cyl[0]}–{cyl[1]}.</>}
    </p>
  );
}
