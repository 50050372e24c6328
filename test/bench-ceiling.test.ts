// The ceiling loops (assembly/bench/ceiling.ts): they compute what they claim (sums predicted in JS), and the
// emitted code of the base loop holds the 16 distinct dots per trip the MAC count assumes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
// the ceiling loops are in the lab build only (assembly/lab.ts), not in the shipped wasm
import { createLabRuntime } from '../lab/index.js';

type Ceiling = {
  ceilingDotI16(t: number, a: number, b: number): number;
  ceilingMacsPerTrip(): number;
  ceilingHasRelaxed(): number;
  ceilingRelaxedDot(t: number, a: number, b: number): number;
  ceilingRelaxedMacsPerTrip(): number;
};

const i16 = (v: number) => (v << 16) >> 16;

/** JS model of ceilingDotI16: every lane of dot(splat x, splat y) is 2*x*y; 16 pairs per trip, 4 lanes. */
function modelDot(trips: number, a: number, b: number): number {
  const x = [i16(a), i16(a + 1), i16(a - 3), i16(b), i16(b + 5), i16(b ^ 7)];
  const pairs = [[0, 3], [0, 4], [1, 3], [1, 4], [2, 3], [2, 4], [3, 5], [4, 5], [0, 1], [0, 2], [1, 2], [0, 5], [1, 5], [2, 5], [3, 4], [0, 0]];
  let lane = 0;
  for (const [i, j] of pairs) lane = (lane + Math.imul(2 * x[i], x[j])) | 0;
  return Math.imul(Math.imul(lane, trips), 4) | 0;
}

/** JS model of ceilingRelaxedDot: a lane of relaxed_dot(splat8 a, splat8 b, c) adds 4*a*b; 20 per trip. */
function modelRelaxed(trips: number, a: number, b: number): number {
  const s8 = (v: number) => (v << 24) >> 24;
  const a0 = s8(a), a1 = s8(a - 3), b0 = b & 0x7f, b1 = (b + 9) & 0x7f;
  // per trip: each (a_i, b_j) combination appears 5 times among the 20 dots
  const perTrip = 5 * 4 * (a0 * b0 + a0 * b1 + a1 * b0 + a1 * b1);
  return Math.imul(Math.imul(perTrip, trips), 4) | 0;
}

describe('bench ceiling loops', () => {
  it('the base loop computes 16 dot products per trip', async () => {
    const rt = await createLabRuntime({ build: 'simd128' });
    const c = rt.core.exports as unknown as Ceiling;
    expect(c.ceilingMacsPerTrip()).toBe(16 * 8);
    for (const [t, a, b] of [[1, 3, 5], [7, -100, 90], [1000, 127, -128], [3, 30000, -30000]]) {
      expect(c.ceilingDotI16(t, a, b), `${t} ${a} ${b}`).toBe(modelDot(t, a, b));
    }
    expect(c.ceilingHasRelaxed()).toBe(0);
  });

  it('the emitted base loop holds 16 i32x4.dot_i16x8_s and 16 i32x4.add', () => {
    const wat = readFileSync('build/lab/i8conv.wat', 'utf8');
    const start = wat.indexOf('(func $assembly/bench/ceiling/ceilingDotI16 (param');
    expect(start).toBeGreaterThan(0);
    const body = wat.slice(start, wat.indexOf('\n (func ', start + 10));
    const loop = body.slice(body.indexOf('loop'));
    expect(loop.match(/i32x4\.dot_i16x8_s/g)?.length).toBe(16);
    expect(loop.match(/i32x4\.add/g)?.length).toBeGreaterThanOrEqual(16);
    expect(loop).not.toMatch(/v128\.load|v128\.store/); // register resident
  });

  it('the relaxed loop computes 20 relaxed dot-adds per trip where the engine runs them exactly', async () => {
    const probe = await createRuntime({ build: 'simd128' });
    if (!probe.features.relaxedDotExact) {
      // Node 20: its baseline tier computes the relaxed dot wrongly, so the runtime will not load the relaxed
      // build; what is left to check is that the build exists and says it has the loop.
      const wat = readFileSync('build/lab/i8conv-relaxed.wat', 'utf8');
      const start = wat.indexOf('(func $assembly/bench/ceiling/ceilingRelaxedDot (param');
      const body = wat.slice(start, wat.indexOf('\n (func ', start + 10));
      expect(body.match(/i32x4\.relaxed_dot_i8x16_i7x16_add_s/g)?.length).toBe(20);
      return;
    }
    const rt = await createLabRuntime({ build: 'relaxed' });
    const c = rt.core.exports as unknown as Ceiling;
    expect(c.ceilingHasRelaxed()).toBe(1);
    expect(c.ceilingRelaxedMacsPerTrip()).toBe(20 * 16);
    for (const [t, a, b] of [[1, 3, 5], [9, -100, 90], [500, 127, 127]]) {
      expect(c.ceilingRelaxedDot(t, a, b)).toBe(modelRelaxed(t, a, b));
    }
  });
});
