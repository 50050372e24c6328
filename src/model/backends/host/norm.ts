/**
 * BatchNormalization, inference (float32), as onnxruntime's CPU kernel and the reference executor compute it: per
 * channel c, inv = f(1 / f(sqrt(f(var[c] + epsilon)))), s = f(inv * scale[c]), b = f(B[c] - f(mean[c] * s)); each
 * element of channel c: y = f(f(x * s) + b). X is [N, C, ...] (rank >= 2). Refused: training_mode = 1 (opset 14+),
 * spatial = 0 (opset < 9), more than one output.
 * With constant parameters (the usual case) s and b are computed once, at load; the model executor then runs the
 * per-element loop in wasm (./simd.ts), with the same two float32 operations per element.
 */
import type { HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrFloat,
  attrInt,
  expectDims,
  expectOutType,
  expectType,
  need,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

const f32 = Math.fround;

export interface BatchNormFacts {
  /** epsilon as a float32 */
  eps: number;
  channels: number;
  /** planes (N * C) and elements per plane */
  planes: number;
  inner: number;
}

/** Checks a BatchNormalization node (UNSUPPORTED_OP, BAD_SHAPE) and returns its sizes. */
export function batchNormFacts(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): BatchNormFacts {
  onlyAttrs(
    node,
    'epsilon',
    'momentum',
    ...(opset < 9 ? ['spatial'] : []),
    ...(opset >= 14 ? ['training_mode'] : []),
    ...(opset < 7 ? ['is_test', 'consumed_inputs'] : []),
  );
  if (attrInt(node, 'training_mode', 0) !== 0) unsupported(node, 'training_mode is not supported');
  if (attrInt(node, 'spatial', 1) !== 1) unsupported(node, 'spatial = 0 is not supported');
  if (outputs.slice(1).some(Boolean))
    unsupported(node, 'the training outputs (running mean and var) are not supported');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  if (x.dims.length < 2) unsupported(node, `X [${x.dims}] must have rank >= 2`);
  const c = x.dims[1];
  ['scale', 'B', 'input_mean', 'input_var'].forEach((what, k) => {
    const p = need(node, inputs, k + 1, what);
    expectType(node, p, what, 'float32');
    if (numel(p.dims) !== c) unsupported(node, `${what} has ${numel(p.dims)} values, X has ${c} channels`);
  });
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0]!, 'float32');
  return {
    eps: f32(attrFloat(node, 'epsilon', 1e-5)),
    channels: c,
    planes: x.dims[0] * c,
    inner: numel(x.dims.slice(2)),
  };
}

/** The per-channel scale s and shift b (header) into s[0..C) and b[0..C). */
export function batchNormConstants(
  eps: number,
  scale: Float32Array,
  bias: Float32Array,
  mean: Float32Array,
  variance: Float32Array,
  s: Float32Array,
  b: Float32Array,
): void {
  for (let k = 0; k < s.length; k++) {
    const sk = f32(scale[k] * f32(1 / f32(Math.sqrt(f32(variance[k] + eps)))));
    s[k] = sk;
    b[k] = bias[k] - f32(mean[k] * sk);
  }
}

export const BatchNormalization: HostOpFactory = (node, inputs, outputs, opset) => {
  const { eps, channels: c, planes, inner } = batchNormFacts(node, inputs, outputs, opset);
  const s = new Float32Array(c),
    sh = new Float32Array(c);
  return (ins, outs) => {
    batchNormConstants(
      eps,
      ins[1]!.data as Float32Array,
      ins[2]!.data as Float32Array,
      ins[3]!.data as Float32Array,
      ins[4]!.data as Float32Array,
      s,
      sh,
    );
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0, k = 0; p < planes; p++, k = k + 1 === c ? 0 : k + 1) {
      const sv = s[k],
        bv = sh[k];
      for (let i = p * inner, e = i + inner; i < e; i++) Y[i] = f32(X[i] * sv) + bv;
    }
  };
};
