// Looks at the machine code we ship (STYLE habit 10): the emitted text of the SIMD128 build must hold the
// instructions the micro-kernels are designed around, in their innermost loops, and nothing slower there. The
// product builds (build/*.wat) hold the kernels the host picks without a forced name; the alternative tiles
// (kernel table rows with lab: true) and the benchmark's ceiling loops are in the lab builds (build/lab/) only.
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { GEMM_KERNELS, KERNELS } from '../src/algos/kernel-table.generated.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const wat = read('build/i8conv.wat');
const relaxedWat = read('build/i8conv-relaxed.wat');
const labWat = read('build/lab/i8conv.wat');
const labRelaxedWat = read('build/lab/i8conv-relaxed.wat');
const SIMD = KERNELS.filter((k) => k.isa === 'wasmsimd');
const RELAXED = KERNELS.filter((k) => k.isa === 'wasmrelaxedsimd');

function funcText(qualified: string, text = wat): string | undefined {
  const at = text.indexOf(`(func $${qualified} `);
  if (at < 0) return undefined;
  const next = text.indexOf('\n (func ', at + 1);
  return text.slice(at, next < 0 ? undefined : next);
}
/** A row kernel's function: in the product build, or in the lab build for a lab-only tile. */
const func = (name: string, lab = KERNELS.some((k) => k.name === name && k.lab)) =>
  funcText(`assembly/conv-nchw44-dot/generated/${name}`, lab ? labWat : wat);

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
  it("has every variant's dot products: (taps per trip) * nb * npix * 2 i32x4.dot_i16x8_s each", () => {
    const dots = (ks: typeof SIMD) => ks.reduce((a, k) => a + (k.tapLoop ? 1 : k.fw) * k.nb * k.npix * 2, 0);
    expect(count(wat, 'i32x4.dot_i16x8_s')).toBeGreaterThanOrEqual(dots(SIMD.filter((k) => !k.lab)));
    expect(count(labWat, 'i32x4.dot_i16x8_s')).toBeGreaterThanOrEqual(dots(SIMD));
    expect(count(wat, 'relaxed')).toBe(0); // loads on engines without relaxed SIMD
    expect(count(labWat, 'relaxed')).toBe(0);
  });

  it("relaxed build: every relaxed variant's FW * nb * npix * 2 relaxed dot-adds are there", () => {
    const dots = (ks: typeof RELAXED) => ks.reduce((a, k) => a + k.fw * k.nb * k.npix * 2, 0);
    expect(count(relaxedWat, 'i32x4.relaxed_dot_i8x16_i7x16_add_s')).toBeGreaterThanOrEqual(
      dots(RELAXED.filter((k) => !k.lab)),
    );
    expect(count(labRelaxedWat, 'i32x4.relaxed_dot_i8x16_i7x16_add_s')).toBeGreaterThanOrEqual(dots(RELAXED));
  });

  it('the product builds leave out the lab: no lab-only tile, no ceiling loop; the lab builds have both', () => {
    const labOnly = [...KERNELS, ...GEMM_KERNELS].filter((k) => k.lab);
    expect(labOnly.length).toBeGreaterThan(0);
    for (const text of [wat, relaxedWat, read('build/i8conv-mt.wat'), read('build/i8conv-relaxed-mt.wat')]) {
      // a function of its own (`(func $.../NAME (param`) or a call to one (`call $.../NAME` at a line's end)
      for (const k of labOnly) expect(text, k.name).not.toMatch(new RegExp(`/${k.name}(\\s|$)`, 'm'));
      expect(text).not.toContain('ceiling');
      expect(text).not.toContain('labBuild');
    }
    // every lab-only tile of the builds' ISAs, as a function or inlined into its dispatcher (then its dots are
    // counted above): the SIMD128 ones in the SIMD128 lab build, all in the relaxed one
    const standaloneIn = (text: string, ks: typeof labOnly) =>
      ks.filter((k) => text.includes(`/${k.name} (param`)).length;
    expect(
      standaloneIn(
        labWat,
        labOnly.filter((k) => k.isa === 'wasmsimd'),
      ),
    ).toBeGreaterThan(0);
    expect(
      standaloneIn(
        labRelaxedWat,
        labOnly.filter((k) => k.isa !== 'wasmsimd'),
      ),
    ).toBeGreaterThan(0);
    for (const text of [labWat, labRelaxedWat]) {
      expect(text).toContain('(export "ceilingDotI16"');
      expect(text).toContain('(export "labBuild"');
    }
  });

  const standalone = SIMD.filter((k) => func(k.name) !== undefined);
  it('keeps most row kernels as functions of their own (the rest are inlined into the dispatcher)', () => {
    expect(standalone.length).toBeGreaterThanOrEqual(SIMD.length / 2);
  });

  /** What one trip of a variant's hot loop must be: its counts of dots, adds and loads, and nothing slower. */
  function hotLoopProblems(k: (typeof SIMD)[number], hot: string): string[] {
    // one trip of the loop: one tap (tapLoop), or unrolled filter rows x FW columns
    const taps = k.tapLoop ? 1 : k.fw * k.unrolledRows;
    // Weights: one load per (tap, block, half). Input: the optimizer merges repeated loads of the same column,
    // so each of the (npix - 1) * stride + FW columns a filter row touches is loaded once (2 halves).
    const inputLoads = k.tapLoop ? k.npix * 2 : k.unrolledRows * ((k.npix - 1) * k.stride + k.fw) * 2;
    const want: Array<[string, number]> = [
      ['i32x4.dot_i16x8_s', taps * k.nb * k.npix * 2],
      ['i32x4.add', taps * k.nb * k.npix * 2],
      ['v128.load', taps * k.nb * 2 + inputLoads],
    ];
    const out = want.filter(([op, n]) => count(hot, op) !== n).map(([op, n]) => `${count(hot, op)} ${op}, want ${n}`);
    for (const slow of ['call', 'extend_', 'i8x16.shuffle', 'v128.store', 'f32x4'])
      if (hot.includes(slow)) out.push(`has ${slow}`);
    return out;
  }

  for (const k of standalone) {
    it(`${k.name}: the hot loop is loads, dots and adds only`, () => {
      const hot = innermostLoops(func(k.name)!).find((l) => l.includes('i32x4.dot_i16x8_s'));
      expect(hot, 'an innermost loop with the dot products').toBeDefined();
      expect(hotLoopProblems(k, hot!)).toEqual([]);
    });
  }

  // The shipped main and tail tiles are inlined into the row dispatcher of the product build: one of its innermost
  // loops must then be that kernel's hot loop (tiles of one shape share a loop shape, so this checks its presence).
  const dispatcher = funcText('assembly/conv-nchw44-dot/generated/convNchw44DotRow')!;
  const dispatcherLoops = innermostLoops(dispatcher ?? '').filter((l) => l.includes('i32x4.dot_i16x8_s'));
  for (const k of SIMD.filter((v) => !v.lab && func(v.name) === undefined)) {
    it(`${k.name} (inlined into the product's dispatcher): its hot loop is there, loads, dots and adds only`, () => {
      expect(dispatcherLoops.length).toBeGreaterThan(0);
      const fits = dispatcherLoops.filter((l) => hotLoopProblems(k, l).length === 0);
      expect(fits.length, hotLoopProblems(k, dispatcherLoops[0]).join('; ')).toBeGreaterThan(0);
    });
  }

  it('the packing step widens with SIMD (extend + shuffle), and the finish step converts in f32x4 lanes', () => {
    const task = funcText('assembly/conv-nchw44-dot/task/convNchw44DotTask')!;
    expect(task).toContain('i16x8.extend_low_i8x16_s');
    expect(task).toContain('i8x16.shuffle');
    const fin = funcText('assembly/common/finish/finishTile')!;
    for (const op of [
      'f32x4.convert_i32x4_s',
      'i32x4.trunc_sat_f32x4_s',
      'f32x4.trunc',
      'f32x4.pmax',
      'i8x16.narrow_i16x8_s',
    ]) {
      expect(fin).not.toContain('f32x4.nearest'); // ties-to-even comes from the 2^23 addition, see finish.ts
      expect(fin).toContain(op);
    }
  });

  it('the float row kernels (LayerNormalization, InstanceNormalization, reductions): transposed 4x4 blocks and plain f32x4 ops in their hot loops, no relaxed instruction in either build', () => {
    for (const [fn, ops] of [
      ['layerNormTask', ['i8x16.shuffle', 'f32x4.div', 'f32x4.add', 'f32x4.mul']],
      ['instanceNormTask', ['i8x16.shuffle', 'f32x4.add', 'f32x4.mul']],
      ['reduceRowsTask', ['i8x16.shuffle', 'f32x4.add']],
    ] as const) {
      for (const text of [wat, relaxedWat]) {
        const body = funcText(`assembly/model/host-float/${fn}`, text);
        expect(body, fn).toBeDefined();
        // the same bits on every build: no relaxed SIMD (fused multiply-add, relaxed min / max) anywhere in them
        expect(body!, fn).not.toMatch(/relaxed|madd|nmadd/);
        const loops = innermostLoops(body!);
        for (const op of ops)
          expect(
            loops.some((l) => l.includes(op)),
            `${fn}: ${op} in a hot loop`,
          ).toBe(true);
      }
    }
  });

  it('the shipped modules stay small (tracked size; README "What ships")', () => {
    for (const f of ['i8conv', 'i8conv-relaxed', 'i8conv-mt', 'i8conv-relaxed-mt']) {
      const bytes = statSync(new URL(`../build/${f}.wasm`, import.meta.url)).size;
      // 160 000 until the remainder tiles (2026-12-04: +9.4 KB SIMD128, +7 KB relaxed, each under 2 KB gzip);
      // 170 000 until the float32 pool kernels (2026-12-06: +3.5 KB, issue 48's float operators in wasm); 180 000 until
      // DynamicQuantizeLinear, the window sums and the window correction of shifted weights (+5.5 KB each build; the
      // relaxed build 181 510 bytes with them); 185 000 until the float32 Resize kernel and the region's Max / Min /
      // PRelu / Floor / Ceil / Round / Sign (2026-12-06: +3.6 KB; the relaxed build 185 123 bytes with them); 190 000
      // until the float32 LSTM kernel (2026-12-06: +2.6 KB, its own copy of MLAS's logistic and tanh and the gate
      // products; the relaxed build 191 663 bytes with it); 192 000 until the float Conv's channel lanes and pieces and
      // the integer QLinearAdd (2026-12-06: +1.9 KB; the relaxed build 193 530 bytes, 45.6 KB gzip, with them); 196 000
      // until the row kernels of LayerNormalization, InstanceNormalization, the reductions and GlobalMaxPool (2026-12-07:
      // +7.4 KB, 1.9 KB gzip, most of it the two-lane-group unrolling; the relaxed build 201 629 bytes with them); 204 000
      // until the region's activations (musl expf / log1pf, MLAS erf), the QLinearSoftmax and computed-B QLinearMatMul
      // kernels and the float Conv's Relu (2026-12-07: +8.6 KB; the relaxed build 210 196 bytes with them); 214 000
      // until the int32 vector stores, the window correction and float epilogue in the finishing stage and the column
      // reduction kernel (2026-12-07: +3.9 KB, 1.2 KB gzip; the relaxed build 214 128 bytes with them); 220 000 until
      // the GRU kernel (2026-12-07, fourth session: +2.5 KB, 0.6 KB gzip; the relaxed build 221 211 bytes with it, 223 357
      // with the float Conv's runs and chunks and the ConvTranspose columns); 226 000 until the Softmax and
      // QLinearSoftmax kernels along a strided axis (2026-12-07, fifth session: +2.9 KB, 0.8 KB gzip; the relaxed
      // build 226 306 bytes with them); 228 000 until QLinearAdd's integer-form scan in wasm and the region's uniform
      // operands and its sixteen-lane 8-bit loads and stores (2026-12-07, sixth session: +2.4 KB; the relaxed build 228 692
      // bytes with them)
      expect(bytes, f).toBeLessThan(232_000);
      // the lab build of the same flavour is larger by the tiles and loops the product leaves out
      if (!f.endsWith('-mt'))
        expect(statSync(new URL(`../build/lab/${f}.wasm`, import.meta.url)).size, f).toBeGreaterThan(bytes);
    }
  });
});
