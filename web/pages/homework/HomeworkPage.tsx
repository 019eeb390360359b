/*
 * HomeworkPage — #homework?a=10,18&p=SATF: OSTEP's disk homework (disk.py)
 * on Spindle's engine. The question's settings are disk.py's flags (the URL
 * holds them, keyed by flag letter), folded under one line that reads them
 * as a command line, so the toy disk and its controls open in the first
 * screen, below the requests; the toy disk is drawn large and plays
 * each request; the answers (each request's seek, rotation, transfer and
 * total, then the totals) stay hidden until the student reveals them, row by
 * row or all at once, and a hidden answer is not in the page at all. Every
 * number comes from the engine (worker method hwRun). Nothing gives a hidden
 * answer away: the drawing rings the request being served only once its row
 * is revealed, and playback stops at the first hidden decision. While a field
 * holds a refused value the answers belong to no question, so none is shown.
 * The toy disk plays on the stage's clock with its controls and keys
 * (HomeworkStage). A whole disk.py command line may be pasted into any field. The student
 * types predictions into the hidden cells; revealing a row checks them
 * (AnswerTable). Reveals and predictions are in the link, so Back and a
 * shared link restore them; an instructor makes a variant per student and
 * the answer key (VariantsPanel). A link value that cannot be used is named, with
 * what was used instead, and every other value kept. The stage's keys in
 * the link (moment, presentation mode) ride after the page's own.
 * window.__spindleHomework exposes the status, the run and the link.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLatestAnswer } from '../../lib/latestAnswer';
import { EngineClient } from '../../engine/client';
import { AnswerTable, ROW_PAGE } from './AnswerTable';
import { driftedBlocks } from './diskpyFormat';
import { decodePage, encodePage } from './pageLink';
import type { RowGuess } from './predictions';
import type { HomeworkRun } from './run';
import {
  commandLine, DEFAULT_SETUP, encodeHash, FIELDS, flagsOf, POLICIES, questionFromJson, questionJson, refusedText, setupFrom, setupTexts, type HomeworkSetup,
} from './setup';
import { HomeworkStage } from './HomeworkStage';
import { drawsRandomly } from './variants';
import { VariantsPanel } from './VariantsPanel';
import { pageHash, withStageLink, writePageHash } from '../../stage/stageLink';
import { usePresenting } from '../../stage/presentation';
import './homework.css';

declare global {
  interface Window { __spindleHomework?: unknown }
}

/**
 * The page reads its state from the link when it opens and whenever the
 * link changes from outside (a link followed, Back, Forward); what it writes
 * there itself replaces the current entry and is not read again.
 */
export function HomeworkPage() {
  const [client, setClient] = useState<EngineClient | null>(null);
  useEffect(() => {
    const c = EngineClient.start();
    setClient(c);
    return () => { c.close('the homework page was closed'); };
  }, []);
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    const on = () => { if (window.location.hash.startsWith('#homework') && pageHash() !== written.current) setOpened((n) => n + 1); };
    window.addEventListener('hashchange', on);
    window.addEventListener('popstate', on);
    return () => { window.removeEventListener('hashchange', on); window.removeEventListener('popstate', on); };
  }, []);
  const written = useRef('');
  // Stable: a new one would rerun the page's write of its link, over a link just followed.
  const onWrite = useCallback((h: string) => { written.current = h; }, []);
  return <Homework key={opened} client={client} onWrite={onWrite} />;
}

function Homework({ client, onWrite }: { client: EngineClient | null; onWrite: (hash: string) => void }) {
  const initial = useMemo(() => decodePage(pageHash()), []);
  const [setup, setSetup] = useState<HomeworkSetup>(initial.page.setup);
  const [texts, setTexts] = useState<Record<string, string>>(() => setupTexts(initial.page.setup));
  const [inputError, setInputError] = useState('');
  const [linkNotice, setLinkNotice] = useState(initial.refused.map(refusedText));
  const [run, setRun] = useState<HomeworkRun | null>(null);
  const [status, setStatus] = useState('starting');
  const [engineError, setEngineError] = useState('');
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(initial.page.revealed);
  const [showAll, setShowAll] = useState(initial.page.show);
  const [guesses, setGuesses] = useState<ReadonlyMap<number, RowGuess>>(initial.page.guesses);
  const [rowsDrawn, setRowsDrawn] = useState(ROW_PAGE);
  const rows = run?.rows ?? [];
  const shown = (i: number) => showAll || revealed.has(i);
  const firstHidden = rows.findIndex((_, i) => !shown(i));

  // The engine's answer to the current question (a stale one is dropped), with the question it answers:
  // until the new question's answer comes, the rows on screen are the previous question's.
  const question = encodeHash({ setup, show: false });
  const [answered, setAnswered] = useState('');
  useLatestAnswer(client ? () => client.call('hwRun', { values: setupTexts(setup) }).then((r) => ({ r, question })) : null, [setup, client], {
    onAsk: () => setStatus('running'),
    onAnswer: (a) => { setRun(a.r); setAnswered(a.question); setEngineError(''); setStatus('done'); },
    onError: (e) => { setEngineError(e.message); setStatus('error'); },
  });

  const allShown = showAll || (rows.length > 0 && firstHidden < 0);
  const stale = inputError !== '';
  // The rows on screen answer an earlier question: being computed, or refused by the engine (its banner says why).
  const previous = run !== null && answered !== question;
  const computing = previous && status !== 'error';
  const hash = encodePage({ setup, show: allShown, revealed, guesses });
  useEffect(() => {
    onWrite(hash);
    writePageHash(hash);
  }, [hash, onWrite]);

  /** A new question: nothing revealed or predicted yet (the fields' texts are the caller's). */
  const ask = (s: HomeworkSetup, show: boolean) => {
    setInputError(''); setLinkNotice([]); setSetup(s);
    setRevealed(new Set()); setShowAll(show); setGuesses(new Map()); setRowsDrawn(ROW_PAGE);
  };

  const onField = (key: string, value: string) => {
    const next = { ...texts, [key]: value };
    const pasted = commandLine(value);
    if (pasted && 'error' in pasted) { setTexts(next); setInputError(pasted.error); return; }
    const r = setupFrom(pasted ? pasted.values : next);
    if (!r.ok) { setTexts(next); setInputError(r.message); return; }
    if (pasted) { setTexts(setupTexts(r.setup)); ask(r.setup, pasted.compute); return; }
    setTexts(next); setInputError(''); setLinkNotice([]);
    if (encodeHash({ setup: r.setup, show: false }) !== encodeHash({ setup, show: false })) ask(r.setup, false);
  };

  const openJson = (file: File | undefined) => {
    if (!file) return;
    void file.text().then((text) => {
      const r = questionFromJson(text);
      if (!r.ok) { setInputError(`${file.name}: ${r.message}`); return; }
      setTexts(setupTexts(r.setup)); ask(r.setup, false);
    });
  };

  // The hook the browser tests read.
  const runRef = useRef(run); runRef.current = run;
  const statusRef = useRef(status); statusRef.current = status;
  useEffect(() => {
    const hook = { version: 1, status: () => statusRef.current, run: () => runRef.current, hash: () => window.location.hash };
    window.__spindleHomework = hook;
    return () => { if (window.__spindleHomework === hook) delete window.__spindleHomework; };
  }, []);

  // The question's links keep presentation mode while it is on (a lecture stays in it, as the lessons' links do).
  const present = usePresenting();
  const origin = `${window.location.origin}${window.location.pathname}`;
  const linkHidden = `${origin}${withStageLink(encodeHash({ setup, show: false }), { present, momentMs: null })}`;
  const linkShown = `${origin}${withStageLink(encodeHash({ setup, show: true }), { present, momentMs: null })}`;

  return (
    <div className="homework" data-status={status}>
      <div className="page-head">
        <h1>Disk homework (OSTEP&rsquo;s disk.py)</h1>
        <span className="sub">predict each request&rsquo;s seek, rotation and transfer, then reveal</span>
      </div>
      <section className="hw-question" aria-label="Question">
        {/* The question's settings fold under one line, as on the comparison pages: the toy disk and its controls open
            in the first screen; the line says the question as disk.py's flags. */}
        <details className="hw-settings" data-testid="hw-settings">
          <summary>Question settings: <code>disk.py {flagsOf(setup) || '(its defaults)'}</code></summary>
          <form className="hw-fields" onSubmit={(e) => e.preventDefault()}>
            {FIELDS.map((f) => (
              <label key={f.key}>
                <span>{f.label}</span>
                {f.key === 'p' ? (
                  <select value={texts.p} onChange={(e) => onField('p', e.target.value)} data-testid="hw-field-p">
                    {POLICIES.map((p) => <option key={p} value={p}>{p}</option>)}
                  </select>
                ) : (
                  <input value={texts[f.key]} onChange={(e) => onField(f.key, e.target.value)} data-testid={`hw-field-${f.key}`} size={f.key === 'a' ? 24 : 8} />
                )}
              </label>
            ))}
          </form>
          <p className="hw-json">
            <a href={`data:application/json;charset=utf-8,${encodeURIComponent(questionJson(setup))}`} download="homework.json" data-testid="hw-save-json">Save question (JSON)</a>
            {' · '}<label>Open question (JSON) <input type="file" accept=".json,application/json" onChange={(e) => openJson(e.target.files?.[0])} data-testid="hw-open-json" /></label>
          </p>
        </details>
        {inputError && <div className="banner error" role="alert" data-testid="hw-error">{inputError}</div>}
        {linkNotice.length > 0 && (
          <div className="banner" role="status" data-testid="hw-link-notice">
            This link had values that could not be used; the rest of its question is kept:
            <ul>{linkNotice.map((m) => <li key={m}>{m}</li>)}</ul>
          </div>
        )}
        {engineError && <div className="banner error" role="alert" data-testid="hw-engine-error">The engine refused this question: {engineError}</div>}
        <p className="hw-requests" data-testid="hw-requests">Requests, in list order: {run && !previous ? run.requests.join(', ') : 'computing…'}{setup.addr ? '' : ` (drawn as disk.py draws them: Python's random, seed ${setup.seed})`}{run && run.late.length ? `; arriving later, one after each decision: ${run.late.join(', ')}` : ''}</p>
      </section>
      <div className="hw-main">
        <HomeworkStage run={stale ? null : run} shown={shown} failure={inputError || engineError || null} />
        <div className="hw-answers">
          {stale ? (
            <p className="banner" data-testid="hw-stale">No answers: the question above has a refused value. Fix it, or go back to <a href={linkHidden} data-testid="hw-last-good">the last good question</a>.</p>
          ) : (<>
          {previous && <p className="hw-computing" role="status" data-testid="hw-computing">{computing ? 'computing… the rows below are the previous question’s until the engine answers this one' : 'the rows below are the previous question’s'}</p>}
          {/* The previous question's rows, while the new one's are computed: dimmed, busy, out of reach. */}
          <div className="hw-answer-rows" aria-busy={computing} inert={previous} data-previous={previous ? 1 : undefined} data-testid="hw-answer-rows">
          {run && (
            <AnswerTable run={run} shown={shown} allShown={allShown} rowsDrawn={rowsDrawn} guesses={guesses}
                         onGuess={(i, g) => setGuesses((m) => new Map(m).set(i, g))}
                         onReveal={(i) => setRevealed((r) => new Set(r).add(i))}
                         onMoreRows={() => setRowsDrawn((n) => n + ROW_PAGE)} />
          )}
          {allShown && run && driftedBlocks(run) && (
            <p className="hw-note" data-testid="hw-drift">These are disk.py&rsquo;s times (its clock steps one unit at a time); exact arithmetic differs for {driftedBlocks(run)} (<code>--exact</code> on the command line).</p>
          )}
          </div>
          <div className="hw-reveal">
            <button type="button" onClick={() => setShowAll(true)} data-testid="hw-reveal-all" disabled={allShown}>Reveal all</button>
            <button type="button" onClick={() => { setShowAll(false); setRevealed(new Set()); }} data-testid="hw-hide-all">Hide all</button>
          </div>
          <p className="hw-links">
            Share this question: <a href={linkHidden} data-testid="hw-link-hidden">answers hidden</a> · <a href={linkShown} data-testid="hw-link-shown">answers shown</a>.
            Answer key from the command line: <code>npm run sim -- homework {`${flagsOf(setup)} -c`.trim()}</code>{drawsRandomly(setup) && <>; a variant per student (its own random requests) and their answer key: <code data-testid="hw-variants-command">{`npm run sim -- homework ${flagsOf({ ...setup, seed: DEFAULT_SETUP.seed })} --variants 30 --key key.csv`.replace(/ +/g, ' ')}</code></>}
          </p>
          {drawsRandomly(setup) && <VariantsPanel key={encodeHash({ setup, show: false })} setup={setup} client={client} site={origin} />}
          </>)}
        </div>
      </div>
    </div>
  );
}
