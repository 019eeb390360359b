/*
 * useSetupEditor.ts — the parameter editor's wiring: the draft the user
 * types (each field checked; a draft with no error becomes the setup after a
 * short pause), the editor following a setup changed elsewhere (preset
 * picker, speed, tab, a loaded file), the preset's own values as
 * placeholders, the engine's refusal shown on its field, and the JSON
 * save / load and defaults.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { draftOf, parseDraft, type Draft } from '../../state/draft';
import type { DiskPreset } from '../../state/diskPreset';
import { fieldByPath, sameSetup, withPreset, type Problem, type Setup } from '../../state/setup';
import { readSetupFile, setupToJson } from '../../state/setupJson';
import { decodeSetup } from '../../state/urlCodec';
import { PRESET_IDS, presetById } from '../../presets';
import { engineParam } from '../../state/engineParams';
import { download } from './exports';
import type { RunError } from './useRun';

/** How long the editor waits after the last keystroke before running a valid draft (ms). */
const SETTLE_MS = 300;

/** What an empty override stands for: device 0's preset value, as the editor shows it. */
function presetValues(p: DiskPreset | undefined): Record<string, string> {
  if (!p) return {};
  const ov = (v: unknown) => (typeof v === 'number' ? String(v) : v && typeof v === 'object' ? 'per request kind' : '');
  return {
    'devices[0].overrides.rpm': String(p.geometry.rpm),
    'devices[0].overrides.headSwitchMs': String(p.mechanics.headSwitchMs),
    'devices[0].overrides.cylSwitchMs': p.mechanics.cylSwitchMs === null ? 'seek(1)' : String(p.mechanics.cylSwitchMs),
    'devices[0].overrides.writeSettleMs': String(p.mechanics.writeSettleMs),
    'devices[0].overrides.zeroLatency': p.mechanics.zeroLatency ? 'on' : 'off',
    'devices[0].overrides.driverQueue': p.controller.driverQueue ? 'on' : 'off',
    'devices[0].overrides.readOverheadMs': ov(p.controller.readMissOverheadMs),
    'devices[0].overrides.writeOverheadMs': ov(p.controller.writeMissOverheadMs),
    'devices[0].overrides.busMsPerSector': String(p.controller.busMsPerSector),
    // Presets carry no bus of their own: the engine's default (the disk's own bus).
    'devices[0].overrides.sharedBus': String(engineParam('disk', 'shared_bus').def),
    'devices[0].overrides.readFenceSectors': String(p.controller.readFenceSectors),
    'devices[0].overrides.segments': String(p.cache.segments),
    'devices[0].overrides.segmentSectors': String(p.cache.segmentSectors),
    'devices[0].overrides.readAhead': p.cache.readAhead,
    'devices[0].overrides.writeCache': p.cache.writeCache,
  };
}

export function useSetupEditor(
  setup: Setup,
  setSetup: Dispatch<SetStateAction<Setup>>,
  setProblems: (problems: Problem[]) => void,
  runError: RunError | null,
) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(setup));
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const setupRef = useRef(setup);
  setupRef.current = setup;

  const applySetup = useCallback((next: Setup) => {
    setSetup((cur) => (sameSetup(cur, next) ? cur : next));
  }, [setSetup]);

  const pending = useRef<number | undefined>(undefined);
  const onFieldChange = useCallback((path: string, text: string) => {
    setDraft((d) => {
      const next = { ...d, [path]: text };
      const parsed = parseDraft(next, { presetIds: PRESET_IDS }, setupRef.current);
      window.clearTimeout(pending.current);
      if (parsed.ok) {
        setDraftErrors({});
        pending.current = window.setTimeout(() => applySetup(parsed.setup), SETTLE_MS);
      } else {
        setDraftErrors(Object.fromEntries(parsed.errors.map((e) => [e.field, e.message])));
      }
      return next;
    });
  }, [applySetup]);

  // A setup changed elsewhere: the editor follows.
  useEffect(() => {
    setDraft((d) => {
      const parsed = parseDraft(d, { presetIds: PRESET_IDS }, setup);
      if (parsed.ok && sameSetup(parsed.setup, setup)) return d;
      if (!parsed.ok) {
        // Keep what the user is fixing; update the rest.
        const fresh = draftOf(setup);
        for (const e of parsed.errors) fresh[e.field] = d[e.field];
        return fresh;
      }
      return draftOf(setup);
    });
  }, [setup]);

  const onPreset = useCallback((id: string) => setSetup((s) => withPreset(s, id)), [setSetup]);
  const saveJson = useCallback(() => download(`spindle-setup-${setup.devices[0].preset}-seed${setup.seed}.json`, setupToJson(setup), 'application/json'), [setup]);
  const loadJson = useCallback((text: string) => {
    // A file that is no setup at all is refused: the setup (and the URL) on screen stay.
    const file = readSetupFile(text, { presetIds: PRESET_IDS });
    if (!file.ok) { setProblems([file.problem]); return; }
    const r = file.restored;
    setProblems(r.problems);
    setDraftErrors({});
    setSetup(r.setup);
  }, [setSetup, setProblems]);
  const resetDefaults = useCallback(() => {
    setDraftErrors({});
    setSetup((s) => ({ ...decodeSetup('', { presetIds: PRESET_IDS }).setup, view: s.view }));
  }, [setSetup]);

  const errors = useMemo(() => {
    const e = { ...draftErrors };
    if (runError?.field && !e[runError.field]) e[runError.field] = `${fieldByPath(runError.field)?.label ?? runError.field}: the engine refused it: ${runError.message}`;
    return e;
  }, [draftErrors, runError]);
  const device0 = setup.devices[0].preset;
  const placeholders = useMemo(() => presetValues(presetById(device0)?.json), [device0]);

  return {
    draft,
    /** The draft's own errors (the Setup tab's ⚠). */
    draftErrors,
    /** What the editor shows: the draft's errors and the engine's refusal on its field. */
    errors,
    placeholders,
    onFieldChange, onPreset, saveJson, loadJson, resetDefaults,
  };
}
