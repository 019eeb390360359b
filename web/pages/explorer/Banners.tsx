/*
 * Banners — the notes above the panels: the info note (a copied link, with
 * the link to copy by hand), what part of a link or file could not be used,
 * and the engine's refusal of a setup, naming its field.
 */
import { fieldByPath, type Problem } from '../../state/setup';
import type { RunError } from './useRun';

export interface BannersProps {
  note: string | null;
  link: string | null;
  onDismissNote(): void;
  problems: Problem[];
  onDismissProblems(): void;
  runError: RunError | null;
  /** A run is on screen (it stays when a new setup is refused). */
  hasRun: boolean;
}

/** Problems listed at once; the rest are summarised as "and N more". */
const SHOWN = 5;

function problemItem(pr: Problem, i: number) {
  return <li key={i} data-field={pr.field}><code>{pr.field}</code>: {pr.message}. Used: {pr.used}.</li>;
}

export function Banners({ note, link, onDismissNote, problems, onDismissProblems, runError, hasRun }: BannersProps) {
  return (
    <>
      {(link || note) && (
        <div className="banner info" role="status">
          {note}
          {link && <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} aria-label="Link to this run" />}
          <button type="button" className="link" onClick={onDismissNote}>dismiss</button>
        </div>
      )}
      {problems.length > 0 && (
        <div className="banner warn" role="alert" data-testid="link-problems">
          <strong>Part of this setup could not be used; the page used something else instead:</strong>
          <ul>{problems.slice(0, SHOWN).map(problemItem)}</ul>
          {problems.length > SHOWN && (
            // A hostile link can carry hundreds: the rest wait behind one line, in a box of their own.
            <details className="more-problems" data-testid="more-problems">
              <summary>and {problems.length - SHOWN} more</summary>
              <ul>{problems.slice(SHOWN).map((pr, i) => problemItem(pr, i + SHOWN))}</ul>
            </details>
          )}
          <button type="button" className="link" onClick={onDismissProblems}>dismiss</button>
        </div>
      )}
      {runError && (
        <div className="banner error" role="alert" data-testid="run-error">
          {runError.partial ? 'The engine stopped this run' : 'The engine refused this setup'}
          {runError.field ? ` (${fieldByPath(runError.field)?.label ?? runError.field})` : ''}: {runError.message}.
          {runError.partial ? ' What it simulated until then stays on screen.' : hasRun ? ' The run on screen is the last good one.' : ''}
        </div>
      )}
    </>
  );
}
