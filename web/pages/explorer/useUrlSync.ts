/*
 * useUrlSync.ts — the URL holds the setup: decoded once when the page
 * opens from wherever the link put it (the address's query, or the hash's:
 * '#explorer?…', '#?…'; what a link could not use is listed as problems),
 * written back as the address's query (replaceState, no history entry)
 * whenever the setup changes. A hash naming the page stays; its query moves
 * to the address, so a link copied later is the published form.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Problem, Setup } from '../../state/setup';
import { decodeSetup, encodeSetup } from '../../state/urlCodec';
import { PRESET_IDS } from '../../presets';
import { hashPage, linkQuery } from '../../lib/linkQuery';

export function useUrlSync() {
  const initial = useMemo(() => decodeSetup(linkQuery(window.location.search, window.location.hash), { presetIds: PRESET_IDS }), []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [problems, setProblems] = useState<Problem[]>(initial.problems);
  useEffect(() => {
    const { search, hash } = window.location;
    const address = `?${encodeSetup(setup)}${hashPage(hash)}`;
    if (search + hash !== address) window.history.replaceState(null, '', address);
  }, [setup]);
  return { setup, setSetup, problems, setProblems };
}
