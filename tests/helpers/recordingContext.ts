/*
 * A 2-D canvas context that draws nothing and records what it is told: one
 * line per call or property set, numbers rounded to 0.01 px (or radian), so
 * a drawing can be compared with a committed snapshot in review and a
 * change of colour, shape or order shows as a diff of a few lines.
 */

export interface Recording {
  ctx: CanvasRenderingContext2D;
  /** Every call and property set so far, in order. */
  lines: string[];
  /** The calls made so far to one method, with their arguments as given. */
  calls(method: string): unknown[][];
}

function show(v: unknown): string {
  if (typeof v === 'number') return String(Math.round(v * 100) / 100 + 0);
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (typeof v === 'string') return v;
  return String(v);
}

export function recordingContext(): Recording {
  const lines: string[] = [];
  const log: Array<{ method: string; args: unknown[] }> = [];
  const state: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key];
      if (typeof key !== 'string') return undefined;
      return (...args: unknown[]) => {
        log.push({ method: key, args });
        lines.push(`${key}(${args.map(show).join(', ')})`);
      };
    },
    set(target, key, value) {
      target[key] = value;
      lines.push(`${String(key)} = ${show(value)}`);
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, lines, calls: (method) => log.filter((c) => c.method === method).map((c) => c.args) };
}
