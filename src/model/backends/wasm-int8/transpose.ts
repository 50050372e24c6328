/**
 * Transpose of 1- or 4-byte elements (uint8 / int8, and int32 / float32 moved as 32-bit units), rank 1..6, for the
 * model executor: output dim i is input dim perm[i] (perm defaults to the reversed axes), out[idx] =
 * in[sum idx[i] * inStride[perm[i]]], tensors plain row-major ('NCHW' layout).
 *
 * The permutation is first reduced (reducePermutation): input axes of extent 1 dropped, then output-adjacent axes
 * that are adjacent and in order in the input merged into one. What remains runs as one of two kinds of
 * assembly/model/spatial-transpose.ts:
 * - 'transpose-rows': the input's last axis stays last; whole rows are copied (16-byte vectors); a permutation
 *   that reduces to the identity is one copy, split into tasks of TASK_BYTES.
 * - 'transpose-tiles': a batched 2-D transpose between the output's last axis and the input's last one, 16x16
 *   byte tiles (4x4 for 32-bit units) through registers, e.g. NCHW -> NHWC is [N][C][HW] -> [N][HW][C].
 *
 * Refused: rank > 6 or element sizes other than 1 and 4 (I8ConvError 'UNSUPPORTED_OP'), a perm that is not a
 * permutation of the axes ('BAD_SHAPE').
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { ModelKernel } from '../types.js';
import { BlockKernel, TASK_BYTES, refuse, writeCtx } from './spatial-common.js';
import { TRANSPOSE_CTX } from './ctx.generated.js';
import type { Lower } from '../../executor/step.js';
import { is8, kernelLowering } from './lower-common.js';
import { infoOf } from '../host/lower.js';
import { mergeViewAxes, sliceWindow } from '../host/movement.js';
import { stridesOf as hostStrides } from '../host/common.js';
import { ELEMENT_BYTES, type ValueType } from '../../lowering/values.js';

export interface TransposeParams {
  node?: string;
  /** bytes per element: 1 (uint8, int8, bool) or 4 (int32, float32) */
  elementBytes: number;
  /** input dims (rank 1..6; 0 extents give an empty run) */
  dims: readonly number[];
  /** output axis i is input axis perm[i]; default: reversed */
  perm?: readonly number[];
}

/** The reduced problem: input dims and the permutation over them (rank >= 1). */
export function reducePermutation(
  dims: readonly number[],
  perm: readonly number[],
): { dims: number[]; perm: number[] } {
  // 1. drop extent-1 axes
  const keep = dims.map((d) => d !== 1);
  const renumber: number[] = [];
  let k = 0;
  for (let i = 0; i < dims.length; i++) renumber.push(keep[i] ? k++ : -1);
  const p1 = perm.filter((a) => keep[a]).map((a) => renumber[a]);
  const d1 = dims.filter((_, i) => keep[i]);
  if (p1.length === 0) return { dims: [1], perm: [0] };
  // 2. merge runs of output axes that are consecutive input axes
  const groups: number[][] = [];
  for (const a of p1) {
    const g = groups[groups.length - 1];
    if (g && g[g.length - 1] + 1 === a) g.push(a);
    else groups.push([a]);
  }
  const byInput = [...groups].sort((x, y) => x[0] - y[0]);
  const dims2 = byInput.map((g) => g.reduce((acc, a) => acc * d1[a], 1));
  const perm2 = groups.map((g) => byInput.indexOf(g));
  return { dims: dims2, perm: perm2 };
}

const stridesOf = (dims: readonly number[]): number[] => {
  const s = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= dims[i];
  }
  return s;
};

// ctx record of assembly/model/spatial-transpose.ts: field indices, generated from tools/model-ctx.mjs
const C = TRANSPOSE_CTX;
const CTX_BYTES = TRANSPOSE_CTX.CTX_BYTES;

/** Transpose (see the header). Input: src; output: dst, of outDims. */
export class Transpose extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  readonly outDims: number[];
  readonly perm: number[];

  constructor(core: WasmRuntimeCore, p: TransposeParams) {
    const op = 'Transpose';
    const node = p.node;
    const e = p.elementBytes;
    if (e !== 1 && e !== 4) refuse(op, node, 'type', `runs 1- and 4-byte elements only, got ${String(e)} bytes`);
    const dims = p.dims;
    if (!Array.isArray(dims) || dims.some((d) => !Number.isInteger(d) || d < 0))
      refuse(op, node, 'dims', `dims must be integers >= 0, got [${String(dims)}]`, 'BAD_SHAPE');
    const r = dims.length;
    if (r < 1 || r > 6) refuse(op, node, 'dims', `runs ranks 1 to 6, got rank ${r}`);
    const perm = p.perm ? [...p.perm] : dims.map((_, i) => r - 1 - i);
    if (perm.length !== r || [...perm].sort((a, b) => a - b).some((v, i) => v !== i))
      refuse(op, node, 'perm', `perm [${perm.join(', ')}] is not a permutation of ${r} axes`, 'BAD_SHAPE');
    const total = dims.reduce((a, b) => a * b, 1);
    if (total * e > 2 ** 31 - 1)
      refuse(op, node, 'dims', `a tensor of dims [${dims.join(', ')}] exceeds 2^31 - 1 bytes`, 'TOO_LARGE');
    super(core, op);
    this.perm = perm;
    this.outDims = perm.map((a) => dims[a]);
    this.ctx = this.blocks.alloc(CTX_BYTES);
    if (total === 0) {
      this.algorithm = 'transpose-empty';
      this.dispatch = [];
      return;
    }
    const red = reducePermutation(dims, perm);
    const D = red.dims,
      P = red.perm,
      n = D.length;
    const inS = stridesOf(D).map((s) => s * e);
    const outDims = P.map((a) => D[a]);
    const outS = stridesOf(outDims).map((s) => s * e);
    const outer: number[] = [];
    const fields: Record<number, number> = { [C.ESIZE]: e };
    if (P[n - 1] === n - 1) {
      for (let i = 0; i < n - 1; i++) outer.push(outDims[i], inS[P[i]], outS[i]);
      // an identity (n = 1) is one copy: split into rows of one byte, TASK_BYTES of them per task
      const rowLen = n === 1 ? 1 : D[n - 1] * e;
      const rows = n === 1 ? total * e : total / D[n - 1];
      const rpt = Math.max(1, Math.ceil(TASK_BYTES / rowLen));
      Object.assign(fields, { [C.KIND]: 0, [C.NOUT]: n - 1, [C.RPT]: rpt, [C.ROWLEN]: rowLen, [C.TOTAL]: rows });
      this.algorithm = 'transpose-rows';
      this.dispatch = [
        {
          fn: 'transposeTask',
          range: [Math.ceil(rows / rpt)],
          args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }],
        },
      ];
    } else {
      const a = P[n - 1];
      const b = P.indexOf(n - 1);
      let m = 1;
      for (let i = 0; i < n - 1; i++) {
        if (i === b) continue;
        outer.push(outDims[i], inS[P[i]], outS[i]);
        m *= outDims[i];
      }
      const rows = D[a],
        cols = D[n - 1];
      const tile = e === 1 ? 16 : 4;
      // rows per task: whole tiles, about TASK_BYTES of output each; the last task takes what is left
      const rpt = rows <= tile ? rows : Math.max(tile, Math.floor(Math.ceil(TASK_BYTES / (cols * e)) / tile) * tile);
      const tiles = Math.max(1, Math.floor(rows / rpt));
      Object.assign(fields, {
        [C.KIND]: 1,
        [C.NOUT]: outer.length / 3,
        [C.RPT]: rpt,
        [C.ROWLEN]: rows,
        [C.COLS]: cols,
        [C.SA]: inS[a],
        [C.TB]: outS[b],
        [C.TILES]: tiles,
      });
      this.algorithm = 'transpose-tiles';
      this.dispatch = [
        { fn: 'transposeTask', range: [m, tiles], args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }] },
      ];
    }
    outer.forEach((v, i) => (fields[C.OUTER + i] = v));
    writeCtx(core, this.ctx, fields);
  }
}

// ---- lowering (the operator table's int8 implementation of Transpose) --------------------------------------------

/** Transpose of a computed tensor of 1- or 4-byte elements, rank 6 at most. */
export const lowerTranspose: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!;
  const es = x.type === 'float32' || x.type === 'int32' ? 4 : is8(x.type) || x.type === 'bool' ? 1 : 0;
  if (!es || x.constant || x.dims.length > 6) return undefined;
  const a = node.attributes.get('perm');
  const perm = a?.kind === 'ints' ? a.value : undefined;
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    { kind: 'nchw' },
    (env) => new Transpose(env.core, { node: node.name, elementBytes: es, dims: x.dims, perm }),
  );
};

/**
 * DepthToSpace (modes DCR and CRD) and SpaceToDepth of a computed 4-D tensor of 1- or 4-byte elements: the 6-D
 * Transpose each one is (ONNX defines them so), on the same kernel. [N, C, H, W] with blocksize b:
 * - DepthToSpace DCR: [N, b, b, C / b², H, W] permuted [0, 3, 4, 1, 5, 2]; CRD: [N, C / b², b, b, H, W] permuted
 *   [0, 1, 4, 2, 5, 3] (both read as [N, C / b², H b, W b]);
 * - SpaceToDepth: [N, C, H / b, b, W / b, b] permuted [0, 3, 5, 1, 2, 4] (read as [N, C b², H / b, W / b]).
 * Anything else (other attributes, a bad blocksize or mode, dims that do not divide) is left to the TypeScript
 * operator, which names the problem.
 */
export function lowerSpaceDepth(toSpace: boolean): Lower {
  return (node, { name, values }) => {
    const x = values.get(node.inputs[0])!;
    const es = x.type === 'float32' || x.type === 'int32' ? 4 : is8(x.type) || x.type === 'bool' ? 1 : 0;
    if (!es || x.constant || x.dims.length !== 4) return undefined;
    for (const k of node.attributes.keys()) if (k !== 'blocksize' && !(toSpace && k === 'mode')) return undefined;
    const ba = node.attributes.get('blocksize');
    if (ba?.kind !== 'int' || !(ba.value >= 1)) return undefined;
    const ma = node.attributes.get('mode');
    if (ma && ma.kind !== 'string') return undefined;
    const mode = ma?.value ?? 'DCR';
    if (mode !== 'DCR' && mode !== 'CRD') return undefined;
    const b = ba.value;
    const [n, c, h, w] = x.dims;
    let dims: number[], perm: number[], out: number[];
    if (toSpace) {
      if (c % (b * b) !== 0) return undefined;
      const co = c / (b * b);
      out = [n, co, h * b, w * b];
      if (mode === 'DCR')
        [dims, perm] = [
          [n, b, b, co, h, w],
          [0, 3, 4, 1, 5, 2],
        ];
      else
        [dims, perm] = [
          [n, co, b, b, h, w],
          [0, 1, 4, 2, 5, 3],
        ];
    } else {
      if (h % b !== 0 || w % b !== 0) return undefined;
      out = [n, c * b * b, h / b, w / b];
      [dims, perm] = [
        [n, c, h / b, b, w / b, b],
        [0, 3, 5, 1, 2, 4],
      ];
    }
    const y = values.get(node.outputs[0]);
    if (!y || y.type !== x.type || y.dims.length !== 4 || y.dims.some((d, i) => d !== out[i])) return undefined;
    return kernelLowering(
      node,
      name,
      [node.inputs[0]],
      { kind: 'nchw' },
      (env) => new Transpose(env.core, { node: node.name, elementBytes: es, dims, perm }),
    );
  };
}

/**
 * A strided window of a tensor of any element type (Slice where the output is not one contiguous range): the
 * Transpose kernel's rows kind, the output [prod(outer)] rows of ROWLEN bytes, each read from `base` plus the outer
 * coordinates times their input strides. Axes of extent 1 are dropped and an axis merged into the next where the
 * input steps over it contiguously; the last axis is the row where its input stride is one element, else rows of one
 * element (its stride an outer axis). `strides` in elements (each axis's input stride times its step), `base` the
 * first element's index.
 */
export class StridedRows extends BlockKernel implements ModelKernel {
  readonly algorithm = 'strided-rows';
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];

  constructor(
    core: WasmRuntimeCore,
    node: string,
    esize: number,
    dims: readonly number[],
    strides: readonly number[],
    base: number,
  ) {
    const { d, s } = mergeViewAxes(dims, strides);
    const total = dims.reduce((a, b) => a * b, 1);
    super(core, 'Slice');
    this.ctx = this.blocks.alloc(CTX_BYTES);
    if (total === 0) {
      this.dispatch = [];
      return;
    }
    // the row: the last axis where it is contiguous in the input, else one element
    let rowElems = 1;
    if (d.length && s[s.length - 1] === 1) {
      rowElems = d.pop()!;
      s.pop();
    }
    if (d.length > 6) refuse('Slice', node, 'dims', `runs 6 strided axes at most, got ${d.length}`);
    const rowLen = rowElems * esize;
    const rows = total / rowElems;
    const fields: Record<number, number> = {
      [C.ESIZE]: esize,
      [C.KIND]: 0,
      [C.NOUT]: d.length,
      [C.RPT]: Math.max(1, Math.ceil(TASK_BYTES / rowLen)),
      [C.ROWLEN]: rowLen,
      [C.TOTAL]: rows,
    };
    let dstStride = rowLen;
    for (let i = d.length - 1; i >= 0; i--) {
      fields[C.OUTER + 3 * i] = d[i];
      fields[C.OUTER + 3 * i + 1] = s[i] * esize;
      fields[C.OUTER + 3 * i + 2] = dstStride;
      dstStride *= d[i];
    }
    writeCtx(core, this.ctx, fields);
    this.dispatch = [
      {
        fn: 'transposeTask',
        range: [Math.ceil(rows / fields[C.RPT])],
        args: [{ base: 'src', offset: base * esize }, { base: 'dst' }, { base: 'none' }],
      },
    ];
  }
}

/**
 * Slice whose output is not one contiguous range (a window of short rows, steps): the strided rows kernel
 * (StridedRows above), any element type; the other inputs read at load only. Undefined where the
 * window is empty or the input a constant (the TypeScript operator, or constant folding).
 */
export const lowerSliceRows: Lower = (node, c) => {
  const ins = node.inputs.map((n) => (n === '' ? undefined : infoOf(c.values.get(n)!)));
  const outs = node.outputs.map((n) => infoOf(c.values.get(n)!));
  const x = ins[0];
  if (!x || x.constant || outs.length !== 1) return undefined;
  const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
  const w = sliceWindow(hostNode, ins, outs, c.opset);
  if (w.dims.some((d) => d === 0) || w.dims.length > 6) return undefined;
  const xs = hostStrides(x.dims);
  const strides = xs.map((v, i) => v * w.step[i]);
  const base = w.begin.reduce((acc, b, i) => acc + b * xs[i], 0);
  const es = ELEMENT_BYTES[x.type as ValueType];
  return kernelLowering(
    node,
    c.name,
    [node.inputs[0]],
    { kind: 'nchw' },
    (env) => new StridedRows(env.core, node.name, es, w.dims, strides, base),
  );
};
