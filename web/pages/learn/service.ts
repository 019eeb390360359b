/*
 * service.ts — the lessons page's work in the engine's worker (bridge method
 * lessonStep, see protocol.ts), without worker globals so it runs under
 * Vitest too. The step is validated here as in a lesson file (the page's
 * copy is not trusted), then answer.ts runs it.
 */
import type { Engine } from '../../../engine-wasm/binding';
import { stepAnswer, type StepAnswer } from './answer';
import { errorText, LESSON_FORMAT, validateLesson } from './lesson';

export function lessonStep(engine: Engine, params: { step: unknown; presets?: Record<string, unknown> }): StepAnswer {
  const checked = validateLesson({ format: LESSON_FORMAT, id: 'step', title: 'step', summary: 'step', steps: [params?.step] });
  if (!checked.ok) throw new RangeError(errorText(checked.errors).replace(/steps\[0\]\./g, 'step.'));
  const presets = typeof params.presets === 'object' && params.presets !== null ? params.presets : {};
  return stepAnswer(engine, checked.lesson.steps[0], presets);
}
