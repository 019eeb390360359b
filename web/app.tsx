/*
 * app.tsx — the components' part of the entry (React's API, run on Preact:
 * vite.preact.ts; a chunk main.tsx asks for once the page's own loads have
 * started): mounts Root, which shows the home view or a page from the
 * address (pages.ts), and the banner that offers a new version of the site;
 * the disk presets a page did not ask for load once the reader first touches
 * it (presets.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { UpdateBanner } from './shell/UpdateBanner';
import { loadAllOnFirstTouch } from './presets';
import './page.css';

export function mountApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <Root />
      <UpdateBanner />
    </StrictMode>,
  );
  loadAllOnFirstTouch();
}
