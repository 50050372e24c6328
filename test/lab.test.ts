// The product / lab split (lab/index.ts, assembly/lab.ts): a product runtime refuses the lab-only tiles with a
// typed error before it allocates or runs anything; a lab runtime runs them like the oracle and has the ceiling
// loops; the product's wasm has neither.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, GEMM_KERNELS, I8ConvError, KERNELS, type ConvBiasParams, type Runtime } from '../src/index.js';
import { createLabRuntime } from '../lab/index.js';
import { runCase } from './helpers/conv-case.js';

let rt: Runtime;
let lab: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
  lab = await createLabRuntime({ build: 'simd128' });
});

const conv3x3 = (oc: number): ConvBiasParams => ({
  format: 'NCHW44',
  n: 1,
  ic: 8,
  ih: 6,
  iw: 11,
  oc,
  fh: 3,
  fw: 3,
  stride: 1,
  pad: 1,
  srcScale: 0.05,
  filterScale: 0.02,
  dstScale: 0.11,
  biasMode: 'channel',
  nonlinearity: 'relu',
});
const conv1x1 = (oc: number): ConvBiasParams => ({ ...conv3x3(oc), fh: 1, fw: 1, pad: 0 });

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(I8ConvError);
    return (e as I8ConvError).code;
  }
  return undefined;
};

describe('product and lab builds', () => {
  const altConv = KERNELS.find((k) => k.lab && k.isa === 'wasmsimd' && k.fw === 3 && k.stride === 1)!;
  const altGemm = GEMM_KERNELS.find((k) => k.lab && k.isa === 'wasmsimd' && k.lanes === 'pixel')!;

  it('the table has lab-only tiles of both families', () => {
    expect(altConv).toBeDefined();
    expect(altGemm).toBeDefined();
  });

  it('a product runtime refuses a lab-only tile with UNKNOWN_KERNEL, before it takes any wasm memory', () => {
    expect(rt.core.lab).toBe(false);
    for (const [p, name] of [
      [conv3x3(16), altConv.name],
      [conv1x1(16), altGemm.name],
    ] as const) {
      const before = rt.core.heap.bytesInUse;
      expect(
        codeOf(() => rt.convBias(p, { kernel: name })),
        name,
      ).toBe('UNKNOWN_KERNEL');
      expect(
        codeOf(() => rt.convBias({ ...p, selection: 'profile' }, { kernel: name })),
        name,
      ).toBe('UNKNOWN_KERNEL');
      expect(rt.core.heap.bytesInUse).toBe(before);
    }
    // and the runtime still works
    expect(runCase(rt, conv3x3(16), 7)).toMatchObject({ ok: true });
  });

  it('a product runtime runs its own tiles forced by name', () => {
    const main = KERNELS.find(
      (k) => !k.lab && k.role === 'main' && k.isa === 'wasmsimd' && k.fw === 3 && k.stride === 1,
    )!;
    expect(runCase(rt, conv3x3(12), 8, { kernel: main.name })).toMatchObject({ ok: true });
  });

  it('a lab runtime runs the lab-only tiles like the oracle', () => {
    expect(lab.core.lab).toBe(true);
    for (const [p, name] of [
      [conv3x3(4 * altConv.nb + 4), altConv.name],
      [conv1x1(4 * altGemm.noc + 4), altGemm.name],
    ] as const) {
      expect(runCase(lab, p, 9, { kernel: name }), name).toMatchObject({ ok: true });
      const c = lab.convBias(p, { kernel: name });
      expect(c.kernels).toContain(name);
      c.dispose();
    }
  });

  it('the ceiling loops are in the lab build only', () => {
    expect(typeof (lab.core.exports as Record<string, unknown>).ceilingDotI16).toBe('function');
    expect((rt.core.exports as Record<string, unknown>).ceilingDotI16).toBeUndefined();
    expect((rt.core.exports as Record<string, unknown>).labBuild).toBeUndefined();
  });

  it('a lab runtime is single-thread: threads > 1 is refused', async () => {
    await expect(createLabRuntime({ threads: 2 })).rejects.toMatchObject({ code: 'INVALID_PARAM', param: 'threads' });
  });
});
