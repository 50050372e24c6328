/**
 * Float32 Resize (opset 10+) and Upsample (opsets 7 to 9) of 4-D tensors [N, C, H, W] on H and W, NCHW or NCHW44
 * ([N][C/4][H][W][4]), run by resizeF32Task (assembly/model/spatial-resize-f32.ts), for the model executor. The
 * TypeScript operator (../host/resize.ts) reads the node (resizeSpec / upsampleSpec) and computes every input index and
 * weight (nearestAxis, linearAxis); the kernel gathers and blends with the same f32 operations in the same order, so
 * the bits equal the TypeScript operator's (test/model-float-resize.test.ts):
 * - nearest (every nearest_mode, "simple" before opset 11): y[oy][ox] = x[y1][x1];
 * - linear (bilinear on H and W): y = the left-to-right f32 sum of f(f(dx2 dy2) X11), f(f(dx1 dy2) X21),
 *   f(f(dx2 dy1) X12), f(f(dx1 dy1) X22);
 * - every coordinate_transformation_mode, scales or sizes, keep_aspect_ratio_policy and axes naming H and W;
 *   tf_crop_and_resize where the outputs inside the input are one run of rows and one run of columns (coordinates
 *   are monotonic in the output index, so always), the others the extrapolation value;
 * - an output of the input's dims is the input (the TypeScript operator copies it, whatever the mode): identity
 *   tables.
 * The layout planner runs the kernel in NCHW44 where its input is (rule 'follow'), so the float values between two
 * NCHW44 steps are not relaid out, and a Concat that runs the Resize into its output (fuse-concat-feeders) can stay
 * NCHW44.
 *
 * Refused (I8ConvError 'UNSUPPORTED_OP', naming the node; the TypeScript operator then runs it): another element type
 * or rank, cubic, antialias, a resize of N or C, bilinear on other axes (NHWC data), an empty output, a tensor of
 * 2^31 bytes or more.
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { HostOpFactory, HostOpNode, Layout, ModelKernel } from '../types.js';
import { HOST_OPS } from '../host/index.js';
import { type ResizeSpec, linearAxis, nearestAxis, resizeSpec, upsampleSpec } from '../host/resize.js';
import { infoOf } from '../host/lower.js';
import { BlockKernel, LAYOUT_CODE, refuse, splitPlanes, writeCtx } from '../wasm-int8/spatial-common.js';
import { THREADED_BYTES, c4, follow } from '../wasm-int8/lower-common.js';
import type { Lower, LoweredNode } from '../../executor/step.js';
import { kernelStep } from '../../executor/step.js';
import { RESIZE_F32_CTX } from './ctx.generated.js';

const C = RESIZE_F32_CTX;
const GRP_BYTES = 48;

export interface FloatResizeParams {
  /** the node's name (error messages) */
  node?: string;
  /** what the node computes (resizeSpec / upsampleSpec of ../host/resize.ts) */
  spec: ResizeSpec;
  layout: Layout;
}

/** One resized axis: per output index the input indices, the weights (linear) and whether it is FILL. */
interface AxisTable {
  i1: Int32Array;
  i2: Int32Array;
  d1: Float32Array;
  d2: Float32Array;
  fill: Uint8Array;
}

/** What a FloatResize writes into wasm memory, computed (and checked) before anything is allocated. */
interface FloatResizePlan {
  algorithm: string;
  linear: boolean;
  outDims: number[];
  ys: AxisTable;
  xs: AxisTable;
  /** the output columns inside the input: [x0, x1) */
  x0: number;
  x1: number;
}

/** The table of axis i (2: H, 3: W) from the TypeScript operator's (an identity where `copy`). */
function axisTable(p: ResizeSpec, i: number, linear: boolean, copy: boolean): AxisTable {
  const len = p.outDims[i];
  const t: AxisTable = {
    i1: new Int32Array(len),
    i2: new Int32Array(len),
    d1: new Float32Array(len),
    d2: new Float32Array(len),
    fill: new Uint8Array(len),
  };
  if (copy) {
    for (let o = 0; o < len; o++) t.i1[o] = t.i2[o] = o;
    return t;
  }
  if (!linear) {
    const m = nearestAxis(p, i);
    for (let o = 0; o < len; o++) {
      t.fill[o] = m[o] < 0 ? 1 : 0;
      t.i1[o] = t.i2[o] = Math.max(m[o], 0);
    }
    return t;
  }
  const a = linearAxis(p, i);
  const crop = p.ctm === 'tf_crop_and_resize';
  for (let o = 0; o < len; o++) {
    t.fill[o] = crop && (a.orig[o] < 0 || a.orig[o] > p.dims[i] - 1) ? 1 : 0;
    t.i1[o] = a.i1[o];
    t.i2[o] = a.i2[o];
    t.d1[o] = a.d1[o];
    t.d2[o] = a.d2[o];
  }
  return t;
}

/** The plan of a float32 resize (see the header); I8ConvError for what the kernel refuses. */
function planFloatResize(params: FloatResizeParams): FloatResizePlan {
  const op = 'Resize';
  const { spec: p, node, layout } = params;
  if (p.type !== 'float32') refuse(op, node, 'type', `runs float32 tensors only, got ${p.type}`);
  const d = p.dims;
  if (d.length !== 4) refuse(op, node, 'dims', `runs 4-D tensors [N, C, H, W] only, got dims [${d.join(', ')}]`);
  if (layout !== 'NCHW' && layout !== 'NCHW44')
    refuse(op, node, 'layout', `layout must be 'NCHW' or 'NCHW44', got ${String(layout)}`, 'INVALID_PARAM');
  const [n, c, h, w] = d;
  const [, , oh, ow] = p.outDims;
  if (layout === 'NCHW44' && c % 4 !== 0) refuse(op, node, 'layout', `NCHW44 needs C % 4 == 0, got C = ${c}`);
  if (n * c * oh * ow === 0 || n * c * h * w === 0)
    refuse(op, node, 'dims', `an empty tensor ([${d.join(', ')}] -> [${p.outDims.join(', ')}])`);
  if (n * c * Math.max(h * w, oh * ow) * 4 > 2 ** 31 - 1)
    refuse(op, node, 'dims', `a tensor of dims [${d.join(', ')}] exceeds 2^31 - 1 bytes`, 'TOO_LARGE');
  const copy = p.outDims.every((v, i) => v === d[i]);
  if (!copy) {
    if (p.antialias) refuse(op, node, 'antialias', 'antialias is not supported');
    if (p.mode !== 'nearest' && p.mode !== 'linear') refuse(op, node, 'mode', `mode ${p.mode} is not supported`);
    if (p.scales[0] !== 1 || p.scales[1] !== 1 || p.outDims[0] !== n || p.outDims[1] !== c)
      refuse(op, node, 'scales', `resizes N or C (scales [${p.scales.join(', ')}]): only H and W are supported`);
  }
  const linear = !copy && p.mode === 'linear';
  const ys = axisTable(p, 2, linear, copy),
    xs = axisTable(p, 3, linear, copy);
  // the columns inside the input: one run [x0, x1) (coordinates are monotonic in the output index)
  let x0 = 0;
  while (x0 < ow && xs.fill[x0]) x0++;
  let x1 = x0;
  while (x1 < ow && !xs.fill[x1]) x1++;
  for (let o = x1; o < ow; o++)
    if (!xs.fill[o]) refuse(op, node, 'roi', 'the output columns inside the input are not one run');
  if (x0 === ow) x0 = x1 = 0; // no column inside: [0, OW) is filled
  const b44 = layout === 'NCHW44';
  return {
    algorithm: `resize-f32-${copy ? 'copy' : p.mode}-${b44 ? 'nchw44' : 'nchw'}`,
    linear,
    outDims: [...p.outDims],
    ys,
    xs,
    x0,
    x1,
  };
}

/** A float32 Resize (see the header). Input: src; output: dst, [N, C, OH, OW] in the input's layout. */
export class FloatResize extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  readonly outDims: number[];

  /** Throws what the constructor would throw for these parameters, allocating nothing. */
  static check(p: FloatResizeParams): void {
    planFloatResize(p);
  }

  constructor(core: WasmRuntimeCore, p: FloatResizeParams) {
    const plan = planFloatResize(p);
    const [n, c, h, w] = p.spec.dims;
    const [, , oh, ow] = plan.outDims;
    const { ys, xs, linear } = plan;
    const b44 = p.layout === 'NCHW44';
    const planes = b44 ? c / 4 : c;
    const split = splitPlanes(planes, oh, ow * (b44 ? 16 : 4));
    super(core, 'Resize');
    this.outDims = plan.outDims;
    this.algorithm = plan.algorithm;
    try {
      this.ctx = this.blocks.alloc(C.CTX_BYTES);
      const owp = Math.ceil(ow / 4) * 4;
      const ytab = this.blocks.alloc(oh * 16);
      const yw = linear ? this.blocks.alloc(oh * 16) : 0;
      const xtab = this.blocks.alloc(owp * 8);
      const xw = linear ? this.blocks.alloc(b44 ? ow * 16 : owp * 8) : 0;
      const grp = b44 ? 0 : this.blocks.alloc((owp / 4) * GRP_BYTES);
      const i32 = core.i32(),
        f32 = core.f32(),
        u8 = core.u8();
      for (let oy = 0; oy < oh; oy++) {
        const q = (ytab >> 2) + 4 * oy;
        i32[q] = ys.i1[oy];
        i32[q + 1] = ys.i2[oy];
        const same =
          oy > 0 &&
          ys.i1[oy] === ys.i1[oy - 1] &&
          ys.i2[oy] === ys.i2[oy - 1] &&
          Object.is(ys.d1[oy], ys.d1[oy - 1]) &&
          Object.is(ys.d2[oy], ys.d2[oy - 1]) &&
          ys.fill[oy] === ys.fill[oy - 1];
        i32[q + 2] = same ? 1 : 0;
        i32[q + 3] = ys.fill[oy];
        if (linear) f32.set([ys.d2[oy], ys.d2[oy], ys.d1[oy], ys.d1[oy]], (yw >> 2) + 4 * oy);
      }
      for (let ox = 0; ox < ow; ox++) {
        i32[(xtab >> 2) + 2 * ox] = xs.i1[ox];
        i32[(xtab >> 2) + 2 * ox + 1] = xs.i2[ox];
        if (!linear) continue;
        if (b44) f32.set([xs.d2[ox], xs.d1[ox], xs.d2[ox], xs.d1[ox]], (xw >> 2) + 4 * ox);
        else {
          f32[(xw >> 2) + ox] = xs.d1[ox];
          f32[(xw >> 2) + owp + ox] = xs.d2[ox];
        }
      }
      for (let g = 0; grp && g < owp / 4; g++) {
        // one 16-byte load at column base (inside the row) holds the group's sources when they lie in [base, base + 4)
        const first = 4 * g;
        const last = Math.min(ow, first + 4) - 1;
        const base = Math.max(0, Math.min(xs.i1[first], w - 4));
        const q = grp + g * GRP_BYTES;
        let ok = w >= 4;
        for (let k = first; k <= last; k++) ok &&= xs.i1[k] >= base && xs.i2[k] - base < 4;
        i32[q >> 2] = base;
        i32[(q >> 2) + 1] = ok ? 1 : 0;
        for (let k = 0; ok && first + k <= last; k++)
          for (let b = 0; b < 4; b++) {
            u8[q + 16 + 4 * k + b] = 4 * (xs.i1[first + k] - base) + b;
            u8[q + 32 + 4 * k + b] = 4 * (xs.i2[first + k] - base) + b;
          }
      }
      writeCtx(
        core,
        this.ctx,
        {
          [C.LAYOUT]: LAYOUT_CODE[p.layout],
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
          [C.X0]: plan.x0,
          [C.X1]: plan.x1,
        },
        { [C.FILL]: p.spec.extrapolation },
      );
    } catch (err) {
      this.blocks.release();
      throw err;
    }
    this.dispatch = [
      {
        fn: 'resizeF32Task',
        range: [n, split.groups, split.tiles],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }],
      },
    ];
  }
}

// ---- lowering (the operator table's float SIMD implementation of Resize and Upsample) -----------------------------

/**
 * A float32 Resize / Upsample node on the kernel, or undefined where the TypeScript operator runs it (another rank or
 * type, a mode or form the kernel refuses). The TypeScript operator's factory checks the node first, so both refuse
 * the same nodes alike.
 */
function lowerResizeF32(op: 'Resize' | 'Upsample'): Lower {
  const factory = HOST_OPS.get(`:${op}`) as HostOpFactory;
  const specOf = op === 'Resize' ? resizeSpec : upsampleSpec;
  return (node, { name, values, opset }): LoweredNode | undefined => {
    const x = values.get(node.inputs[0]);
    const out = values.get(node.outputs[0]);
    if (!x || !out || x.type !== 'float32' || x.dims.length !== 4 || x.constant) return undefined;
    const hostNode: HostOpNode = {
      name: node.name,
      opType: node.opType,
      domain: node.domain,
      attributes: node.attributes,
    };
    const ins = node.inputs.map((v) => (v === '' ? undefined : infoOf(values.get(v)!)));
    const outs = node.outputs.map((v) => infoOf(values.get(v)!));
    factory(hostNode, ins, outs, opset);
    const spec = specOf(hostNode, ins, outs, opset);
    try {
      FloatResize.check({ node: node.name, spec, layout: 'NCHW' });
    } catch {
      return undefined;
    }
    return {
      name,
      op: node.opType,
      node,
      inputs: [node.inputs[0]],
      outputs: [node.outputs[0]],
      rule: follow(c4(x) && c4(out)),
      build: (env, step) => {
        const k = new FloatResize(env.core, { node: node.name, spec, layout: step.layout ?? 'NCHW' });
        return kernelStep(env.core, k, { threaded: Math.max(x.bytes, out.bytes) >= THREADED_BYTES });
      },
    };
  };
}

export const lowerFloatResize = lowerResizeF32('Resize');
export const lowerFloatUpsample = lowerResizeF32('Upsample');
