/*
 * Root — which page to show, from the location (hash and query) and the page
 * list in pages.ts, under the one navigation header (embedded in a frame: a
 * link to the whole page instead, web/stage/embed.ts). Every page is a
 * chunk, and so is the home view (with the experiment presets it lists), so
 * that a page's first load carries no other page's code. A page is rendered
 * once its code and the presets its first drawing shows are here (the entry
 * asked for both before React came: boot.ts), with a loading line of Root's
 * own until then (web/lib/useLoaded.ts says why not a Suspense fallback).
 */
import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLoaded } from './lib/useLoaded';
import { linkQuery } from './lib/linkQuery';
import { NavHeader } from './shell/NavHeader';
import { OpenInSpindle } from './shell/OpenInSpindle';
import { embedding, embedProblem } from './stage/embed';
import { routeOf, type PageEntry } from './pages';
import { loadPreset } from './presets';
import { presentingFromLink, togglePresenting, usePresenting } from './stage/presentation';
import { keepsKeys } from './stage/useStageKeys';
import { markLoad } from './engine/loadMarks';
import { beginView } from './lib/firstDrawing';

markLoad('react-evaluated');

type View = ComponentType<{ unknown?: string }>;

const loadHome = (): Promise<View> => import('./home/Home').then((m) => m.Home);

/** A page's code, once it and the presets its first drawing shows are loaded (a preset that fails is the page's to report). */
function loadPage(page: PageEntry): Promise<View> {
  const presets = page.firstPresets?.(linkQuery(window.location.search, window.location.hash)) ?? [];
  return Promise.all([page.load(), ...presets.map((id) => loadPreset(id).catch(() => undefined))])
    .then(([component]) => { markLoad('page-code-loaded'); return component as View; });
}

const here = () => `${window.location.search}${window.location.hash}`;

export function Root() {
  markLoad('react-first-render');
  const [where, setWhere] = useState(here);
  useEffect(() => {
    const on = () => setWhere(here());
    window.addEventListener('hashchange', on);
    window.addEventListener('popstate', on);
    return () => { window.removeEventListener('hashchange', on); window.removeEventListener('popstate', on); };
  }, []);
  const route = useMemo(() => routeOf(window.location.hash, window.location.search), [where]);
  const page = 'page' in route ? route.page : null;
  const viewId = page ? page.id : 'home';
  beginView(viewId);
  const view = useLoaded(viewId, page ? () => loadPage(page) : loadHome);
  // The explorer keeps presentation mode in its own setup (its link is the address's query).
  const ownPresent = page?.opensQuery === true;
  useEffect(() => {
    if (!ownPresent) presentingFromLink();
  }, [where, ownPresent]);
  usePresentKey(!ownPresent);
  const present = usePresenting();
  const View = view.value;
  // One boundary per view (keyed), so that leaving one never leaves it on screen, hidden, while the next loads;
  // its fallback shows only when a page, drawn, waits for more (another disk's preset).
  const body = view.error
    ? <p className="problems" role="alert">Spindle could not load this page ({view.error.message}); reload the page to try again.</p>
    : View
      ? (
        <Suspense key={viewId} fallback={<p className="pageloading">Loading…</p>}>
          <View {...(page ? {} : { unknown: 'unknown' in route ? route.unknown : undefined })} />
        </Suspense>
      )
      : <p className="pageloading">Loading…</p>;
  return (
    <>
      {embedding() ? <OpenInSpindle />
        : <NavHeader current={page ? page.id : null} present={ownPresent ? undefined : { on: present, toggle: togglePresenting }} />}
      {embedProblem() && <p className="problems" role="alert" data-testid="embed-problem">{embedProblem()}.</p>}
      {body}
    </>
  );
}

/** P toggles presentation mode on every page that does not keep it itself (unless a field has the keys). */
function usePresentKey(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'p' || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (keepsKeys(el)) return;
      togglePresenting();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
