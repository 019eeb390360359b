/*
 * SetupProblems — what part of a page's link could not be used: each bad or
 * unknown setting with the field it names and what the page used instead
 * (the Problems of the shared table-driven codec, web/state/fields.ts).
 */
import type { Problem } from '../state/fields';

export function SetupProblems({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="problems" role="alert">
      <strong>Part of this link could not be used:</strong>
      <ul data-testid="setup-problems">{problems.map((p, i) => <li key={i}>{p.message} (used {p.used})</li>)}</ul>
    </div>
  );
}
