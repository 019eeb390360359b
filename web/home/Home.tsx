/*
 * Home — the way in: what Spindle is in two sentences, then one card per
 * page from pages.ts (picture, title, its one sentence) and, under each, the
 * experiment presets that open it at a setup worth seeing. Everything here
 * is a plain link, so the keyboard reaches every page with Tab and Enter.
 */
import { PAGES } from '../pages';
import { pagePresets } from '../experimentPresets';
import { DiskPicture } from './pictures';
import './home.css';

export function Home({ unknown }: { unknown?: string }) {
  return (
    <main className="home" data-testid="home">
      <h1>Spindle: how a hard disk spends its time</h1>
      <p className="lead">
        A model of a hard disk (zones, seeks, rotation, caches, queues) runs in your browser. Every page below asks it one
        question and draws the answer; every number you see is the model&apos;s own. Each page&apos;s settings are in its
        address, so a link opens exactly what you saw.
      </p>
      {unknown && (
        <p className="error" role="alert" data-testid="unknown-page">
          There is no page called &ldquo;{unknown}&rdquo;: here are the pages there are.
        </p>
      )}
      <ul className="cards">
        {PAGES.map((p) => {
          const Picture = p.picture ?? DiskPicture;
          const presets = pagePresets(p.id);
          return (
            <li key={p.id} className="card" data-testid={`card-${p.id}`}>
              <a className="card-main" href={`#${p.id}`} data-page={p.id}>
                <Picture />
                <span className="card-title">{p.title}</span>
                <span className="card-sentence">{p.sentence}</span>
              </a>
              {presets.length > 0 && (
                <div className="card-presets">
                  <span>Try:</span>
                  <ul>
                    {presets.map((x) => <li key={x.id}><a href={x.url} title={x.description}>{x.name}</a></li>)}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
