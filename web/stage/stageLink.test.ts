import { describe, it, expect } from 'vitest';
import { formatMoment, momentOfLink, splitStageLink, withStageLink } from './stageLink';

describe('the stage keys of a link', () => {
  it('are taken out of the page\'s query, which keeps the rest in order', () => {
    const { page, link } = splitStageLink('#nvcache?a=1&present=1&b=2&moment=42.665');
    expect(page).toBe('#nvcache?a=1&b=2');
    expect(link).toEqual({ present: true, momentMs: 42.665, problems: [] });
  });

  it('a page hash with only stage keys keeps no empty query', () => {
    expect(splitStageLink('#reorg?present=1').page).toBe('#reorg');
    expect(splitStageLink('#reorg').link).toEqual({ present: false, momentMs: null, problems: [] });
  });

  it('a bad value is named, and the stage falls back', () => {
    const { link } = splitStageLink('#x?moment=soon&present=maybe');
    expect(link.momentMs).toBeNull();
    expect(link.present).toBe(false);
    expect(link.problems).toEqual([
      'moment: "soon" is not a time in ms (0 or more); the stage opens at the start',
      'present: "maybe" is not 1 or 0; presentation mode is off',
    ]);
    expect(splitStageLink('#x?moment=-3').link.problems).toHaveLength(1);
  });

  it('round-trips: written after the page\'s query, read back the same', () => {
    const h = withStageLink('#sidebyside?v=1&n=60', { present: true, momentMs: 12.3456789 });
    expect(h).toBe('#sidebyside?v=1&n=60&present=1&moment=12.345679');
    expect(splitStageLink(h)).toEqual({ page: '#sidebyside?v=1&n=60', link: { present: true, momentMs: 12.345679, problems: [] } });
    expect(withStageLink('#locate', { present: true, momentMs: null })).toBe('#locate?present=1');
    expect(withStageLink('#locate', { present: false, momentMs: null })).toBe('#locate');
  });

  it('a moment is written to the nanosecond', () => {
    expect(formatMoment(42.6651234567)).toBe('42.665123');
    expect(Number(formatMoment(1e6 / 3))).toBeCloseTo(1e6 / 3, 6);
  });

  it('a copied link says its own moment, whether in a page\'s hash or in the explorer\'s query', () => {
    expect(momentOfLink('http://h/s/#nvcache?a=1&moment=16.45&present=1')).toBe(16.45);
    expect(momentOfLink('http://h/?v=2&d0=hp-97560&moment=3.333')).toBe(3.333);
    expect(momentOfLink('http://h/#reorg?present=1')).toBeNull();
  });
});
