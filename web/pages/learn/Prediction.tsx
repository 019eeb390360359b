/*
 * Prediction — the student's prediction for a step: a number typed with its
 * unit (Enter checks it), one request clicked, or the requests clicked in
 * the order they will complete. Every control is a button or a field, so
 * the keyboard works as the mouse does. "Show me" reveals without a guess.
 */
import { useState } from 'react';
import type { StepRun } from './answer';
import type { Guess } from './judge';
import type { Prediction as PredictionSpec } from './lesson';
import { requestLabel } from './show';

interface Props {
  predict: PredictionSpec;
  run: StepRun;
  disabled: boolean;
  error: string;
  onPredict: (g: Guess | null) => void;
}

export function Prediction({ predict, run, disabled, error, onPredict }: Props) {
  const [text, setText] = useState('');
  const [order, setOrder] = useState<number[]>([]);
  const reqs = run.requests;
  return (
    <form className="learn-predict" onSubmit={(e) => { e.preventDefault(); if (predict.kind === 'number') onPredict({ kind: 'number', text }); else if (predict.kind === 'order') onPredict({ kind: 'order', indexes: order }); }}
          aria-label="Your prediction" data-testid="learn-predict">
      {predict.kind === 'number' && (
        <label>Your prediction{' '}
          <input value={text} onChange={(e) => setText(e.target.value)} disabled={disabled} inputMode="decimal" size={10}
                 data-testid="learn-input" aria-describedby="learn-unit" autoFocus />
          {' '}<span id="learn-unit">{predict.unit}</span>
        </label>
      )}
      {predict.kind === 'pick' && (
        <fieldset disabled={disabled}>
          <legend>Click the request</legend>
          {reqs.map((r) => (
            <button type="button" key={r.index} onClick={() => onPredict({ kind: 'pick', index: r.index })} data-testid={`learn-pick-${r.index}`}>{requestLabel(r)}</button>
          ))}
        </fieldset>
      )}
      {predict.kind === 'order' && (
        <fieldset disabled={disabled}>
          <legend>Click the requests in the order they will complete</legend>
          {reqs.map((r) => (
            <button type="button" key={r.index} disabled={order.includes(r.index)} onClick={() => setOrder((o) => [...o, r.index])} data-testid={`learn-order-${r.index}`}>{requestLabel(r)}</button>
          ))}
          <p className="learn-order" data-testid="learn-order">Your order: {order.length ? order.map((i) => requestLabel(reqs.find((r) => r.index === i)!)).join(' → ') : 'none yet'}
            {' '}<button type="button" onClick={() => setOrder([])} disabled={!order.length}>Clear</button>
          </p>
        </fieldset>
      )}
      <div className="learn-buttons">
        {predict.kind !== 'pick' && <button type="submit" disabled={disabled} data-testid="learn-check">Check</button>}
        <button type="button" onClick={() => onPredict(null)} disabled={disabled} data-testid="learn-show">Show me the answer</button>
      </div>
      {error && <div className="banner error" role="alert" data-testid="learn-predict-error">{error}</div>}
    </form>
  );
}
