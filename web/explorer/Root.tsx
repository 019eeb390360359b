/*
 * Root — which page to show: the live explorer, or (at #locate) the first
 * slice's "where is an LBN, and how long does reading it take?" page.
 */
import { useEffect, useState } from 'react';
import { App as LocatePage } from '../app/App';
import { Explorer } from './Explorer';

function pageOf(hash: string): 'explorer' | 'locate' {
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
  return (
    <>
      <nav className="pagenav"><a href="#">← the live explorer</a></nav>
      <LocatePage />
    </>
  );
}
