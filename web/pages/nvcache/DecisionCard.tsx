/*
 * DecisionCard — the redirection decision of one write (Fig. 6 of the paper)
 * as the engine recorded it: the four access times, the inequality
 * h_n + n_nn > f_n + h_nn evaluated, the outcome, and an LBA ruler marking the
 * head, the write n and the next request nn (the look-ahead made visible).
 */
import { memo } from 'react';
import type { DecisionRec } from './protocol';
import { OUTCOME_COLOUR, OUTCOME_TEXT } from './colours';

const ms = (x: number) => x.toFixed(3);

/** The inequality of Fig. 6 with the engine's numbers: h_n + n_nn against f_n + h_nn. */
export function Inequality({ t }: { t: NonNullable<DecisionRec['times']> }) {
  const left = t.hN + t.nNn, right = t.fN + t.hNn;
  return (
    <span className="nv-ineq">
      h<sub>n</sub> + n<sub>nn</sub> = {ms(left)} ms {left > right ? '>' : '≤'} f<sub>n</sub> + h<sub>nn</sub> = {ms(right)} ms
    </span>
  );
}

/** The card renders again only when the decision, the capacity or the width changes (not as the clock moves). */
export const DecisionCard = memo(function DecisionCard({ d, capacity, width }: { d: DecisionRec | null; capacity: number; width: number }) {
  if (!d) return <div className="nv-card" data-testid="decision">No write has been decided yet: step (→) or play.</div>;
  const t = d.times;
  const left = t ? t.hN + t.nNn : NaN, right = t ? t.fN + t.hNn : NaN;
  const W = Math.max(260, width), X0 = 16, X1 = W - 16;
  const at = (lbn: number) => X0 + (Math.max(0, Math.min(capacity, lbn)) / Math.max(1, capacity)) * (X1 - X0);
  const marks = t ? [
    { k: 'head', lbn: t.headLbn, c: '#000' }, { k: 'n', lbn: d.lbn, c: OUTCOME_COLOUR.flash },
    ...(t.nextLbn >= 0 ? [{ k: 'nn', lbn: t.nextLbn, c: '#1f78b4' }] : []),
  ] : [{ k: 'n', lbn: d.lbn, c: OUTCOME_COLOUR.flash }];
  return (
    <div className="nv-card" data-testid="decision" data-req={d.req} data-outcome={d.outcome}>
      <p><b>Write {d.req}</b> at LBA {d.lbn} ({d.sectors} sectors), decided at {d.timeMs.toFixed(2)} ms:{' '}
        <b style={{ color: OUTCOME_COLOUR[d.outcome] }} data-testid="decision-outcome">{OUTCOME_TEXT[d.outcome]}</b></p>
      {t ? (
        <>
          <table className="nv-times">
            <tbody>
              <tr><th>h<sub>n</sub></th><td data-testid="d-hN" data-value={t.hN}>{ms(t.hN)}</td><td>head → n</td></tr>
              <tr><th>n<sub>nn</sub></th><td data-testid="d-nNn" data-value={t.nNn}>{ms(t.nNn)}</td><td>{t.nextLbn >= 0 ? 'n → next request' : 'no next request: 0'}</td></tr>
              <tr><th>f<sub>n</sub></th><td data-testid="d-fN" data-value={t.fN}>{ms(t.fN)}</td><td>flash write of n (pinned)</td></tr>
              <tr><th>h<sub>nn</sub></th><td data-testid="d-hNn" data-value={t.hNn}>{ms(t.hNn)}</td><td>{t.nextLbn >= 0 ? 'head → next request' : 'no next request: 0'}</td></tr>
            </tbody>
          </table>
          <p className="nv-ineq" data-testid="inequality">
            <Inequality t={t} />
            {' → '}{left > right ? (d.outcome === 'flash' ? 'redirect' : 'redirect, but the FQueue has no room') : 'the platter'}
          </p>
        </>
      ) : (
        <p className="hint">{d.outcome === 'coalesced'
          ? 'It touches FQueue entries: they are unpinned and merged with it into one platter write (no times computed).'
          : 'The FQueue is being flushed: no write is redirected meanwhile (no times computed).'}</p>
      )}
      <svg width={W} height={64} data-testid="lba-ruler" aria-label="LBA ruler">
        <line x1={X0} x2={X1} y1={26} y2={26} stroke="#888" />
        <text x={X0} y={60} fontSize={12}>0</text><text x={X1} y={60} fontSize={12} textAnchor="end">{capacity} LBAs</text>
        {marks.map((m) => {
          // The head's label goes below the ruler, n's and nn's above, side by side: they are often close.
          const below = m.k === 'head';
          const dx = m.k === 'n' ? -4 : m.k === 'nn' ? 4 : 0;
          return (
            <g key={m.k} data-testid={`ruler-${m.k}`} data-lbn={m.lbn}>
              <line x1={at(m.lbn)} x2={at(m.lbn)} y1={16} y2={36} stroke={m.c} strokeWidth={2} />
              <text x={at(m.lbn) + dx} y={below ? 46 : 12} fontSize={12} textAnchor={dx < 0 ? 'end' : dx > 0 ? 'start' : 'middle'} fill={m.c}>{m.k}</text>
            </g>
          );
        })}
      </svg>
    </div>
  );
});
