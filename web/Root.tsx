/*
 * Root — which page to show: the live explorer, (at #locate) the first
 * slice's "where is an LBN, and how long does reading it take?" page, or (at
 * #traxtents?...) the track-aligned vs unaligned experiment, or (at
 * #sidebyside?...) the aligned and unaligned runs of one setup side by side.
 */
import { useEffect, useState } from 'react';
import { LocatorPage } from './locator/LocatorPage';
import { Explorer } from './explorer/Explorer';
import { TraxtentsPage } from './experiments/traxtents/TraxtentsPage';
import { SideBySidePage } from './experiments/sidebyside/SideBySidePage';

function pageOf(hash: string): 'explorer' | 'locate' | 'traxtents' | 'sidebyside' {
  if (hash.startsWith('#traxtents')) return 'traxtents';
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
  if (page === 'traxtents') return <TraxtentsPage />;
  if (page === 'sidebyside') return <SideBySidePage />;
  return (
    <>
      <nav className="pagenav"><a href="#">← the live explorer</a></nav>
      <LocatorPage />
    </>
  );
}
