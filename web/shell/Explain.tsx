/*
 * Explain — a panel's one-line "what am I looking at" with a `?` that opens
 * its short explanation (a button: Tab reaches it, Enter or Space opens it,
 * Escape closes it), and Units — a chart's units/legend line. The words are
 * in web/lib/explain.ts.
 */
import { useId, useState } from 'react';
import { EXPLAIN, type ExplainId } from '../lib/explain';

export function Explain({ id }: { id: ExplainId }) {
  const e = EXPLAIN[id];
  const [open, setOpen] = useState(false);
  const more = useId();
  return (
    <div className="explain" data-explain={id}>
      <p className="explain-line">
        {e.line}{' '}
        <button
          type="button" className="explain-q" aria-expanded={open} aria-controls={open ? more : undefined}
          aria-label={open ? 'Hide the explanation' : 'Explain this panel'} title="What is this?"
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(k) => { if (k.key === 'Escape') setOpen(false); }}
        >?</button>
      </p>
      {open && <p className="explain-more" id={more} role="note">{e.more}</p>}
    </div>
  );
}

export function Units({ id }: { id: ExplainId }) {
  const e = EXPLAIN[id];
  return e.units ? <p className="explain-units" data-units={id}>{e.units}</p> : null;
}
