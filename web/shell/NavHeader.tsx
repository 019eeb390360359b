/*
 * NavHeader — the one header on every page: Spindle's name (home), then a
 * link per page from pages.ts, the current one marked (aria-current). Plain
 * links, so Tab reaches them and Enter follows them; on a narrow screen the
 * row scrolls sideways instead of pushing the page wider. The presentation
 * switch sits at its end (a page that keeps the mode itself has its own).
 */
import { PAGES } from '../pages';

interface PresentSwitch {
  on: boolean;
  toggle(): void;
}

export function NavHeader({ current, present }: { current: string | null; present?: PresentSwitch }) {
  return (
    <header className="sitenav" data-testid="sitenav">
      <a className="brand" href="#home" aria-current={current === null ? 'page' : undefined}>Spindle</a>
      <nav aria-label="Pages">
        <ul>
          {PAGES.map((p) => (
            <li key={p.id}>
              <a href={`#${p.id}`} aria-current={p.id === current ? 'page' : undefined} title={p.sentence} data-page={p.id}>
                {p.short ?? p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {present && (
        <button type="button" className="present-switch" aria-pressed={present.on} onClick={present.toggle} data-testid="present-switch"
          title="Presentation mode: larger type for a projector (key P)">
          {present.on ? 'Leave presentation' : 'Present'}
        </button>
      )}
    </header>
  );
}
