/*
 * The page's entry point, kept small so that it runs before the component
 * library (Preact, behind React's API) has arrived: boot.ts takes embed mode
 * from the address and, on a page, starts the engine's worker and asks for
 * the page's code and first presets; then the library and the shell
 * (app.tsx, a chunk of their own) are asked for and mounted. The worker's
 * wasm, the page's chunks and the library thus download side by side instead
 * of one after the other.
 */
import './boot';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
import('./app').then(
  (app) => app.mountApp(root),
  (e: unknown) => {
    const line = document.createElement('p');
    line.className = 'problems';
    line.setAttribute('role', 'alert');
    line.textContent = `Spindle could not load its code (${e instanceof Error ? e.message : String(e)}); reload the page to try again.`;
    root.replaceChildren(line);
  },
);
