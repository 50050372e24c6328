/**
 * Resize of 8-bit 4-D tensors [N, C, H, W] (NCHW or NCHW44) on H and W, as onnxruntime computes it (docs/int8-ops.md,
 * MaxPool and Resize on 8-bit data), for the model executor. The index and weight tables are computed here once,
 * every f32 step rounded with Math.fround as onnxruntime's float code rounds it; assembly/model/spatial-resize.ts
 * gathers and blends.
 *
 * Output dims: sizes[i], or floor(f(scales[i] * D_i)); with sizes, scale_i = f(sizes[i] / D_i). N and C must keep
 * their extent (scale 1). Output coordinate o maps to input coordinate c (coordinate_transformation_mode, f32):
 *   half_pixel           f(f(f(o + 0.5) / s) - 0.5)
 *   pytorch_half_pixel   the same when the output extent is > 1, else 0
 *   align_corners        f(f(o * (D - 1)) / (O - 1)), 0 when O = 1
 *   asymmetric           f(o / s)
 *   tf_half_pixel_for_nn f(f(o + 0.5) / s)
 * - nearest: the input index is round_prefer_floor (halves down) / round_prefer_ceil (halves up) / floor / ceil of
 *   c, clamped to [0, D - 1]; opset 10 (asymmetric) takes onnxruntime's "simple" index: ceil(c) on an axis of scale
 *   < 1, trunc(c) otherwise. An axis of scale 1 and unchanged extent is copied as it is (onnxruntime skips it).
 * - linear: c clamped to [0, D - 1], i1 = trunc(c), i2 = min(i1 + 1, D - 1), d1 = f(|c - i1|), d2 = f(|c - i2|)
 *   (both 0.5 when i1 = i2); y = (T) of the left-to-right f32 sum of f(f(dx2 * dy2) * X11), f(f(dx1 * dy2) * X21),
 *   f(f(dx2 * dy1) * X12), f(f(dx1 * dy1) * X22), X21 = x[y1][x2], X12 = x[y2][x1]; (T) truncates toward zero.
 *
 * Refused (I8ConvError 'UNSUPPORTED_OP', naming the node): mode cubic, tf_crop_and_resize, antialias,
 * exclude_outside, keep_aspect_ratio_policy other than stretch, axes, scales on N or C other than 1 (sizes other
 * than N, C there), ranks other than 4, an empty output.
 */
import type { Attribute } from '../../graph/ir.js';
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, ModelKernel, QType } from '../types.js';
import { BlockKernel, LAYOUT_CODE, checkTensor4, refuse, splitPlanes, writeCtx } from './spatial-common.js';
import { RESIZE_CTX } from './ctx.generated.js';
import { checkTable } from '../../numerics/tables.js';
import type { Lower } from '../../executor/step.js';
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import { unsupported } from '../../executor/step.js';
import { numbersOf } from '../../graph/attrs.js';
import { c4, follow, is8, kernelLowering, outputTable, ownAttributes } from './lower-common.js';

const f = Math.fround;

export type ResizeMode = 'nearest' | 'linear';
export type CoordinateMode =
  | 'half_pixel'
  | 'pytorch_half_pixel'
  | 'align_corners'
  | 'asymmetric'
  | 'tf_half_pixel_for_nn';
export type NearestMode = 'round_prefer_floor' | 'round_prefer_ceil' | 'floor' | 'ceil';

export interface ResizeAttributes {
  /** 'nearest' (default) or 'linear' */
  mode?: string;
  /** default 'half_pixel' (opset 10: asymmetric, whatever is given) */
  coordinateTransformationMode?: string;
  /** default 'round_prefer_floor' (opset 10: onnxruntime's "simple") */
  nearestMode?: string;
  /** these four are refused unless at their defaults (0, 0, 'stretch', absent) */
  antialias?: number;
  excludeOutside?: number;
  keepAspectRatioPolicy?: string;
  axes?: readonly number[];
  /** accepted and unused (cubic only / tf_crop_and_resize only) */
  cubicCoeffA?: number;
  extrapolationValue?: number;
}

export interface ResizeParams extends ResizeAttributes {
  node?: string;
  type: QType;
  layout: Layout;
  /** logical input dims [N, C, H, W] */
  dims: readonly number[];
  /** 4 scales (the node's constant scales input), or */
  scales?: readonly number[];
  /** 4 output dims (the node's constant sizes input): exactly one of scales and sizes */
  sizes?: readonly number[];
  /** the model's default-domain opset (default 11; below 11: Resize-10 semantics) */
  opset?: number;
  /** 256 bytes: every output byte is looked up in it (a look-up step fused into the resize: y = table[resize(x)]) */
  table?: ArrayLike<number>;
}

/** Reads a Resize node's attributes (IR attributes); throws UNSUPPORTED_OP for unknown ones. */
export function resizeAttributesOf(node: string | undefined, attrs: ReadonlyMap<string, Attribute>): ResizeAttributes {
  const op = 'Resize';
  const names: Record<string, [keyof ResizeAttributes, Attribute['kind']]> = {
    mode: ['mode', 'string'],
    coordinate_transformation_mode: ['coordinateTransformationMode', 'string'],
    nearest_mode: ['nearestMode', 'string'],
    antialias: ['antialias', 'int'],
    exclude_outside: ['excludeOutside', 'int'],
    keep_aspect_ratio_policy: ['keepAspectRatioPolicy', 'string'],
    axes: ['axes', 'ints'],
    cubic_coeff_a: ['cubicCoeffA', 'float'],
    extrapolation_value: ['extrapolationValue', 'float'],
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of attrs) {
    const m = names[k];
    if (!m) refuse(op, node, k, `attribute ${k} is not supported`);
    if (v.kind !== m[1]) refuse(op, node, k, `attribute ${k} must be ${m[1]}, got ${v.kind}`);
    out[m[0]] = (v as { value: unknown }).value;
  }
  return out as ResizeAttributes;
}

interface AxisMap {
  /** input index per output position (nearest: i1 only) */
  i1: Int32Array;
  i2: Int32Array;
  d1: Float32Array;
  d2: Float32Array;
}

/** The coordinate of output o on an axis: input extent d, output extent len, scale s (see the header). */
function coordinate(ctm: CoordinateMode, o: number, s: number, d: number, len: number): number {
  switch (ctm) {
    case 'half_pixel':
      return f(f(f(o + 0.5) / s) - 0.5);
    case 'pytorch_half_pixel':
      return len > 1 ? f(f(f(o + 0.5) / s) - 0.5) : 0;
    case 'align_corners':
      return len === 1 ? 0 : f(f(o * (d - 1)) / (len - 1));
    case 'asymmetric':
      return f(o / s);
    case 'tf_half_pixel_for_nn':
      return f(f(o + 0.5) / s);
  }
}

function nearestIndex(mode: NearestMode | 'simple', c: number, s: number): number {
  const half = c === Math.floor(c) + 0.5;
  switch (mode) {
    case 'simple':
      return s < 1 ? Math.ceil(c) : Math.trunc(c);
    case 'round_prefer_floor':
      return half ? Math.floor(c) : Math.round(c);
    case 'round_prefer_ceil':
      return half ? Math.ceil(c) : Math.round(c);
    case 'floor':
      return Math.floor(c);
    case 'ceil':
      return Math.ceil(c);
  }
}

function axisMap(
  linear: boolean,
  ctm: CoordinateMode,
  nm: NearestMode | 'simple',
  s: number,
  d: number,
  len: number,
): AxisMap {
  const m: AxisMap = {
    i1: new Int32Array(len),
    i2: new Int32Array(len),
    d1: new Float32Array(len),
    d2: new Float32Array(len),
  };
  for (let o = 0; o < len; o++) {
    if (!linear) {
      const i =
        s === 1 && len === d ? o : Math.min(Math.max(nearestIndex(nm, coordinate(ctm, o, s, d, len), s), 0), d - 1);
      m.i1[o] = m.i2[o] = i;
      continue;
    }
    const c = Math.max(0, Math.min(coordinate(ctm, o, s, d, len), d - 1));
    const i1 = Math.min(Math.trunc(c), d - 1);
    const i2 = Math.min(i1 + 1, d - 1);
    m.i1[o] = i1;
    m.i2[o] = i2;
    if (i1 === i2) {
      m.d1[o] = 0.5;
      m.d2[o] = 0.5;
    } else {
      m.d1[o] = f(Math.abs(f(c - i1)));
      m.d2[o] = f(Math.abs(f(c - i2)));
    }
  }
  return m;
}

// ctx record of assembly/model/spatial-resize.ts: field indices, generated from tools/model-ctx.mjs
const C = RESIZE_CTX;
const CTX_BYTES = RESIZE_CTX.CTX_BYTES;
const GRP_BYTES = 48;

const CTMS: readonly string[] = [
  'half_pixel',
  'pytorch_half_pixel',
  'align_corners',
  'asymmetric',
  'tf_half_pixel_for_nn',
];
const NEAREST: readonly string[] = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

/** Resize (see the header). Input: src; output: dst, outDims in the same layout. */
export class Resize extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  /** logical output dims [N, C, OH, OW] */
  readonly outDims: number[];
  /** the scales of H and W (f32), as the tables use them */
  readonly scales: [number, number];

  constructor(core: WasmRuntimeCore, p: ResizeParams) {
    const op = 'Resize';
    const node = p.node;
    const [n, c, h, w] = checkTensor4(op, node, p.type, p.layout, p.dims);
    const opset = p.opset ?? 11;
    const v10 = opset < 11;
    const mode = p.mode ?? 'nearest';
    if (mode !== 'nearest' && mode !== 'linear')
      refuse(op, node, 'mode', `mode ${mode} is not supported (nearest and linear are)`);
    const ctm = v10 ? 'asymmetric' : (p.coordinateTransformationMode ?? 'half_pixel');
    if (!CTMS.includes(ctm))
      refuse(op, node, 'coordinate_transformation_mode', `coordinate_transformation_mode ${ctm} is not supported`);
    if (mode === 'linear' && ctm === 'tf_half_pixel_for_nn')
      refuse(op, node, 'coordinate_transformation_mode', 'tf_half_pixel_for_nn is for nearest mode only');
    const nm = v10 ? 'simple' : (p.nearestMode ?? 'round_prefer_floor');
    if (nm !== 'simple' && !NEAREST.includes(nm))
      refuse(op, node, 'nearest_mode', `nearest_mode ${nm} is not supported`);
    if ((p.antialias ?? 0) !== 0) refuse(op, node, 'antialias', 'antialias is not supported');
    if ((p.excludeOutside ?? 0) !== 0) refuse(op, node, 'exclude_outside', 'exclude_outside is not supported');
    if ((p.keepAspectRatioPolicy ?? 'stretch') !== 'stretch')
      refuse(
        op,
        node,
        'keep_aspect_ratio_policy',
        `keep_aspect_ratio_policy ${p.keepAspectRatioPolicy} is not supported`,
      );
    if (p.axes !== undefined) refuse(op, node, 'axes', 'the axes attribute is not supported');
    if ((p.scales === undefined) === (p.sizes === undefined))
      refuse(op, node, 'scales', 'exactly one of scales and sizes must be given', 'INVALID_PARAM');
    const dims = [n, c, h, w];
    let scales: number[];
    let out: number[];
    if (p.scales !== undefined) {
      if (p.scales.length !== 4 || p.scales.some((s) => typeof s !== 'number' || !(f(s) > 0) || !Number.isFinite(s)))
        refuse(op, node, 'scales', `scales must be 4 finite positive numbers, got [${String(p.scales)}]`);
      scales = p.scales.map(f);
      out = dims.map((d, i) => Math.floor(f(scales[i] * d)));
    } else {
      if (p.sizes!.length !== 4 || p.sizes!.some((s) => !Number.isInteger(s) || s < 0))
        refuse(op, node, 'sizes', `sizes must be 4 integers >= 0, got [${String(p.sizes)}]`);
      out = [...p.sizes!];
      scales = out.map((o, i) => f(o / dims[i]));
    }
    if (out[0] !== n || out[1] !== c || scales[0] !== 1 || scales[1] !== 1)
      refuse(
        op,
        node,
        'scales',
        `resizes N or C (output [${out.join(', ')}] from [${dims.join(', ')}]): only H and W are supported`,
      );
    if (out[2] < 1 || out[3] < 1) refuse(op, node, 'scales', `an empty output [${out.join(', ')}]`);
    if (out.reduce((a, b) => a * b, 1) > 2 ** 31 - 1)
      refuse(op, node, 'scales', `an output of dims [${out.join(', ')}] exceeds 2^31 - 1 elements`, 'TOO_LARGE');
    const [oh, ow] = [out[2], out[3]];
    const linear = mode === 'linear';
    const ym = axisMap(linear, ctm as CoordinateMode, nm as NearestMode, scales[2], h, oh);
    const xm = axisMap(linear, ctm as CoordinateMode, nm as NearestMode, scales[3], w, ow);

    const b44 = p.layout === 'NCHW44';
    const e = b44 ? 4 : 1;
    const planes = b44 ? c / 4 : c;
    const split = splitPlanes(planes, oh, ow * e);
    super(core, op);
    this.outDims = out;
    this.scales = [scales[2], scales[3]];
    this.algorithm = `resize-${mode}-${b44 ? 'nchw44' : 'nchw'}${p.table ? '+lut' : ''}`;
    try {
      this.ctx = this.blocks.alloc(CTX_BYTES);
      const owp = Math.ceil(ow / 16) * 16;
      let table = 0;
      if (p.table) {
        table = this.blocks.alloc(256);
        core.u8().set(checkTable(p.table), table);
      }
      const ytab = this.blocks.alloc(oh * 16);
      const yw = linear ? this.blocks.alloc(oh * 16) : 0;
      const xtab = this.blocks.alloc(ow * 8);
      const xw = linear ? this.blocks.alloc(b44 ? ow * 16 : owp * 8) : 0;
      const grp = b44 ? 0 : this.blocks.alloc((owp / 16) * GRP_BYTES);
      const i32 = core.i32(),
        f32 = core.f32(),
        u8 = core.u8();
      for (let oy = 0; oy < oh; oy++) {
        const q = ytab >> 2;
        i32[q + 4 * oy] = ym.i1[oy];
        i32[q + 4 * oy + 1] = ym.i2[oy];
        const same =
          oy > 0 &&
          ym.i1[oy] === ym.i1[oy - 1] &&
          ym.i2[oy] === ym.i2[oy - 1] &&
          ym.d1[oy] === ym.d1[oy - 1] &&
          ym.d2[oy] === ym.d2[oy - 1];
        i32[q + 4 * oy + 2] = same ? 1 : 0;
        if (linear) f32.set([ym.d2[oy], ym.d2[oy], ym.d1[oy], ym.d1[oy]], (yw >> 2) + 4 * oy);
      }
      for (let ox = 0; ox < ow; ox++) {
        i32[(xtab >> 2) + 2 * ox] = xm.i1[ox];
        i32[(xtab >> 2) + 2 * ox + 1] = xm.i2[ox];
        if (!linear) continue;
        if (b44) f32.set([xm.d2[ox], xm.d1[ox], xm.d2[ox], xm.d1[ox]], (xw >> 2) + 4 * ox);
        else {
          f32[(xw >> 2) + ox] = xm.d1[ox];
          f32[(xw >> 2) + owp + ox] = xm.d2[ox];
        }
      }
      for (let g = 0; grp && g < owp / 16; g++) {
        // one 16-byte load at column base holds the group's sources when its last x2 is below base + 16
        const first = 16 * g;
        const last = Math.min(ow, first + 16) - 1;
        const base = xm.i1[first];
        const q = grp + g * GRP_BYTES;
        i32[q >> 2] = base;
        i32[(q >> 2) + 1] = xm.i2[last] - base < 16 ? 1 : 0;
        for (let k = 0; first + k <= last; k++) {
          u8[q + 16 + k] = Math.min(15, xm.i1[first + k] - base);
          u8[q + 32 + k] = Math.min(15, xm.i2[first + k] - base);
        }
      }
      writeCtx(core, this.ctx, {
        [C.LAYOUT]: LAYOUT_CODE[p.layout],
        [C.SIGNED]: p.type === 'int8' ? 1 : 0,
        [C.PLANES]: planes,
        [C.IH]: h,
        [C.IW]: w,
        [C.OH]: oh,
        [C.OW]: ow,
        [C.PPT]: split.perTask,
        [C.ROWS]: split.rowsPerTask,
        [C.LINEAR]: linear ? 1 : 0,
        [C.YTAB]: ytab,
        [C.YW]: yw,
        [C.XTAB]: xtab,
        [C.XW]: xw,
        [C.GRP]: grp,
        [C.OWP]: owp,
        [C.SRCBYTES]: n * c * h * w,
        [C.TABLE]: table,
      });
    } catch (err) {
      this.blocks.release();
      throw err;
    }
    this.dispatch = [
      {
        fn: 'resizeTask',
        range: [n, split.groups, split.tiles],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }],
      },
    ];
  }
}

// ---- lowering (the operator table's int8 implementation of Resize) -----------------------------------------------

/** Whether a node is a Resize the 8-bit kernel runs, so that a look-up after it can be applied to its rows. */
export function resizeTakesOutputTable(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  return node.domain === '' && node.opType === 'Resize' && resizeKernelTakes(node, values);
}

/**
 * Whether the kernel runs a Resize node of opset 11+ (the TypeScript operator, src/model/backends/host/resize.ts, runs
 * the others): 8-bit 4-D data, constant scales or sizes on H and W only, modes nearest and linear, the coordinate
 * and nearest modes of the header, the opset 18 attributes at their defaults, an output of at least one row and
 * column, and not the input's dims from scales other than 1 (onnxruntime copies the input then).
 */
export function resizeKernelTakes(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  const x = values.get(node.inputs[0]);
  if (!x || !is8(x.type) || x.dims.length !== 4) return false;
  const attr = (k: string) => node.attributes.get(k);
  const str = (k: string, d: string) => {
    const a = attr(k);
    return a?.kind === 'string' ? a.value : d;
  };
  const int = (k: string) => {
    const a = attr(k);
    return a?.kind === 'int' ? a.value : 0;
  };
  const mode = str('mode', 'nearest'),
    ctm = str('coordinate_transformation_mode', 'half_pixel');
  if ((mode !== 'nearest' && mode !== 'linear') || !CTMS.includes(ctm)) return false;
  if ((mode === 'linear' && ctm === 'tf_half_pixel_for_nn') || !NEAREST.includes(str('nearest_mode', NEAREST[0])))
    return false;
  if (int('antialias') || int('exclude_outside') || str('keep_aspect_ratio_policy', 'stretch') !== 'stretch')
    return false;
  if (attr('axes')) return false;
  const cst = (k: number): number[] | undefined => {
    const v = node.inputs[k] ? values.get(node.inputs[k]) : undefined;
    return v?.constant?.data.length ? numbersOf(v.constant) : undefined;
  };
  const scales = cst(2),
    sizes = cst(3);
  if (!scales === !sizes) return false;
  const out = sizes ?? x.dims.map((d, i) => Math.floor(f(f(scales![i]) * d)));
  const s = scales ? scales.map(f) : out.map((o, i) => f(o / x.dims[i]));
  if (s.length !== 4 || out.length !== 4 || s[0] !== 1 || s[1] !== 1 || out[0] !== x.dims[0] || out[1] !== x.dims[1])
    return false;
  if (!(out[2] >= 1 && out[3] >= 1)) return false;
  return !(out.every((o, i) => o === x.dims[i]) && s.some((v) => v !== 1));
}

/**
 * Resize of a 4-D 8-bit tensor with constant scales or sizes; its i8conv form (a look-up folded into it by
 * src/model/graph/passes/fuse-output-tables.ts) applies its `output_table` to each computed row.
 */
export const lowerResize: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!,
    out = values.get(node.outputs[0]);
  if (!is8(x.type) || x.dims.length !== 4) return undefined;
  if (node.domain === '' && !resizeKernelTakes(node, values)) return undefined;
  const attrs = resizeAttributesOf(node.name, ownAttributes(node));
  const cst = (k: number): number[] | undefined => {
    const n = node.inputs[k];
    if (!n) return undefined;
    const v = values.get(n);
    if (!v?.constant) unsupported(node, `input ${k} must be a constant`);
    return v.constant.data.length ? numbersOf(v.constant) : undefined;
  };
  const scales = cst(2),
    sizes = cst(3);
  const opset = 13;
  const table = outputTable(node);
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    follow(c4(x) && c4(out!)),
    (env, layout) =>
      new Resize(env.core, {
        node: node.name,
        type: x.type as QType,
        layout,
        dims: x.dims,
        ...attrs,
        ...(sizes ? { sizes } : { scales }),
        opset: env.opset('') || opset,
        table,
      }),
  );
};
