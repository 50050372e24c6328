/** Seeded PRNG (mulberry32) so every random case is reproducible from its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
