/** Seeded PRNG: the benchmark's mulberry32, so every random case is reproducible from its seed. */
import { rng } from '../../fixtures/rng.js';

export { rng };

export function randInt(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

export function randInt8(r: () => number, n: number, lo = -128, hi = 127): Int8Array {
  const a = new Int8Array(n);
  for (let i = 0; i < n; i++) a[i] = randInt(r, lo, hi);
  return a;
}

export function randInt32(r: () => number, n: number, lo: number, hi: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = randInt(r, lo, hi);
  return a;
}

/** n float32 values uniform in [lo, hi), from a generator seeded with `seed`. */
export function randFloats(seed: number, n: number, lo: number, hi: number): Float32Array {
  const r = rng(seed);
  return Float32Array.from({ length: n }, () => lo + r() * (hi - lo));
}
