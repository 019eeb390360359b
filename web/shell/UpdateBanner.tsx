/*
 * Registers the service worker that keeps the built site working offline
 * (vite.pwa.ts) and says when a newer version of the site has been
 * downloaded. The new version waits until the reader chooses to reload, so
 * a page never runs half old and half new files; "not now" keeps the open
 * page as it is (the new version starts on the next visit after every tab
 * of the old one is closed). In the dev server this registers nothing.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open page asks the server for a new version. */
const CHECK_MS = 60 * 60 * 1000;

export function UpdateBanner() {
  const { needRefresh: [ready, setReady], updateServiceWorker } = useRegisterSW({
    onRegisteredSW(_url: string, reg: ServiceWorkerRegistration | undefined) {
      // The browser looks for a new version only when a page of the site is loaded; a page left open
      // through a lecture asks now and then too. Offline there is nothing to ask.
      if (reg) setInterval(() => { if (navigator.onLine) reg.update().catch(() => undefined); }, CHECK_MS);
    },
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
  // The live region is always there (and empty), so a screen reader announces the banner when it appears.
  return (
    <div role="status">
      {ready && (
        <div className="update-banner" data-testid="update-banner">
          <span>A new version is ready —</span>
          <button type="button" onClick={reload}>reload</button>
          <button type="button" className="link" onClick={() => setReady(false)}>not now</button>
        </div>
      )}
    </div>
  );
}
