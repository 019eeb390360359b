/*
 * Root — which page to show, from the location (hash and query) and the page
 * list in pages.ts, under the one navigation header. Every page is a lazy
 * chunk, and so is the home view (with the experiment presets it lists), so
 * that a page's first load carries no other page's code.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { NavHeader } from './shell/NavHeader';
import { routeOf, type PageEntry } from './pages';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyPage(entry: PageEntry): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(entry.id);
  if (!component) {
    component = lazy(() => entry.load().then((c) => ({ default: c })));
    lazyPages.set(entry.id, component);
  }
  return component;
}

const Home = lazy(() => import('./home/Home').then((m) => ({ default: m.Home })));

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
  // One boundary per view (keyed), so that leaving one never leaves it on screen, hidden, while the next loads.
  const body = (
    <Suspense key={page ? page.id : 'home'} fallback={<p className="pageloading">Loading…</p>}>
      {Page ? <Page /> : <Home unknown={'unknown' in route ? route.unknown : undefined} />}
    </Suspense>
  );
  return (
    <>
      <NavHeader current={page ? page.id : null} />
      {body}
    </>
  );
}
