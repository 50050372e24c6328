/**
 * Every rejection of the relayout API (MegEngine's asserts, docs/relayout.md#semantics, plus the port's own checks): stable code, the
 * parameter it names, nothing written to dst, no wasm memory kept, and the runtime still usable afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import type { RelayoutOptions } from '../src/relayout/api.js';
import { relayoutRef } from '../kernels-ref/relayout.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

function expectError(fn: () => unknown, code: string, param?: string, message?: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected ${code}`).toBeInstanceOf(I8ConvError);
  const err = caught as I8ConvError;
  expect(err.code).toBe(code);
  if (param !== undefined) expect(err.param).toBe(param);
  if (message) expect(err.message).toMatch(message);
}

type Bad = {
  name: string;
  mode: unknown;
  shape: unknown;
  opts?: unknown;
  code: string;
  param: string;
  message?: RegExp;
};

// Shape/option errors: raised by relayoutShape, relayoutWorkspace, relayout and relayoutInto alike.
const SHAPE_ERRORS: Bad[] = [
  {
    name: 'unknown mode',
    mode: 'NCHW_NCHW5',
    shape: [1, 4, 2, 2],
    code: 'UNKNOWN_MODE',
    param: 'mode',
    message: /invalid relayout format mode/,
  },
  { name: 'mode not a string', mode: 42, shape: [1, 4, 2, 2], code: 'UNKNOWN_MODE', param: 'mode' },
  {
    name: 'opts not an object',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: 5,
    code: 'INVALID_PARAM',
    param: 'opts',
  },
  {
    name: 'unknown option',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { grp: 2 },
    code: 'INVALID_PARAM',
    param: 'opts.grp',
  },
  {
    name: 'group on a mode without groups',
    mode: 'NCHW_NCHW88',
    shape: [1, 4, 2, 2],
    opts: { group: 2 },
    code: 'INVALID_PARAM',
    param: 'opts.group',
  },
  {
    name: 'oc on a mode without oc',
    mode: 'NCHW_NCHW4',
    shape: [1, 4, 2, 2],
    opts: { oc: 4 },
    code: 'INVALID_PARAM',
    param: 'opts.oc',
  },
  {
    name: 'bad impl',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { impl: 'gpu' },
    code: 'INVALID_PARAM',
    param: 'opts.impl',
  },
  {
    name: 'unknown dtype',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { dtype: 'int16' },
    code: 'INVALID_PARAM',
    param: 'opts.dtype',
  },
  {
    name: 'quint8 without zero point',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { dtype: 'quint8' },
    code: 'INVALID_PARAM',
    param: 'opts.zeroPoint',
  },
  {
    name: 'zero point out of range',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { dtype: 'quint8', zeroPoint: 256 },
    code: 'INVALID_PARAM',
    param: 'opts.zeroPoint',
  },
  {
    name: 'zero point on int8',
    mode: 'NCHW_NCHW44',
    shape: [1, 4, 2, 2],
    opts: { dtype: 'int8', zeroPoint: 3 },
    code: 'INVALID_PARAM',
    param: 'opts.zeroPoint',
  },
  { name: 'shape not an array', mode: 'NCHW_NCHW44', shape: 'NCHW', code: 'BAD_SHAPE', param: 'srcShape' },
  { name: 'wrong ndim (activation)', mode: 'NCHW_NCHW44', shape: [4, 2, 2], code: 'BAD_SHAPE', param: 'srcShape' },
  { name: 'wrong ndim (NCHW4 source)', mode: 'NCHW4_NCHW', shape: [1, 4, 2, 2], code: 'BAD_SHAPE', param: 'srcShape' },
  {
    name: 'IC_SMALL weight not oihw',
    mode: 'NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT',
    shape: [1, 4, 3, 3, 1],
    code: 'BAD_SHAPE',
    param: 'srcShape',
  },
  {
    name: 'NCHW_NCHW4_WEIGHT ndim 6',
    mode: 'NCHW_NCHW4_WEIGHT',
    shape: [1, 1, 4, 4, 3, 3],
    code: 'BAD_SHAPE',
    param: 'srcShape',
  },
  { name: 'zero dimension', mode: 'NCHW_NCHW44', shape: [1, 0, 2, 2], code: 'BAD_SHAPE', param: 'srcShape' },
  { name: 'fractional dimension', mode: 'NCHW_NCHW44', shape: [1, 4, 2.5, 2], code: 'BAD_SHAPE', param: 'srcShape' },
  { name: 'negative dimension', mode: 'NCHW_NHWC', shape: [1, -4, 2, 2], code: 'BAD_SHAPE', param: 'srcShape' },
  { name: 'too large', mode: 'NCHW_NCHW44', shape: [1, 2 ** 20, 2 ** 10, 2], code: 'TOO_LARGE', param: 'srcShape' },
  {
    name: 'IC_SMALL with C > 4',
    mode: 'NCHW_NCHW4_IC_SMALL',
    shape: [1, 5, 2, 2],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
    message: /ic should be less equal 4/,
  },
  {
    name: 'IC_SMALL weight with IC > 4',
    mode: 'NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT',
    shape: [4, 5, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
    message: /ic should be less equal 4/,
  },
  {
    name: '88 dense weight OC % 8',
    mode: 'NCHW_NCHW88_CONV_DENSE_WEIGHT',
    shape: [12, 8, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
    message: /NCHW_NCHW88_CONV_DENSE_WEIGHT: out channel must align to 8/,
  },
  {
    name: '88 group weight OCPG % 8',
    mode: 'NCHW_NCHW88_CONV_GROUP_WEIGHT',
    shape: [2, 4, 8, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
    message: /NCHW_NCHW88_CONV_GROUP_WEIGHT: out channel must align to 8/,
  },
  { name: 'NHWC_NHWCD4 C % 4', mode: 'NHWC_NHWCD4', shape: [1, 2, 2, 3], code: 'BAD_CHANNELS', param: 'srcShape' },
  {
    name: 'INTER_WEIGHT_DENSE OC % 4',
    mode: 'INTER_WEIGHT_DENSE',
    shape: [6, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_DENSEI OC % 4',
    mode: 'INTER_WEIGHT_DENSEI',
    shape: [2, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_GROUP ICPG % 4',
    mode: 'INTER_WEIGHT_GROUP',
    shape: [2, 4, 3, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_GROUPI OCPG % 4',
    mode: 'INTER_WEIGHT_GROUPI',
    shape: [2, 2, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_CHAN G % 4 (MegEngine deduces floor, exec asserts)',
    mode: 'INTER_WEIGHT_CHAN',
    shape: [6, 1, 1, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_CHANI not {G,1,1,..}',
    mode: 'INTER_WEIGHT_CHANI',
    shape: [4, 2, 1, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_DENSEI_DOT OC % 4',
    mode: 'INTER_WEIGHT_DENSEI_DOT',
    shape: [2, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'INTER_WEIGHT_GROUPI_DOT ICPG % 4',
    mode: 'INTER_WEIGHT_GROUPI_DOT',
    shape: [2, 4, 6, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 dense weight OC % 4',
    mode: 'WEIGHT_NCHW_TO_NCHW44_DENSE',
    shape: [6, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 dot dense weight IC % 4',
    mode: 'WEIGHT_NCHW_TO_NCHW44_DOT_DENSE',
    shape: [4, 3, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 group weight OCPG % 4',
    mode: 'WEIGHT_NCHW_TO_NCHW44_GROUP',
    shape: [2, 3, 4, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 dot group weight ICPG % 4',
    mode: 'WEIGHT_NCHW_TO_NCHW44_DOT_GROUP',
    shape: [2, 4, 5, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 chan weight G % 4',
    mode: 'WEIGHT_NCHW_TO_NCHW44_CHAN',
    shape: [6, 1, 1, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW44 chan weight not {G,1,1,..}',
    mode: 'WEIGHT_NCHW_TO_NCHW44_CHAN',
    shape: [4, 1, 2, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'hybrid weight OC % 4',
    mode: 'WEIGHT_HYBIRD_NCHW_NCHW44',
    shape: [6, 3, 3, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW4_CHWN4 last axis',
    mode: 'NCHW4_CHWN4',
    shape: [1, 2, 2, 2, 3],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'CHWN4_NCHW4 last axis',
    mode: 'CHWN4_NCHW4',
    shape: [1, 2, 2, 2, 8],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  { name: 'NCHW4_NCHW last axis', mode: 'NCHW4_NCHW', shape: [1, 2, 2, 2, 8], code: 'BAD_CHANNELS', param: 'srcShape' },
  {
    name: 'NCHW88_NCHW last axis',
    mode: 'NCHW88_NCHW',
    shape: [1, 2, 2, 2, 4],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW64_NCHW last axis',
    mode: 'NCHW64_NCHW',
    shape: [1, 2, 2, 2, 32],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NHWCD4_NCHW last axis',
    mode: 'NHWCD4_NCHW',
    shape: [1, 2, 2, 2, 2],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NHWCD4I_NHWC last axis',
    mode: 'NHWCD4I_NHWC',
    shape: [1, 2, 2, 2, 5],
    code: 'BAD_CHANNELS',
    param: 'srcShape',
  },
  {
    name: 'NCHW_NCHW4 C % group',
    mode: 'NCHW_NCHW4',
    shape: [1, 6, 2, 2],
    opts: { group: 4 },
    code: 'GROUP_MISMATCH',
    param: 'opts.group',
  },
  {
    name: 'group 0',
    mode: 'NCHW_NCHW4',
    shape: [1, 6, 2, 2],
    opts: { group: 0 },
    code: 'INVALID_PARAM',
    param: 'opts.group',
  },
  {
    name: 'fractional group',
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { group: 1.5 },
    code: 'INVALID_PARAM',
    param: 'opts.group',
  },
  {
    name: 'NCHW4_NCHW oc % group',
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { oc: 6, group: 4 },
    code: 'GROUP_MISMATCH',
    param: 'opts.group',
  },
  {
    name: 'NCHW4_NCHW source channels % group',
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { oc: 3, group: 3 },
    code: 'GROUP_MISMATCH',
    param: 'opts.group',
  },
  {
    name: 'NCHW4_NCHW oc > channels',
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { oc: 9 },
    code: 'INVALID_PARAM',
    param: 'opts.oc',
  },
  {
    name: 'NCHW4_NCHW group gets more than it has',
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { oc: 10, group: 2 },
    code: 'INVALID_PARAM',
    param: 'opts.oc',
  },
  {
    name: 'NCHW44_NCHW negative oc',
    mode: 'NCHW44_NCHW',
    shape: [1, 2, 2, 2, 4],
    opts: { oc: -1 },
    code: 'INVALID_PARAM',
    param: 'opts.oc',
  },
  {
    name: 'NCHW64_NCHW oc > channels',
    mode: 'NCHW64_NCHW',
    shape: [1, 1, 2, 2, 64],
    opts: { oc: 65 },
    code: 'INVALID_PARAM',
    param: 'opts.oc',
  },
];

describe('relayout errors: shapes and options', () => {
  for (const b of SHAPE_ERRORS) {
    it(`${b.code}: ${b.name}`, () => {
      const mode = b.mode as string;
      const shape = b.shape as number[];
      const opts = b.opts as RelayoutOptions;
      expectError(() => rt.relayoutShape(mode, shape, opts), b.code, b.param, b.message);
      expectError(() => rt.relayoutWorkspace(mode, shape, opts), b.code, b.param, b.message);
      // relayoutInto with a source and destination that would fit a valid call: nothing is written.
      const inUse = rt.core.heap.bytesInUse;
      const n =
        Array.isArray(shape) && shape.every((v) => Number.isInteger(v) && v > 0 && v < 4096)
          ? shape.reduce((a, v) => a * v, 1)
          : 16;
      const src = new Int8Array(n).fill(1);
      const dst = new Int8Array(n * 2).fill(-7);
      expectError(() => rt.relayoutInto(mode, src, shape, dst, opts), b.code, b.param, b.message);
      expect(dst.every((v) => v === -7)).toBe(true);
      expect(rt.core.heap.bytesInUse).toBe(inUse);
    });
  }
});

describe('relayout errors: arrays', () => {
  const shape = [1, 6, 3, 5];
  const good = () => new Int8Array(90).map((_, i) => i);
  const dstOk = () => new Int8Array(2 * 4 * 15).fill(-7);

  it('BAD_BUFFER (src): wrong length, unsupported views, dtype / array class mismatch', () => {
    expectError(() => rt.relayout('NCHW_NCHW44', new Int8Array(89), shape), 'BAD_BUFFER', 'src', /89 elements/);
    expectError(
      () => rt.relayout('NCHW_NCHW44', new Uint8ClampedArray(90) as unknown as Uint8Array, shape),
      'BAD_BUFFER',
      'src',
    );
    expectError(
      () => rt.relayout('NCHW_NCHW44', new Int16Array(90) as unknown as Int8Array, shape),
      'BAD_BUFFER',
      'src',
    );
    expectError(() => rt.relayout('NCHW_NCHW44', new DataView(new ArrayBuffer(90)), shape), 'BAD_BUFFER', 'src');
    expectError(() => rt.relayout('NCHW_NCHW44', [1, 2, 3] as unknown as Int8Array, shape), 'BAD_BUFFER', 'src');
    expectError(
      () => rt.relayout('NCHW_NCHW44', good(), shape, { dtype: 'float32' }),
      'BAD_BUFFER',
      'src',
      /Float32Array/,
    );
    expectError(() => rt.relayout('NCHW_NCHW44', good(), shape, { dtype: 'uint8' }), 'BAD_BUFFER', 'src');
    expectError(() => rt.relayout('NCHW_NCHW44', new Uint8Array(90), shape, { dtype: 'qint8' }), 'BAD_BUFFER', 'src');
  });

  it('BAD_BUFFER (dst): wrong length, wrong class, overlapping the source; nothing written', () => {
    const d1 = new Int8Array(2 * 4 * 15 + 1).fill(-7);
    expectError(() => rt.relayoutInto('NCHW_NCHW44', good(), shape, d1, {}), 'BAD_BUFFER', 'dst', /121 elements/);
    expect(d1.every((v) => v === -7)).toBe(true);
    const d2 = new Uint8Array(120).fill(9);
    expectError(() => rt.relayoutInto('NCHW_NCHW44', good(), shape, d2), 'BAD_BUFFER', 'dst', /Int8Array/);
    expect(d2.every((v) => v === 9)).toBe(true);
    const shared = new Int8Array(300);
    expectError(
      () => rt.relayoutInto('NCHW_NCHW44', shared.subarray(0, 90), shape, shared.subarray(80, 200)),
      'BAD_BUFFER',
      'dst',
      /overlap/,
    );
    expectError(() => rt.relayoutInto('NCHW_NCHW44', good(), shape, null as unknown as Int8Array), 'BAD_BUFFER', 'dst');
    // adjacent (non-overlapping) views of one buffer are fine
    rt.relayoutInto('NCHW_NCHW44', shared.subarray(0, 90), shape, shared.subarray(90, 210));
  });

  it('NO_KERNEL: impl wasm where no kernel covers the case', () => {
    expectError(
      () => rt.relayout('WEIGHT_NCHW_TO_NCHW44_DOT_DENSE', new Float32Array(16), [4, 4, 1, 1], { impl: 'wasm' }),
      'NO_KERNEL',
      'opts.impl',
    );
    expectError(
      () => rt.relayout('NCHW_NCHW88_CONV_DENSE_WEIGHT', new Int8Array(64), [8, 8, 1, 1], { impl: 'wasm' }),
      'NO_KERNEL',
      'opts.impl',
    );
  });

  it('subclasses of the typed arrays are accepted (Node Buffer as uint8)', () => {
    const buf = Buffer.from(Array.from({ length: 90 }, (_, i) => i));
    const out = rt.relayout('NCHW_NCHW44', buf, shape);
    expect(out.data).toBeInstanceOf(Uint8Array);
    expect(Array.from(out.data.subarray(0, 8))).toEqual([0, 15, 30, 45, 1, 16, 31, 46]);
  });

  it('the runtime stays usable after errors', () => {
    expect(() => rt.relayout('NCHW_NCHW44', new Int8Array(89), shape)).toThrow(I8ConvError);
    const out = rt.relayout('NCHW_NCHW44', good(), shape);
    expect(out.shape).toEqual([1, 2, 3, 5, 4]);
    expect(out.data[0]).toBe(0);
    expect(out.data[1]).toBe(15);
    const d = dstOk();
    rt.relayoutInto('NCHW_NCHW44', good(), shape, d);
    expect(Array.from(d)).toEqual(Array.from(out.data));
  });
});

describe("relayout: arrays that live in the runtime's own wasm memory", () => {
  it('src and dst allocated from core.heap survive memory growth during the call', () => {
    const core = rt.core;
    const shape = [1, 5, 7, 9];
    const n = 5 * 63;
    const sOff = core.heap.alloc(n, 64);
    const dOff = core.heap.alloc(2 * 4 * 63, 64);
    // Fill the heap up to the end of the memory, so the call's own allocations must grow it.
    const f1 = core.heap.alloc(16, 16);
    const rest = core.memory.buffer.byteLength - (f1 + 16);
    const f2 = rest > 0 ? core.heap.alloc(rest, 16) : -1;
    try {
      const before = core.memory.buffer.byteLength;
      const src = new Int8Array(core.memory.buffer, sOff, n);
      for (let i = 0; i < n; i++) src[i] = ((i * 7) % 251) - 125;
      const want = relayoutRefOf(src.slice(), shape);
      const dst = new Int8Array(core.memory.buffer, dOff, 2 * 4 * 63);
      rt.relayoutInto('NCHW_NCHW44', src, shape, dst);
      expect(core.memory.buffer.byteLength).toBeGreaterThan(before);
      expect(Array.from(new Int8Array(core.memory.buffer, dOff, 2 * 4 * 63))).toEqual(want);
    } finally {
      for (const off of [sOff, dOff, f1, f2]) if (off >= 0) core.heap.release(off);
    }
  });
});

function relayoutRefOf(src: Int8Array, shape: number[]): number[] {
  return Array.from(relayoutRef('NCHW_NCHW44', src, shape).data);
}
