/*
 * Root — which page to show, from the location (hash and query) and the page
 * list in pages.ts, under the one navigation header (embedded in a frame: a
 * link to the whole page instead, web/stage/embed.ts). Every page is a lazy
 * chunk, and so is the home view (with the experiment presets it lists), so
 * that a page's first load carries no other page's code.
 */
import { Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyComponent } from './lib/lazyComponent';
import { NavHeader } from './shell/NavHeader';
import { OpenInSpindle } from './shell/OpenInSpindle';
import { embedding, embedProblem } from './stage/embed';
import { routeOf, type PageEntry } from './pages';
import { presentingFromLink, togglePresenting, usePresenting } from './stage/presentation';
import { keepsKeys } from './stage/useStageKeys';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyPage(entry: PageEntry): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(entry.id);
  if (!component) {
    component = lazyComponent(entry.load);
    lazyPages.set(entry.id, component);
  }
  return component;
}

const Home = lazyComponent(() => import('./home/Home').then((m) => m.Home));

const here = () => `${window.location.search}${window.location.hash}`;

export function Root() {
  const [where, setWhere] = useState(here);
  useEffect(() => {
    const on = () => setWhere(here());
    window.addEventListener('hashchange', on);
    window.addEventListener('popstate', on);
    return () => { window.removeEventListener('hashchange', on); window.removeEventListener('popstate', on); };
  }, []);
  const route = useMemo(() => routeOf(window.location.hash, window.location.search), [where]);
  const page = 'page' in route ? route.page : null;
  const Page = useMemo(() => (page ? lazyPage(page) : null), [page]);
  // The explorer keeps presentation mode in its own setup (its link is the address's query).
  const ownPresent = page?.opensQuery === true;
  useEffect(() => {
    if (!ownPresent) presentingFromLink();
  }, [where, ownPresent]);
  usePresentKey(!ownPresent);
  const present = usePresenting();
  // One boundary per view (keyed), so that leaving one never leaves it on screen, hidden, while the next loads.
  const body = (
    <Suspense key={page ? page.id : 'home'} fallback={<p className="pageloading">Loading…</p>}>
      {Page ? <Page /> : <Home unknown={'unknown' in route ? route.unknown : undefined} />}
    </Suspense>
  );
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
