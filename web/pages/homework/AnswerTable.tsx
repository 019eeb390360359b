/*
 * AnswerTable — the homework's answers, one row per request in the order
 * the disk served them: while a row is hidden its cells are fields for the
 * student's predictions (which block, its seek, rotation, transfer, total)
 * and hold no answer at all; once revealed each cell shows the engine's
 * number and, under it, the prediction marked right or wrong. The totals
 * appear with every row; the score counts the predictions checked so far.
 */
import { units } from './diskpyFormat';
import { GUESS_KEYS, GUESS_TEXT, isRight, score, type GuessKey, type Guesses, type RowGuess } from './predictions';
import type { HomeworkRun } from './run';

/** Rows drawn at a time: a 10,000-request question stays responsive. */
export const ROW_PAGE = 100;

const NAMES: Record<GuessKey, string> = { block: 'block', seek: 'seek', rotate: 'rotation', transfer: 'transfer', total: 'total' };

interface Props {
  run: HomeworkRun;
  shown: (row: number) => boolean;
  allShown: boolean;
  rowsDrawn: number;
  guesses: Guesses;
  onGuess: (row: number, g: RowGuess) => void;
  onReveal: (row: number) => void;
  onMoreRows: () => void;
}

function Cell({ run, i, k, shown, guess, onGuess }: { run: HomeworkRun; i: number; k: GuessKey; shown: boolean; guess: RowGuess; onGuess: Props['onGuess'] }) {
  const id = `hw-${k}-${i}`;
  const typed = guess[k] ?? '';
  if (!shown) {
    return (
      <td data-testid={id} className="hidden-answer">
        <input value={typed} inputMode="decimal" size={4} placeholder="?" aria-label={`Your prediction: ${NAMES[k]} of request ${i + 1}`}
               data-testid={`hw-guess-${k}-${i}`}
               onChange={(e) => {
                 if (GUESS_TEXT.test(e.target.value)) onGuess(i, { ...guess, [k]: e.target.value });
                 // Rejected text is put back by hand: Preact, unlike React, leaves a controlled field as typed
                 // when its state does not change.
                 else e.target.value = typed;
               }} />
      </td>
    );
  }
  const v = run.rows[i][k];
  const right = isRight(k, typed, v);
  return (
    <td data-testid={id} data-value={v}>
      {k === 'block' ? v : units(v)}
      {right !== null && (
        <span className={`hw-check ${right ? 'right' : 'wrong'}`} data-testid={`hw-check-${k}-${i}`} data-right={right ? 1 : 0}
              title={right ? 'your prediction was right' : 'your prediction'}>{right ? `✓ ${typed}` : `✗ ${typed}`}</span>
      )}
    </td>
  );
}

export function AnswerTable({ run, shown, allShown, rowsDrawn, guesses, onGuess, onReveal, onMoreRows }: Props) {
  const rows = run.rows;
  const s = score(rows, guesses, shown);
  return (
    <>
      <table className="hw-table" data-testid="hw-table">
        <thead><tr><th>#</th><th>Block</th><th>Seek</th><th>Rotate</th><th>Transfer</th><th>Total</th><th /></tr></thead>
        <tbody>
          {rows.slice(0, rowsDrawn).map((_, i) => (
            <tr key={i} data-testid={`hw-row-${i}`}>
              <th>{i + 1}</th>
              {GUESS_KEYS.map((k) => <Cell key={k} run={run} i={i} k={k} shown={shown(i)} guess={guesses.get(i) ?? {}} onGuess={onGuess} />)}
              <td>{!shown(i) && <button type="button" onClick={() => onReveal(i)} data-testid={`hw-reveal-${i}`}>Reveal</button>}</td>
            </tr>
          ))}
        </tbody>
        {rows.length > rowsDrawn && (
          <tbody><tr><td colSpan={7}>
            <button type="button" onClick={onMoreRows} data-testid="hw-more-rows">Show {Math.min(ROW_PAGE, rows.length - rowsDrawn)} more of {rows.length - rowsDrawn} rows</button>
          </td></tr></tbody>
        )}
        <tfoot>
          <tr data-testid="hw-totals">
            <th>Totals</th><td />
            {allShown ? (
              <>
                <td data-testid="hw-total-seek" data-value={run.totals.seek}>{units(run.totals.seek)}</td>
                <td data-testid="hw-total-rotate" data-value={run.totals.rotate}>{units(run.totals.rotate)}</td>
                <td data-testid="hw-total-transfer" data-value={run.totals.transfer}>{units(run.totals.transfer)}</td>
                <td data-testid="hw-total-total" data-value={run.totals.total}>{units(run.totals.total)}</td>
              </>
            ) : <td colSpan={4} className="hidden-answer">revealed with every row</td>}
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="hw-score" data-testid="hw-score" data-right={s.right} data-checked={s.checked}>
        {s.checked
          ? <>Your predictions: <strong>{s.right} of {s.checked}</strong> right on the rows revealed (a time within half a unit of disk.py&rsquo;s).</>
          : <>Type a prediction in any hidden cell, then reveal its row to check it.</>}
      </p>
    </>
  );
}
