/*
 * NumberField — a whole-number field of a page's settings. What the reader
 * types stays in the field (so 150 can be typed digit by digit past a
 * minimum of 100); only a value within its bounds reaches the setup, and
 * while the text is not one the field says so, naming itself and its bounds,
 * and the setup keeps its last good value.
 */
import { useEffect, useId, useState } from 'react';
import { formatInt } from '../lib/format';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onValue(v: number): void;
  id?: string;
  testId?: string;
}

/** Why `text` is not a whole number from `min` to `max`, or '' when it is one. */
export function numberProblem(text: string, min: number, max: number): string {
  const v = Number(text);
  if (text.trim() === '' || !Number.isInteger(v) || v < min || v > max) {
    return `a whole number from ${formatInt(min)} to ${formatInt(max)}`;
  }
  return '';
}

export function NumberField({ label, value, min, max, step, onValue, id, testId }: Props) {
  const [text, setText] = useState(String(value));
  // A value set from elsewhere (a preset, a link) replaces what was typed.
  useEffect(() => setText(String(value)), [value]);
  const problemId = useId();
  const problem = numberProblem(text, min, max);
  return (
    <>
      <label>{label} <input id={id} type="number" min={min} max={max} step={step} value={text} data-testid={testId}
        aria-invalid={problem ? true : undefined} aria-describedby={problem ? problemId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (!numberProblem(e.target.value, min, max)) onValue(Number(e.target.value));
        }} /></label>
      {problem && <span className="field-problem" id={problemId} role="alert">{label}: {problem}; the last good value, {formatInt(value)}, is used.</span>}
    </>
  );
}
