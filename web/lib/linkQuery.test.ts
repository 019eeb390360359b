import { describe, expect, it } from 'vitest';
import { hashPage, hashQuery, linkQuery } from './linkQuery';

describe('linkQuery', () => {
  const q = 'v=2&d0=hp-97560&n=500';
  it('reads an explorer link written any of the three ways', () => {
    expect(linkQuery(`?${q}`, '')).toBe(q);
    expect(linkQuery('', `#explorer?${q}`)).toBe(q);
    expect(linkQuery('', `#?${q}`)).toBe(q);
  });
  it('prefers the hash\'s query to the address\'s, and falls back to the address\'s when the hash has none', () => {
    expect(linkQuery('?v=2&d0=hp-c2200a', `#explorer?${q}`)).toBe(q);
    expect(linkQuery(`?${q}`, '#explorer')).toBe(q);
    expect(linkQuery(`?${q}`, '#explorer?')).toBe(q);
    expect(linkQuery('', '#explorer')).toBe('');
    expect(linkQuery('', '')).toBe('');
  });
  it('splits a hash into the page it names and its query', () => {
    expect(hashQuery('#locate?d0=x&lbn=1')).toBe('d0=x&lbn=1');
    expect(hashQuery('#locate')).toBe('');
    expect(hashPage('#locate?d0=x')).toBe('#locate');
    expect(hashPage('#?v=2')).toBe('');
    expect(hashPage('')).toBe('');
    expect(hashPage('#explorer')).toBe('#explorer');
  });
});
