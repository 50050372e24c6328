/**
 * Float32 pooling kernels of the model executor on 4-D tensors [N, C, H, W], NCHW or NCHW44 ([N][C/4][H][W][4]),
 * run by the task functions of assembly/model/spatial-pool-f32.ts: MaxPool (values output only), AveragePool and
 * GlobalAveragePool, each with the float operations of the loop onnxruntime-web runs for the node (functor, generic,
 * vector or global; ../host/pool.ts states them and picks the loop, floatPoolLoop), so the bits equal the TypeScript
 * operator's (test/model-float-spatial.test.ts). The operator table prefers them to the TypeScript operators; the
 * layout planner runs them in NCHW44 where their input is NCHW44 (rule 'follow'), so the float values between two
 * NCHW44 convolutions are not relaid out.
 *
 * Refused (I8ConvError 'UNSUPPORTED_OP', naming the node; the TypeScript operator then runs it): a rank other than 4,
 * MaxPool's Indices output, a window with no cell inside the input (pads or dilations beyond the kernel), an average
 * whose count reaches 2^24 (its float conversion would round), a tensor of 2^31 bytes or more.
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { HostOpFactory, HostOpNode, Layout, ModelKernel } from '../types.js';
import { HOST_OPS } from '../host/index.js';
import { type FloatPoolLoop, type PoolGeometry, floatPoolLoop, poolGeometry } from '../host/pool.js';
import { infoOf } from '../host/lower.js';
import { BlockKernel, LAYOUT_CODE, refuse, splitPlanes, writeCtx } from '../wasm-int8/spatial-common.js';
import { THREADED_BYTES, c4, follow } from '../wasm-int8/lower-common.js';
import type { Lower, LoweredNode } from '../../executor/step.js';
import { kernelStep } from '../../executor/step.js';
import { attrInt } from '../host/common.js';
import { POOL_F32_CTX } from './ctx.generated.js';

const C = POOL_F32_CTX;
const LOOP_CODE: Record<FloatPoolLoop, number> = {
  functor: C.LOOP_FUNCTOR,
  generic: C.LOOP_GENERIC,
  vector: C.LOOP_VECTOR,
  global: C.LOOP_GLOBAL,
};

export interface FloatPoolParams {
  /** the node's name (error messages) */
  node?: string;
  op: 'max' | 'avg';
  /** onnxruntime's loop for the node (floatPoolLoop) */
  loop: FloatPoolLoop;
  layout: Layout;
  /** logical dims [N, C, H, W] of the input */
  dims: readonly number[];
  /** the window geometry (poolGeometry; GlobalAveragePool: the whole image, strides 1, no padding) */
  geometry: PoolGeometry;
  /** AveragePool's count_include_pad */
  includePad?: boolean;
}

/** The taps [a, b) of a window axis starting at `start` (tap j at start + j * d) inside [0, size). */
function insideTaps(start: number, k: number, d: number, size: number): [number, number] {
  let a = 0;
  while (a < k && start + a * d < 0) a++;
  let b = k;
  while (b > a && start + (b - 1) * d >= size) b--;
  return [a, b];
}

/** What a FloatPool writes into wasm memory, computed (and checked) before anything is allocated. */
interface FloatPoolPlan {
  algorithm: string;
  outDims: number[];
  /** per output row: the taps [a, b) inside the input and the count factor */
  ys: { a: Int32Array; b: Int32Array; n: Int32Array };
  /** per output column: the same, and 1 where a window column is outside the input */
  xs: { a: Int32Array; b: Int32Array; n: Int32Array; pad: Int32Array };
  /** the record's fields other than the tables' offsets */
  fields: Record<number, number>;
  dispatch: Omit<KernelDispatch, 'args'>;
}

/** The plan of a float32 pool (see the header); I8ConvError for what the kernel refuses. */
function planFloatPool(p: FloatPoolParams): FloatPoolPlan {
  const name = p.op === 'max' ? 'MaxPool' : 'AveragePool';
  const d = p.dims;
  if (d.length !== 4 || d.some((v) => !Number.isInteger(v) || v < 1))
    refuse(name, p.node, 'dims', `runs non-empty 4-D tensors [N, C, H, W] only, got dims [${d.join(', ')}]`);
  const [n, c, h, w] = d;
  if (p.layout !== 'NCHW' && p.layout !== 'NCHW44')
    refuse(name, p.node, 'layout', `layout must be 'NCHW' or 'NCHW44', got ${String(p.layout)}`, 'INVALID_PARAM');
  if (p.layout === 'NCHW44' && c % 4 !== 0) refuse(name, p.node, 'layout', `NCHW44 needs C % 4 == 0, got C = ${c}`);
  const g = p.geometry;
  if (g.spatial.length !== 2 || g.spatial[0] !== h || g.spatial[1] !== w || g.outDims.length !== 2)
    refuse(name, p.node, 'geometry', 'the geometry is not that of the input', 'INVALID_PARAM');
  const [oh, ow] = g.outDims;
  if (oh < 1 || ow < 1) refuse(name, p.node, 'geometry', `an empty output [${oh}, ${ow}]`);
  if (n * c * Math.max(h * w, oh * ow) * 4 > 2 ** 31 - 1)
    refuse(name, p.node, 'dims', `a tensor of dims [${d.join(', ')}] exceeds 2^31 - 1 bytes`, 'TOO_LARGE');
  const global = p.loop === 'global';
  if (global && (oh !== 1 || ow !== 1 || g.kernel[0] !== h || g.kernel[1] !== w))
    refuse(name, p.node, 'geometry', 'a global pool has one window per image', 'INVALID_PARAM');
  if (p.loop === 'vector' && (g.dilations[0] !== 1 || g.dilations[1] !== 1))
    refuse(name, p.node, 'dilations', "onnxruntime's vector loop has no dilations", 'INVALID_PARAM');
  const b44 = p.layout === 'NCHW44';
  const e = b44 ? 16 : 4;
  const planes = b44 ? c / 4 : c;
  const includePad = p.includePad ?? false;
  // per axis and output: the taps inside the input [a, b), the count factor, a window tap outside the input
  const axis = (i: number, outs: number, size: number) => {
    const [k, s, dil, pb, pe] = [g.kernel[i], g.strides[i], g.dilations[i], g.padBegin[i], g.padEnd[i]];
    const t = { a: new Int32Array(outs), b: new Int32Array(outs), n: new Int32Array(outs), pad: new Int32Array(outs) };
    for (let o = 0; o < outs; o++) {
      const start = o * s - pb;
      const [a, b] = insideTaps(start, k, dil, size);
      if (b <= a)
        refuse(
          name,
          p.node,
          'pads',
          `output ${o} along axis ${i + 2} has a window with no cell inside the input (pads / dilations too large)`,
        );
      let count = b - a;
      if (includePad) {
        if (p.loop === 'functor') {
          // the taps inside the padded input
          count = 0;
          for (let j = 0; j < k; j++) if (start + j * dil >= -pb && start + j * dil < size + pe) count++;
        } else count = k;
      }
      t.a[o] = a;
      t.b[o] = b;
      t.n[o] = count;
      t.pad[o] = a > 0 || b < k ? 1 : 0;
    }
    return t;
  };
  const ys = axis(0, oh, h),
    xs = axis(1, ow, w);
  const most = (a: Int32Array) => a.reduce((m, v) => Math.max(m, v), 0);
  if (most(ys.n) * most(xs.n) >= 2 ** 24)
    refuse(name, p.node, 'kernel_shape', 'an average over 2^24 cells or more (its count would round in float)');
  // interior output columns (NCHW, strides 1 and 2): every window column inside the input
  let lo = 0,
    hi = 0;
  if (!b44 && g.strides[1] <= 2) {
    const inside = (o: number) => xs.a[o] === 0 && xs.b[o] === g.kernel[1];
    while (lo < ow && !inside(lo)) lo++;
    hi = lo;
    while (hi < ow && inside(hi)) hi++;
  }
  // the global pool's work is reading its input: split by input bytes; the others by output rows
  const split = global ? splitPlanes(planes, 1, h * w * e) : splitPlanes(planes, oh, ow * e);
  return {
    algorithm: `${p.op === 'max' ? 'maxpool' : 'avgpool'}-f32-${p.loop}-${b44 ? 'nchw44' : 'nchw'}`,
    outDims: [n, c, oh, ow],
    ys,
    xs,
    fields: {
      [C.LAYOUT]: LAYOUT_CODE[p.layout],
      [C.PLANES]: planes,
      [C.IH]: h,
      [C.IW]: w,
      [C.OH]: oh,
      [C.OW]: ow,
      [C.KW]: g.kernel[1],
      [C.SH]: g.strides[0],
      [C.SW]: g.strides[1],
      [C.DH]: g.dilations[0],
      [C.DW]: g.dilations[1],
      [C.PT]: g.padBegin[0],
      [C.PL]: g.padBegin[1],
      [C.PPT]: split.perTask,
      [C.ROWS]: split.rowsPerTask,
      [C.OP]: p.op === 'max' ? C.OP_MAX : C.OP_AVG,
      [C.LOOP]: LOOP_CODE[p.loop],
      [C.WV]: w - (w % 4),
      [C.OX0]: lo,
      [C.OX1]: hi,
    },
    dispatch: {
      fn: global ? 'globalPoolF32Task' : 'poolF32Task',
      range: [n, split.groups, global ? 1 : split.tiles],
    },
  };
}

/** A float32 pool (see the header). Input: src; output: dst, [N, C, OH, OW] in the input's layout. */
export class FloatPool extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  readonly outDims: number[];

  /** Throws what the constructor would throw for these parameters, allocating nothing. */
  static check(p: FloatPoolParams): void {
    planFloatPool(p);
  }

  constructor(core: WasmRuntimeCore, p: FloatPoolParams) {
    const plan = planFloatPool(p);
    const [, , oh, ow] = plan.outDims;
    super(core, p.op === 'max' ? 'MaxPool' : 'AveragePool');
    this.outDims = plan.outDims;
    this.algorithm = plan.algorithm;
    try {
      this.ctx = this.blocks.alloc(C.CTX_BYTES);
      const yt = this.blocks.alloc(3 * oh * 4);
      const xt = this.blocks.alloc(4 * (ow + 4) * 4);
      const i32 = core.i32();
      [plan.ys.a, plan.ys.b, plan.ys.n].forEach((a, k) => i32.set(a, (yt >> 2) + k * oh));
      [plan.xs.a, plan.xs.b, plan.xs.n, plan.xs.pad].forEach((a, k) => i32.set(a, (xt >> 2) + k * (ow + 4)));
      writeCtx(core, this.ctx, { ...plan.fields, [C.YT]: yt, [C.XT]: xt });
    } catch (err) {
      this.blocks.release();
      throw err;
    }
    this.dispatch = [{ ...plan.dispatch, args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }] }];
  }
}

// ---- lowering (the operator table's float SIMD implementations of the pools) -----------------------------------

/**
 * The kernel's parameters for a float32 pool node over a 4-D input of `dims` at `opset` (the loop onnxruntime picks:
 * floatPoolLoop), in `layout`. The TypeScript operator's factory must have accepted the node.
 */
export function floatPoolParams(
  op: 'MaxPool' | 'AveragePool' | 'GlobalAveragePool',
  node: HostOpNode,
  dims: readonly number[],
  opset: number,
  layout: Layout,
  outputs = 1,
): FloatPoolParams {
  const [, , h, w] = dims;
  if (op === 'GlobalAveragePool') {
    const geometry: PoolGeometry = {
      spatial: [h, w],
      kernel: [h, w],
      strides: [1, 1],
      dilations: [1, 1],
      padBegin: [0, 0],
      padEnd: [0, 0],
      outDims: [1, 1],
    };
    return { node: node.name, op: 'avg', loop: 'global', layout, dims, geometry };
  }
  const geometry = poolGeometry(node, [h, w]);
  const includePad = op === 'AveragePool' && attrInt(node, 'count_include_pad', 0) === 1;
  const loop = floatPoolLoop(op === 'MaxPool' ? 'max' : 'avg', opset, geometry, {
    indices: outputs > 1,
    storageOrder: attrInt(node, 'storage_order', 0),
    ceil: attrInt(node, 'ceil_mode', 0) === 1,
    includePad,
  });
  return { node: node.name, op: op === 'MaxPool' ? 'max' : 'avg', loop, layout, dims, geometry, includePad };
}

/**
 * A float32 pool node on the kernel, or undefined where the TypeScript operator runs it (another rank or type, an
 * Indices output, a window the kernel refuses). The TypeScript operator's factory checks the node first, so both
 * refuse the same nodes alike.
 */
function lowerPool(op: 'MaxPool' | 'AveragePool' | 'GlobalAveragePool'): Lower {
  const factory = HOST_OPS.get(`:${op}`) as HostOpFactory;
  return (node, { name, values, opset }): LoweredNode | undefined => {
    const x = values.get(node.inputs[0]);
    if (!x || x.type !== 'float32' || x.dims.length !== 4 || x.constant) return undefined;
    if (node.outputs.filter((o) => o !== '').length !== 1 || node.outputs[0] === '') return undefined;
    const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
    factory(
      hostNode,
      node.inputs.map((v) => (v === '' ? undefined : infoOf(values.get(v)!))),
      node.outputs.map((v) => infoOf(values.get(v)!)),
      opset,
    );
    const params = (layout: Layout) => floatPoolParams(op, hostNode, x.dims, opset, layout, node.outputs.length);
    try {
      FloatPool.check(params('NCHW'));
    } catch {
      return undefined;
    }
    const outBytes = values.get(node.outputs[0])!.bytes;
    return {
      name,
      op: node.opType,
      node,
      inputs: [node.inputs[0]],
      outputs: [node.outputs[0]],
      rule: follow(c4(x)),
      build: (env, step) => {
        const k = new FloatPool(env.core, params(step.layout ?? 'NCHW'));
        return kernelStep(env.core, k, { threaded: Math.max(x.bytes, outBytes) >= THREADED_BYTES });
      },
    };
  };
}

export const lowerFloatMaxPool = lowerPool('MaxPool');
export const lowerFloatAveragePool = lowerPool('AveragePool');
export const lowerFloatGlobalAveragePool = lowerPool('GlobalAveragePool');
