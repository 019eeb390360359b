/*
 * Home — the way in: what Spindle is in two sentences, then one card per
 * page from pages.ts (picture, title, its one sentence) and, under each, the
 * experiment presets that open it at a setup worth seeing. Each page's
 * picture is its folder's picture.tsx (one export, a component), found here
 * so that only the home view loads the pictures. Everything here
 * is a plain link, so the keyboard reaches every page with Tab and Enter.
 */
import type { ComponentType } from 'react';
import { PAGES } from '../pages';
import { loadExperimentPresets, pagePresets } from '../experimentPresets';
import { DiskPicture } from './pictures';
import './home.css';

// Every page's presets at once (the cards then find each page's here, not one after another).
loadExperimentPresets().catch(() => { /* a card that reads them says what failed */ });

const pictureModules = import.meta.glob<Record<string, ComponentType>>('../pages/*/picture.tsx', { eager: true });
const PICTURES = new Map(Object.entries(pictureModules).map(([path, m]) => [path.split('/')[2], Object.values(m)[0]]));

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
          const Picture = PICTURES.get(p.id) ?? DiskPicture;
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
