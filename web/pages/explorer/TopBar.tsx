/*
 * TopBar — the explorer's header: the disk preset, the playback controls
 * and speed, Copy link, the moment link, the Export menu and presentation
 * mode (the pages are linked from the site header). A what-if comparison
 * plays from its stage's bar: the header then leaves out the playback.
 */
import { PRESETS } from '../../presets';
import { speedOptions } from '../../run/panelState';
import { ExportsMenu } from './ExportsMenu';
import type { Exports } from './useExports';
import { TransportButtons, speedLabel, type TransportControl } from '../../stage/Transport';

/** The transport buttons' hooks the explorer's tests read. */
const TEST_IDS: Record<TransportControl, string> = { play: 'play', back: 'step-back', step: 'step-event', 'step-request': 'step-request', restart: 'restart' };

export interface TopBarProps {
  preset: string;
  onPreset(id: string): void;
  /** The playback buttons, speed and moment link (a comparison has them in its stage's bar instead). */
  transport: boolean;
  playing: boolean;
  slow: number;
  onSlow(slow: number): void;
  togglePlay(): void;
  stepEvent(): void;
  stepRequest(): void;
  back(): void;
  restart(): void;
  copyLink(): void;
  /** Copies a link that opens the run paused at the playback's current instant. */
  copyMoment(): void;
  exports: Exports;
  /** Presentation mode (large type, large platter) and its toggle. */
  present: boolean;
  togglePresent(): void;
}

export function TopBar(p: TopBarProps) {
  return (
    <header className="topbar">
      <h1>Live explorer</h1>
      <label className="preset">
        <span className="visually-hidden">Disk preset</span>
        <select value={p.preset} onChange={(e) => p.onPreset(e.target.value)} data-testid="preset" aria-label="Disk preset">
          {PRESETS.map((pr) => <option key={pr.id} value={pr.id}>{pr.name}</option>)}
        </select>
      </label>
      {p.transport && <div className="transport" role="group" aria-label="Playback">
        <TransportButtons actions={p} hook={(control) => ({ 'data-testid': TEST_IDS[control] })} />
        <label className="speed" title="Speed ([ slower, ] faster)">
          <select value={p.slow} onChange={(e) => p.onSlow(Number(e.target.value))} data-testid="speed" aria-label="Speed">
            {speedOptions(p.slow).map((v) => <option key={v} value={v}>{speedLabel(v)}</option>)}
          </select>
        </label>
      </div>}
      <div className="share">
        <button type="button" onClick={p.copyLink} data-testid="copy-link" title="Copy a link to this exact run (L)">Copy link</button>
        {p.transport && <button type="button" onClick={p.copyMoment} data-testid="copy-moment" title="Copy a link that opens the run paused at this moment (M)">Link to this moment</button>}
        <ExportsMenu exports={p.exports} />
        <button type="button" onClick={p.togglePresent} data-testid="present" aria-pressed={p.present} title="Presentation mode: large type, the platter as large as the screen allows (P)">
          {p.present ? 'Leave presentation' : 'Present'}
        </button>
      </div>
    </header>
  );
}
