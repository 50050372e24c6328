/**
 * Data movement (more), on every element type the host carries (float32, int32, uint8, int8, int64, bool): values
 * are copied, never converted. Output dims are checked against the planned ones at load time.
 * - Tile: the repeats input (constant int64, one value >= 0 per axis); output dim i = D_i * repeats[i],
 *   y[idx] = x[idx mod D].
 * - DepthToSpace ([N, C, H, W], blocksize b, C' = C / b^2): y[n][c'][h b + i][w b + j] = x[n][k][h][w] with
 *   k = (i b + j) C' + c' (mode DCR, the default) or k = c' b^2 + i b + j (mode CRD).
 *   SpaceToDepth: y[n][(i b + j) C + c][h][w] = x[n][c][h b + i][w b + j].
 * - Range, NonZero, ConstantOfShape: their output dims are values of their inputs, and the runtime plans static
 *   shapes, so they take constant inputs only (they usually fold at load, src/model/graph/passes/fold-constants.ts;
 *   they run here when the output is past the folding limit) and the output is computed once at load time.
 *   ConstantOfShape of an empty shape (a scalar output) also takes a computed input, whose values it never reads.
 *   Range as onnxruntime computes it: n = max(0, ceil(double(limit - start) / delta)), limit - start in the element
 *   type (float32 rounded, int64 wrapping; int32 exact: onnxruntime's build widens it), then start, start + delta, ...
 *   accumulated in the element type (float32 rounds at every step, int32 / int64 wrap). NonZero: int64 [rank, count] (a scalar: [1, count]), the indices of the non-zero elements
 *   in row-major order (NaN counts, -0 does not).
 */
import type { HostData, HostOp, HostOpFactory } from '../types.js';
import {
  ARRAY_OF,
  attrInt,
  attrString,
  constInts,
  expectDims,
  expectOutType,
  need,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
  type ElemType,
} from './common.js';

/** Same-class element copy (numbers, or bigints for int64). */
type Any = Float32Array;

export const Tile: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'input');
  const repsV = need(node, inputs, 1, 'repeats');
  if (repsV.type !== 'int64') unsupported(node, `repeats are ${repsV.type}; supported: int64`);
  const reps = constInts(node, repsV, 'input 1 (repeats)');
  const r = x.dims.length;
  if (repsV.dims.length !== 1 || reps.length !== r || reps.some((v) => v < 0))
    unsupported(node, `repeats [${reps}] must be 1-D with one value >= 0 per axis of [${x.dims}]`);
  const dims = x.dims.map((d, i) => d * reps[i]);
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], x.type);
  const total = numel(dims);
  const xs = stridesOf(x.dims);
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    if (total === 0) return;
    if (r === 0) {
      Y[0] = X[0];
      return;
    }
    // an odometer over the output; per axis the source index wraps at the input extent
    const idx = new Int32Array(r),
      src = new Int32Array(r);
    let at = 0;
    const last = r - 1,
      lastIn = x.dims[last],
      lastOut = dims[last];
    for (let p = 0; p < total; ) {
      for (let o = 0, q = 0; o < lastOut; o++, p++) {
        Y[p] = X[at + q];
        if (++q === lastIn) q = 0;
      }
      for (let i = last - 1; i >= 0; i--) {
        at += xs[i];
        ++src[i];
        if (src[i] === x.dims[i]) {
          src[i] = 0;
          at -= xs[i] * x.dims[i];
        }
        if (++idx[i] < dims[i]) break;
        idx[i] = 0;
        at -= xs[i] * src[i];
        src[i] = 0;
      }
    }
  };
};

function spaceDepth(node: Parameters<HostOpFactory>[0], toSpace: boolean): { b: number; crd: boolean } {
  onlyAttrs(node, 'blocksize', ...(toSpace ? ['mode'] : []));
  const b = attrInt(node, 'blocksize', 0);
  if (!(b >= 1)) unsupported(node, `blocksize ${b} must be >= 1`);
  const mode = toSpace ? attrString(node, 'mode', 'DCR') : 'DCR';
  if (mode !== 'DCR' && mode !== 'CRD') unsupported(node, `mode ${mode} is neither DCR nor CRD`);
  return { b, crd: mode === 'CRD' };
}

export const DepthToSpace: HostOpFactory = (node, inputs, outputs) => {
  const { b, crd } = spaceDepth(node, true);
  const x = need(node, inputs, 0, 'input');
  if (x.dims.length !== 4) unsupported(node, `input [${x.dims}] must be 4-D`);
  const [n, c, h, w] = x.dims;
  if (c % (b * b) !== 0) unsupported(node, `${c} channels are not a multiple of blocksize^2 = ${b * b}`);
  const co = c / (b * b);
  expectDims(node, outputs[0], [n, co, h * b, w * b]);
  expectOutType(node, outputs[0], x.type);
  const plane = h * w;
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    let p = 0;
    for (let in_ = 0; in_ < n; in_++)
      for (let oc = 0; oc < co; oc++)
        for (let y = 0; y < h; y++)
          for (let i = 0; i < b; i++)
            for (let xx = 0; xx < w; xx++)
              for (let j = 0; j < b; j++) {
                const k = crd ? oc * b * b + i * b + j : (i * b + j) * co + oc;
                Y[p++] = X[(in_ * c + k) * plane + y * w + xx];
              }
  };
};

export const SpaceToDepth: HostOpFactory = (node, inputs, outputs) => {
  const { b } = spaceDepth(node, false);
  const x = need(node, inputs, 0, 'input');
  if (x.dims.length !== 4) unsupported(node, `input [${x.dims}] must be 4-D`);
  const [n, c, h, w] = x.dims;
  if (h % b !== 0 || w % b !== 0) unsupported(node, `H ${h} and W ${w} must be multiples of the blocksize ${b}`);
  const [oh, ow] = [h / b, w / b];
  expectDims(node, outputs[0], [n, c * b * b, oh, ow]);
  expectOutType(node, outputs[0], x.type);
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    let p = 0;
    for (let in_ = 0; in_ < n; in_++)
      for (let i = 0; i < b; i++)
        for (let j = 0; j < b; j++)
          for (let ic = 0; ic < c; ic++)
            for (let y = 0; y < oh; y++)
              for (let xx = 0; xx < ow; xx++) Y[p++] = X[((in_ * c + ic) * h + y * b + i) * w + xx * b + j];
  };
};

/** An output computed once at load time, copied out at every run. */
function constantOutput(values: HostData): HostOp {
  return (_ins, outs) => (outs[0].data as Any).set(values as Any);
}

export const Range: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const [s, l, d] = [0, 1, 2].map((k) => need(node, inputs, k, ['start', 'limit', 'delta'][k]));
  const type = s.type;
  if (type !== 'float32' && type !== 'int32' && type !== 'int64')
    unsupported(node, `start is ${type}; supported: float32, int32, int64`);
  for (const [k, v] of [l, d].entries()) {
    if (v.type !== type) unsupported(node, `input ${k + 1} is ${v.type}, start is ${type}`);
  }
  for (const [k, v] of [s, l, d].entries()) {
    if (!v.constant)
      unsupported(
        node,
        `input ${k} must be a constant: the output dims are its value, the runtime plans static shapes`,
      );
    if (numel(v.dims) !== 1) unsupported(node, `input ${k} must hold one value, has dims [${v.dims}]`);
  }
  const [start, limit, delta] = [s, l, d].map((v) => v.constant!.data[0]);
  let n: number;
  if (type === 'int64') {
    if (delta === 0n) unsupported(node, 'delta is 0');
    n = Math.ceil(Number(BigInt.asIntN(64, (limit as bigint) - (start as bigint))) / Number(delta));
  } else {
    if (delta === 0) unsupported(node, 'delta is 0');
    // int32: exact (onnxruntime's build widens limit - start before the division)
    const diff = type === 'int32' ? (limit as number) - (start as number) : Math.fround(Number(limit) - Number(start));
    n = Math.ceil(diff / (delta as number));
  }
  if (!(n > 0)) n = 0;
  expectDims(node, outputs[0], [n]);
  expectOutType(node, outputs[0], type);
  const values = new ARRAY_OF[type](n);
  if (type === 'int64') {
    let v = start as bigint;
    for (let i = 0; i < n; i++, v = BigInt.asIntN(64, v + (delta as bigint))) (values as BigInt64Array)[i] = v;
  } else {
    let v = start as number;
    const dv = delta as number;
    for (let i = 0; i < n; i++) {
      (values as Float32Array)[i] = v;
      v = type === 'int32' ? (v + dv) | 0 : Math.fround(v + dv);
    }
  }
  return constantOutput(values);
};

export const NonZero: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  const t = x.constant;
  if (!t)
    unsupported(
      node,
      'X must be a constant: the output dims count its non-zero values, the runtime plans static shapes',
    );
  const at: number[] = [];
  for (let i = 0; i < t.data.length; i++) {
    const v = t.data[i];
    if (v !== 0 && v !== 0n) at.push(i);
  }
  const r = x.dims.length;
  const rows = Math.max(r, 1);
  expectDims(node, outputs[0], [rows, at.length]);
  expectOutType(node, outputs[0], 'int64');
  const st = stridesOf(x.dims);
  const values = new BigInt64Array(rows * at.length);
  at.forEach((flat, j) => {
    for (let d = 0; d < r; d++) values[d * at.length + j] = BigInt(Math.floor(flat / st[d]) % x.dims[d]);
  });
  return constantOutput(values);
};

export const ConstantOfShape: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'value');
  const shapeV = need(node, inputs, 0, 'input');
  if (shapeV.type !== 'int64') unsupported(node, `the shape is ${shapeV.type}; supported: int64`);
  if (shapeV.dims.length !== 1) unsupported(node, `the shape must be 1-D, has dims [${shapeV.dims}]`);
  // an empty shape is a scalar output whatever the input holds; else the input gives the dims
  const dims = shapeV.dims[0] === 0 ? [] : shapeV.constant ? constInts(node, shapeV, 'input 0 (shape)') : undefined;
  if (!dims)
    unsupported(node, 'the shape must be a constant: the output dims are its values, the runtime plans static shapes');
  if (dims.some((d) => d < 0)) unsupported(node, `negative dims [${dims}]`);
  const a = node.attributes.get('value');
  let type: ElemType = 'float32';
  let value: number | bigint = 0;
  if (a) {
    if (a.kind !== 'tensor') unsupported(node, 'attribute value must be a tensor');
    const v = a.value;
    if (v.data.length !== 1) unsupported(node, `attribute value must hold one element, holds ${v.data.length}`);
    if (!(v.type in ARRAY_OF)) unsupported(node, `attribute value is ${v.type}, a type the runtime does not run`);
    type = v.type as ElemType;
    value = v.data[0];
  }
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], type);
  return (_ins, outs) => (outs[0].data as unknown as { fill(v: unknown): void }).fill(value);
};
