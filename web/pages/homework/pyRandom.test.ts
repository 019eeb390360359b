import { describe, expect, it } from 'vitest';
import { PyRandom } from './pyRandom';

/* CPython 3: random.seed(s, version=1); [random.random() for _ in range(3)] */
const CPYTHON: Array<[number, number[]]> = [
  [0, [0.8444218515250481, 0.7579544029403025, 0.420571580830845]],
  [1, [0.13436424411240122, 0.8474337369372327, 0.763774618976614]],
  [7, [0.32383276483316237, 0.15084917392450192, 0.6509344730398537]],
  [12345, [0.41661987254534116, 0.010169169457068361, 0.8252065092537432]],
  [2 ** 40 + 3, [0.21978710637116716, 0.5494687768352203, 0.09461190973523603]],
];

describe("Python's random, as disk.py seeds it", () => {
  it.each(CPYTHON)('seed %d gives CPython\'s first three random() values, bit for bit', (seed, want) => {
    const r = new PyRandom(seed);
    expect([r.random(), r.random(), r.random()]).toEqual(want);
  });
  it('a negative seed is its absolute value, as in Python', () => {
    expect(new PyRandom(-7).random()).toBe(new PyRandom(7).random());
  });
});
