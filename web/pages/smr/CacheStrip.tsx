/*
 * CacheStrip — under each drive on the stage, what its platter cannot show
 * at the stage's instant: on the shingled drive the media cache's fill as a
 * bar (the engine's MC_APPEND and BAND_CLEAN figures), the writes appended,
 * the bands cleaned, the writes that waited for a clean and for how long,
 * and the clean under way (the band read, then rewritten with its cached
 * sectors merged); on the twin, that every write goes in place. The lens
 * of the tracks under the head is beneath.
 */
import { memo, useMemo } from 'react';
import type { Playback } from '../../run/playback';
import type { StageHandle } from '../../stage/useStage';
import { formatInt, formatMs } from '../../lib/format';
import type { Drive, SmrLayout } from './protocol';
import type { SmrLog } from './smrLog';
import { BandLens } from './BandLens';
import { SMR_COLOUR } from './colours';
import { WRITE_SECTORS } from './units';

const mb = (sectors: number, sectorBytes: number) => (sectors * sectorBytes) / 1e6;
const fmtMb = (x: number) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));

interface Props {
  drive: Drive;
  stage: StageHandle;
  slot: number;
  playback: Playback | null;
  layout: SmrLayout | null;
  log: SmrLog | null;
  width: number;
}

function arrivalOf(p: Playback): (req: number) => number | undefined {
  return (req) => {
    const i = p.data.resultIndex(req);
    return i < 0 ? undefined : p.data.results.get(i, 'arrivalMs');
  };
}

/** What the shingled drive's strip shows at an instant: it renders again only when one of these changes. */
interface CacheFigures {
  used: number;
  appends: number;
  cleansEnded: number;
  stalledWrites: number;
  stalledMs: number;
  /** The clean under way: its band (-1: none), its cached sectors merged and its length. */
  cleanBand: number;
  cleanMerged: number;
  cleanMs: number;
}

/** What a strip's lens draws from: the stage's clock and frames, the run's slot, its width (all kept between renders). */
interface LensSource {
  clock: StageHandle['clock'];
  painters: StageHandle['painters'];
  slot: number;
  width: number;
}

export function CacheStrip({ drive, stage, slot, playback: p, layout: L, log, width }: Props) {
  const lens: LensSource = { clock: stage.clock, painters: stage.painters, slot, width };
  const t = p?.timeMs ?? 0;
  const appends = log ? log.appendsTo(t) : 0;
  const results = p?.data.resultCount ?? 0;
  // The stall sums every append so far: summed again only when an append or a write's result has come.
  const stall = useMemo(() => (log && p ? log.stallTo(t, arrivalOf(p)) : { ms: 0, writes: 0 }), [log, p?.data, appends, results]); // eslint-disable-line react-hooks/exhaustive-deps
  if (drive === 'cmr') return <CmrStrip {...lens} />;
  if (!L || !log || !p) return <p className="smr-line">The media cache appears when the engine's layout arrives…</p>;
  const clean = log.cleanAt(t);
  return (
    <SmrStrip {...lens} layout={L} log={log} used={log.fillAt(t)} appends={appends} cleansEnded={log.cleansEndedTo(t)}
      stalledWrites={stall.writes} stalledMs={stall.ms} cleanBand={clean ? clean.band : -1} cleanMerged={clean?.merged ?? 0} cleanMs={clean?.durMs ?? 0} />
  );
}

/** The twin's strip: the same at every instant (its lens draws itself on the stage's frames). */
const CmrStrip = memo(function CmrStrip(lens: LensSource) {
  return (
    <div className="smr-strip" data-testid="strip-cmr">
      <p className="smr-line">Every write goes to its own place: no bands, no media cache, nothing to clean.</p>
      <BandLens {...lens} layout={null} log={null} testId="lens-cmr" />
      <p className="hint">The tracks under the head, magnified (outermost on the left).</p>
    </div>
  );
});

/** The shingled drive's strip: it renders again only when a figure it shows changes. */
const SmrStrip = memo(function SmrStrip({ layout: L, log, used, appends, cleansEnded, stalledWrites, stalledMs, cleanBand, cleanMerged, cleanMs, ...lens }:
  CacheFigures & LensSource & { layout: SmrLayout; log: SmrLog }) {
  const band = cleanBand >= 0 ? L.bands[cleanBand] : null;
  return (
    <div className="smr-strip" data-testid="strip-smr">
      <div className="smr-bar-row">
        <span className="smr-bar-label">media cache</span>
        <div className="smr-bar" data-testid="mc-fill" data-used={used} data-capacity={L.mcSectors} role="meter"
          aria-label="Media cache fill" aria-valuemin={0} aria-valuemax={L.mcSectors} aria-valuenow={used}>
          <span style={{ width: `${Math.min(100, (100 * used) / L.mcSectors)}%`, background: SMR_COLOUR.cache }} />
        </div>
      </div>
      <p className="smr-line" data-testid="mc-text">
        {fmtMb(mb(used, L.sectorBytes))} of {fmtMb(mb(L.mcSectors, L.sectorBytes))} MB ({formatInt(L.mcTracks)} {L.mcTracks === 1 ? 'track' : 'tracks'}) · {formatInt(appends)} writes appended · <span data-testid="cleans">{formatInt(cleansEnded)}</span> bands cleaned · {formatInt(stalledWrites)} writes waited {formatMs(stalledMs, 0)} in all
      </p>
      <p className="smr-line smr-cleaning" data-testid="cleaning" data-band={cleanBand >= 0 ? cleanBand : ''}>
        {band ? (
          <><b>Cleaning band {cleanBand}</b>: reading its {band.tracks - L.guardTracks} tracks, then rewriting them with its {formatInt(cleanMerged)} cached sectors merged ({formatMs(cleanMs, 0)}). Writes wait.</>
        ) : used + WRITE_SECTORS > L.mcSectors ? 'The cache is full: the next write waits for a band to be cleaned.' : 'Writes not at their band\u2019s end are appended to the cache.'}
      </p>
      <BandLens {...lens} layout={L} log={log} testId="lens-smr" />
      <p className="hint">
        The tracks under the head, magnified (outermost on the left): <span className="smr-key" style={{ background: SMR_COLOUR.cache }} /> media cache,{' '}
        <span className="smr-key" style={{ background: SMR_COLOUR.bandA }} /><span className="smr-key" style={{ background: SMR_COLOUR.bandB }} /> bands of {L.bandTracks} tracks,{' '}
        <span className="smr-key guard" /> guard track, <span className="smr-key" style={{ background: SMR_COLOUR.dirty }} /> sectors in the cache,{' '}
        <span className="smr-key" style={{ background: SMR_COLOUR.cleaning }} /> being cleaned. On the platter: the cache is the outer ring (yellow as a write lands), each band holding cached sectors a tick at its radius on the left, the band being cleaned a ring.
      </p>
    </div>
  );
});
