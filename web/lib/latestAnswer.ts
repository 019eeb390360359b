/*
 * latestAnswer — questions to the engine asked faster than it answers
 * (sliders, typing): only the answer to the newest question is handed over,
 * so a slow old answer can never overwrite a newer one. A question counts as
 * asked from the moment it is numbered, before it is sent, so a debounced
 * question already silences the answers still on their way.
 */
import { useEffect, useRef, useState, type DependencyList } from 'react';

export interface AnswerHandlers<T> {
  /** Called when a question is asked (e.g. to show "running"). */
  onAsk?(): void;
  onAnswer(answer: T): void;
  onError(error: Error): void;
}

export class LatestAnswer {
  private asked = 0;

  /** Numbers a new question; every earlier one's answer will be dropped. */
  ask(): number {
    return ++this.asked;
  }

  /** Hands over the answer to question `ticket`, or its failure, if no newer question was asked since. */
  settle<T>(ticket: number, answer: Promise<T>, on: AnswerHandlers<T>): Promise<void> {
    return answer.then(
      (r) => { if (ticket === this.asked) on.onAnswer(r); },
      (e: unknown) => { if (ticket === this.asked) on.onError(e instanceof Error ? e : new Error(String(e))); },
    );
  }
}

/**
 * Asks `question` whenever `deps` change (after `delayMs`, if given, so a fast-moving
 * control asks once it rests) and hands the newest answer to the handlers, which may
 * change from render to render. A null question asks nothing.
 */
export function useLatestAnswer<T>(question: (() => Promise<T>) | null, deps: DependencyList, handlers: AnswerHandlers<T>, delayMs = 0): void {
  const [latest] = useState(() => new LatestAnswer());
  const on = useRef(handlers);
  on.current = handlers;
  useEffect(() => {
    if (!question) return;
    const ticket = latest.ask();
    on.current.onAsk?.();
    const handlers: AnswerHandlers<T> = { onAnswer: (r) => on.current.onAnswer(r), onError: (e) => on.current.onError(e) };
    if (delayMs <= 0) {
      void latest.settle(ticket, question(), handlers);
      return;
    }
    const timer = setTimeout(() => void latest.settle(ticket, question(), handlers), delayMs);
    return () => clearTimeout(timer);
    // The caller's deps say when to ask again; the question itself is a new closure every render.
  }, deps);
}
