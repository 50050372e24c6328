// Bad input (docs/testing.md#e2-rejections and the README's error table): each raises I8ConvError with a stable code naming the
// parameter, before any byte of dst is written, and the runtime keeps working afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { runCase } from './helpers/conv-case.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

const good: ConvBiasParams = {
  format: 'NCHW44',
  n: 1,
  ic: 8,
  ih: 6,
  iw: 7,
  oc: 8,
  fh: 3,
  fw: 3,
  stride: [1, 1],
  pad: [1, 1],
  dilation: [1, 1],
  group: 1,
  srcScale: 0.02,
  filterScale: 0.01,
  dstScale: 0.05,
  biasMode: 'channel',
  nonlinearity: 'relu',
};

function codeOf(f: () => unknown): { code: string; param?: string; message: string } {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(I8ConvError);
    const err = e as I8ConvError;
    return { code: err.code, param: err.param, message: err.message };
  }
  throw new Error('expected an I8ConvError, nothing was thrown');
}

/** After every rejection the runtime still computes a correct convolution. */
function stillWorks(seed: number): void {
  expect(runCase(rt, good, seed).ok).toBe(true);
}

describe('rejected parameters (at convBias)', () => {
  const dot = 'WASMDOTS8DIRECT_NCHW44';
  const cases: Array<[string, Partial<ConvBiasParams> & Record<string, unknown>, string, string]> = [
    // shapes a forced algorithm does not take (the heuristic runs them with another one)
    ['dot forced on a 1x1 filter', { fh: 1, fw: 1, algo: dot }, 'UNSUPPORTED_FILTER', 'fh'],
    ['dot forced on a 4x4 filter', { fh: 4, fw: 4, algo: dot }, 'UNSUPPORTED_FILTER', 'fh'],
    ['dot forced on a 6x6 filter', { fh: 6, fw: 6, ih: 8, iw: 8, algo: dot }, 'UNSUPPORTED_FILTER', 'fh'],
    ['dot forced on a 3x1 filter (no 1-wide row kernels)', { fh: 3, fw: 1, algo: dot }, 'UNSUPPORTED_FILTER', 'fh'],
    [
      'dot forced on a 3x2 filter (2-wide kernels unroll 2 rows)',
      { fh: 3, fw: 2, algo: dot },
      'UNSUPPORTED_FILTER',
      'fh',
    ],
    ['dot forced on a 9x3 filter (more than 7 rows)', { fh: 9, fw: 3, ih: 12, algo: dot }, 'UNSUPPORTED_FILTER', 'fh'],
    ['dot forced on dilation 2', { dilation: [2, 2], algo: dot }, 'UNSUPPORTED_DILATION', 'dilation'],
    ['dot forced on stride 3', { stride: [3, 3], algo: dot }, 'UNSUPPORTED_STRIDE', 'stride'],
    ['dot forced on stride 1x2', { stride: [1, 2], algo: dot }, 'UNSUPPORTED_STRIDE', 'stride'],
    ['dot forced on 2 channels per group', { ic: 8, oc: 8, group: 4, algo: dot }, 'CHANNELS_NOT_MULTIPLE_OF_4', 'ic'],
    ['1x1 GEMM forced on a 3x3 filter', { algo: 'WASMS8_CONV1x1_GEMM' }, 'UNSUPPORTED_FILTER', 'fh'],
    ['channel-wise forced on a dense conv', { algo: 'WASMS8_CHANWISE' }, 'GROUP_MISMATCH', 'group'],
    [
      'channel-wise forced on dilation 6 (a 3x3 filter spread over 13x13 taps)',
      { ic: 8, oc: 8, group: 8, ih: 16, iw: 16, dilation: [6, 6], algo: 'WASMS8_CHANWISE' },
      'UNSUPPORTED_DILATION',
      'dilation',
    ],
    ['NCHW direct dot forced on NCHW44', { algo: 'WASMDOTS8STRD1_NCHW' }, 'UNSUPPORTED_FORMAT', 'format'],
    // layout constraints
    ['ic not multiple of 4 in NCHW44', { ic: 6 }, 'CHANNELS_NOT_MULTIPLE_OF_4', 'ic'],
    ['oc not multiple of 4 in NCHW44', { oc: 10 }, 'CHANNELS_NOT_MULTIPLE_OF_4', 'oc'],
    ['group not dividing channels', { group: 3 }, 'GROUP_MISMATCH', 'group'],
    ['hybrid with ic >= 4', { format: 'NCHW_NCHW44', ic: 4 }, 'INVALID_PARAM', 'ic'],
    // scales
    ['NaN scale', { srcScale: NaN }, 'INVALID_SCALE', 'srcScale'],
    ['infinite scale', { filterScale: Infinity }, 'INVALID_SCALE', 'filterScale'],
    ['zero scale', { dstScale: 0 }, 'INVALID_SCALE', 'dstScale'],
    ['negative scale', { srcScale: -1 }, 'INVALID_SCALE', 'srcScale'],
    ['scale that is 0 as float32', { filterScale: 1e-50 }, 'INVALID_SCALE', 'filterScale'],
    [
      'per-channel scales of the wrong length',
      { filterScale: new Float32Array(7).fill(0.01) },
      'INVALID_SCALE',
      'filterScale',
    ],
    [
      'a per-channel scale that is 0',
      { filterScale: Float32Array.from([0.01, 0.01, 0, 0.01, 0.01, 0.01, 0.01, 0.01]) },
      'INVALID_SCALE',
      'filterScale',
    ],
    [
      'per-channel scales of another type',
      { filterScale: new Int32Array(8).fill(1) as never },
      'INVALID_SCALE',
      'filterScale',
    ],
    ['uint8 output without dstScale', { dstType: 'uint8', dstScale: undefined }, 'INVALID_SCALE', 'dstScale'],
    ['int32 output with a dstScale', { dstType: 'int32' }, 'INVALID_PARAM', 'dstScale'],
    // types and zero points
    ['unknown srcType', { srcType: 'int16' as never }, 'INVALID_PARAM', 'srcType'],
    ['unknown dstType', { dstType: 'float32' as never }, 'INVALID_PARAM', 'dstType'],
    ['int8 zero point out of range', { srcZeroPoint: 128 }, 'INVALID_PARAM', 'srcZeroPoint'],
    ['uint8 zero point out of range', { srcType: 'uint8', srcZeroPoint: -1 }, 'INVALID_PARAM', 'srcZeroPoint'],
    ['fractional zero point', { srcType: 'uint8', srcZeroPoint: 127.5 }, 'INVALID_PARAM', 'srcZeroPoint'],
    ['dst zero point out of range', { dstType: 'uint8', dstZeroPoint: 256 }, 'INVALID_PARAM', 'dstZeroPoint'],
    ['dst zero point with int32 output', { dstScale: undefined, dstZeroPoint: 3 }, 'INVALID_PARAM', 'dstZeroPoint'],
    [
      'relu6 with int32 output',
      { dstScale: undefined, nonlinearity: 'relu6' },
      'UNSUPPORTED_NONLINEARITY',
      'nonlinearity',
    ],
    // the rest
    ['sigmoid', { nonlinearity: 'sigmoid' as never }, 'UNSUPPORTED_NONLINEARITY', 'nonlinearity'],
    ['unknown format', { format: 'NHWC' as never }, 'UNSUPPORTED_FORMAT', 'format'],
    ['image smaller than filter', { ih: 1, pad: [0, 0] }, 'INVALID_PARAM', 'ih'],
    ['image smaller than filter (uneven padding)', { ih: 1, pad: [1, 0, 0, 0] }, 'INVALID_PARAM', 'ih'],
    ['fractional size', { iw: 7.5 }, 'INVALID_PARAM', 'iw'],
    ['negative pad', { pad: [-1, 0] }, 'INVALID_PARAM', 'pad'],
    ['pad with 3 entries', { pad: [1, 1, 1] as never }, 'INVALID_PARAM', 'pad'],
    ['bad bias mode', { biasMode: 'row' as never }, 'INVALID_PARAM', 'biasMode'],
    ['bad rounding', { rounding: 'up' as never }, 'INVALID_PARAM', 'rounding'],
    ['bad selection', { selection: 'fastest' as never }, 'INVALID_PARAM', 'selection'],
    ['unknown algorithm', { algo: 'NOPE' }, 'UNKNOWN_ALGORITHM', 'algo'],
    ['algorithm for another format', { algo: 'WASMDOTS8_NCHW_NCHW44' }, 'UNSUPPORTED_FORMAT', 'format'],
    ['a tensor larger than wasm memory', { ih: 30000, iw: 30000 }, 'OUT_OF_MEMORY', 'params'],
  ];
  cases.forEach(([what, patch, code, param], i) => {
    it(`${what} -> ${code}`, () => {
      const e = codeOf(() => rt.convBias({ ...good, ...patch }));
      expect(e.code).toBe(code);
      expect(e.param).toBe(param);
      expect(e.message).toContain(param);
      stillWorks(i);
    });
  });

  it('threads option out of range -> INVALID_PARAM', () => {
    expect(codeOf(() => rt.convBias(good, { threads: 0 })).code).toBe('INVALID_PARAM');
  });

  it('no algorithm within the workspace limit -> NO_ALGORITHM (and a forced one -> WORKSPACE_TOO_LARGE)', () => {
    const e = codeOf(() => rt.convBias(good, { workspaceLimit: 0 }));
    expect(e).toMatchObject({ code: 'NO_ALGORITHM', param: 'workspaceLimit' });
    expect(codeOf(() => rt.convBias({ ...good, algo: 'WASM_NAIVE' }, { workspaceLimit: 10 })).code).toBe(
      'WORKSPACE_TOO_LARGE',
    );
    expect(codeOf(() => rt.convBias(good, { workspaceLimit: -1 })).code).toBe('INVALID_PARAM');
    // a limit some algorithm fits: the heuristic skips the ones that do not (the naive one needs only the filter)
    const w = rt
      .algorithms(good)
      .filter((a) => a.workspaceBytes !== null)
      .map((a) => a.workspaceBytes!);
    const conv = rt.convBias(good, { workspaceLimit: Math.min(...w) });
    expect(conv.workspaceBytes).toBe(Math.min(...w));
    conv.dispose();
    stillWorks(99);
  });
});

describe('rejected calls (before any dst byte is written)', () => {
  function setup(p: ConvBiasParams = good) {
    const conv = rt.convBias(p);
    const s = conv.params;
    return {
      conv,
      s,
      src: new Int8Array(s.srcLength).fill(3),
      w: new Int8Array(s.filterLength).fill(1),
      b: new Int32Array(s.biasLength),
    };
  }
  function expectUntouched(dst: Int8Array | Int32Array): void {
    expect(dst.every((v) => v === 77)).toBe(true);
  }

  it('exec before setFilter -> FILTER_NOT_SET', () => {
    const { conv, s, src, b } = setup();
    conv.setBias(b);
    const dst = new Int8Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(src, dst)).code).toBe('FILTER_NOT_SET');
    expectUntouched(dst);
    conv.dispose();
    stillWorks(100);
  });

  it('exec with a channel or full bias mode and no bias -> BIAS_NOT_SET', () => {
    for (const biasMode of ['channel', 'full'] as const) {
      const { conv, s, src, w } = setup({ ...good, biasMode });
      conv.setFilter(w);
      const dst = new Int8Array(s.dstLength).fill(77);
      expect(codeOf(() => conv.exec(src, dst)).code).toBe('BIAS_NOT_SET');
      expectUntouched(dst);
      conv.dispose();
    }
    stillWorks(101);
  });

  it('wrong buffer lengths and types -> BAD_BUFFER / BIAS_LENGTH', () => {
    const { conv, s, src, w, b } = setup();
    expect(codeOf(() => conv.setFilter(new Int8Array(s.filterLength + 1))).code).toBe('BAD_BUFFER');
    expect(codeOf(() => conv.setFilter(new Uint8Array(s.filterLength) as unknown as Int8Array)).param).toBe('weights');
    expect(codeOf(() => conv.setFilter(w, 'HWIO' as never)).code).toBe('INVALID_PARAM');
    expect(codeOf(() => conv.setBias(new Int32Array(s.oc + 4))).code).toBe('BIAS_LENGTH');
    expect(codeOf(() => conv.setBias(new Float32Array(s.oc) as unknown as Int32Array)).code).toBe('BAD_BUFFER');
    conv.setFilter(w);
    conv.setBias(b);
    const dst = new Int8Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(src.subarray(1), dst))).toMatchObject({ code: 'BAD_BUFFER', param: 'src' });
    expect(codeOf(() => conv.exec(new Uint8Array(s.srcLength) as unknown as Int8Array, dst))).toMatchObject({
      code: 'BAD_BUFFER',
      param: 'src',
    });
    expect(codeOf(() => conv.exec(src, new Uint8Array(s.dstLength)))).toMatchObject({
      code: 'BAD_BUFFER',
      param: 'dst',
    });
    expect(codeOf(() => conv.exec(src, dst.subarray(0, s.dstLength - 1)))).toMatchObject({
      code: 'BAD_BUFFER',
      param: 'dst',
    });
    const d32 = new Int32Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(src, d32))).toMatchObject({ code: 'BAD_BUFFER', param: 'dst' });
    expectUntouched(dst);
    expectUntouched(d32);
    conv.exec(src, dst); // and the operator itself still works
    expect(dst.some((v) => v !== 77)).toBe(true);
    conv.dispose();
    stillWorks(102);
  });

  it('qint32 output wants an Int32Array', () => {
    const { conv, s, src, w, b } = setup({ ...good, dstScale: undefined });
    conv.setFilter(w);
    conv.setBias(b);
    const dst = new Int8Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(src, dst))).toMatchObject({ code: 'BAD_BUFFER', param: 'dst' });
    expectUntouched(dst);
    conv.dispose();
  });

  it('uint8 source and output want Uint8Arrays', () => {
    const { conv, s, w, b } = setup({
      ...good,
      srcType: 'uint8',
      srcZeroPoint: 128,
      dstType: 'uint8',
      dstZeroPoint: 3,
    });
    conv.setFilter(w);
    conv.setBias(b);
    const dst = new Uint8Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(new Int8Array(s.srcLength), dst))).toMatchObject({
      code: 'BAD_BUFFER',
      param: 'src',
    });
    expect(codeOf(() => conv.exec(new Uint8Array(s.srcLength), new Int8Array(s.dstLength)))).toMatchObject({
      code: 'BAD_BUFFER',
      param: 'dst',
    });
    expect(dst.every((v) => v === 77)).toBe(true);
    conv.exec(new Uint8Array(s.srcLength).fill(128), dst);
    expect(dst.some((v) => v !== 77)).toBe(true);
    conv.dispose();
    stillWorks(104);
  });

  it('setBias with biasMode none -> BIAS_LENGTH', () => {
    const { conv } = setup({ ...good, biasMode: 'none' });
    expect(codeOf(() => conv.setBias(new Int32Array(8))).code).toBe('BIAS_LENGTH');
    conv.dispose();
  });

  it('use after dispose -> DISPOSED', () => {
    const { conv, s, src, w, b } = setup();
    conv.setFilter(w);
    conv.setBias(b);
    conv.dispose();
    const dst = new Int8Array(s.dstLength).fill(77);
    expect(codeOf(() => conv.exec(src, dst)).code).toBe('DISPOSED');
    expect(codeOf(() => conv.setFilter(w)).code).toBe('DISPOSED');
    expect(codeOf(() => conv.setBias(b)).code).toBe('DISPOSED');
    expectUntouched(dst);
    conv.dispose(); // a second dispose is harmless
    stillWorks(103);
  });
});
