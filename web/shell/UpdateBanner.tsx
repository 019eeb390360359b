/*
 * Registers the service worker that keeps the built site working offline
 * (vite.pwa.ts) and says when a newer version of the site has been
 * downloaded. The new version waits until the reader chooses to reload, so
 * a page never runs half old and half new files; "not now" keeps the open
 * page as it is (the new version starts on the next visit after every tab
 * of the old one is closed). In the dev server this registers nothing.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';

export function UpdateBanner() {
  const { needRefresh: [ready, setReady], updateServiceWorker } = useRegisterSW({
    onRegisterError(err: unknown) {
      // The site still works online; only its offline copy is missing.
      console.warn('Spindle could not install its offline copy:', err);
    },
  });
  const reload = () => {
    // The page reloads once the new worker has taken over. The registration library reloads only a page
    // that was already controlled when it opened, not the first visit's page the worker installed under.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };
  // The live region is always there, so a screen reader announces the text when it appears.
  return (
    <div className="update-banner" role="status" data-testid="update-banner" hidden={!ready}>
      {ready && (
        <>
          <span>A new version is ready —</span>{' '}
          <button type="button" onClick={reload}>reload</button>{' '}
          <button type="button" className="link" onClick={() => setReady(false)}>not now</button>
        </>
      )}
    </div>
  );
}
