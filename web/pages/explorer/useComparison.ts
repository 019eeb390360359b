/*
 * useComparison.ts — the explorer's earlier runs as the stage plays them:
 * the list (from the link, or the runs what-if changes replaced), each run's
 * events (useEarlierRuns), each one's title and status, the setup's run's
 * title (useComparison); and the list's controls (useEarlierControls): a
 * change puts the run it replaced beside the kept ones; keep, drop, drop
 * all. A run the engine refused is left off the stage
 * and named (it would hold the clock at its start).
 */
import { useCallback, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Setup } from '../../state/setup';
import { afterChange, dropEarlier, toggleKept, type Earlier } from './earlierRuns';
import { useEarlierRuns } from './useEarlierRuns';
import { allChanges, changeTitle, changedFields, type Previous } from './whatIf';
import type { EarlierShown } from './WhatIfStage';
import type { Shown } from './useRun';

/** The list's controls: a change puts the run it replaced beside the kept ones; keep, drop, drop all. */
export function useEarlierControls(earlier: Earlier[], setEarlier: Dispatch<SetStateAction<Earlier[]>>) {
  /** Three runs were kept when the last change came: the run it replaced has no room on the stage. */
  const [full, setFull] = useState(false);
  const list = useRef(earlier);
  list.current = earlier;
  /** A what-if change replaced the run of `setup`. */
  const changed = useCallback((setup: Setup) => {
    const r = afterChange(list.current, setup);
    setFull(r.full);
    setEarlier(r.earlier);
  }, [setEarlier]);
  const clear = useCallback(() => { setFull(false); setEarlier([]); }, [setEarlier]);
  const keep = useCallback((i: number) => { setFull(false); setEarlier((e) => toggleKept(e, i)); }, [setEarlier]);
  const drop = useCallback((i: number) => { setFull(false); setEarlier((e) => dropEarlier(e, i)); }, [setEarlier]);
  return { full, changed, clear, keep, drop };
}

/** What the stage plays and shows of the earlier runs beside `shown`, the setup's run. */
export function useComparison(earlier: readonly Earlier[], shown: Shown | null, replaced: RefObject<Shown | null>) {
  const setups = useMemo(() => earlier.map((e) => e.setup), [earlier]);
  const runs = useEarlierRuns(setups, replaced);
  const changes = useMemo(() => (shown ? earlier.map((e) => changedFields(e.setup, shown.setup)) : []), [earlier, shown]);
  const title = (i: number) => changeTitle(changes[i] ?? [], 'before', earlier[i].kept ? 'kept' : 'before');
  const playable = earlier.map((_, i) => i).filter((i) => runs[i].status !== 'error');
  const shownEarlier: EarlierShown[] = playable.map((i) => ({
    index: i, kept: earlier[i].kept, title: title(i),
    status: runs[i].status === 'done' ? undefined : `simulating it again: ${runs[i].status}`,
  }));
  const refused = earlier.flatMap((_, i) => (runs[i].error ? [{ index: i, title: title(i), error: runs[i].error! }] : []));
  const compare = !!shown && playable.length > 0;
  /** The data of each run on the stage: the earlier ones, then the setup's own. */
  const data = compare ? [...playable.map((i) => runs[i].data), shown.data] : [shown?.data ?? null];
  // The statistics tab compares with the run just before the setup's (the last earlier one) once it has been simulated.
  const lastIndex = playable[playable.length - 1];
  const lastStats = lastIndex === undefined ? undefined : runs[lastIndex].data?.finalSnapshot?.stats;
  const previous: Previous | null = lastIndex !== undefined && lastStats ? { setup: earlier[lastIndex].setup, stats: lastStats, changes: changes[lastIndex] ?? [] } : null;
  return {
    compare, data, shownEarlier, refused, previous,
    afterTitle: changeTitle(allChanges(playable.map((i) => changes[i] ?? [])), 'after'),
  };
}
