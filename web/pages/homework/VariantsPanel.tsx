/*
 * VariantsPanel — for an instructor, on the homework page: a variant of the
 * question per student (a number of them, or a list of names), each a link
 * with the answers hidden, and the answer key for all of them as CSV and as
 * a printable page. Each variant is run by the engine's worker (hwRun, as
 * the page runs its question), one after the other; the command line makes
 * the same variants and key (npm run sim -- homework … --students FILE).
 */
import { useState } from 'react';
import type { EngineClient } from '../../engine/client';
import { keyPage } from './keyPage';
import type { HomeworkRun } from './run';
import { setupTexts, type HomeworkSetup } from './setup';
import { keyCsv, makeVariants, studentsFrom, variantsCsv, type Variant } from './variants';

type Made = { variants: Variant[]; runs: HomeworkRun[] };

const dataUrl = (type: string, text: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;

export function VariantsPanel({ setup, client, site }: { setup: HomeworkSetup; client: EngineClient | null; site: string }) {
  const [students, setStudents] = useState('30');
  const [made, setMade] = useState<Made | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const make = async () => {
    const list = studentsFrom(students);
    if (typeof list === 'string') { setError(`Students: ${list}`); setMade(null); return; }
    if (!client) return;
    setBusy(true); setError('');
    const variants = makeVariants(setup, list, site);
    try {
      const runs: HomeworkRun[] = [];
      for (const v of variants) runs.push(await client.call('hwRun', { values: setupTexts(v.setup) }));
      setMade({ variants, runs });
    } catch (e) {
      setError(`The engine refused a variant: ${e instanceof Error ? e.message : String(e)}`); setMade(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="hw-variants" data-testid="hw-variants">
      <summary>For instructors: a variant per student, and the answer key</summary>
      <p className="hw-note">Each variant draws its random requests (-A, -L) from a seed of the student&rsquo;s own; the same list gives the same variants every time.</p>
      <label>Students: a number, or one name or student number a line<br />
        <textarea value={students} onChange={(e) => { setStudents(e.target.value); setMade(null); }} rows={4} cols={30} data-testid="hw-variants-students" />
      </label>
      <div><button type="button" onClick={() => { void make(); }} disabled={busy || !client} data-testid="hw-variants-make">{busy ? 'Running…' : 'Make variants'}</button></div>
      {error && <div className="banner error" role="alert" data-testid="hw-variants-error">{error}</div>}
      {made && (
        <>
          <p>
            <a href={dataUrl('text/csv', keyCsv(made.variants, made.runs))} download="key.csv" data-testid="hw-variants-key">Answer key (CSV)</a>
            {' · '}<a href={dataUrl('text/html', keyPage(setup, made.variants, made.runs))} download="key.html" data-testid="hw-variants-key-page">Answer key (printable page)</a>
            {' · '}<a href={dataUrl('text/csv', variantsCsv(made.variants))} download="variants.csv" data-testid="hw-variants-links">Links (CSV)</a>
          </p>
          <ol className="hw-variant-list">
            {made.variants.map((v) => <li key={v.n}>{v.student}: <a href={v.link} data-testid={`hw-variant-${v.n}`}>{v.link}</a></li>)}
          </ol>
        </>
      )}
    </details>
  );
}
