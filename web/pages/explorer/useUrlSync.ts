/*
 * useUrlSync.ts — the URL holds the setup: decoded once when the page
 * opens from wherever the link put it (the address's query, or the hash's:
 * '#explorer?…', '#?…'; what a link could not use is listed as problems),
 * written back as the address's query (replaceState, no history entry)
 * whenever the setup changes. A hash naming the page stays; its query moves
 * to the address, so a link copied later is the published form. The
 * earlier runs on the stage ride in the same query (earlierLink.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Problem, Setup } from '../../state/setup';
import { decodeSetup } from '../../state/urlCodec';
import { PRESET_IDS } from '../../presets';
import { hashPage, linkQuery } from '../../lib/linkQuery';
import { explorerQuery, readEarlier, splitEarlier } from './earlierLink';
import type { Earlier } from './earlierRuns';

export function useUrlSync() {
  const initial = useMemo(() => {
    const link = splitEarlier(linkQuery(window.location.search, window.location.hash));
    const own = decodeSetup(link.query, { presetIds: PRESET_IDS });
    const was = readEarlier(link.earlier, { presetIds: PRESET_IDS });
    return { setup: own.setup, earlier: was.earlier, problems: [...own.problems, ...was.problems] };
  }, []);
  const [setup, setSetup] = useState<Setup>(initial.setup);
  const [problems, setProblems] = useState<Problem[]>(initial.problems);
  /** The earlier runs the setup's run is compared with, oldest first (none: no comparison). */
  const [earlier, setEarlier] = useState<Earlier[]>(initial.earlier);
  useEffect(() => {
    const { search, hash } = window.location;
    const address = `?${explorerQuery(setup, earlier)}${hashPage(hash)}`;
    if (search + hash !== address) window.history.replaceState(null, '', address);
  }, [setup, earlier]);
  return { setup, setSetup, problems, setProblems, earlier, setEarlier };
}
