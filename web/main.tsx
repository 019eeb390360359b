/* The page's entry point: takes embed mode from the address (stage/embed.ts), mounts Root, which shows the home view or a page from the address (pages.ts), and the banner that offers a new version of the site; the disk presets a page did not ask for load once the reader first touches it (presets.ts). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { UpdateBanner } from './shell/UpdateBanner';
import { loadAllOnFirstTouch } from './presets';
import { embedFromAddress } from './stage/embed';
import './page.css';

// Before any page reads the address: the embed key leaves it.
embedFromAddress();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Root />
    <UpdateBanner />
  </StrictMode>,
);
loadAllOnFirstTouch();
