/*
 * NavHeader — the one header on every page: Spindle's name (home), then a
 * link per page from pages.ts, the current one marked (aria-current). Plain
 * links, so Tab reaches them and Enter follows them; on a narrow screen the
 * row scrolls sideways instead of pushing the page wider.
 */
import { PAGES } from '../pages';

export function NavHeader({ current }: { current: string | null }) {
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
    </header>
  );
}
