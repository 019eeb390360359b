/*
 * Root — which page to show, from the location hash and the page list in
 * pages.ts. Pages other than the explorer are lazy chunks.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Explorer } from './explorer/Explorer';
import { pageOf, type PageEntry } from './pages';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyPage(entry: PageEntry): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(entry.id);
  if (!component) {
    const load = entry.load!;
    component = lazy(() => load().then((c) => ({ default: c })));
    lazyPages.set(entry.id, component);
  }
  return component;
}

export function Root() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onHash = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const page = pageOf(hash);
  const Page = useMemo(() => (page.load ? lazyPage(page) : null), [page]);
  if (!Page) return <Explorer />;
  const loading = <p className="pageloading">Loading…</p>;
  return (
    <>
      {page.id === 'locate' && <nav className="pagenav"><a href="#">← the live explorer</a></nav>}
      <Suspense fallback={loading}><Page /></Suspense>
    </>
  );
}

