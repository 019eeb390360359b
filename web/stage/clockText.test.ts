import { describe, expect, it } from 'vitest';
import { clockReading, clockText, FAILED_TEXT, LOADING_TEXT, widestClock, writeClock } from './clockText';

/** An element holding one text node, counting how often its children are replaced. */
function clockElement(text: string) {
  const node = { nodeType: 3, nodeValue: text };
  const el = {
    dataset: {} as Record<string, string>,
    firstChild: node as typeof node | null,
    lastChild: node as typeof node | null,
    replaced: 0,
    get textContent() { return this.firstChild?.nodeValue ?? ''; },
    set textContent(v: string) {
      this.replaced++;
      this.firstChild = this.lastChild = { nodeType: 3, nodeValue: v };
    },
  };
  return { el, node };
}

describe('writeClock', () => {
  it('changes the shown text in its text node, never replacing the node', () => {
    const { el, node } = clockElement(clockText(0));
    for (const t of [1.25, 2.5, 3.75]) {
      writeClock(el as unknown as HTMLElement, t);
      expect(el.textContent).toBe(clockText(t));
    }
    expect(el.firstChild).toBe(node);
    expect(el.replaced).toBe(0);
  });

  it('writes the text into an empty element, in the unit the element asks for', () => {
    const { el } = clockElement('');
    el.firstChild = el.lastChild = null;
    el.dataset.unit = 's';
    writeClock(el as unknown as HTMLElement, 4);
    expect(el.textContent).toBe('t = 4.000 s');
    expect(el.replaced).toBe(1);
  });

  it('claims no instant while the runs load, then writes the clock\'s', () => {
    const { el } = clockElement(clockText(0));
    writeClock(el as unknown as HTMLElement, 'loading');
    expect(el.textContent).toBe(LOADING_TEXT);
    expect(el.textContent).not.toMatch(/\d/);
    writeClock(el as unknown as HTMLElement, 0.5);
    expect(el.textContent).toBe('t = 0.500 ms');
  });

  it('says a run could not begin, rather than loading for ever, until a run joins', () => {
    const { el } = clockElement(LOADING_TEXT);
    const clock = { failure: null as string | null, loading: true, timeMs: 0 };
    writeClock(el as unknown as HTMLElement, clockReading(clock));
    expect(el.textContent).toBe(LOADING_TEXT);
    clock.failure = 'WebAssembly.compile(): expected magic word';
    writeClock(el as unknown as HTMLElement, clockReading(clock));
    expect(el.textContent).toBe(FAILED_TEXT);
    Object.assign(clock, { failure: null, loading: false, timeMs: 2 });
    writeClock(el as unknown as HTMLElement, clockReading(clock));
    expect(el.textContent).toBe('t = 2.000 ms');
  });
});

describe('widestClock', () => {
  it('is the clock\'s text in its unit, with more digits than any instant a page plays (six before the point)', () => {
    expect(widestClock('units')).toBe('t = 999999.999 units');
    expect(widestClock().length).toBeGreaterThanOrEqual(clockText(580_234.99).length);
    expect(widestClock().length).toBeGreaterThan(LOADING_TEXT.length);
  });
});
