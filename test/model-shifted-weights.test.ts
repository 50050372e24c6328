// Convolutions and matrix products whose effective weights w - zp do not fit int8 (uint8 weights with a zero point,
// int8 weights with a nonzero one): the model runtime shifts each such output channel's weights by e_o into int8,
// runs the main convolution of w - zp - e_o on the fast kernels, the window sums S (an all-ones convolution) and the
// window correction acc + e_o * S + bias (src/model/backends/wasm-int8/conv.ts, requant.ts). Seeded models of
// ConvInteger, QLinearConv (with and without a look-up folded into it), MatMulInteger, QLinearMatMul and QGemm, with
// per-tensor and per-channel weight zero points, channels that fit and channels that do not (above and below),
// group 1, grouped and depthwise, padding on every side, strides, dilations, 1-D convolutions, N > 1, NCHW and NCHW44
// outputs, and DynamicQuantizeLinear before ConvInteger / MatMulInteger (a source zero point computed at run time):
// the product (layouts 'auto' and 'nchw', arena reuse on and off with guard bytes) equals the reference executor bit
// for bit on 1 and 2 threads, a few cases equal onnxruntime-web, and the kernel of the window correction equals a
// scalar formula on every layout, mode and loop tail.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import type { Graph, Node, Tensor, ValueInfo } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { RequantizeKernel } from '../src/model/backends/wasm-int8/requant.js';
import { WindowSumKernel, windowSumLanes } from '../src/model/backends/wasm-int8/window-sum.js';
import type { WasmRuntimeCore } from '../src/runtime.js';
import { runKernelSerial } from '../src/model/backends/types.js';
import { checkModel, randomFeed } from './helpers/model-builders.js';
import { rng, randInt } from './helpers/rng.js';
import { innermostLoops, loopsWith, shippedWats } from './helpers/wat.js';

type W = 'uint8' | 'int8';
const ELEM: Record<string, number> = { float32: 1, uint8: 2, int8: 3, int32: 6 };
const T = (name: string, type: Tensor['type'], dims: number[], data: Tensor['data']): Tensor => ({
  name,
  type,
  dims,
  data,
});
const q8 = (t: W, v: number[]) => (t === 'uint8' ? Uint8Array.from(v) : Int8Array.from(v));
const vi = (name: string, type: string, shape: number[] | null): ValueInfo =>
  ({ name, type, onnxElemType: ELEM[type], shape }) as ValueInfo;

/** What kind of channel: its weights minus zero point fit int8, or reach above 127, or below -128. */
type Kind = 'fit' | 'above' | 'below';

/**
 * OIHW (or [rows, per]) weights of `wType` with zero points `zps` (one, or one per row), each row of the given kind.
 */
function weights(r: () => number, wType: W, rows: number, per: number, zps: number[], kinds: Kind[]): number[] {
  const [lo, hi] = wType === 'uint8' ? [0, 255] : [-128, 127];
  const w: number[] = [];
  for (let o = 0; o < rows; o++) {
    const zp = zps.length === 1 ? zps[0] : zps[o];
    const k = kinds[o % kinds.length];
    const a = Math.max(lo, zp - 128),
      b = Math.min(hi, zp + 127);
    for (let i = 0; i < per; i++) w.push(randInt(r, a, b));
    // one weight outside the int8 window of the zero point, where the type allows one
    if (k === 'below' && zp - 128 > lo) w[o * per + randInt(r, 0, per - 1)] = randInt(r, lo, zp - 129);
    if (k === 'above' && zp + 127 < hi) w[o * per + randInt(r, 0, per - 1)] = randInt(r, zp + 128, hi);
  }
  return w;
}

interface ConvCase {
  what: string;
  op: 'ConvInteger' | 'QLinearConv';
  n?: number;
  ic: number;
  oc: number;
  /** [h, w], or [w] for a 1-D convolution */
  size: number[];
  k: number[];
  group?: number;
  strides?: number[];
  dilations?: number[];
  pads?: number[];
  wType: W;
  /** one zero point, or 'channel' (random per channel) */
  wZp: number | 'channel';
  kinds: Kind[];
  /** the source: 'uint8' / 'int8', or 'dynamic' (a float input through DynamicQuantizeLinear) */
  src: 'uint8' | 'int8' | 'dynamic';
  /** QLinearConv: an i8conv Lut after it, folded into it */
  lut?: boolean;
}

function convGraph(seed: number, c: ConvCase): Graph {
  const r = rng(seed);
  const g = c.group ?? 1;
  const icpg = c.ic / g;
  const kk = c.k.reduce((a, b) => a * b, 1);
  const per = icpg * kk;
  const wzps =
    c.wZp === 'channel'
      ? Array.from({ length: c.oc }, () => (c.wType === 'uint8' ? randInt(r, 60, 200) : randInt(r, -90, 90)))
      : [c.wZp];
  const w = weights(r, c.wType, c.oc, per, wzps, c.kinds);
  const srcType = c.src === 'dynamic' ? 'uint8' : c.src;
  const xzp = srcType === 'uint8' ? randInt(r, 90, 160) : randInt(r, -30, 30);
  const inits = new Map<string, Tensor>();
  const put = (t: Tensor) => inits.set(t.name, t);
  put(T('w', c.wType, [c.oc, icpg, ...c.k], q8(c.wType, w)));
  put(T('wzp', c.wType, wzps.length === 1 ? [] : [c.oc], q8(c.wType, wzps)));
  const nodes: Node[] = [];
  const attrs = new Map<string, Node['attributes'] extends Map<string, infer A> ? A : never>([
    ['kernel_shape', { kind: 'ints', value: c.k }],
    ['group', { kind: 'int', value: g }],
  ]);
  if (c.strides) attrs.set('strides', { kind: 'ints', value: c.strides });
  if (c.dilations) attrs.set('dilations', { kind: 'ints', value: c.dilations });
  if (c.pads) attrs.set('pads', { kind: 'ints', value: c.pads });
  let x = 'x',
    xzpName = 'xzp';
  if (c.src === 'dynamic') {
    nodes.push({
      name: 'dql',
      opType: 'DynamicQuantizeLinear',
      domain: '',
      inputs: ['x'],
      outputs: ['xq', 'xs', 'xz'],
      attributes: new Map(),
    });
    x = 'xq';
    xzpName = 'xz';
  } else {
    put(T('xzp', srcType, [], q8(srcType, [xzp])));
  }
  const outType = c.op === 'ConvInteger' ? 'int32' : srcType;
  if (c.op === 'ConvInteger') {
    nodes.push({
      name: 'conv',
      opType: 'ConvInteger',
      domain: '',
      inputs: [x, 'w', xzpName, 'wzp'],
      outputs: ['y'],
      attributes: attrs,
    });
  } else {
    const ws = Array.from({ length: c.oc }, (_, o) => 0.004 * (1 + 0.4 * Math.sin(o)));
    put(T('xs', 'float32', [], Float32Array.of(0.03)));
    put(T('ws', 'float32', [c.oc], Float32Array.from(ws)));
    put(T('ys', 'float32', [], Float32Array.of(0.05 * Math.sqrt(per))));
    put(T('yzp', srcType, [], q8(srcType, [srcType === 'uint8' ? randInt(r, 100, 150) : randInt(r, -20, 20)])));
    put(
      T(
        'b',
        'int32',
        [c.oc],
        Int32Array.from({ length: c.oc }, () => randInt(r, -3000, 3000)),
      ),
    );
    nodes.push({
      name: 'conv',
      opType: 'QLinearConv',
      domain: '',
      inputs: [x, 'xs', xzpName, 'w', 'ws', 'wzp', 'ys', 'yzp', 'b'],
      outputs: [c.lut ? 'yc' : 'y'],
      attributes: attrs,
    });
    if (c.lut) {
      put(
        T(
          'lut',
          srcType,
          [256],
          Uint8Array.from({ length: 256 }, () => randInt(r, 0, 255)),
        ),
      );
      nodes.push({
        name: 'lut',
        opType: 'Lut',
        domain: 'i8conv',
        inputs: ['yc', 'lut'],
        outputs: ['y'],
        attributes: new Map(),
      });
    }
  }
  const inShape = [c.n ?? 1, c.ic, ...c.size];
  return {
    name: c.what,
    irVersion: 8,
    opsetImports: new Map([['', 13], ...(c.lut ? [['i8conv', 1] as [string, number]] : [])]),
    inputs: [vi('x', c.src === 'dynamic' ? 'float32' : srcType, inShape)],
    outputs: [vi('y', outType, null)],
    initializers: inits,
    valueInfo: new Map(),
    nodes,
  };
}

interface MatCase {
  what: string;
  op: 'MatMulInteger' | 'QLinearMatMul' | 'QGemm';
  a: number[];
  n: number;
  wType: W;
  wZp: number | 'channel';
  kinds: Kind[];
  src: 'uint8' | 'int8' | 'dynamic';
  transB?: boolean;
}

function matGraph(seed: number, c: MatCase): Graph {
  const r = rng(seed);
  const k = c.a[c.a.length - 1];
  const wzps =
    c.wZp === 'channel'
      ? Array.from({ length: c.n }, () => (c.wType === 'uint8' ? randInt(r, 60, 200) : randInt(r, -90, 90)))
      : [c.wZp];
  // rows of the weights are output columns: [n][k], stored [k][n] unless transB
  const wt = weights(r, c.wType, c.n, k, wzps, c.kinds);
  const w = c.transB ? wt : Array.from({ length: k * c.n }, (_, i) => wt[(i % c.n) * k + Math.floor(i / c.n)]);
  const srcType = c.src === 'dynamic' ? 'uint8' : c.src;
  const inits = new Map<string, Tensor>();
  const put = (t: Tensor) => inits.set(t.name, t);
  put(T('w', c.wType, c.transB ? [c.n, k] : [k, c.n], q8(c.wType, w)));
  put(T('wzp', c.wType, wzps.length === 1 ? [] : [c.n], q8(c.wType, wzps)));
  const nodes: Node[] = [];
  let x = 'x',
    xzpName = 'xzp';
  if (c.src === 'dynamic') {
    nodes.push({
      name: 'dql',
      opType: 'DynamicQuantizeLinear',
      domain: '',
      inputs: ['x'],
      outputs: ['xq', 'xs', 'xz'],
      attributes: new Map(),
    });
    x = 'xq';
    xzpName = 'xz';
  } else {
    put(T('xzp', srcType, [], q8(srcType, [srcType === 'uint8' ? randInt(r, 90, 160) : randInt(r, -30, 30)])));
  }
  const outType = c.op === 'MatMulInteger' ? 'int32' : srcType;
  // QGemm: b_scale and b_zero_point of one length
  const ws = Array.from({ length: c.op === 'QGemm' ? wzps.length : c.n }, (_, o) => 0.004 * (1 + 0.4 * Math.cos(o)));
  const scales = () => {
    put(T('xs', 'float32', [], Float32Array.of(0.03)));
    put(T('ws', 'float32', ws.length === 1 ? [] : [c.n], Float32Array.from(ws)));
    put(T('ys', 'float32', [], Float32Array.of(0.05 * Math.sqrt(k))));
    put(T('yzp', srcType, [], q8(srcType, [srcType === 'uint8' ? randInt(r, 100, 150) : randInt(r, -20, 20)])));
  };
  if (c.op === 'MatMulInteger') {
    nodes.push({
      name: 'mm',
      opType: 'MatMulInteger',
      domain: '',
      inputs: [x, 'w', xzpName, 'wzp'],
      outputs: ['y'],
      attributes: new Map(),
    });
  } else if (c.op === 'QLinearMatMul') {
    scales();
    nodes.push({
      name: 'mm',
      opType: 'QLinearMatMul',
      domain: '',
      inputs: [x, 'xs', xzpName, 'w', 'ws', 'wzp', 'ys', 'yzp'],
      outputs: ['y'],
      attributes: new Map(),
    });
  } else {
    scales();
    put(
      T(
        'b',
        'int32',
        [c.n],
        Int32Array.from({ length: c.n }, () => randInt(r, -3000, 3000)),
      ),
    );
    nodes.push({
      name: 'mm',
      opType: 'QGemm',
      domain: 'com.microsoft',
      inputs: [x, 'xs', xzpName, 'w', 'ws', 'wzp', 'b', 'ys', 'yzp'],
      outputs: ['y'],
      attributes: new Map<string, Node['attributes'] extends Map<string, infer A> ? A : never>([
        ['transB', { kind: 'int', value: c.transB ? 1 : 0 }],
        ['alpha', { kind: 'float', value: 0.75 }],
      ]),
    });
  }
  return {
    name: c.what,
    irVersion: 8,
    opsetImports: new Map([
      ['', 13],
      ['com.microsoft', 1],
    ]),
    inputs: [vi('x', c.src === 'dynamic' ? 'float32' : srcType, c.a)],
    outputs: [vi('y', outType, null)],
    initializers: inits,
    valueInfo: new Map(),
    nodes,
  };
}

const CONV_CASES: ConvCase[] = [
  // group 1, more than 4 output channels in blocks of 4: one NCHW44 block of window sums
  {
    what: 'dense 3x3, pads on every side, uint8 per tensor',
    op: 'ConvInteger',
    ic: 8,
    oc: 12,
    size: [9, 11],
    k: [3, 3],
    pads: [1, 2, 0, 1],
    wType: 'uint8',
    wZp: 143,
    kinds: ['fit', 'below', 'fit', 'above'],
    src: 'uint8',
  },
  {
    what: 'dense 3x3 stride 2 dilation 2, per channel',
    op: 'ConvInteger',
    n: 2,
    ic: 4,
    oc: 8,
    size: [13, 10],
    k: [3, 3],
    strides: [2, 2],
    dilations: [2, 2],
    pads: [2, 1, 1, 2],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['below', 'fit', 'above'],
    src: 'int8',
  },
  {
    what: 'dense 5x3 stride [1, 2], int8 weights zp -100',
    op: 'ConvInteger',
    ic: 8,
    oc: 16,
    size: [8, 12],
    k: [5, 3],
    strides: [1, 2],
    pads: [2, 0, 3, 1],
    wType: 'int8',
    wZp: -100,
    kinds: ['above', 'fit'],
    src: 'uint8',
  },
  {
    what: 'every channel shifted',
    op: 'ConvInteger',
    ic: 12,
    oc: 8,
    size: [7, 7],
    k: [3, 3],
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 30,
    kinds: ['above'],
    src: 'uint8',
  },
  {
    what: 'every channel fits (one convolution)',
    op: 'ConvInteger',
    ic: 8,
    oc: 8,
    size: [6, 9],
    k: [3, 3],
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 128,
    kinds: ['fit'],
    src: 'uint8',
  },
  // odd channel counts: NCHW only
  {
    what: 'odd channels 5 -> 7 (NCHW, 4 window channels)',
    op: 'ConvInteger',
    ic: 5,
    oc: 7,
    size: [6, 5],
    k: [3, 3],
    pads: [0, 1, 2, 0],
    wType: 'uint8',
    wZp: 200,
    kinds: ['fit', 'below'],
    src: 'uint8',
  },
  {
    what: 'three output channels (the window is the shape itself)',
    op: 'ConvInteger',
    ic: 6,
    oc: 3,
    size: [5, 8],
    k: [3, 3],
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 200,
    kinds: ['above', 'below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'first layer 3 -> 8 stride 2 (NCHW -> NCHW44)',
    op: 'ConvInteger',
    ic: 3,
    oc: 8,
    size: [11, 9],
    k: [3, 3],
    strides: [2, 2],
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 170,
    kinds: ['fit', 'fit', 'below'],
    src: 'uint8',
  },
  // grouped and depthwise
  {
    what: 'grouped 2 x (4 -> 8)',
    op: 'ConvInteger',
    ic: 8,
    oc: 16,
    size: [7, 9],
    k: [3, 3],
    group: 2,
    pads: [1, 0, 1, 2],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['fit', 'above', 'below'],
    src: 'uint8',
  },
  {
    what: 'grouped 3 x (2 -> 6), NCHW',
    op: 'ConvInteger',
    ic: 6,
    oc: 18,
    size: [6, 6],
    k: [3, 3],
    group: 3,
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 180,
    kinds: ['below', 'fit'],
    src: 'int8',
  },
  {
    what: 'grouped 4 x (2 -> 2)',
    op: 'ConvInteger',
    ic: 8,
    oc: 8,
    size: [8, 7],
    k: [3, 3],
    group: 4,
    pads: [0, 1, 1, 0],
    wType: 'uint8',
    wZp: 180,
    kinds: ['fit', 'below'],
    src: 'uint8',
  },
  {
    what: 'depthwise 8, stride 2',
    op: 'ConvInteger',
    ic: 8,
    oc: 8,
    size: [12, 11],
    k: [3, 3],
    group: 8,
    strides: [2, 2],
    pads: [1, 2, 1, 0],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['below', 'fit', 'above'],
    src: 'uint8',
  },
  {
    what: 'depthwise multiplier 2',
    op: 'ConvInteger',
    ic: 4,
    oc: 8,
    size: [9, 9],
    k: [3, 3],
    group: 4,
    pads: [1, 1, 1, 1],
    wType: 'int8',
    wZp: 90,
    kinds: ['below', 'fit'],
    src: 'uint8',
  },
  // 1x1 with a 1x1 output (a channel-last run) and 1-D
  {
    what: '1x1 on a 1x1 image, grouped',
    op: 'ConvInteger',
    n: 3,
    ic: 8,
    oc: 8,
    size: [1, 1],
    k: [1, 1],
    group: 2,
    wType: 'uint8',
    wZp: 40,
    kinds: ['above', 'fit'],
    src: 'uint8',
  },
  {
    what: '1x1 on a 1x1 image',
    op: 'ConvInteger',
    n: 3,
    ic: 8,
    oc: 12,
    size: [1, 1],
    k: [1, 1],
    wType: 'uint8',
    wZp: 40,
    kinds: ['above', 'fit'],
    src: 'uint8',
  },
  {
    what: '1-D, kernel 3, stride 2, pads [1, 2]',
    op: 'ConvInteger',
    ic: 8,
    oc: 12,
    size: [13],
    k: [3],
    strides: [2],
    pads: [1, 2],
    wType: 'uint8',
    wZp: 150,
    kinds: ['fit', 'below'],
    src: 'uint8',
  },
  // requantized outputs
  {
    what: 'QLinearConv dense, per-channel scales',
    op: 'QLinearConv',
    ic: 8,
    oc: 12,
    size: [9, 8],
    k: [3, 3],
    pads: [1, 0, 2, 1],
    wType: 'uint8',
    wZp: 100,
    kinds: ['fit', 'above'],
    src: 'uint8',
  },
  {
    what: 'QLinearConv int8, a look-up folded in',
    op: 'QLinearConv',
    ic: 8,
    oc: 8,
    size: [7, 10],
    k: [3, 3],
    pads: [1, 1, 1, 1],
    wType: 'int8',
    wZp: 70,
    kinds: ['below', 'fit'],
    src: 'int8',
    lut: true,
  },
  {
    what: 'QLinearConv odd channels, NCHW, look-up',
    op: 'QLinearConv',
    ic: 3,
    oc: 5,
    size: [8, 8],
    k: [3, 3],
    strides: [2, 2],
    pads: [0, 1, 1, 0],
    wType: 'uint8',
    wZp: 210,
    kinds: ['below', 'fit'],
    src: 'uint8',
    lut: true,
  },
  {
    what: 'QLinearConv depthwise',
    op: 'QLinearConv',
    ic: 12,
    oc: 12,
    size: [10, 9],
    k: [3, 3],
    group: 12,
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 131,
    kinds: ['below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'QLinearConv, uint8 weights that fit (one convolution)',
    op: 'QLinearConv',
    ic: 8,
    oc: 8,
    size: [7, 9],
    k: [3, 3],
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 128,
    kinds: ['fit'],
    src: 'uint8',
  },
  {
    what: 'QLinearConv, int8 weights zp 40 that fit, look-up',
    op: 'QLinearConv',
    ic: 4,
    oc: 12,
    size: [6, 6],
    k: [3, 3],
    strides: [2, 2],
    pads: [1, 1, 1, 1],
    wType: 'int8',
    wZp: 40,
    kinds: ['fit'],
    src: 'int8',
    lut: true,
  },
  // channel counts past one 16-channel tile and widths past 16 with tails: the kernels' long loops and their tails
  {
    what: 'dense 20 -> 36, 19 x 37, pads on every side, N 2',
    op: 'ConvInteger',
    n: 2,
    ic: 20,
    oc: 36,
    size: [19, 37],
    k: [3, 3],
    pads: [2, 0, 1, 1],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['fit', 'above', 'fit', 'below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'dense 13 -> 22 (NCHW), stride 2, dilation [1, 2]',
    op: 'QLinearConv',
    ic: 13,
    oc: 22,
    size: [17, 21],
    k: [3, 3],
    strides: [2, 2],
    dilations: [1, 2],
    pads: [1, 2, 2, 1],
    wType: 'uint8',
    wZp: 119,
    kinds: ['above', 'fit', 'fit'],
    src: 'uint8',
  },
  {
    what: 'depthwise 20, dilation 2, N 2, pads on every side',
    op: 'ConvInteger',
    n: 2,
    ic: 20,
    oc: 20,
    size: [18, 23],
    k: [3, 3],
    group: 20,
    dilations: [2, 2],
    pads: [2, 1, 0, 2],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['above', 'fit', 'below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'grouped 2 x (12 -> 20), stride 2, int8 weights zp 70, look-up',
    op: 'QLinearConv',
    ic: 24,
    oc: 40,
    size: [15, 33],
    k: [3, 3],
    group: 2,
    strides: [2, 2],
    pads: [1, 1, 0, 1],
    wType: 'int8',
    wZp: 70,
    kinds: ['below', 'fit'],
    src: 'int8',
    lut: true,
  },
  // a zero point computed at run time
  {
    what: 'DynamicQuantizeLinear -> ConvInteger',
    op: 'ConvInteger',
    n: 2,
    ic: 8,
    oc: 12,
    size: [9, 7],
    k: [3, 3],
    pads: [1, 1, 2, 0],
    wType: 'uint8',
    wZp: 143,
    kinds: ['fit', 'below', 'above'],
    src: 'dynamic',
  },
  {
    what: 'DynamicQuantizeLinear -> depthwise ConvInteger',
    op: 'ConvInteger',
    ic: 8,
    oc: 8,
    size: [9, 9],
    k: [3, 3],
    group: 8,
    pads: [1, 1, 1, 1],
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['above', 'fit'],
    src: 'dynamic',
  },
];

const MAT_CASES: MatCase[] = [
  {
    what: 'MatMulInteger [2, 5, 7] x [7, 9], per column',
    op: 'MatMulInteger',
    a: [2, 5, 7],
    n: 9,
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['fit', 'below', 'above'],
    src: 'uint8',
  },
  {
    what: 'MatMulInteger [6, 16] x [16, 3]',
    op: 'MatMulInteger',
    a: [6, 16],
    n: 3,
    wType: 'uint8',
    wZp: 20,
    kinds: ['above'],
    src: 'int8',
  },
  {
    what: 'MatMulInteger [33, 24] x [24, 20], int8 zp 100',
    op: 'MatMulInteger',
    a: [33, 24],
    n: 20,
    wType: 'int8',
    wZp: 100,
    kinds: ['below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'DynamicQuantizeLinear -> MatMulInteger',
    op: 'MatMulInteger',
    a: [7, 19],
    n: 13,
    wType: 'uint8',
    wZp: 160,
    kinds: ['fit', 'below'],
    src: 'dynamic',
  },
  {
    what: 'QLinearMatMul [5, 8] x [8, 12]',
    op: 'QLinearMatMul',
    a: [5, 8],
    n: 12,
    wType: 'uint8',
    wZp: 'channel',
    kinds: ['below', 'fit'],
    src: 'uint8',
  },
  {
    what: 'QGemm transB, alpha, bias',
    op: 'QGemm',
    a: [4, 10],
    n: 6,
    wType: 'uint8',
    wZp: 35,
    kinds: ['fit', 'above'],
    src: 'uint8',
    transB: true,
  },
  {
    what: 'QGemm, weights that fit',
    op: 'QGemm',
    a: [3, 8],
    n: 8,
    wType: 'uint8',
    wZp: 128,
    kinds: ['fit'],
    src: 'uint8',
    transB: true,
  },
  {
    what: 'QGemm int8',
    op: 'QGemm',
    a: [9, 12],
    n: 16,
    wType: 'int8',
    wZp: 'channel',
    kinds: ['above', 'fit', 'below'],
    src: 'int8',
  },
];

/** The conv / matmul step's algorithm in the product (shifted where some channel does not fit). */
function algorithmOf(rt: Runtime, bytes: Uint8Array): { algorithm: string; layout: string } {
  const m = loadModelSync(rt, bytes);
  try {
    const n = m.nodes.find((x) => x.op !== 'DynamicQuantizeLinear' && x.op !== 'Relayout')!;
    return { algorithm: n.algorithm, layout: n.layout };
  } finally {
    m.dispose();
  }
}

/** Whether some weight minus its zero point falls outside int8 in a graph's conv / matmul node. */
function needsShift(g: Graph): boolean {
  const w = g.initializers.get('w')!;
  const z = g.initializers.get('wzp')!;
  const n = z.data.length;
  // the zero point's axis: a conv's output channels (OIHW rows), a matmul's columns ([k, n], or [n, k] with transB)
  const transB = g.nodes.some((x) => {
    const a = x.attributes.get('transB');
    return a?.kind === 'int' && a.value === 1;
  });
  const rowsFirst = w.dims.length !== 2 || transB;
  const per = w.data.length / w.dims[rowsFirst ? 0 : 1];
  return Array.from(w.data as ArrayLike<number>).some((v, i) => {
    const o = n === 1 ? 0 : rowsFirst ? Math.floor(i / per) : i % w.dims[1];
    const d = v - (z.data as ArrayLike<number>)[o];
    return d < -128 || d > 127;
  });
}

describe('weights shifted per channel: the product equals the reference executor', () => {
  let rt: Runtime;
  let rt2: Runtime | null = null;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    // the pool's workers load the built library (dist/)
    const dist = new URL('../dist/src/index.js', import.meta.url);
    if (existsSync(dist)) {
      const m = (await import(dist.href)) as { createRuntime: typeof createRuntime };
      const r2 = await m.createRuntime({ threads: 2 });
      rt2 = r2.threads >= 2 ? r2 : null;
      if (!rt2) r2.dispose();
    }
  });
  afterAll(() => {
    rt?.dispose();
    rt2?.dispose();
  });

  it('convolutions: every case, layouts auto / nchw, 1 and 2 threads', () => {
    let seed = 700;
    let nchw44 = 0;
    for (const c of CONV_CASES) {
      const g = convGraph(seed++, c);
      const bytes = writeOnnxModel(g);
      const a = algorithmOf(rt, bytes);
      expect(needsShift(g), c.what).toBe(c.kinds.some((k) => k !== 'fit'));
      if (needsShift(g)) expect(a.algorithm, c.what).toMatch(/\+window(\+lut)?$/);
      else expect(a.algorithm, c.what).not.toMatch(/window/);
      if (c.lut) expect(a.algorithm, c.what).toMatch(/\+lut$/);
      if (a.layout === 'NCHW44') nchw44++;
      checkModel(rt, bytes, seed);
      if (rt2) checkModel(rt2, bytes, seed);
    }
    expect(nchw44).toBeGreaterThanOrEqual(10);
  }, 300_000);

  it('matrix products: MatMulInteger, QLinearMatMul, QGemm, 1 and 2 threads', () => {
    let seed = 800;
    for (const c of MAT_CASES) {
      const g = matGraph(seed++, c);
      const bytes = writeOnnxModel(g);
      const shifted = c.kinds.some((k) => k !== 'fit');
      expect(needsShift(g), c.what).toBe(shifted);
      if (shifted) expect(algorithmOf(rt, bytes).algorithm, c.what).toMatch(/\+window(\+plane)?$/);
      else expect(algorithmOf(rt, bytes).algorithm, c.what).not.toMatch(/window/);
      checkModel(rt, bytes, seed);
      if (rt2) checkModel(rt2, bytes, seed);
    }
  }, 120_000);

  it('large enough for the pool: 2 threads (run and runAsync) give the bits of 1 thread', async (ctx) => {
    if (!rt2) return ctx.skip();
    for (const [i, c] of [
      {
        what: 'dense',
        op: 'ConvInteger',
        ic: 32,
        oc: 32,
        size: [40, 36],
        k: [3, 3],
        pads: [1, 1, 1, 1],
        wType: 'uint8',
        wZp: 143,
        kinds: ['fit', 'below', 'fit', 'above'],
        src: 'dynamic',
      },
      {
        what: 'requantized',
        op: 'QLinearConv',
        ic: 16,
        oc: 24,
        size: [48, 40],
        k: [3, 3],
        pads: [1, 1, 1, 1],
        wType: 'uint8',
        wZp: 'channel',
        kinds: ['below', 'fit'],
        src: 'uint8',
        lut: true,
      },
    ].entries()) {
      const g = convGraph(900 + i, c as ConvCase);
      const bytes = writeOnnxModel(g);
      const shape = g.inputs[0].shape as number[];
      const x = randomFeed(
        5 + i,
        g.inputs[0].type!,
        shape.reduce((a, b) => a * b, 1),
      );
      const m1 = loadModelSync(rt, bytes);
      const want = Array.from(m1.run({ x }).y as ArrayLike<number>);
      m1.dispose();
      const m2 = loadModelSync(rt2, bytes);
      try {
        for (let k = 0; k < 3; k++)
          expect(Array.from(m2.run({ x }).y as ArrayLike<number>), `${c.what} run ${k}`).toEqual(want);
        expect(Array.from((await m2.runAsync({ x })).y as ArrayLike<number>), `${c.what} runAsync`).toEqual(want);
        expect(m2.checkGuards()).toBe(true);
      } finally {
        m2.dispose();
      }
    }
  }, 120_000);
});

describe('weights shifted per channel: onnxruntime-web', () => {
  it('ConvInteger, MatMulInteger and QLinearConv equal onnxruntime-web bit for bit', async () => {
    const ort = await loadOrt();
    const rt = await createRuntime({ threads: 1 });
    try {
      const graphs: Graph[] = [
        // onnxruntime's ConvInteger takes uint8 sources and weights with one weight zero point
        convGraph(1001, CONV_CASES[0]),
        convGraph(1002, CONV_CASES[3]),
        convGraph(1003, CONV_CASES[10]),
        convGraph(1004, CONV_CASES[15]),
        convGraph(1005, CONV_CASES[16]),
        convGraph(1006, CONV_CASES.find((c) => c.what === 'DynamicQuantizeLinear -> ConvInteger')!),
        convGraph(1009, CONV_CASES.find((c) => c.what.startsWith('dense 13 -> 22'))!),
        matGraph(1007, MAT_CASES[0]),
        matGraph(1008, MAT_CASES[3]),
      ];
      for (const g of graphs) {
        const bytes = writeOnnxModel(g);
        const shape = g.inputs[0].shape as number[];
        const x = randomFeed(
          3,
          g.inputs[0].type!,
          shape.reduce((a, b) => a * b, 1),
        );
        const m = await rt.loadModel(bytes);
        const got = Array.from(m.run({ x }).y as ArrayLike<number>);
        m.dispose();
        const ref = runReference(g, new Map([['x', T('x', g.inputs[0].type!, shape, x)]]));
        expect(got, `${g.name} vs the reference`).toEqual(Array.from(ref.get('y')!.data as ArrayLike<number>));
        const s = await ortSession(bytes, { ort });
        const o = await ortRun(s, { x: { data: x, dims: shape } });
        await s.release();
        expect(got, `${g.name} vs onnxruntime-web`).toEqual(Array.from(o.get('y') as ArrayLike<number>));
      }
    } finally {
      rt.dispose();
    }
  }, 120_000);
});

describe('RequantizeInt32 window correction: the kernel against the formula', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  /** v = acc + e[c] * S(element) + bias[c] (int32), then onnxruntime's requantization, or int32; then the table. */
  function expected(
    acc: Int32Array,
    sums: Int32Array,
    dims: number[],
    nchw44: boolean,
    e: Int32Array,
    map: Int32Array,
    sch: number,
    bias: Int32Array,
    type: 'uint8' | 'int8' | 'int32',
    scales: Float32Array,
    zp: number,
    table?: Uint8Array,
    splat = false,
  ): number[] {
    const [N, C, H, Wd] = dims;
    const hw = H * Wd;
    const out: number[] = new Array(acc.length);
    const f32 = Math.fround;
    const [lo, hi] = type === 'uint8' ? [0, 255] : [-128, 127];
    for (let n = 0; n < N; n++)
      for (let c = 0; c < C; c++)
        for (let p = 0; p < hw; p++) {
          const i = nchw44 ? ((n * (C / 4) + (c >> 2)) * hw + p) * 4 + (c & 3) : (n * C + c) * hw + p;
          const si = splat
            ? (n * sch + map[c >> 2]) * hw + p
            : nchw44
              ? ((n * (sch / 4) + map[c >> 2]) * hw + p) * 4 + (c & 3)
              : hw === 1 && map.every((m) => m === 0)
                ? n * sch
                : (n * sch + map[c]) * hw + p;
          const v = (acc[i] + Math.imul(e[c], sums[si]) + bias[c]) | 0;
          if (type === 'int32') {
            out[i] = v;
            continue;
          }
          let f = f32(f32(v) * scales[c]);
          f = f < lo - zp ? lo - zp : f;
          f = f > hi - zp ? hi - zp : f;
          const r = Math.round(f);
          let q = (r - f === 0.5 && r % 2 !== 0 ? r - 1 : r) + zp;
          if (table) q = type === 'int8' ? (table[q & 255] << 24) >> 24 : table[q];
          out[i] = q;
        }
    return out;
  }

  it('NCHW and NCHW44, runs and channel-last, every plane size 1..21, int32 and 8-bit outputs, tables', () => {
    const core = rt.core;
    const r = rng(77);
    let runs = 0;
    for (let hw = 1; hw <= 21; hw++)
      for (const layout of ['NCHW', 'NCHW44'] as const)
        for (const type of ['int32', 'uint8', 'int8'] as const) {
          const C = layout === 'NCHW44' ? 4 * randInt(r, 1, 4) : randInt(r, 1, 9);
          const N = randInt(r, 1, 3);
          const dims = hw % 3 === 0 ? [N, C, 3, hw / 3] : [N, C, 1, hw];
          const n = N * C * hw;
          // S: 4 channels (one block, map 0), one per channel (identity), or NCHW44 planar (splat: a plane per block)
          const identity = hw % 2 === 0;
          const splat = layout === 'NCHW44' && hw % 3 !== 1;
          const sch = splat ? C / 4 + 1 : identity ? C : 4;
          const map = splat
            ? Int32Array.from({ length: C / 4 }, (_, i) => (identity ? C / 4 - 1 - i : i + 1))
            : identity
              ? Int32Array.from({ length: layout === 'NCHW44' ? C / 4 : C }, (_, i) => i)
              : new Int32Array(layout === 'NCHW44' ? C / 4 : C);
          const e = Int32Array.from({ length: C }, () => randInt(r, -127, 127));
          const bias = Int32Array.from({ length: C }, () => randInt(r, -50000, 50000));
          const scales = Float32Array.from({ length: C }, () => Math.fround(0.0005 * (1 + r())));
          const zp = type === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127);
          const table =
            type !== 'int32' && hw % 4 === 1 ? Uint8Array.from({ length: 256 }, () => randInt(r, 0, 255)) : undefined;
          const acc = Int32Array.from({ length: n }, () => randInt(r, -(2 ** 31), 2 ** 31 - 1));
          const sums = Int32Array.from({ length: N * sch * hw }, () => randInt(r, -300000, 300000));
          const k = new RequantizeKernel(core, {
            dims,
            layout,
            type,
            scale: scales,
            bias,
            zeroPoint: type === 'int32' ? 0 : zp,
            window: { shifts: e, sumChannels: sch, map, splat },
            table,
          });
          const ob = type === 'int32' ? 4 * n : n;
          const base = core.heap.alloc(4 * n + 4 * sums.length + ob + 4 * 64, 64);
          try {
            const pa = base + 64,
              ps = pa + 4 * n + 64,
              pd = ps + 4 * sums.length + 64;
            core.u8().fill(0xa5, base, base + 4 * n + 4 * sums.length + ob + 4 * 64);
            core.i32().set(acc, pa >> 2);
            core.i32().set(sums, ps >> 2);
            runKernelSerial(core, k, pa, ps, pd);
            const got =
              type === 'int32'
                ? Array.from(core.i32().subarray(pd >> 2, (pd >> 2) + n))
                : Array.from(
                    type === 'int8' ? new Int8Array(core.memory.buffer, pd, n) : core.u8().subarray(pd, pd + n),
                  );
            const want = expected(
              acc,
              sums,
              dims,
              layout === 'NCHW44',
              e,
              map,
              sch,
              bias,
              type,
              scales,
              zp,
              table,
              splat,
            );
            expect(got, `${layout} ${type} dims [${dims}] sch ${sch} ${k.algorithm}`).toEqual(want);
            const u8 = core.u8();
            expect(
              u8.subarray(pd + ob, pd + ob + 64).every((b) => b === 0xa5),
              'guard after dst',
            ).toBe(true);
            // in place: int32 output over the accumulators
            if (type === 'int32') {
              runKernelSerial(core, k, pa, ps, pa);
              expect(Array.from(core.i32().subarray(pa >> 2, (pa >> 2) + n))).toEqual(want);
            }
            runs++;
          } finally {
            core.heap.release(base);
            k.dispose();
          }
        }
    expect(runs).toBe(21 * 2 * 3);
  });

  it('refuses what it does not take', () => {
    const core = rt.core;
    const w = { shifts: [1, 2, 3, 4], sumChannels: 4, map: [0, 0, 0, 0] };
    const base = { dims: [1, 4, 2, 2], layout: 'NCHW' as const, type: 'uint8' as const, scale: 1, zeroPoint: 0 };
    const code = (f: () => unknown) => {
      try {
        (f() as { dispose(): void }).dispose();
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code(() => new RequantizeKernel(core, { ...base, window: w }))).toBe('ok');
    expect(code(() => new RequantizeKernel(core, { ...base, type: 'int32' }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...base, window: w, k: 2 }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...base, window: { ...w, shifts: [1, 2, 3] } }))).toBe(
      'INVALID_PARAM',
    );
    expect(code(() => new RequantizeKernel(core, { ...base, window: { ...w, map: [0, 0, 0, 4] } }))).toBe(
      'INVALID_PARAM',
    );
    expect(code(() => new RequantizeKernel(core, { ...base, window: { ...w, shifts: [1, 2, 3, 70000] } }))).toBe(
      'INVALID_PARAM',
    );
    expect(
      code(() => new RequantizeKernel(core, { ...base, layout: 'NCHW44', window: { ...w, sumChannels: 6, map: [0] } })),
    ).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...base, window: { ...w, splat: true } }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...base, table: new Uint8Array(255) }))).toBe('BAD_BUFFER');
    expect(
      code(() => new RequantizeKernel(core, { ...base, type: 'int32', window: w, table: new Uint8Array(256) })),
    ).toBe('INVALID_PARAM');
  });
});

describe('window sums: the kernel against the definition', () => {
  let rt: Runtime;
  let rt2: Runtime | null = null;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    const dist = new URL('../dist/src/index.js', import.meta.url);
    if (existsSync(dist)) {
      const m = (await import(dist.href)) as { createRuntime: typeof createRuntime };
      const r2 = await m.createRuntime({ threads: 2 });
      rt2 = r2.threads >= 2 ? r2 : null;
      if (!rt2) r2.dispose();
    }
  });
  afterAll(() => {
    rt?.dispose();
    rt2?.dispose();
  });

  interface Geo {
    layout: 'NCHW' | 'NCHW44';
    type: 'uint8' | 'int8';
    n: number;
    c: number;
    group: number;
    ih: number;
    iw: number;
    fh: number;
    fw: number;
    sh: number;
    sw: number;
    dh: number;
    dw: number;
    pads: [number, number, number, number];
  }

  /** S by the definition: per group (or channel of a depthwise NCHW44 source), the window's sum of x - zp. */
  function definition(
    g: Geo,
    x: Uint8Array | Int8Array,
    zp: number,
    oh: number,
    ow: number,
    lanes: number,
  ): Int32Array {
    const cpg = g.c / g.group;
    const planes = lanes === 4 ? g.c : g.group;
    const out = new Int32Array(g.n * planes * oh * ow);
    const at = (n: number, c: number, y: number, xx: number) =>
      g.layout === 'NCHW'
        ? ((n * g.c + c) * g.ih + y) * g.iw + xx
        : (((n * (g.c / 4) + (c >> 2)) * g.ih + y) * g.iw + xx) * 4 + (c & 3);
    for (let n = 0; n < g.n; n++)
      for (let q = 0; q < planes; q++)
        for (let oy = 0; oy < oh; oy++)
          for (let ox = 0; ox < ow; ox++) {
            let sum = 0;
            for (let ky = 0; ky < g.fh; ky++)
              for (let kx = 0; kx < g.fw; kx++) {
                const iy = oy * g.sh - g.pads[0] + ky * g.dh;
                const ix = ox * g.sw - g.pads[1] + kx * g.dw;
                if (iy < 0 || iy >= g.ih || ix < 0 || ix >= g.iw) continue;
                if (lanes === 4) sum += x[at(n, q, iy, ix)] - zp;
                else for (let c = q * cpg; c < (q + 1) * cpg; c++) sum += x[at(n, c, iy, ix)] - zp;
              }
            // LANES 4: S in NCHW44 order; LANES 1: planar
            const o =
              lanes === 4
                ? (((n * (planes / 4) + (q >> 2)) * oh + oy) * ow + ox) * 4 + (q & 3)
                : ((n * planes + q) * oh + oy) * ow + ox;
            out[o] = sum;
          }
    return out;
  }

  function run(
    core: WasmRuntimeCore,
    g: Geo,
    x: Uint8Array | Int8Array,
    zps: number[],
    threaded: boolean,
  ): Int32Array[] {
    const oh = Math.floor((g.ih + g.pads[0] + g.pads[2] - ((g.fh - 1) * g.dh + 1)) / g.sh) + 1;
    const ow = Math.floor((g.iw + g.pads[1] + g.pads[3] - ((g.fw - 1) * g.dw + 1)) / g.sw) + 1;
    const k = new WindowSumKernel(core, {
      layout: g.layout,
      type: g.type,
      n: g.n,
      c: g.c,
      group: g.group,
      ih: g.ih,
      iw: g.iw,
      oh,
      ow,
      fh: g.fh,
      fw: g.fw,
      stride: [g.sh, g.sw],
      dilation: [g.dh, g.dw],
      padTop: g.pads[0],
      padLeft: g.pads[1],
      zeroPoint: zps[0],
    });
    const G = 64;
    const px = G,
      pt = Math.ceil((px + x.length + G) / 16) * 16,
      ps = Math.ceil((pt + k.sumBytes + G) / 16) * 16,
      total = ps + k.outBytes + G;
    const base = core.heap.alloc(total, 64);
    const outs: Int32Array[] = [];
    try {
      const u8 = core.u8();
      u8.fill(0xa5, base, base + total);
      u8.set(new Uint8Array(x.buffer, x.byteOffset, x.length), base + px);
      for (const zp of zps) {
        k.setZeroPoint(zp);
        const e = { ctx: k.ctx, src: base + px, slices: base + pt, dst: base + ps };
        if (threaded) for (const d of k.dispatch) core.pool!.run(core.exports, d, e);
        else runKernelSerial(core, k, e.src, e.slices, e.dst);
        const m = core.u8();
        const guard = (a: number, b: number) => m.subarray(base + a, base + b).every((v) => v === 0xa5);
        expect(
          guard(0, px) && guard(px + x.length, pt) && guard(pt + k.sumBytes, ps) && guard(ps + k.outBytes, total),
        ).toBe(true);
        outs.push(core.i32().slice((base + ps) >> 2, ((base + ps) >> 2) + k.outBytes / 4));
      }
      const want = zps.map((zp) => definition(g, x, zp, oh, ow, k.lanes));
      outs.forEach((o, i) =>
        expect(Array.from(o), `${JSON.stringify(g)} zp ${zps[i]} lanes ${k.lanes}`).toEqual(Array.from(want[i])),
      );
      return outs;
    } finally {
      core.heap.release(base);
      k.dispose();
    }
  }

  it('every form: NCHW groups, NCHW44 blocks and depthwise, strides, dilations, pads on every side, widths 1..37', () => {
    const r = rng(91);
    let cases = 0;
    for (let iw = 1; iw <= 37; iw++) {
      for (const form of ['nchw', 'nchw-grouped', 'nchw44', 'nchw44-grouped', 'nchw44-depthwise'] as const) {
        const layout = form.startsWith('nchw44') ? 'NCHW44' : 'NCHW';
        const type = iw % 2 ? 'uint8' : 'int8';
        const group = form === 'nchw-grouped' ? 3 : form === 'nchw44-grouped' ? 2 : form === 'nchw44-depthwise' ? 8 : 1;
        const c =
          form === 'nchw'
            ? randInt(r, 1, 7)
            : form === 'nchw-grouped'
              ? 6
              : form === 'nchw44-grouped'
                ? 16
                : 8 * randInt(r, 1, 2);
        const fh = randInt(r, 1, 3),
          fw = randInt(r, 1, Math.min(5, iw + 2));
        const g: Geo = {
          layout,
          type,
          n: randInt(r, 1, 2),
          c: form === 'nchw44-depthwise' ? group : c,
          group,
          ih: randInt(r, 1, 6),
          iw,
          fh,
          fw,
          sh: randInt(r, 1, 2),
          sw: iw % 3 === 0 ? 2 : iw % 7 === 0 ? 3 : 1,
          dh: randInt(r, 1, 2),
          dw: iw % 5 === 0 ? 2 : 1,
          pads: [randInt(r, 0, fh), randInt(r, 0, fw), randInt(r, 0, fh), randInt(r, 0, fw)],
        };
        if (
          g.ih + g.pads[0] + g.pads[2] < (g.fh - 1) * g.dh + 1 ||
          g.iw + g.pads[1] + g.pads[3] < (g.fw - 1) * g.dw + 1
        )
          continue;
        expect(windowSumLanes(layout, g.c, g.group)).toBe(form === 'nchw44-depthwise' ? 4 : 1);
        const len = g.n * g.c * g.ih * g.iw;
        const x =
          type === 'uint8'
            ? Uint8Array.from({ length: len }, () => randInt(r, 0, 255))
            : Int8Array.from({ length: len }, () => randInt(r, -128, 127));
        const zps = type === 'uint8' ? [randInt(r, 0, 255), 0, 255] : [randInt(r, -128, 127), -128, 127];
        run(rt.core, g, x, zps, false);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(150);
  });

  it('long channel loops: 300 NCHW channels, 130 NCHW44 blocks, 1 x 1 planes of 2,600 channels', () => {
    const r = rng(92);
    const geos: Geo[] = [
      {
        layout: 'NCHW',
        type: 'uint8',
        n: 1,
        c: 300,
        group: 1,
        ih: 3,
        iw: 21,
        fh: 3,
        fw: 3,
        sh: 1,
        sw: 1,
        dh: 1,
        dw: 1,
        pads: [1, 1, 1, 1],
      },
      {
        layout: 'NCHW44',
        type: 'uint8',
        n: 1,
        c: 520,
        group: 1,
        ih: 2,
        iw: 19,
        fh: 1,
        fw: 3,
        sh: 1,
        sw: 1,
        dh: 1,
        dw: 1,
        pads: [0, 1, 0, 1],
      },
      {
        layout: 'NCHW',
        type: 'int8',
        n: 5,
        c: 2600,
        group: 1,
        ih: 1,
        iw: 1,
        fh: 1,
        fw: 1,
        sh: 1,
        sw: 1,
        dh: 1,
        dw: 1,
        pads: [0, 0, 0, 0],
      },
      {
        layout: 'NCHW',
        type: 'uint8',
        n: 3,
        c: 2600,
        group: 2,
        ih: 1,
        iw: 1,
        fh: 1,
        fw: 1,
        sh: 1,
        sw: 1,
        dh: 1,
        dw: 1,
        pads: [0, 0, 0, 0],
      },
    ];
    for (const g of geos) {
      const len = g.n * g.c * g.ih * g.iw;
      // bytes far from the zero point: the 16-bit partial sums reach their bounds
      const x = g.type === 'uint8' ? new Uint8Array(len).fill(255) : new Int8Array(len).fill(127);
      for (let i = 0; i < len; i += 7) x[i] = g.type === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127);
      run(rt.core, g, x, g.type === 'uint8' ? [0, 255] : [-128, 5], false);
    }
  });

  it('2 threads: the pool gives the same sums', (ctx) => {
    if (!rt2) return ctx.skip();
    const r = rng(93);
    for (const g of [
      {
        layout: 'NCHW44',
        type: 'uint8',
        n: 2,
        c: 64,
        group: 1,
        ih: 70,
        iw: 66,
        fh: 3,
        fw: 3,
        sh: 1,
        sw: 1,
        dh: 1,
        dw: 1,
        pads: [1, 1, 1, 1],
      },
      {
        layout: 'NCHW44',
        type: 'int8',
        n: 1,
        c: 32,
        group: 32,
        ih: 64,
        iw: 65,
        fh: 3,
        fw: 3,
        sh: 2,
        sw: 2,
        dh: 1,
        dw: 1,
        pads: [1, 0, 1, 2],
      },
      {
        layout: 'NCHW',
        type: 'uint8',
        n: 1,
        c: 24,
        group: 3,
        ih: 50,
        iw: 80,
        fh: 5,
        fw: 3,
        sh: 1,
        sw: 2,
        dh: 2,
        dw: 1,
        pads: [2, 1, 3, 0],
      },
    ] as Geo[]) {
      const len = g.n * g.c * g.ih * g.iw;
      const x =
        g.type === 'uint8'
          ? Uint8Array.from({ length: len }, () => randInt(r, 0, 255))
          : Int8Array.from({ length: len }, () => randInt(r, -128, 127));
      const one = run(rt.core, g, x, [g.type === 'uint8' ? 131 : -7], false);
      const two = run(rt2.core, g, x, [g.type === 'uint8' ? 131 : -7], true);
      expect(Array.from(two[0])).toEqual(Array.from(one[0]));
    }
  });

  it('refuses NCHW44 groups that split a block, and bad geometry', () => {
    expect(windowSumLanes('NCHW44', 8, 4)).toBe(0);
    expect(windowSumLanes('NCHW44', 6, 1)).toBe(0);
    expect(windowSumLanes('NCHW', 6, 3)).toBe(1);
    const base = {
      layout: 'NCHW44' as const,
      type: 'uint8' as const,
      n: 1,
      c: 8,
      group: 4,
      ih: 4,
      iw: 4,
      oh: 4,
      ow: 4,
      fh: 1,
      fw: 1,
      stride: [1, 1] as const,
      dilation: [1, 1] as const,
      padTop: 0,
      padLeft: 0,
      zeroPoint: 0,
    };
    const code = (p: typeof base | Record<string, unknown>) => {
      try {
        new WindowSumKernel(rt.core, p as typeof base).dispose();
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code(base)).toBe('UNSUPPORTED_OP');
    expect(code({ ...base, group: 2 })).toBe('ok');
    expect(code({ ...base, group: 2, fh: 0 })).toBe('INVALID_PARAM');
    expect(code({ ...base, group: 2, zeroPoint: 256 })).toBe('INVALID_PARAM');
    expect(code({ ...base, group: 3 })).toBe('INVALID_PARAM');
  });
});

describe('window sums: the emitted wasm (STYLE habit 10)', () => {
  it('channel sums in 16-bit lanes, box sums 4 outputs a vector', () => {
    for (const [path, wat] of shippedWats()) {
      const loops = innermostLoops(wat, 'model/window-sum');
      // NCHW: one channel of 16 pixels widened into two 16-bit sums
      expect(
        loopsWith(loops, {
          'v128.load': 1,
          'i16x8.extend_low_i8x16_u': 1,
          'i16x8.extend_high_i8x16_u': 1,
          'i16x8.add': 2,
        }),
        `${path} NCHW`,
      ).toBe(1);
      // NCHW44: one block of 16 pixels as four pair sums
      expect(
        loopsWith(loops, { 'v128.load': 4, 'i16x8.extadd_pairwise_i8x16_u': 4, 'i16x8.add': 4 }),
        `${path} NCHW44`,
      ).toBe(1);
      // box sums: a tap added to 4 output columns (stride 1), or to a pixel of 4 channels
      expect(
        loopsWith(loops, { 'v128.load': 2, 'i32x4.add': 1, 'v128.store': 1 }),
        `${path} box`,
      ).toBeGreaterThanOrEqual(2);
    }
  });
});
