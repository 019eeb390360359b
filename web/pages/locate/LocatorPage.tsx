/*
 * LocatorPage — the LBN locator (#locate?d0=…&lbn=…): one disk (the
 * explorer's, or the one picked here), its platter drawn at scale, and "where
 * is this LBN, and how long does reading it take from here?" answered by the
 * engine in its worker. The explorer's overrides of the disk (d0.rpm, …)
 * come along in the link and are applied to the disk the engine loads. The page holds what the user typed; the URL holds
 * the last good inputs (url.ts); every number shown comes back from the engine.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { EngineCallError, EngineClient } from '../../engine/client';
import type { DiskSummary, LocateQuery, LocateResult, PickResult } from './protocol';
import { PlatterView } from '../../panels/platter/PlatterView';
import './locator.css';
import { useFirstDrawing } from '../../lib/firstDrawing';
import { accessPath } from '../../panels/platter/access';
import { bandColour, INK, SEGMENT } from '../../panels/colours';
import { parseIntField, parseNumberField, type Parsed } from './fields';
import { formatAngle, formatInt, formatMs, formatRpm } from '../../lib/format';
import { PRESETS, PRESET_IDS, presetById } from '../../presets';
import { decodeLocate, encodeLocate, explorerLinkOf, LOCATE_FIELDS } from './url';
import { DEVICE_FIELD_BY_PATH, displayValue, type DeviceOverrides } from '../../state/setup';
import { Explain, Units } from '../../shell/Explain';

type FieldName = 'lbn' | 'sectors' | 'fromCyl' | 'fromSurface' | 'startMs';
type Fields = Record<FieldName, string>;

const FIELD_LABELS: Record<FieldName, string> = {
  lbn: 'LBN',
  sectors: 'Sectors',
  fromCyl: 'Head cylinder',
  fromSurface: 'Head surface',
  startMs: 'Start time (ms)',
};

const FIELD_NAMES = Object.keys(FIELD_LABELS) as FieldName[];
/** The URL's labels are the page's (one name per field in messages). */
for (const f of LOCATE_FIELDS) if (f.path in FIELD_LABELS && f.label !== FIELD_LABELS[f.path as FieldName]) throw new Error(`locator label ${f.path}`);

/** What the link asked for, as the texts of the fields. */
function fieldsOf(q: Record<FieldName, number>): Fields {
  return Object.fromEntries(FIELD_NAMES.map((k) => [k, String(q[k])])) as Fields;
}

/** Parses every field against the disk's bounds; returns the query or the messages. */
function parseFields(f: Fields, disk: DiskSummary): { query?: LocateQuery; errors: Partial<Record<FieldName, string>> } {
  const parsed: Record<FieldName, Parsed<number>> = {
    lbn: parseIntField(FIELD_LABELS.lbn, f.lbn, 0, disk.capacity - 1),
    sectors: parseIntField(FIELD_LABELS.sectors, f.sectors, 1, 100000),
    fromCyl: parseIntField(FIELD_LABELS.fromCyl, f.fromCyl, 0, disk.cylinders - 1),
    fromSurface: parseIntField(FIELD_LABELS.fromSurface, f.fromSurface, 0, disk.surfaces - 1),
    startMs: parseNumberField(FIELD_LABELS.startMs, f.startMs, 0, 1e9),
  };
  const errors: Partial<Record<FieldName, string>> = {};
  const values = {} as Record<FieldName, number>;
  for (const k of Object.keys(parsed) as FieldName[]) {
    const p = parsed[k];
    if (p.ok) values[k] = p.value;
    else errors[k] = p.message;
  }
  if (!errors.lbn && !errors.sectors && values.lbn + values.sectors > disk.capacity) {
    errors.sectors = `${FIELD_LABELS.sectors}: ${values.sectors} sectors from LBN ${values.lbn} run past the end of the disk (${disk.capacity} LBNs).`;
  }
  return Object.keys(errors).length ? { errors } : { query: values, errors };
}

function sameQuery(a: LocateQuery, b: LocateQuery): boolean {
  return a.lbn === b.lbn && a.sectors === b.sectors && a.fromCyl === b.fromCyl && a.fromSurface === b.fromSurface && a.startMs === b.startMs;
}

function Num({ id, value, text }: { id: string; value: number; text: string }) {
  return <output data-testid={id} data-value={String(value)}>{text}</output>;
}

/** The platter's size for a window: 520 px up to a laptop's width, larger on a wide screen (CSS shrinks it on a phone). */
function platterSizeFor(width: number): number {
  return width <= 1400 ? 520 : Math.round(Math.min(760, width * 0.38));
}

function usePlatterSize(): number {
  const [px, setPx] = useState(() => platterSizeFor(window.innerWidth));
  useEffect(() => {
    const on = () => setPx(platterSizeFor(window.innerWidth));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return px;
}

export function LocatorPage() {
  const platterPx = usePlatterSize();
  const initial = useMemo(() => decodeLocate(window.location.hash, window.location.search, PRESET_IDS), []);
  const [diskId, setDiskId] = useState(initial.setup.disk);
  const [overrides, setOverrides] = useState<DeviceOverrides>(initial.setup.overrides);
  const [problems, setProblems] = useState(initial.problems);
  const client = useRef<EngineClient | null>(null);
  const [disk, setDisk] = useState<DiskSummary | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(initial.setup));
  const [result, setResult] = useState<LocateResult | null>(null);
  const [engineError, setEngineError] = useState<string | null>(null);
  const [pickNote, setPickNote] = useState<string | null>(null);
  const [lastPick, setLastPick] = useState<PickResult | null>(null);

  useEffect(() => {
    const c = EngineClient.start();
    client.current = c;
    return () => { c.close(); client.current = null; };
  }, []);

  // The disk with its overrides: loaded into the worker's engine whenever either changes.
  const preset = presetById(diskId)?.json;
  useEffect(() => {
    const c = client.current;
    if (!c || !preset) return;
    let live = true;
    setDisk(null);
    setResult(null);
    setLastPick(null);
    c.call('loadPreset', { preset, overrides })
      .then((d) => { if (live) { setDisk(d); setFatal(null); } })
      .catch((e: Error) => { if (live) setFatal(`Could not load the disk preset: ${e.message}`); });
    return () => { live = false; };
  }, [preset, overrides]);

  /** After a wasm trap the worker runs a fresh engine, without the disk: load it again (the error says what happened). */
  const reloadIfRestarted = (e: unknown) => {
    if (e instanceof EngineCallError && e.restarted && preset) client.current?.call('loadPreset', { preset, overrides }).catch(() => {});
  };

  const { query, errors } = useMemo(
    () => (disk ? parseFields(fields, disk) : { query: undefined, errors: {} as Partial<Record<FieldName, string>> }),
    [fields, disk],
  );

  // The URL holds the disk and the last inputs that formed a valid query (replaceState: no history entry per keystroke).
  useEffect(() => {
    if (!query) return;
    const h = encodeLocate({ disk: diskId, overrides, ...query });
    if (window.location.hash !== h) window.history.replaceState(null, '', h);
  }, [query, diskId, overrides]);

  // Ask the engine whenever the inputs form a valid query; ignore stale answers.
  const locateClient = client.current;
  useLatestAnswer(query && locateClient ? () => locateClient.call('locate', query) : null, [query], {
    onAnswer: (r) => { setResult(r); setEngineError(null); },
    onError: (e) => { reloadIfRestarted(e); setEngineError(e.message); },
  });

  const setField = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setPickNote(null);
    setFields((f) => ({ ...f, [name]: e.target.value }));
  };

  const surface = result?.phys.surface ?? 0;
  const onPick = useCallback(
    (cyl: number, angle: number) => {
      client.current?.call('pick', { cyl, surface, angle }).then(
        (p) => {
          setLastPick(p);
          if (p.lbn >= 0) {
            setPickNote(null);
            setFields((f) => ({ ...f, lbn: String(p.lbn) }));
          } else {
            setPickNote(`Cylinder ${cyl}, surface ${surface}, slot ${p.slot} holds no LBN: it is ${p.lbn === -1 ? 'a spare sector' : 'a defective sector'}.`);
          }
        },
        (e: Error) => {
          reloadIfRestarted(e);
          setPickNote(e.message);
        },
      );
    },
    [surface],
  );

  const moveHeadHere = () => {
    if (!result) return;
    const r = result;
    setFields((f) => ({
      ...f,
      fromCyl: String(r.endPhys.cyl),
      fromSurface: String(r.endPhys.surface),
      startMs: String(r.query.startMs + r.breakdown.totalMs),
    }));
  };

  const path = useMemo(() => (result && disk ? accessPath(result, disk.revolutionMs) : undefined), [result, disk]);
  const state = fatal ? 'error' : !disk ? 'loading' : result ? 'ready' : 'working';
  useFirstDrawing(state === 'ready', 'platter');
  const shown = result;
  const stale = !query || !result || !sameQuery(query, result.query);

  return (
    <main className="locator" data-state={state}>
      <div className="page-head">
        <h1>LBN locator</h1>
        <label className="disk-pick">
          Disk{' '}
          <select value={diskId} onChange={(e) => { setPickNote(null); setDiskId(e.target.value); }} data-testid="locate-disk" aria-label="Disk preset">
            {PRESETS.map((pr) => <option key={pr.id} value={pr.id}>{pr.name}</option>)}
          </select>
        </label>
        <a href={explorerLinkOf(diskId, overrides)} data-testid="locate-explorer">watch this disk serve requests in the explorer</a>
      </div>
      {Object.keys(overrides).length > 0 && (
        <p className="overrides" data-testid="locate-overrides">
          With the explorer&rsquo;s changes to the preset:{' '}
          {Object.entries(overrides).map(([k, v], i) => {
            const f = DEVICE_FIELD_BY_PATH.get(`overrides.${k}`);
            return <span key={k} data-override={k} data-value={String(v)}>{i > 0 && ', '}{f?.label ?? k} {f ? displayValue(f, v) : String(v)}</span>;
          })}.{' '}
          <button type="button" onClick={() => setOverrides({})} data-testid="locate-drop-overrides">use the preset as it is</button>
        </p>
      )}
      {problems.length > 0 && (
        <div className="problems" role="alert" data-testid="locate-problems">
          <strong>Part of this link could not be used:</strong>
          <ul>{problems.map((p, i) => <li key={i} data-field={p.field}><code>{p.field}</code>: {p.message}. Used: {p.used}.</li>)}</ul>
          <button type="button" onClick={() => setProblems([])}>dismiss</button>
        </div>
      )}
      {fatal && <p className="error" role="alert">{fatal}</p>}
      {!disk && !fatal && <p>Loading the disk…</p>}
      {disk && (
        <div className="layout">
          <section
            className="platter-panel"
            aria-labelledby="platter-title"
            data-testid="platter-panel"
            {...(lastPick && {
              'data-pick-cyl': lastPick.query.cyl,
              'data-pick-surface': lastPick.query.surface,
              'data-pick-angle': lastPick.query.angle,
              'data-pick-slot': lastPick.slot,
              'data-pick-lbn': lastPick.lbn,
            })}
          >
            <h2 id="platter-title">
              {disk.name}: top view of surface {surface} (surfaces 0–{disk.surfaces - 1})
            </h2>
            <Explain id="locatePlatter" />
            <PlatterView
              size={platterPx}
              cylinders={disk.cylinders}
              zones={disk.zones}
              access={path}
              onPick={onPick}
              label={`Platter of the ${disk.name}, ${disk.cylinders} cylinders; click a track to pick the LBN there`}
            />
            <ul className="legend">
              {disk.zones.map((z) => (
                <li key={`${z.zone}-${z.firstCyl}`}>
                  <span className="swatch" style={{ background: bandColour(z.density) }} />
                  Zone {z.zone}: cylinders {z.firstCyl}–{z.lastCyl}, {z.slotsPerTrack} sectors per track
                </li>
              ))}
              <li><span className="swatch line" style={{ background: SEGMENT.seek.colour }} /> seek (the platter turns meanwhile)</li>
              <li><span className="swatch line dashed" style={{ borderColor: SEGMENT.rotation.colour }} /> rotational latency</li>
              <li><span className="swatch" style={{ background: SEGMENT.transfer.colour }} /> transfer</li>
              <li><span className="swatch dot" /> head at the start</li>
              <li><span className="swatch line" style={{ background: INK.index }} /> index (angle 0), spokes every eighth of a turn</li>
            </ul>
            <Units id="locatePlatter" />
            <p className="hint">Click on the platter to pick the LBN stored there.</p>
            {pickNote && <p className="note" role="status">{pickNote}</p>}
          </section>

          <section className="controls" aria-label="Access">
            <h2>Read</h2>
            <Explain id="locateRead" />
            <form onSubmit={(e) => e.preventDefault()} noValidate>
              {FIELD_NAMES.map((name) => (
                <div className="field" key={name}>
                  <label htmlFor={name}>{FIELD_LABELS[name]}</label>
                  <input
                    id={name}
                    name={name}
                    inputMode={name === 'startMs' ? 'decimal' : 'numeric'}
                    value={fields[name]}
                    onChange={setField(name)}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={errors[name] ? `${name}-error` : undefined}
                  />
                  {errors[name] && (
                    <p className="error" id={`${name}-error`} role="alert" data-testid={`${name}-error`}>
                      {errors[name]}
                    </p>
                  )}
                </div>
              ))}
            </form>
            {engineError && <p className="error" role="alert" data-testid="engine-error">The engine refused: {engineError}</p>}

            {shown && (
              <div className="locate-readout" data-testid="readout" data-lbn={shown.query.lbn} data-stale={stale ? 'true' : 'false'}>
                <h3>Where LBN {formatInt(shown.query.lbn)} lives</h3>
                <dl>
                  <dt>Cylinder</dt><dd><Num id="cyl" value={shown.phys.cyl} text={formatInt(shown.phys.cyl)} /></dd>
                  <dt>Surface</dt><dd><Num id="surface" value={shown.phys.surface} text={formatInt(shown.phys.surface)} /></dd>
                  <dt>Sector</dt>
                  <dd>
                    <Num id="slot" value={shown.phys.slot} text={formatInt(shown.phys.slot)} /> of{' '}
                    <Num id="slots" value={shown.phys.slotsPerTrack} text={formatInt(shown.phys.slotsPerTrack)} /> on the track
                  </dd>
                  <dt>Zone</dt><dd><Num id="zone" value={shown.phys.zone} text={formatInt(shown.phys.zone)} /></dd>
                  <dt>Angle</dt><dd><Num id="angle" value={shown.phys.angle} text={formatAngle(shown.phys.angle)} /></dd>
                  <dt>Track's LBNs</dt>
                  <dd>
                    <Num id="track-first" value={shown.track.firstLbn} text={formatInt(shown.track.firstLbn)} /> +{' '}
                    <Num id="track-count" value={shown.track.lbnCount} text={formatInt(shown.track.lbnCount)} />
                  </dd>
                </dl>
                <h3>Time to read {shown.query.sectors === 1 ? 'it' : `${shown.query.sectors} sectors`}</h3>
                <p className="sub">
                  from cylinder {shown.query.fromCyl}, surface {shown.query.fromSurface}, at t = {shown.query.startMs} ms (platter at{' '}
                  <Num id="angle-start" value={shown.angleAtStart} text={formatAngle(shown.angleAtStart)} />)
                </p>
                <table className="breakdown">
                  <tbody>
                    <tr><th>Seek</th><td><Num id="seek" value={shown.breakdown.seekMs} text={formatMs(shown.breakdown.seekMs)} /></td></tr>
                    <tr><th>Rotational latency</th><td><Num id="rotation" value={shown.breakdown.rotationMs} text={formatMs(shown.breakdown.rotationMs)} /></td></tr>
                    <tr><th>Transfer</th><td><Num id="transfer" value={shown.breakdown.transferMs} text={formatMs(shown.breakdown.transferMs)} /></td></tr>
                    <tr>
                      <th>Head/cylinder switches ({shown.breakdown.headSwitches + shown.breakdown.cylSwitches})</th>
                      <td><Num id="switch" value={shown.breakdown.switchMs} text={formatMs(shown.breakdown.switchMs)} /></td>
                    </tr>
                    <tr className="total"><th>Total</th><td><Num id="total" value={shown.breakdown.totalMs} text={formatMs(shown.breakdown.totalMs)} /></td></tr>
                  </tbody>
                </table>
                <button type="button" onClick={moveHeadHere}>Move the head to where this read ends, at the time it ends</button>
              </div>
            )}

            <h2>The disk</h2>
            <dl className="disk">
              <dt>Capacity</dt><dd><Num id="capacity" value={disk.capacity} text={`${formatInt(disk.capacity)} sectors of ${disk.sectorBytes} bytes`} /></dd>
              <dt>Cylinders</dt><dd><Num id="cylinders" value={disk.cylinders} text={formatInt(disk.cylinders)} /></dd>
              <dt>Surfaces</dt><dd><Num id="surfaces" value={disk.surfaces} text={formatInt(disk.surfaces)} /></dd>
              <dt>Rotation</dt>
              <dd>
                <Num id="rpm" value={disk.rpm} text={formatRpm(disk.rpm)} />, one revolution in{' '}
                <Num id="revolution" value={disk.revolutionMs} text={formatMs(disk.revolutionMs)} />
              </dd>
            </dl>
          </section>
        </div>
      )}
    </main>
  );
}
