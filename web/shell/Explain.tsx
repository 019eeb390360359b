/*
 * Explain — a panel's one-line "what am I looking at" with a `?` that opens
 * its short explanation (a button: Tab reaches it, Enter or Space opens it,
 * Escape closes it), and Units — a chart's units/legend line. The words are
 * in web/lib/explain.ts; the explanations behind the `?`s in
 * web/lib/explainMore.ts, fetched when a `?` is first pointed at, focused or
 * opened, and shown once here.
 */
import { useId, useState } from 'react';
import { EXPLAIN, type ExplainId } from '../lib/explain';

type MoreTexts = Readonly<Record<ExplainId, string>>;
let moreTexts: MoreTexts | undefined;
let moreLoad: Promise<MoreTexts> | undefined;
function loadMore(): Promise<MoreTexts> {
  moreLoad ??= import('../lib/explainMore').then((m) => (moreTexts = m.MORE));
  moreLoad.catch(() => { moreLoad = undefined; });     // tried again at the next open
  return moreLoad;
}

/** The explanation behind the `?` (undefined while it is on its way), and the call that fetches it. */
function useMoreText(id: ExplainId): { text?: string; fetch(): void } {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const fetch = () => {
    if (moreTexts) return;
    setFailed(null);
    loadMore().then(() => setLoaded((n) => n + 1), (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
  };
  const text = moreTexts?.[id] ?? (failed ? `The explanation could not be loaded (${failed}).` : undefined);
  return { text, fetch };
}

export function Explain({ id }: { id: ExplainId }) {
  const e = EXPLAIN[id];
  const [open, setOpen] = useState(false);
  const more = useId();
  const { text, fetch } = useMoreText(id);
  const shown = open && text !== undefined;
  return (
    <div className="explain" data-explain={id}>
      <p className="explain-line">
        {e.line}{' '}
        <button
          type="button" className="explain-q" aria-expanded={open} aria-controls={shown ? more : undefined}
          aria-label={open ? 'Hide the explanation' : 'Explain this panel'} title="What is this?"
          onClick={() => { setOpen((o) => !o); fetch(); }} onPointerEnter={fetch} onFocus={fetch}
          onKeyDown={(k) => { if (k.key === 'Escape') setOpen(false); }}
        >?</button>
      </p>
      {shown && <p className="explain-more" id={more} role="note">{text}</p>}
    </div>
  );
}

export function Units({ id }: { id: ExplainId }) {
  const e = EXPLAIN[id];
  return e.units ? <p className="explain-units" data-units={id}>{e.units}</p> : null;
}
