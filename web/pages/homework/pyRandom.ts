/*
 * pyRandom.ts — Python's random module as disk.py uses it: random.seed(n)
 * for a whole number n, then random.random(). Python seeds its Mersenne
 * Twister (MT19937) with init_by_array over the 32-bit words of |n| (least
 * significant first; 0 gives the one word 0) and builds each random() from
 * two outputs: (a >> 5) * 2^26 + (b >> 6), over 2^53. The same seed thus
 * gives disk.py's request list. pyRandom.test.ts checks the first outputs of
 * several seeds against CPython's own.
 */
const N = 624;
const M = 397;

export class PyRandom {
  private mt = new Uint32Array(N);
  private i = N;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed: ${seed} is not a whole number`);
    let n = BigInt(Math.abs(seed));
    const key: number[] = [];
    do { key.push(Number(n & 0xffffffffn)); n >>= 32n; } while (n > 0n);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let k = 1; k < N; k++) mt[k] = (Math.imul(1812433253, mt[k - 1] ^ (mt[k - 1] >>> 30)) + k) >>> 0;
    this.i = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1, j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j) >>> 0;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output of MT19937. */
  uint32(): number {
    const mt = this.mt;
    if (this.i >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
        mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.i = 0;
    }
    let y = mt[this.i++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** random.random(): a float in [0, 1) with 53 random bits. */
  random(): number {
    const a = this.uint32() >>> 5, b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}
