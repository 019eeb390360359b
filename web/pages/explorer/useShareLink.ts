/*
 * useShareLink.ts — "Copy link": the page's URL (the whole setup), or a
 * link to a moment of the run, to the clipboard, or shown in a box to copy
 * by hand; and the one info note the page shows (also used for a failed
 * export).
 */
import { useCallback, useState } from 'react';

export function useShareLink() {
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  /** Copies `url` (the page's own by default); `what` says what it opens. */
  const copyLink = useCallback((url = window.location.href, what = 'this exact run') => {
    setLink(url);
    const done = () => setNote(`Link copied: it opens ${what}.`);
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
