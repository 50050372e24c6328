/**
 * Conv (float32) in onnxruntime's order of float32 operations (its CPU Conv: MLAS's convolution, im2col + SGEMM).
 * The terms of an output are the products f(x * w) over the rows q = (input channel of the group, kernel position
 * row-major), q = 0 .. K-1 (K = C/group x kernel positions), a tap in the padding giving f(0 * w) (so an infinite
 * weight there gives NaN). With N the output cells of one plane and M the output channels of one group:
 *
 * - Where M > 1, or the convolution is one of MLAS's "direct" products with B transposed (see below), each output
 *   sums its terms in blocks of K: within a block from 0 in q order; the first block's sum is the output, each later
 *   block's sum is added onto it. The block is MLAS's SGEMM stride for N columns and K rows (../sgemm-order.ts,
 *   blockOfK): 128, halved while K fits in half of it where N >= K, doubled for each halving (while above 16) of a
 *   column count of 128 that N fits in half of where N < K.
 * - Where M = 1 (a depthwise convolution, or one output channel per group), MLAS runs its one-row product on each
 *   block: the output starts as the block's first term (in the first block; later blocks go on from the output),
 *   then the terms go four at a time: an output among the last N mod 4 cells of the plane adds the four terms'
 *   sum (((t0 + t1) + t2) + t3), any other adds them one by one; the block's last terms (fewer than four) are
 *   added one by one. The block is the whole K for a direct product (or a convolution of more than 3 spatial
 *   dims), else the stride above.
 * - Direct products: all strides 1 and no padding, and either every kernel dim 1 (X is the column matrix), or a 1-D
 *   or 2-D convolution with one input channel per group and no dilation whose kernel spans the whole input width
 *   (B transposed: no one-row product) or spans the whole input height with width 1.
 * - Then the bias, last: y = f(y + B[m]).
 *
 * ConvAdd (i8conv, made by the loader's pass fuse-conv-add: onnxruntime's FusedConv of a Conv with a bias and the
 * Add after it, which onnxruntime-web makes at its default optimization level): Conv(X, W, B) + Z for a Z of the
 * output's shape, computed as onnxruntime's GEMM with beta 1 computes it: the output starts as Z, every block's sum
 * is added onto it (none is stored alone), and the one-row product adds from its first term on (in every block
 * from the block's start); then the bias. Z (input 3) is absent where the pass fuse-conv-relu made the node from
 * a Conv alone. With the attribute activation = 'Relu' (that pass: a Relu reading only the output), each output y
 * then becomes y < 0 ? 0 : y, the Relu operator's function (-0 and NaN pass).
 */
import { convGeometry } from '../conv-geometry.js';
import { blockOfK } from '../sgemm-order.js';
import { expectType, f32, makeTensor, need, numel, onlyAttrs, attrInts, attrString, type OpFn } from '../tensor.js';

/** How onnxruntime sums the K terms of one output plane's cells (see the module comment). */
export interface ConvSumOrder {
  /** terms per block */
  block: number;
  /** the one-row product (M = 1) */
  oneRow: boolean;
  /** cells from here on (the last N mod 4) add four terms' sum at a time in the one-row product */
  groupedFrom: number;
}

export function convSumOrder(
  inDims: readonly number[],
  kernel: readonly number[],
  strides: readonly number[],
  dilations: readonly number[],
  pads: readonly number[],
  cg: number,
  mg: number,
  outCells: number,
): ConvSumOrder {
  const k = cg * numel(kernel);
  const rank = kernel.length;
  // 1-D is run as 2-D of height 1
  const [ih, iw] = rank === 1 ? [1, inDims[0]] : inDims;
  const [kh, kw] = rank === 1 ? [1, kernel[0]] : kernel;
  let direct = false,
    transB = false;
  if (rank <= 3 && strides.every((s) => s === 1) && pads.every((p) => p === 0)) {
    if (numel(kernel) === 1) direct = true;
    else if (rank <= 2 && dilations.every((d) => d === 1) && cg === 1) {
      if (kw === iw) direct = transB = true;
      else if (kh === ih && kw === 1) direct = true;
    }
  }
  const oneRow = mg === 1 && !transB;
  const stride = blockOfK({
    m: mg,
    n: outCells,
    k,
    transA: false,
    transB: false,
    alpha: 1,
    beta: 0,
    constantB: false,
  });
  return {
    block: oneRow && (direct || rank > 3) ? Math.max(k, 1) : stride,
    oneRow,
    groupedFrom: outCells - (outCells % 4),
  };
}

/** One output: its K terms (`term(q)`) summed in the order `o` for cell `cell`, onto `start` where given (ConvAdd). */
export function convSum(o: ConvSumOrder, cell: number, k: number, term: (q: number) => number, start?: number): number {
  let out = start ?? 0;
  const grouped = cell >= o.groupedFrom;
  for (let q0 = 0; q0 < k; q0 += o.block) {
    const end = Math.min(k, q0 + o.block);
    if (!o.oneRow) {
      let s = 0;
      for (let q = q0; q < end; q++) s = f32(s + term(q));
      out = q0 === 0 && start === undefined ? s : f32(out + s);
      continue;
    }
    let q = q0;
    if (q0 === 0 && start === undefined) out = term(q++);
    for (; q + 4 <= end; q += 4) {
      if (grouped) out = f32(out + f32(f32(f32(term(q) + term(q + 1)) + term(q + 2)) + term(q + 3)));
      else for (let t = q; t < q + 4; t++) out = f32(out + term(t));
    }
    for (; q < end; q++) out = f32(out + term(q));
  }
  return out;
}

export const Conv: OpFn = (inputs, attrs) => convAdd(inputs, attrs, 'Conv');

export const ConvAdd: OpFn = (inputs, attrs) => {
  const z = inputs[3];
  if (z) {
    need(inputs, 2, 'B');
    expectType(z, 'ConvAdd Z', 'float32');
  }
  const activation = attrString(attrs, 'activation', '');
  if (activation !== '' && activation !== 'Relu') throw new Error(`ConvAdd: activation ${activation}`);
  const [y] = convAdd(inputs, attrs, 'ConvAdd');
  if (activation === 'Relu') {
    const d = y.data as Float32Array;
    for (let i = 0; i < d.length; i++) d[i] = d[i] < 0 ? 0 : d[i];
  }
  return [y];
};

function convAdd(inputs: Parameters<OpFn>[0], attrs: Parameters<OpFn>[1], op: string) {
  if (op === 'ConvAdd')
    onlyAttrs(attrs, op, 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides', 'activation');
  else onlyAttrs(attrs, op, 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides');
  const x = need(inputs, 0, 'X');
  const w = need(inputs, 1, 'W');
  const b = inputs[2];
  expectType(x, 'Conv X', 'float32');
  expectType(w, 'Conv W', 'float32');
  const g = convGeometry(x, w, attrs, 'Conv');
  if (b && (b.type !== 'float32' || b.data.length !== g.m))
    throw new Error(`Conv: B must be float32 with ${g.m} values`);
  const rank = g.kernel.length;
  // the end pads as onnxruntime holds them (only whether all pads are 0 matters)
  const autoPad = attrString(attrs, 'auto_pad', 'NOTSET');
  const given = attrInts(attrs, 'pads');
  const padEnd = g.inDims.map((d, i) => {
    if (autoPad === 'VALID') return 0;
    if (autoPad === 'NOTSET') return given ? given[i + rank] : 0;
    const dk = (g.kernel[i] - 1) * g.dilations[i] + 1;
    return Math.max(0, (g.outDims[i] - 1) * g.strides[i] + dk - d) - g.padBegin[i];
  });
  const cg = g.c / g.group,
    mg = g.m / g.group;
  const kSize = numel(g.kernel),
    inSize = numel(g.inDims),
    oSize = numel(g.outDims);
  const K = cg * kSize;
  const order = convSumOrder(g.inDims, g.kernel, g.strides, g.dilations, [...g.padBegin, ...padEnd], cg, mg, oSize);
  const y = makeTensor('float32', [g.n, g.m, ...g.outDims]);
  const z = op === 'ConvAdd' ? inputs[3] : undefined;
  if (z && (z.dims.length !== y.dims.length || z.dims.some((d, i) => d !== y.dims[i])))
    throw new Error(`ConvAdd: Z [${z.dims}] is not of the output's shape [${y.dims}]`);
  const zd = z?.data as Float32Array | undefined;
  const xd = x.data as Float32Array;
  const wd = w.data as Float32Array;
  const bd = b?.data as Float32Array | undefined;
  // the spatial input offset of every (output cell, kernel position), -1 in the padding
  const spatial = new Int32Array(oSize * kSize);
  const oIdx = new Array<number>(rank),
    kIdx = new Array<number>(rank);
  for (let o = 0; o < oSize; o++)
    for (let p = 0; p < kSize; p++) {
      for (let r = o, s = p, i = rank - 1; i >= 0; i--) {
        oIdx[i] = r % g.outDims[i];
        r = Math.floor(r / g.outDims[i]);
        kIdx[i] = s % g.kernel[i];
        s = Math.floor(s / g.kernel[i]);
      }
      let off = 0;
      for (let i = 0; i < rank && off >= 0; i++) {
        const pos = oIdx[i] * g.strides[i] - g.padBegin[i] + kIdx[i] * g.dilations[i];
        off = pos < 0 || pos >= g.inDims[i] ? -1 : off * g.inDims[i] + pos;
      }
      spatial[o * kSize + p] = off;
    }
  for (let n = 0; n < g.n; n++)
    for (let m = 0; m < g.m; m++) {
      const grp = Math.floor(m / mg);
      const xBase = (n * g.c + grp * cg) * inSize;
      for (let o = 0; o < oSize; o++) {
        const term = (q: number) => {
          const ci = Math.floor(q / kSize),
            off = spatial[o * kSize + (q % kSize)];
          return f32((off < 0 ? 0 : xd[xBase + ci * inSize + off]) * wd[m * K + q]);
        };
        const yi = (n * g.m + m) * oSize + o;
        const s = convSum(order, o, K, term, zd?.[yi]);
        y.data[yi] = bd ? f32(s + bd[m]) : s;
      }
    }
  return [y];
}
