/*
 * Root — which page to show: the live explorer, (at #locate) the first
 * slice's "where is an LBN, and how long does reading it take?" page, or (at
 * #traxtents?...) the track-aligned vs unaligned experiment, or (at
 * #sidebyside?...) the aligned and unaligned runs of one setup side by side, or
 * (at #atropos?...) quadrangle layouts over a disk array.
 *
 * Code-split per page: the explorer (the default page) is in the entry
 * bundle; the other pages are separate chunks, fetched when first shown, so
 * the explorer's first draw does not wait for their code.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Explorer } from './explorer/Explorer';

const LocatorPage = lazy(() => import('./locator/LocatorPage').then((m) => ({ default: m.LocatorPage })));
const TraxtentsPage = lazy(() =>
  import('./experiments/traxtents/TraxtentsPage').then((m) => ({ default: m.TraxtentsPage })));
const AtroposPage = lazy(() =>
  import('./experiments/atropos/AtroposPage').then((m) => ({ default: m.AtroposPage })));
const SideBySidePage = lazy(() =>
  import('./experiments/sidebyside/SideBySidePage').then((m) => ({ default: m.SideBySidePage })));

function pageOf(hash: string): 'explorer' | 'locate' | 'traxtents' | 'sidebyside' | 'atropos' {
  if (hash.startsWith('#traxtents')) return 'traxtents';
  if (hash.startsWith('#atropos')) return 'atropos';
  if (hash.startsWith('#sidebyside')) return 'sidebyside';
  return hash === '#locate' ? 'locate' : 'explorer';
}

export function Root() {
  const [page, setPage] = useState(() => pageOf(window.location.hash));
  useEffect(() => {
    const onHash = () => setPage(pageOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  if (page === 'explorer') return <Explorer />;
  const loading = <p className="pageloading">Loading…</p>;
  if (page === 'traxtents') return <Suspense fallback={loading}><TraxtentsPage /></Suspense>;
  if (page === 'atropos') return <Suspense fallback={loading}><AtroposPage /></Suspense>;
  if (page === 'sidebyside') return <Suspense fallback={loading}><SideBySidePage /></Suspense>;
  return (
    <>
      <nav className="pagenav"><a href="#">← the live explorer</a></nav>
      <Suspense fallback={loading}><LocatorPage /></Suspense>
    </>
  );
}
