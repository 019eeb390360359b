/*
 * Settings — the Atropos page's setup, folded into a panel that opens on
 * demand (the stage comes first): the disk and the volume (p, d, b), the
 * table's columns and how batches and naive records are issued. The summary
 * line says what is set while the panel is closed.
 */
import type { ReactNode } from 'react';
import { PRESETS, presetById } from '../../presets';
import type { AtSetup } from './setup';
import { NumberField } from '../../experiments/NumberField';

interface Props {
  setup: AtSetup;
  set<K extends keyof AtSetup>(k: K, v: AtSetup[K]): void;
  /** The largest b the slider offers (a track's worth for this d, a little past). */
  topB: number;
  /** Where the page's computation is, shown on the summary line. */
  note?: ReactNode;
}

export function Settings({ setup, set, topB, note }: Props) {
  return (
    <details className="at-settings" data-testid="settings">
      <summary>Settings <span className="sub">{presetById(setup.disk)?.name ?? setup.disk}; p = {setup.p} disk{setup.p === 1 ? '' : 's'}, d = {setup.d} tracks, b = {setup.b} sectors, {setup.cols} column{setup.cols === 1 ? '' : 's'}</span>{note}</summary>
      <form className="at-controls" onSubmit={(e) => e.preventDefault()}>
        <label>Disk <select id="at-disk" value={setup.disk} onChange={(e) => set('disk', e.target.value)}>
          {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select></label>
        <label>Disks p <select id="at-p" value={setup.p} onChange={(e) => set('p', Number(e.target.value))}>
          {[1, 2, 3, 4, 6, 8].map((x) => <option key={x} value={x}>{x}</option>)}
        </select></label>
        <label className="slider"><span>depth d = <output data-testid="d-value">{setup.d}</output> tracks</span>
          <input id="at-d" type="range" min={1} max={16} value={setup.d} onChange={(e) => set('d', Number(e.target.value))} /></label>
        <label className="slider"><span>block b = <output data-testid="b-value">{setup.b}</output> sectors</span>
          <input id="at-b" type="range" min={1} max={topB} value={Math.min(setup.b, topB)} onChange={(e) => set('b', Number(e.target.value))} /></label>
        <NumberField label="Columns" id="at-cols" value={setup.cols} min={1} max={64} onValue={(v) => set('cols', v)} />
        <label>Batch issue <select id="at-pre" value={setup.pre} onChange={(e) => set('pre', e.target.value as AtSetup['pre'])}>
          <option value="linked">linked (SCSI Link bit)</option><option value="on">pre-scheduled by the host</option><option value="off">neither</option>
        </select></label>
        <label>Naive issue <select id="at-naive" value={setup.naive} onChange={(e) => set('naive', e.target.value as AtSetup['naive'])}>
          <option value="serial">one at a time</option><option value="batched">one linked batch</option>
        </select></label>
        <button type="button" onClick={() => navigator.clipboard?.writeText(window.location.href)}>Copy link</button>
      </form>
    </details>
  );
}
