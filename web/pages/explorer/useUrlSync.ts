/*
 * useUrlSync.ts — the URL holds the setup: decoded once when the page
 * opens (what a link could not use is listed as problems), written back
 * (replaceState, no history entry) whenever the setup changes.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Problem, Setup } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { PRESET_IDS } from '../../presets';

export function useUrlSync() {
  const initial = useMemo(() => decodeSetup(window.location.search, { presetIds: PRESET_IDS }), []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [problems, setProblems] = useState<Problem[]>(initial.problems);
  useEffect(() => {
    const q = `?${encodeSetup(setup)}`;
    if (window.location.search !== q) window.history.replaceState(null, '', q);
  }, [setup]);
  return { setup, setSetup, problems, setProblems };
}
