// Looks at the machine code we ship (STYLE habit 10): the emitted text of the SIMD128 build must hold the
// instructions the micro-kernels are designed around, in their innermost loops, and nothing slower there.
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { KERNELS } from '../src/algos/kernel-table.generated.js';

const wat = readFileSync(new URL('../build/i8conv.wat', import.meta.url), 'utf8');
const relaxedWat = readFileSync(new URL('../build/i8conv-relaxed.wat', import.meta.url), 'utf8');
const SIMD = KERNELS.filter((k) => k.isa === 'wasmsimd');
const RELAXED = KERNELS.filter((k) => k.isa === 'wasmrelaxedsimd');

function funcText(qualified: string): string | undefined {
  const at = wat.indexOf(`(func $${qualified} `);
  if (at < 0) return undefined;
  const next = wat.indexOf('\n (func ', at + 1);
  return wat.slice(at, next < 0 ? undefined : next);
}
const func = (name: string) => funcText(`assembly/conv-nchw44-dot/generated/${name}`);

/**
 * Innermost loops of a function in binaryen's linear text: `block` / `loop` / `if` open a construct, `end`
 * closes it. Returns the text of each loop that contains no other loop.
 */
function innermostLoops(body: string): string[] {
  const lines = body.split('\n').map((l) => l.trim());
  const stack: Array<{ kind: string; start: number; hasLoop: boolean }> = [];
  const out: string[] = [];
  lines.forEach((l, i) => {
    const op = l.split(/[\s(]/)[0];
    if (op === 'block' || op === 'loop' || op === 'if') {
      if (op === 'loop') for (const f of stack) if (f.kind === 'loop') f.hasLoop = true;
      stack.push({ kind: op, start: i, hasLoop: false });
    } else if (op === 'end') {
      const f = stack.pop()!;
      if (f.kind === 'loop' && !f.hasLoop) out.push(lines.slice(f.start, i + 1).join('\n'));
    }
  });
  return out;
}

const count = (s: string, needle: string) => s.split(needle).length - 1;

describe('emitted wasm (SIMD128 build)', () => {
  it('has every variant\'s dot products: (taps per trip) * nb * npix * 2 i32x4.dot_i16x8_s each', () => {
    const expected = SIMD.reduce((a, k) => a + (k.tapLoop ? 1 : k.fw) * k.nb * k.npix * 2, 0);
    expect(count(wat, 'i32x4.dot_i16x8_s')).toBeGreaterThanOrEqual(expected);
    expect(count(wat, 'relaxed')).toBe(0); // loads on engines without relaxed SIMD
  });

  it('relaxed build: every relaxed variant\'s FW * nb * npix * 2 relaxed dot-adds are there', () => {
    const expected = RELAXED.reduce((a, k) => a + k.fw * k.nb * k.npix * 2, 0);
    expect(count(relaxedWat, 'i32x4.relaxed_dot_i8x16_i7x16_add_s')).toBeGreaterThanOrEqual(expected);
  });

  const standalone = SIMD.filter((k) => func(k.name) !== undefined);
  it('keeps most row kernels as functions of their own (the rest are inlined into the dispatcher)', () => {
    expect(standalone.length).toBeGreaterThanOrEqual(SIMD.length / 2);
  });

  for (const k of standalone) {
    it(`${k.name}: the hot loop is loads, dots and adds only`, () => {
      const loops = innermostLoops(func(k.name)!);
      const hot = loops.find((l) => l.includes('i32x4.dot_i16x8_s'));
      expect(hot, 'an innermost loop with the dot products').toBeDefined();
      // one trip of the loop: one tap (tapLoop), or unrolled filter rows x FW columns
      const taps = k.tapLoop ? 1 : k.fw * k.unrolledRows;
      expect(count(hot!, 'i32x4.dot_i16x8_s')).toBe(taps * k.nb * k.npix * 2);
      expect(count(hot!, 'i32x4.add')).toBe(taps * k.nb * k.npix * 2);
      // Weights: one load per (tap, block, half). Input: the optimizer merges repeated loads of the same column,
      // so each of the (npix - 1) * stride + FW columns a filter row touches is loaded once (2 halves).
      const inputLoads = k.tapLoop ? k.npix * 2 : k.unrolledRows * ((k.npix - 1) * k.stride + k.fw) * 2;
      expect(count(hot!, 'v128.load')).toBe(taps * k.nb * 2 + inputLoads);
      for (const slow of ['call', 'extend_', 'i8x16.shuffle', 'v128.store', 'f32x4']) expect(hot!).not.toContain(slow);
    });
  }

  it('the packing step widens with SIMD (extend + shuffle), and the finish step converts in f32x4 lanes', () => {
    const task = funcText('assembly/conv-nchw44-dot/task/convNchw44DotTask')!;
    expect(task).toContain('i16x8.extend_low_i8x16_s');
    expect(task).toContain('i8x16.shuffle');
    const fin = funcText('assembly/common/finish/finishTile')!;
    for (const op of ['f32x4.convert_i32x4_s', 'i32x4.trunc_sat_f32x4_s', 'f32x4.trunc', 'f32x4.pmax', 'i8x16.narrow_i16x8_s']) {
    expect(fin).not.toContain('f32x4.nearest'); // ties-to-even comes from the 2^23 addition, see finish.ts
      expect(fin).toContain(op);
    }
  });

  it('the shipped module stays small (tracked size)', () => {
    const bytes = statSync(new URL('../build/i8conv.wasm', import.meta.url)).size;
    expect(bytes).toBeLessThan(400_000);
  });
});
