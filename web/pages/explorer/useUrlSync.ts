/*
 * useUrlSync.ts — the URL holds the setup: decoded once when the page
 * opens from wherever the link put it (the address's query, or the hash's:
 * '#explorer?…', '#?…'; what a link could not use is listed as problems),
 * written back as the address's query (replaceState, no history entry)
 * whenever the setup changes. A hash naming the page stays; its query moves
 * to the address, so a link copied later is the published form. A what-if
 * comparison's "before" setup rides in the same query (beforeLink.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Problem, Setup } from '../../state/setup';
import { decodeSetup } from '../../state/urlCodec';
import { PRESET_IDS } from '../../presets';
import { hashPage, linkQuery } from '../../lib/linkQuery';
import { explorerQuery, readBefore, splitBefore } from './beforeLink';

export function useUrlSync() {
  const initial = useMemo(() => {
    const link = splitBefore(linkQuery(window.location.search, window.location.hash));
    const own = decodeSetup(link.query, { presetIds: PRESET_IDS });
    const was = readBefore(link.before, { presetIds: PRESET_IDS });
    return { setup: own.setup, before: was.before, problems: [...own.problems, ...was.problems] };
  }, []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [problems, setProblems] = useState<Problem[]>(initial.problems);
  /** The setup of the run a what-if change is compared with (null: no comparison). */
  const [before, setBefore] = useState<Setup | null>(initial.before);
  useEffect(() => {
    const { search, hash } = window.location;
    const address = `?${explorerQuery(setup, before)}${hashPage(hash)}`;
    if (search + hash !== address) window.history.replaceState(null, '', address);
  }, [setup, before]);
  return { setup, setSetup, problems, setProblems, before, setBefore };
}
