/*
 * LearnPage — #learn: guided lessons, predict then reveal. #learn lists the
 * lessons (presets/lessons/*.json; a file that does not validate is listed
 * with its errors); #learn?lesson=ID&step=N shows one step: the question,
 * the student's prediction (typed, or clicked), then the engine's answer
 * with the run animated, the prediction compared with it, and the why. The
 * step's setup runs in the worker (lessonStep) as the step opens, but no
 * figure of the answer is in the page until the student has predicted (or
 * chosen to see it); on a toy-disk step the disk is drawn as it stands at
 * t = 0 while the student predicts. A bad link is a message naming its field, and the list
 * is shown. window.__spindleLearn exposes the status and the answer.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { EngineClient } from '../../engine/client';
import { loadPreset } from '../../presets';
import { decodeSetup } from '../../state/urlCodec';
import { usePresenting } from '../../stage/presentation';
import { usePinToTop } from '../../stage/scrollPin';
import { splitStageLink, withStageLink } from '../../stage/stageLink';
import type { Answer, StepAnswer } from './answer';
import { judge, type Guess, type Verdict } from './judge';
import type { Lesson, LessonStep } from './lesson';
import { LESSONS } from './lessons';
import { DiskAtStart } from './DiskAtStart';
import { decodeLearn, encodeLearn, type LearnLink } from './link';
import { Prediction } from './Prediction';
import { StepPlayback } from './StepPlayback';
import { formatAnswer, requestLabel } from './show';
import { useFirstDrawing } from '../../lib/firstDrawing';
import './learn.css';

declare global {
  interface Window { __spindleLearn?: unknown }
}

const GOOD: Lesson[] = LESSONS.flatMap((b) => ('lesson' in b ? [b.lesson] : []));
const STEPS = new Map(GOOD.map((l) => [l.id, l.steps.length]));

/** The presets an explorer step names, as their JSON (the worker validates them). */
async function presetsOf(step: LessonStep): Promise<Record<string, unknown>> {
  if (!('explorer' in step.setup)) return {};
  const out: Record<string, unknown> = {};
  for (const d of decodeSetup(step.setup.explorer).setup.devices) {
    const p = await loadPreset(d.preset);
    if (p) out[d.preset] = p.json;
  }
  return out;
}

/** A lesson's or a step's address, in presentation mode while it is on (a lecture stays in it from step to step). */
function useStepHref(): (l: LearnLink) => string {
  const present = usePresenting();
  return (l) => withStageLink(encodeLearn(l), { present, momentMs: null });
}

function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const on = () => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}

export function LearnPage() {
  const hash = useHash();
  const decoded = useMemo(() => decodeLearn(splitStageLink(hash).page, STEPS), [hash]);
  const link: LearnLink = decoded.link;
  const lesson = link.lesson ? GOOD.find((l) => l.id === link.lesson) : undefined;
  const linkError = decoded.ok ? '' : `This link cannot be opened: ${decoded.field}: ${decoded.message}`;

  const client = useRef<EngineClient | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const c = EngineClient.start();
    client.current = c;
    setReady(true);
    return () => { c.close('the lessons page was closed'); client.current = null; };
  }, []);

  return (
    <div className="learn">
      <header className="topbar">
        <h1>Lessons</h1>
        <span className="sub">predict, then watch the model answer</span>
      </header>
      {linkError && <div className="banner error" role="alert" data-testid="learn-link-error">{linkError}</div>}
      {lesson && decoded.ok
        ? <StepView key={`${lesson.id}/${link.step}`} lesson={lesson} n={link.step} client={ready ? client.current : null} />
        : <LessonList />}
    </div>
  );
}

function LessonList() {
  const href = useStepHref();
  // The bare page's first view is this list: nothing of the engine's to wait for.
  useFirstDrawing(true, 'lesson list (no engine)');
  return (
    <section aria-label="Lessons" data-testid="learn-list">
      <p className="learn-intro">Each lesson is a few questions about a disk the model runs live. Predict the answer, then watch the model work it out.</p>
      <ol className="learn-lessons">
        {LESSONS.map((b) => ('lesson' in b ? (
          <li key={b.file}>
            <a href={href({ lesson: b.lesson.id, step: 1 })} data-testid={`learn-lesson-${b.lesson.id}`}><strong>{b.lesson.title}</strong></a>
            <span className="learn-count"> · {b.lesson.steps.length} steps</span>
            <p>{b.lesson.summary}</p>
          </li>
        ) : (
          <li key={b.file} className="learn-bad" data-testid="learn-bad-file">
            <strong>{b.file}</strong> is not a lesson: {b.error}
          </li>
        )))}
      </ol>
      <p className="learn-note">Lessons are JSON files in <code>presets/lessons/</code>; the format is in its README.</p>
    </section>
  );
}

type Status = 'running' | 'ready' | 'revealed' | 'error';

function StepView({ lesson, n, client }: { lesson: Lesson; n: number; client: EngineClient | null }) {
  const step = lesson.steps[n - 1];
  const href = useStepHref();
  const [result, setResult] = useState<StepAnswer | null>(null);
  // The step's disk and the numbers to predict from, all the engine's.
  useFirstDrawing(result !== null, 'step from the engine');
  const [status, setStatus] = useState<Status>('running');
  const [engineError, setEngineError] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [guess, setGuess] = useState<Guess | null>(null);

  useEffect(() => {
    if (!client) return;
    let live = true;
    presetsOf(step).then((presets) => client.call('lessonStep', { step, presets })).then((r) => {
      if (!live) return;
      setResult(r); setStatus('ready');
    }, (e: unknown) => {
      if (!live) return;
      setEngineError(e instanceof Error ? e.message : String(e)); setStatus('error');
    });
    return () => { live = false; };
  }, [client, step]);

  const onPredict = (g: Guess | null) => {
    if (!result) return;
    if (g) {
      const v = judge(step.predict, g, result.answer);
      setVerdict(v);
      if (!v.ok) return;
      setGuess(g);
    } else {
      setVerdict(null); setGuess(null);
    }
    setStatus('revealed');
  };

  // The hook the browser tests read: the answer only once revealed.
  const ref = useRef({ status, result });
  ref.current = { status, result };
  useEffect(() => {
    const hook = {
      version: 1,
      status: () => ref.current.status,
      answer: (): Answer | null => (ref.current.status === 'revealed' ? ref.current.result?.answer ?? null : null),
      requests: () => ref.current.result?.run.requests.map((r) => requestLabel(r)) ?? [],
    };
    window.__spindleLearn = hook;
    return () => { if (window.__spindleLearn === hook) delete window.__spindleLearn; };
  }, []);

  // Presenting, the step (its place in the lesson, the question, the disk) at the window's top, the page's title scrolled away.
  const present = usePresenting();
  const stepRef = useRef<HTMLElement>(null);
  usePinToTop(present, stepRef);

  const revealed = status === 'revealed' && result;
  const explorerLink = 'explorer' in step.setup ? `?${step.setup.explorer}` : `#homework?${step.setup.homework}`;
  return (
    <article ref={stepRef} className="learn-step" data-status={status} aria-labelledby="learn-question">
      <nav className="learn-crumbs" aria-label="Lesson steps">
        <a href={href({ step: 1 })}>Lessons</a> › <strong>{lesson.title}</strong> · step {n} of {lesson.steps.length}
        <ol className="learn-dots">
          {lesson.steps.map((_, i) => (
            <li key={i}><a href={href({ lesson: lesson.id, step: i + 1 })} aria-current={i + 1 === n ? 'step' : undefined}>{i + 1}</a></li>
          ))}
        </ol>
      </nav>
      {n === 1 && <p className="learn-summary">{lesson.summary}</p>}
      <h2 id="learn-question" data-testid="learn-question">{step.question}</h2>
      <p className="learn-setup">
        The setup: {'homework' in step.setup ? <>OSTEP&rsquo;s toy disk, <code>{step.setup.homework}</code></> : <>an explorer setup, <code>{step.setup.explorer}</code></>}
        {' '}(<a href={explorerLink} data-testid="learn-open-setup">open it in the {'homework' in step.setup ? 'homework page' : 'explorer'}</a>).
      </p>
      {engineError && <div className="banner error" role="alert" data-testid="learn-engine-error">The engine could not run this step: {engineError}</div>}
      {status === 'running' && <p className="learn-wait">The model is running this setup…</p>}
      {result?.run.homework && status !== 'revealed' && <DiskAtStart run={result.run.homework} />}
      {result && (
        <Prediction predict={step.predict} run={result.run} disabled={status === 'revealed'} onPredict={onPredict}
                    error={verdict && !verdict.ok ? verdict.message : ''} />
      )}
      {revealed && (
        <section className="learn-answer" aria-live="polite" data-testid="learn-answer">
          <p className="learn-verdict">
            {guess && verdict?.ok ? (verdict.right
              ? <strong className="right" data-testid="learn-verdict">Right.</strong>
              : <strong className="wrong" data-testid="learn-verdict">Not quite.</strong>) : null}
            {' '}The model&rsquo;s answer: <strong data-testid="learn-answer-value" data-value={JSON.stringify(result.answer)}>{formatAnswer(result.answer, result.run)}</strong>
            {guess && <> · yours: <span data-testid="learn-your-guess">{formatGuess(guess, result)}</span></>}
          </p>
          <p className="learn-why" data-testid="learn-why">{step.why}</p>
          <StepPlayback run={result.run} answer={result.answer} />
        </section>
      )}
      <nav className="learn-next" aria-label="Next">
        {n > 1 && <a href={href({ lesson: lesson.id, step: n - 1 })}>← Previous step</a>}
        {n < lesson.steps.length
          ? <a href={href({ lesson: lesson.id, step: n + 1 })} data-testid="learn-next">Next step →</a>
          : <a href={href({ step: 1 })}>All lessons</a>}
      </nav>
    </article>
  );
}

function formatGuess(g: Guess, r: StepAnswer): string {
  const label = (i: number) => { const q = r.run.requests.find((x) => x.index === i); return q ? requestLabel(q) : `request ${i}`; };
  if (g.kind === 'number') return `${g.text.trim()}${/[a-z]/i.test(g.text) ? '' : ` ${r.answer.kind === 'number' ? r.answer.unit : ''}`}`;
  if (g.kind === 'pick') return label(g.index);
  return g.indexes.map(label).join(', then ');
}
