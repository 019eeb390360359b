import { describe, it, expect } from 'vitest';
import { splitEmbed, takeEmbedKey } from './embed';

describe('the embed key of a link', () => {
  it('is taken out of a page hash\'s query, which keeps the rest in order (present=1 too)', () => {
    const s = splitEmbed('', '#sidebyside?v=1&seed=3&embed=1&present=1');
    expect(s).toEqual({ search: '', hash: '#sidebyside?v=1&seed=3&present=1', embed: true, problem: null });
  });

  it('is taken out of an explorer link\'s own query, leaving the page hash', () => {
    const s = splitEmbed('?v=2&embed=1&d0=x', '#explorer');
    expect(s).toEqual({ search: '?v=2&d0=x', hash: '#explorer', embed: true, problem: null });
  });

  it('a hash with only the embed key keeps no empty query', () => {
    expect(splitEmbed('', '#locate?embed=1').hash).toBe('#locate');
    expect(splitEmbed('?embed=1', '').search).toBe('');
  });

  it('a link without it is left as it is, not embedded', () => {
    expect(splitEmbed('?v=2', '#nvcache?a=1')).toEqual({ search: '?v=2', hash: '#nvcache?a=1', embed: false, problem: null });
  });

  it('0 turns it off quietly; any other value is named, and the whole page is shown', () => {
    expect(splitEmbed('', '#reorg?embed=0')).toMatchObject({ embed: false, problem: null, hash: '#reorg' });
    expect(splitEmbed('', '#reorg?embed=yes')).toMatchObject({
      embed: false, hash: '#reorg', problem: 'embed: "yes" is not 1 or 0; the whole page is shown',
    });
  });

  it('only the key named embed is taken (not embedded=…)', () => {
    expect(takeEmbedKey('embedded=1&embed=1')).toEqual({ rest: 'embedded=1', value: '1' });
  });
});
