/*
 * useShareLink.ts — "Copy link": the page's URL (the whole setup) to the
 * clipboard, or shown in a box to copy by hand; and the one info note the
 * page shows (also used for a failed export).
 */
import { useCallback, useState } from 'react';

export function useShareLink() {
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const copyLink = useCallback(() => {
    const url = window.location.href;
    setLink(url);
    const done = () => setNote('Link copied: it opens this exact run.');
    const fallback = () => setNote('Copy the link from the box.');
    try {
      if (navigator.clipboard?.writeText) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    } catch {
      fallback();
    }
  }, []);
  const dismiss = useCallback(() => {
    setNote(null);
    setLink(null);
  }, []);
  return { note, link, setNote, copyLink, dismiss };
}
