/**
 * Pooling kernels of the model executor on 8-bit 4-D tensors [N, C, H, W] (NCHW, or NCHW44 = [N][C/4][H][W][4]),
 * uint8 or int8, run by the task functions of assembly/model/spatial-pool.ts:
 *
 * (docs/int8-ops.md, QLinearGlobalAveragePool and QLinearAveragePool; MaxPool and Resize on 8-bit data)
 * - MaxPool: the max of the window cells inside the input (padding is never a candidate).
 * - com.microsoft QLinearAveragePool: per window, the f32 sum from 0, rows then columns, of
 *   xf = f(x_scale * (x - x_zp)) over the cells inside the input; avg = f(sum / count), count = f(kh * kw) with
 *   count_include_pad = 1 (also for a ceil_mode window reaching past the end padding, as onnxruntime counts it),
 *   else the cells inside; y = clamp(RNE(f(f(avg / y_scale) + y_zp)), lo, hi). i8conv:QLinearAveragePool (int8):
 *   the same with its uint8 twin's rounding, y = clamp(RNE(f(f(avg / y_scale) + (y_zp + 128))), 0, 255) - 128.
 * - com.microsoft QLinearGlobalAveragePool: acc = sum(x) - x_zp * S (int32, S = H * W),
 *   scale = f(x_scale / f(y_scale * S)), y = clamp(RNE(f(f(acc) * scale)) + y_zp, lo, hi); output [N, C, 1, 1]
 *   (its bytes are the same in both layouts).
 *
 * Window geometry (poolWindow2d; ONNX's MaxPool / AveragePool): kernel_shape, strides (1), dilations (1; MaxPool
 * only), pads [top, left, bottom, right] (0) or auto_pad, ceil_mode. With dk = (k - 1) * dilation + 1 per axis:
 * NOTSET / VALID (pads 0): O = floor((D + begin + end - dk) / s) + 1, or ceil(...) + 1 with ceil_mode, less one
 * when that last window would start at or past D + begin; SAME_UPPER / SAME_LOWER: O = ceil(D / s), total pad
 * (O - 1) * s + dk - D (negative when the stride exceeds the window: the window then starts inside the input),
 * begin = trunc(total / 2) (UPPER) or trunc((total + 1) / 2) (LOWER). Output o covers o * s - begin + j * dilation.
 *
 * Refused (I8ConvError 'UNSUPPORTED_OP', naming the node): rank other than 4 (1-D or 3-D pooling), an empty window
 * (no cell inside the input: only pads >= the kernel or dilations make one), an axis whose pads, window (k *
 * dilation), input and stride add up to 2^31 or more (the kernels' positions are i32), QLinear* with channels_last = 1,
 * QLinearGlobalAveragePool of 2^24 or more cells or a scale outside [2^-32, 256) (onnxruntime refuses those too),
 * attributes other than those above (MaxPool's storage_order is accepted: it only orders the Indices output, which
 * these kernels do not make — the executor must refuse a MaxPool whose second output is used).
 */
import type { Attribute } from '../../graph/ir.js';
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, ModelKernel, QType } from '../types.js';
import {
  BlockKernel,
  LAYOUT_CODE,
  checkScale,
  checkTensor4,
  checkZeroPoint,
  refuse,
  splitPlanes,
  writeCtx,
} from './spatial-common.js';
import { POOL_CTX } from './ctx.generated.js';
import type { Lower } from '../../executor/step.js';
import { unsupported } from '../../executor/step.js';
import { attrInt } from '../../graph/attrs.js';
import { c4, follow, is8, kernelLowering, scalarConst } from './lower-common.js';

/** ONNX pooling attributes (camelCase), as a node carries them. */
export interface PoolAttributes {
  /** [kh, kw] (required) */
  kernelShape: readonly number[];
  /** [sh, sw], default [1, 1] */
  strides?: readonly number[];
  /** [top, left, bottom, right], default 0; not with autoPad other than NOTSET */
  pads?: readonly number[];
  /** [dh, dw], default [1, 1] (MaxPool only) */
  dilations?: readonly number[];
  /** 0 (default) or 1 */
  ceilMode?: number;
  /** 'NOTSET' (default), 'VALID', 'SAME_UPPER', 'SAME_LOWER' */
  autoPad?: string;
}

/** The window geometry of a 2-D pool (poolWindow2d): per axis [h, w]. */
export interface PoolWindow2d {
  kernel: [number, number];
  strides: [number, number];
  dilations: [number, number];
  /** [top, left]: may be negative with SAME_* and a stride larger than the window */
  padBegin: [number, number];
  padEnd: [number, number];
  out: [number, number];
}

const isInts = (v: unknown, n: number, min: number): v is number[] =>
  Array.isArray(v) && v.length === n && v.every((x) => Number.isInteger(x) && x >= min);

/** The window geometry of a 2-D pool over an H x W input (see the header); throws I8ConvError for what it refuses. */
export function poolWindow2d(
  op: string,
  node: string | undefined,
  h: number,
  w: number,
  a: PoolAttributes,
  allowDilations: boolean,
): PoolWindow2d {
  if (!isInts(a.kernelShape, 2, 1))
    refuse(
      op,
      node,
      'kernel_shape',
      `kernel_shape must be 2 integers >= 1 (2-D pooling), got [${String(a.kernelShape)}]`,
    );
  const strides = a.strides ?? [1, 1];
  const dil = a.dilations ?? [1, 1];
  if (!isInts(strides, 2, 1)) refuse(op, node, 'strides', `strides must be 2 integers >= 1, got [${String(strides)}]`);
  if (!isInts(dil, 2, 1)) refuse(op, node, 'dilations', `dilations must be 2 integers >= 1, got [${String(dil)}]`);
  if (!allowDilations && (dil[0] !== 1 || dil[1] !== 1))
    refuse(op, node, 'dilations', `${op} takes no dilations, got [${dil.join(', ')}]`);
  const ceil = a.ceilMode ?? 0;
  if (ceil !== 0 && ceil !== 1) refuse(op, node, 'ceil_mode', `ceil_mode must be 0 or 1, got ${String(ceil)}`);
  const autoPad = a.autoPad ?? 'NOTSET';
  if (!['NOTSET', 'VALID', 'SAME_UPPER', 'SAME_LOWER'].includes(autoPad))
    refuse(op, node, 'auto_pad', `auto_pad ${String(autoPad)} is not one of NOTSET, VALID, SAME_UPPER, SAME_LOWER`);
  if (a.pads !== undefined) {
    if (autoPad !== 'NOTSET') refuse(op, node, 'pads', `pads given with auto_pad ${autoPad}`);
    if (!isInts(a.pads, 4, 0))
      refuse(op, node, 'pads', `pads must be 4 integers >= 0 [top, left, bottom, right], got [${String(a.pads)}]`);
  }
  const pads = a.pads ?? [0, 0, 0, 0];
  const dims = [h, w];
  const g: PoolWindow2d = {
    kernel: [a.kernelShape[0], a.kernelShape[1]],
    strides: [strides[0], strides[1]],
    dilations: [dil[0], dil[1]],
    padBegin: [0, 0],
    padEnd: [0, 0],
    out: [0, 0],
  };
  for (let i = 0; i < 2; i++) {
    const d = dims[i],
      k = g.kernel[i],
      s = g.strides[i];
    const dk = (k - 1) * g.dilations[i] + 1;
    let o: number;
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      o = Math.ceil(d / s);
      const total = (o - 1) * s + dk - d;
      g.padBegin[i] = Math.trunc(autoPad === 'SAME_UPPER' ? total / 2 : (total + 1) / 2);
      g.padEnd[i] = total - g.padBegin[i];
    } else {
      g.padBegin[i] = pads[i];
      g.padEnd[i] = pads[2 + i];
      const span = d + g.padBegin[i] + g.padEnd[i] - dk;
      if (span < 0)
        refuse(
          op,
          node,
          'kernel_shape',
          `the window (${dk} cells along axis ${i + 2}) is larger than the padded input (${d + g.padBegin[i] + g.padEnd[i]})`,
          'BAD_SHAPE',
        );
      o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
      if (ceil && (o - 1) * s >= d + g.padBegin[i]) o--;
    }
    g.out[i] = o;
    // the kernels compute window positions in i32: every position they form (start + j * dilation, a padded extent,
    // their ceilings) stays below this bound (assembly/model/spatial-pool.ts, tapBegin / tapEnd)
    const reach = Math.abs(g.padBegin[i]) + d + Math.abs(g.padEnd[i]) + k * g.dilations[i] + s;
    if (!(reach < 2 ** 31))
      refuse(
        op,
        node,
        'kernel_shape',
        `pads, window (${k} x dilation ${g.dilations[i]}) and stride along axis ${i + 2} reach ${reach} cells: 2^31 or more`,
      );
    // every window must hold a cell of the input (onnxruntime's max would be the type's lowest value, its average 0/0):
    // its first tap at or past 0 (j = ceil(-start / dilation)) is a tap and lies before d
    for (let q = 0; q < o; q++) {
      const start = q * s - g.padBegin[i];
      const j = start >= 0 ? 0 : Math.ceil(-start / g.dilations[i]);
      if (!(j < k && start + j * g.dilations[i] < d))
        refuse(
          op,
          node,
          'pads',
          `output ${q} along axis ${i + 2} has a window with no cell inside the input (pads / dilations too large)`,
        );
    }
  }
  return g;
}

/** The float32 nearest to the integer a * b (ties to even), as C++ converts onnxruntime's int64 cell count. */
export function f32OfProduct(a: number, b: number): number {
  const p = a * b;
  if (p <= 2 ** 53) return Math.fround(p);
  // past 2^53 the double product may already be rounded: round the exact BigInt to 24 significant bits
  const n = BigInt(a) * BigInt(b);
  const shift = BigInt(n.toString(2).length - 24);
  let q = n >> shift;
  const rest = n - (q << shift);
  const half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q++;
  return Number(q) * 2 ** Number(shift);
}

/** Output columns [lo, hi) whose every window column is inside the input (the kernels' vector range). */
function interiorColumns(w: number, g: PoolWindow2d): [number, number] {
  const [, kw] = g.kernel;
  const inside = (ox: number) => {
    const x0 = ox * g.strides[1] - g.padBegin[1];
    return x0 >= 0 && x0 + (kw - 1) * g.dilations[1] <= w - 1;
  };
  let lo = 0;
  while (lo < g.out[1] && !inside(lo)) lo++;
  let hi = lo;
  while (hi < g.out[1] && inside(hi)) hi++;
  return [lo, hi];
}

/** Reads the pooling attributes of an ONNX node (IR attributes); throws UNSUPPORTED_OP for others. */
export function poolAttributesOf(
  op: string,
  node: string | undefined,
  attrs: ReadonlyMap<string, Attribute>,
): PoolAttributes & { countIncludePad: number } {
  const known =
    op === 'MaxPool'
      ? ['kernel_shape', 'strides', 'pads', 'dilations', 'ceil_mode', 'auto_pad', 'storage_order']
      : ['kernel_shape', 'strides', 'pads', 'ceil_mode', 'auto_pad', 'count_include_pad', 'channels_last'];
  for (const k of attrs.keys()) if (!known.includes(k)) refuse(op, node, k, `attribute ${k} is not supported`);
  const ints = (k: string): number[] | undefined => {
    const v = attrs.get(k);
    if (v === undefined) return undefined;
    if (v.kind !== 'ints') refuse(op, node, k, `attribute ${k} must be ints, got ${v.kind}`);
    return v.value;
  };
  const int = (k: string, def: number): number => {
    const v = attrs.get(k);
    if (v === undefined) return def;
    if (v.kind !== 'int') refuse(op, node, k, `attribute ${k} must be an int, got ${v.kind}`);
    return v.value;
  };
  const str = attrs.get('auto_pad');
  if (str !== undefined && str.kind !== 'string')
    refuse(op, node, 'auto_pad', `attribute auto_pad must be a string, got ${str.kind}`);
  if (int('channels_last', 0) !== 0)
    refuse(op, node, 'channels_last', 'channels_last = 1 (NHWC input) is not supported');
  return {
    kernelShape: ints('kernel_shape') ?? refuse(op, node, 'kernel_shape', 'attribute kernel_shape is required'),
    strides: ints('strides'),
    pads: ints('pads'),
    dilations: ints('dilations'),
    ceilMode: int('ceil_mode', 0),
    autoPad: str?.kind === 'string' ? str.value : undefined,
    countIncludePad: int('count_include_pad', 0),
  };
}

// ctx record of assembly/model/spatial-pool.ts: field indices, generated from tools/model-ctx.mjs
const C = POOL_CTX;
const CTX_BYTES = POOL_CTX.CTX_BYTES;

interface TensorParams {
  /** the node's name (for error messages) */
  node?: string;
  type: QType;
  layout: Layout;
  /** logical dims [N, C, H, W] of the input */
  dims: readonly number[];
}

export type MaxPoolParams = TensorParams & PoolAttributes;

export interface QLinearAveragePoolParams extends TensorParams, Omit<PoolAttributes, 'dilations'> {
  /** 0 (default) or 1 */
  countIncludePad?: number;
  xScale: number;
  xZeroPoint: number;
  yScale: number;
  yZeroPoint: number;
  /**
   * int8 only: round as onnxruntime's uint8 twin of the pool does (i8conv:QLinearAveragePool, the QDQ fusion's node
   * where onnxruntime rewrites both Q -> DQ pairs to uint8): y = clamp(RNE(f(f(avg / y_scale) + (y_zp + 128))), 0,
   * 255) - 128.
   */
  uint8Rounding?: boolean;
}

export interface QLinearGlobalAveragePoolParams extends TensorParams {
  xScale: number;
  xZeroPoint: number;
  yScale: number;
  yZeroPoint: number;
}

/** What the three pools share: the ctx record, its blocks, the dispatch over (n, plane group, row tile). */
abstract class PoolKernel extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  /** logical output dims [N, C, OH, OW] (in the input's layout) */
  readonly outDims: number[];

  protected constructor(
    core: WasmRuntimeCore,
    op: string,
    algo: string,
    fn: 'maxPoolTask' | 'qAvgPoolTask' | 'qGlobalAvgPoolTask',
    p: TensorParams,
    out: [number, number],
    fields: Record<number, number>,
    floats: Record<number, number>,
  ) {
    const [n, c, h, w] = checkTensor4(op, p.node, p.type, p.layout, p.dims);
    const b44 = p.layout === 'NCHW44';
    const planes = b44 ? c / 4 : c;
    const e = b44 ? 4 : 1;
    const global = fn === 'qGlobalAvgPoolTask';
    // the global pool's work is reading its input: split by input bytes
    const split = global ? splitPlanes(planes, 1, h * w * e) : splitPlanes(planes, out[0], out[1] * e);
    super(core, op);
    this.outDims = [n, c, out[0], out[1]];
    this.algorithm = `${algo}-${b44 ? 'nchw44' : 'nchw'}`;
    this.ctx = this.blocks.alloc(CTX_BYTES);
    writeCtx(
      core,
      this.ctx,
      {
        [C.LAYOUT]: LAYOUT_CODE[p.layout],
        [C.SIGNED]: p.type === 'int8' ? 1 : 0,
        [C.PLANES]: planes,
        [C.IH]: h,
        [C.IW]: w,
        [C.OH]: out[0],
        [C.OW]: out[1],
        [C.PPT]: split.perTask,
        [C.ROWS]: split.rowsPerTask,
        ...fields,
      },
      floats,
    );
    this.dispatch = [
      {
        fn,
        range: [n, split.groups, global ? 1 : split.tiles],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }],
      },
    ];
  }
}

function windowFields(w: number, g: PoolWindow2d): Record<number, number> {
  const [ox0, ox1] = interiorColumns(w, g);
  return {
    [C.KH]: g.kernel[0],
    [C.KW]: g.kernel[1],
    [C.SH]: g.strides[0],
    [C.SW]: g.strides[1],
    [C.DH]: g.dilations[0],
    [C.DW]: g.dilations[1],
    [C.PT]: g.padBegin[0],
    [C.PL]: g.padBegin[1],
    [C.OX0]: ox0,
    [C.OX1]: ox1,
  };
}

/** MaxPool on 8-bit data (see the header). Input: src; output: dst, outDims in the same layout. */
export class MaxPool extends PoolKernel {
  readonly window: PoolWindow2d;
  constructor(core: WasmRuntimeCore, p: MaxPoolParams) {
    const [, , h, w] = checkTensor4('MaxPool', p.node, p.type, p.layout, p.dims);
    const g = poolWindow2d('MaxPool', p.node, h, w, p, true);
    super(core, 'MaxPool', 'maxpool', 'maxPoolTask', p, g.out, windowFields(w, g), {});
    this.window = g;
  }
}

/** com.microsoft QLinearAveragePool (see the header). */
export class QLinearAveragePool extends PoolKernel {
  readonly window: PoolWindow2d;
  constructor(core: WasmRuntimeCore, p: QLinearAveragePoolParams) {
    const op = 'QLinearAveragePool';
    const [, , h, w] = checkTensor4(op, p.node, p.type, p.layout, p.dims);
    if ('dilations' in p && (p as PoolAttributes).dilations !== undefined)
      refuse(op, p.node, 'dilations', 'QLinearAveragePool takes no dilations');
    const g = poolWindow2d(op, p.node, h, w, p, false);
    const cip = p.countIncludePad ?? 0;
    if (cip !== 0 && cip !== 1)
      refuse(op, p.node, 'count_include_pad', `count_include_pad must be 0 or 1, got ${String(cip)}`);
    const xs = checkScale(op, p.node, 'x_scale', p.xScale);
    const ys = checkScale(op, p.node, 'y_scale', p.yScale);
    const xz = checkZeroPoint(op, p.node, 'x_zero_point', p.type, p.xZeroPoint);
    const yz = checkZeroPoint(op, p.node, 'y_zero_point', p.type, p.yZeroPoint);
    if (p.uint8Rounding && p.type !== 'int8')
      refuse(op, p.node, 'uint8Rounding', `uint8 rounding is for int8 data, got ${p.type}`, 'INVALID_PARAM');
    super(
      core,
      op,
      'qavgpool',
      'qAvgPoolTask',
      p,
      g.out,
      {
        ...windowFields(w, g),
        [C.INCLUDEPAD]: cip,
        [C.XZP]: xz,
        [C.YZP]: yz,
        [C.YSHIFT]: p.uint8Rounding ? 128 : 0,
      },
      // the divisor with count_include_pad: the kernel's cell count in f32, as onnxruntime converts its int64 product
      { [C.F_XSCALE]: xs, [C.F_YSCALE]: ys, [C.F_KCOUNT]: f32OfProduct(g.kernel[0], g.kernel[1]) },
    );
    this.window = g;
  }
}

/** com.microsoft QLinearGlobalAveragePool (see the header): output dims [N, C, 1, 1]. */
export class QLinearGlobalAveragePool extends PoolKernel {
  /** f(x_scale / f(y_scale * H * W)) */
  readonly scale: number;
  constructor(core: WasmRuntimeCore, p: QLinearGlobalAveragePoolParams) {
    const op = 'QLinearGlobalAveragePool';
    const [, , h, w] = checkTensor4(op, p.node, p.type, p.layout, p.dims);
    const xs = checkScale(op, p.node, 'x_scale', p.xScale);
    const ys = checkScale(op, p.node, 'y_scale', p.yScale);
    const xz = checkZeroPoint(op, p.node, 'x_zero_point', p.type, p.xZeroPoint);
    const yz = checkZeroPoint(op, p.node, 'y_zero_point', p.type, p.yZeroPoint);
    const size = h * w;
    if (size >= 2 ** 24) refuse(op, p.node, 'dims', `an image of ${size} cells: 2^24 or more (onnxruntime refuses it)`);
    const scale = Math.fround(xs / Math.fround(ys * size));
    if (!(scale >= 2 ** -32 && scale < 256))
      refuse(
        op,
        p.node,
        'x_scale',
        `x_scale / (y_scale * ${size}) = ${scale} is outside [2^-32, 256) (onnxruntime refuses it)`,
      );
    super(
      core,
      op,
      'qglobalavgpool',
      'qGlobalAvgPoolTask',
      p,
      [1, 1],
      { [C.XZP]: xz, [C.YZP]: yz },
      { [C.F_GSCALE]: scale },
    );
    this.scale = scale;
  }
}

// ---- lowering (the operator table's int8 implementations of the pools) -------------------------------------------

/** MaxPool of a 4-D 8-bit tensor, the values output only. */
export const lowerMaxPool: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!;
  if (!is8(x.type) || x.dims.length !== 4 || node.outputs.filter((o) => o !== '').length > 1) return undefined;
  const a = poolAttributesOf('MaxPool', node.name, node.attributes);
  if (attrInt(node, 'storage_order', 0) !== 0) unsupported(node, 'storage_order 1');
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    follow(c4(x)),
    (env, layout) => new MaxPool(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...a }),
  );
};

/** com.microsoft QLinearAveragePool and QLinearGlobalAveragePool: 4-D 8-bit NCHW, per-tensor parameters. */
export const lowerQLinearAveragePool: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!;
  if (!is8(x.type) || x.dims.length !== 4) unsupported(node, `a ${x.dims.length}-D ${x.type} input (4-D 8-bit only)`);
  if (attrInt(node, 'channels_last', 0) !== 0) unsupported(node, 'channels_last = 1');
  const sc = [1, 2, 3, 4].map((k) => scalarConst(node, values, k, `input ${k}`, k === 2 || k === 4 ? 0 : undefined));
  if (sc.some(Number.isNaN)) unsupported(node, 'per-axis scales');
  const q = { xScale: sc[0], xZeroPoint: sc[1], yScale: sc[2], yZeroPoint: sc[3] };
  if (node.opType === 'QLinearGlobalAveragePool') {
    return kernelLowering(
      node,
      name,
      [node.inputs[0]],
      follow(c4(x)),
      (env, layout) =>
        new QLinearGlobalAveragePool(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...q }),
    );
  }
  const a = poolAttributesOf('QLinearAveragePool', node.name, node.attributes);
  // i8conv:QLinearAveragePool: int8 data rounded as its uint8 twin
  const uint8Rounding = node.domain === 'i8conv';
  if (uint8Rounding && x.type !== 'int8') unsupported(node, `a ${x.type} input (int8 only)`);
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    follow(c4(x)),
    (env, layout) =>
      new QLinearAveragePool(env.core, {
        node: node.name,
        type: x.type as QType,
        layout,
        dims: x.dims,
        ...a,
        ...q,
        uint8Rounding,
      }),
  );
};
