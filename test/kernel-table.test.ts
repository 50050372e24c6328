// Every kernel name comes from the kernel table (src/algos/kernel-table.generated.ts, generated from
// tools/conv-variants.mjs), and the kernels of the single-kernel families (channel-wise, NCHW direct dot, naive) can
// each be forced by name: forced, each equals the oracle bit for bit on a few shapes; a wrong name is UNKNOWN_KERNEL.
// The relaxed dot8 kernels need a relaxed dot that is exact on full 8-bit lanes (the probe's 'usdot' / 'sdot'
// flavours): where the probe finds one they run on full-range data. Where the engine has relaxed SIMD whose dot
// saturates (V8 on x86 without AVX-VNNI, SpiderMonkey), they run on the relaxed build forced to the 'wasmsdot' isa
// with activations and zero points in [0, 127] (signed domain), where a saturating dot and an exact one compute the
// same sums: the kernels' packing, loops and corrections are checked, the top bit of b is not; the test name says
// which. Without relaxed SIMD (Node 20) they are reported skipped, never passed.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRuntime,
  CHANWISE_KERNELS,
  GEMM_KERNELS,
  I8ConvError,
  KERNELS,
  NAIVE_KERNELS,
  FIRST_PAIRS_KERNELS,
  NCHW_DOT_KERNELS,
  Runtime,
} from '../src/index.js';
import { instantiateCore } from '../src/runtime.js';
import { reference } from '../kernels-ref/index.js';
import { rng, randInt, randInt8, randInt32 } from './helpers/rng.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { ALGORITHMS } from '../src/algos/pack.js';
import type { Isa } from '../src/algos/isa.js';
import { runCase } from './helpers/conv-case.js';
import { probeFeatures } from '../src/features.js';

const ALL_NAMES = new Set(
  [...KERNELS, ...GEMM_KERNELS, ...CHANWISE_KERNELS, ...NCHW_DOT_KERNELS, ...NAIVE_KERNELS, ...FIRST_PAIRS_KERNELS].map(
    (k) => k.name,
  ),
);

/** The runtimes a kernel isa can run on here: SIMD128 always; the dot8 kernels only where the probe finds them. */
const features = await probeFeatures();
const dot8Here = features.dotFlavour === 'usdot' || features.dotFlavour === 'sdot';
/** relaxed SIMD without a full 8-bit dot: the dot8 kernels run on the limited range only */
const dot8Limited = !dot8Here && features.relaxedDotExact;
let simd: Runtime;
let relaxed: Runtime | null = null;
beforeAll(async () => {
  simd = await createRuntime({ build: 'simd128' });
  if (dot8Here) relaxed = await createRuntime({ build: 'relaxed' });
  else if (dot8Limited) relaxed = new Runtime(await instantiateCore({ build: 'relaxed' }, { isa: 'wasmsdot' }));
});
const runtimeFor = (isa: string): Runtime | null => (isa === 'wasmrelaxeddot' ? relaxed : simd);
const cannotRun = (isa: string) => isa === 'wasmrelaxeddot' && !dot8Here && !dot8Limited;
const limited = (isa: string) => isa === 'wasmrelaxeddot' && !dot8Here;
const rangeNote = (isa: string) =>
  limited(isa) ? " (forced wasmsdot, activations in [0, 127]: this engine's dot saturates)" : '';

const base = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW',
  n: 1,
  ic: 4,
  ih: 9,
  iw: 11,
  oc: 4,
  fh: 3,
  fw: 3,
  srcScale: 0.05,
  filterScale: 0.01,
  dstScale: 0.5,
  ...p,
});

/** A few quantization variants: uint8 / int8 sources with zero points, per-channel scales, activations, outputs. */
function quant(i: number, oc: number): Partial<ConvBiasParams> {
  const v: Partial<ConvBiasParams>[] = [
    {
      srcType: 'uint8',
      srcZeroPoint: 131,
      dstType: 'uint8',
      dstZeroPoint: 120,
      nonlinearity: 'relu6',
      biasMode: 'channel',
    },
    {
      srcType: 'int8',
      srcZeroPoint: -7,
      dstType: 'int8',
      dstZeroPoint: 3,
      nonlinearity: 'identity',
      rounding: 'half-even',
      biasMode: 'full',
      filterScale: Float32Array.from({ length: oc }, (_, o) => 0.004 + 0.001 * o),
    },
    {
      srcType: 'uint8',
      srcZeroPoint: 0,
      dstType: 'int32',
      dstScale: undefined,
      nonlinearity: 'relu',
      biasMode: 'none',
    },
  ];
  return v[i % v.length];
}

/**
 * One case with activations and zero point limited to [0, 127] in the signed domain (weights full range), with the
 * operator's guard bands checked.
 */
function runLimited(
  rt: Runtime,
  p: ConvBiasParams,
  seed: number,
  kernel: string,
): { ok: boolean; mismatches: number; algorithm: string } {
  const r = rng(seed);
  const q = { ...p, srcZeroPoint: p.srcType === 'uint8' ? randInt(r, 128, 255) : randInt(r, 0, 127) };
  const s = normalizeConvParams(q);
  const src =
    s.srcType === 'uint8'
      ? Uint8Array.from(randInt8(r, s.srcLength, 0, 127), (v) => v + 128)
      : randInt8(r, s.srcLength, 0, 127);
  const w = randInt8(r, s.filterLength, -128, 127);
  const bias = s.biasLength ? randInt32(r, s.biasLength, -5000, 5000) : undefined;
  const want = reference.convBias(q, src, w, bias);
  const conv = rt.convBias(q, { kernel });
  try {
    conv.setFilter(w, 'OIHW');
    if (bias) conv.setBias(bias);
    const dst = new { int8: Int8Array, uint8: Uint8Array, int32: Int32Array }[s.dstType](s.dstLength);
    conv.exec(src, dst);
    let mismatches = 0;
    for (let i = 0; i < want.length; i++) if (dst[i] !== want[i]) mismatches++;
    return { ok: mismatches === 0 && conv.checkGuards(), mismatches, algorithm: conv.algorithm };
  } finally {
    conv.dispose();
  }
}

function expectForcedExact(rt: Runtime, algo: string, kernel: string, p: ConvBiasParams, seed: number): void {
  const isa = [...CHANWISE_KERNELS, ...NCHW_DOT_KERNELS, ...NAIVE_KERNELS].find((k) => k.name === kernel)!.isa;
  const r = limited(isa) ? runLimited(rt, { ...p, algo }, seed, kernel) : runCase(rt, { ...p, algo }, seed, { kernel });
  expect(r, `${kernel} on ${JSON.stringify(p)}: ${JSON.stringify(r)}`).toMatchObject({ ok: true, algorithm: algo });
  const conv = rt.convBias({ ...p, algo }, { kernel });
  try {
    expect(conv.kernels).toEqual([kernel]);
  } finally {
    conv.dispose();
  }
}

describe('kernel table', () => {
  it('every plan names its kernels from the table, for every isa', () => {
    const shapes: ConvBiasParams[] = [
      base({ format: 'NCHW44', ic: 8, oc: 8, group: 8, fh: 3, fw: 3, pad: [1, 1] }),
      base({ format: 'NCHW', ic: 1, oc: 8, fh: 5, fw: 5, stride: [2, 2], pad: [2, 2] }),
      base({ format: 'NCHW', ic: 3, oc: 5, fh: 3, fw: 3 }),
      base({ format: 'NCHW44', ic: 8, oc: 12, fh: 1, fw: 1 }),
      base({ format: 'NCHW_NCHW44', ic: 3, oc: 8, fh: 7, fw: 7, stride: [2, 2], pad: [3, 3] }),
      base({ format: 'NCHW', ic: 6, oc: 4, fh: 2, fw: 3, dilation: [2, 1] }),
    ];
    const isas: Isa[] = ['wasmsimd', 'wasmrelaxedsimd', 'wasmusdot', 'wasmsdot'];
    let plans = 0;
    for (const p of shapes) {
      const s = normalizeConvParams(p);
      for (const a of ALGORITHMS) {
        if (a.usable(s) !== null) continue;
        for (const isa of isas) {
          const plan = a.plan(s, { threads: 1, isa });
          expect(plan.kernelNames.length, `${a.name} ${isa}`).toBeGreaterThan(0);
          for (const name of plan.kernelNames) expect(ALL_NAMES.has(name), `${a.name} ${isa}: ${name}`).toBe(true);
          plans++;
        }
      }
    }
    expect(plans).toBeGreaterThan(40);
  });

  it('names are unique across the tables', () => {
    const all = [...KERNELS, ...GEMM_KERNELS, ...CHANWISE_KERNELS, ...NCHW_DOT_KERNELS, ...NAIVE_KERNELS].map(
      (k) => k.name,
    );
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('WASMS8_CHANWISE kernels, forced by name', () => {
  for (const k of CHANWISE_KERNELS) {
    it.skipIf(cannotRun(k.isa))(`${k.name} equals the oracle${rangeNote(k.isa)}`, () => {
      const rt = runtimeFor(k.isa)!;
      const shapes = [
        base({ format: 'NCHW44', ic: 8, oc: 8, group: 8, ih: 9, iw: 13, fh: 3, fw: 3, pad: [1, 1] }),
        base({
          format: 'NCHW',
          ic: 5,
          oc: 5,
          group: 5,
          ih: 11,
          iw: 10,
          fh: 5,
          fw: 5,
          stride: [2, 2],
          pad: [2, 1, 1, 2],
        }),
        base({ format: 'NCHW44', ic: 4, oc: 4, group: 4, ih: 8, iw: 17, fh: 7, fw: 7, stride: [3, 3], pad: [3, 3] }),
        base({ format: 'NCHW', ic: 3, oc: 3, group: 3, ih: 6, iw: 7, fh: 2, fw: 4, n: 2 }),
      ];
      shapes.forEach((p, i) => expectForcedExact(rt, 'WASMS8_CHANWISE', k.name, { ...p, ...quant(i, p.oc) }, 10 + i));
    });
  }
});

describe('WASMDOTS8STRD1_NCHW / WASMDOTS8STRD2_NCHW kernels, forced by name', () => {
  for (const k of NCHW_DOT_KERNELS) {
    it.skipIf(cannotRun(k.isa))(`${k.name} equals the oracle${rangeNote(k.isa)}`, () => {
      const rt = runtimeFor(k.isa)!;
      const algo = `WASMDOTS8STRD${k.stride}_NCHW`;
      const f = k.fw;
      const shapes = [
        base({
          ic: 1,
          oc: 8,
          ih: 2 * f + 5,
          iw: 3 * f + 4,
          fh: f,
          fw: f,
          stride: [k.stride, k.stride],
          pad: [f >> 1, f >> 1],
        }),
        base({ ic: 3, oc: 5, ih: f + 6, iw: f + 9, fh: f, fw: f, stride: [k.stride, k.stride] }),
        base({
          ic: 4,
          oc: 6,
          group: 2,
          n: 2,
          ih: f + 3,
          iw: f + 2,
          fh: f,
          fw: f,
          stride: [k.stride, k.stride],
          pad: [1, 0, 0, 1],
        }),
      ];
      shapes.forEach((p, i) => expectForcedExact(rt, algo, k.name, { ...p, ...quant(i, p.oc) }, 100 + 10 * f + i));
    });
  }
});

describe('WASM_NAIVE kernel, forced by name', () => {
  for (const k of NAIVE_KERNELS) {
    it(`${k.name} equals the oracle`, () => {
      const shapes = [
        base({
          format: 'NCHW',
          ic: 3,
          oc: 5,
          ih: 7,
          iw: 6,
          fh: 3,
          fw: 2,
          stride: [2, 1],
          pad: [1, 0, 2, 1],
          dilation: [1, 2],
        }),
        base({ format: 'NCHW44', ic: 8, oc: 8, group: 2, ih: 5, iw: 5, fh: 3, fw: 3, pad: [1, 1] }),
        base({ format: 'NCHW_NCHW44', ic: 3, oc: 4, ih: 9, iw: 9, fh: 3, fw: 3, stride: [2, 2], pad: [1, 1] }),
      ];
      shapes.forEach((p, i) => expectForcedExact(simd, 'WASM_NAIVE', k.name, { ...p, ...quant(i, p.oc) }, 300 + i));
    });
  }
});

describe('a kernel name that does not fit is refused with UNKNOWN_KERNEL', () => {
  const refused = (rt: Runtime, p: ConvBiasParams, kernel: string) => {
    let err: unknown;
    try {
      rt.convBias(p, { kernel }).dispose();
    } catch (e) {
      err = e;
    }
    expect(err, kernel).toBeInstanceOf(I8ConvError);
    expect((err as I8ConvError).code).toBe('UNKNOWN_KERNEL');
  };
  it('another family, another filter size, another isa, no such name', () => {
    const chan = base({ format: 'NCHW44', ic: 8, oc: 8, group: 8, algo: 'WASMS8_CHANWISE' });
    refused(simd, chan, 'conv_nchw_dot_f3s1__wasmsimd');
    refused(simd, chan, 'no_such_kernel');
    refused(simd, chan, 'chanwise_s8_4x4__wasmrelaxeddot'); // the SIMD128 build runs the SIMD128 kernel
    const strd = base({ ic: 1, oc: 8, fh: 5, fw: 5, algo: 'WASMDOTS8STRD1_NCHW' });
    refused(simd, strd, 'conv_nchw_dot_f3s1__wasmsimd');
    refused(simd, strd, 'conv_nchw_dot_f5s2__wasmsimd');
    refused(simd, base({ algo: 'WASM_NAIVE' }), 'chanwise_s8_4x4__wasmsimd');
  });
});
