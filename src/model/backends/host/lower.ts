/**
 * Host steps: a node run by its TypeScript operator (the HostOpFactory of ./*.ts) on views of the arena, and the
 * views: Reshape-like nodes whose output is their input's bytes.
 */
import type { Node } from '../../graph/ir.js';
import type { HostOp, HostOpFactory, HostTensor, HostValueInfo } from '../types.js';
import { ELEMENT_BYTES, type PlannedValue, type ValueType } from '../../lowering/values.js';
import { sliceRangeStart, sliceWindow } from './movement.js';
import type { BuildEnv, Lower, LoweredNode, StepImpl, StepPointers } from '../../executor/step.js';
import { unsupported } from '../../executor/step.js';

/** The typed-array class of each value type. */
export const VIEW = {
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  double: Float64Array,
} as const;

/** A typed view of a value in the arena. */
export function viewOf(buf: ArrayBufferLike, v: PlannedValue, ptr: number): HostTensor {
  const n = v.dims.reduce((a, b) => a * b, 1);
  return {
    type: v.type,
    dims: v.dims,
    data: new (VIEW[v.type] as unknown as new (b: ArrayBufferLike, o: number, n: number) => HostTensor['data'])(
      buf,
      ptr,
      n,
    ),
  } as HostTensor;
}

/** What a host operator's factory is told about a value (its constant data where it has one). */
export function infoOf(v: PlannedValue): HostValueInfo {
  const c = v.constant;
  return {
    type: v.type,
    dims: v.dims,
    constant: c ? ({ type: c.type as ValueType, dims: c.dims, data: c.data } as HostTensor) : undefined,
  };
}

/** The operator table's TypeScript implementation: `factory` checks the node at load time and runs it. */
export function hostOp(factory: HostOpFactory): Lower {
  return (node, c) => lowerHost(node, c.name, c.values, factory, c.opset);
}

export function lowerHost(
  node: Node,
  name: string,
  values: ReadonlyMap<string, PlannedValue>,
  factory: HostOpFactory,
  opset: number,
): LoweredNode {
  const ins = node.inputs.map((n) => (n === '' ? undefined : infoOf(values.get(n)!)));
  // an output the node leaves out ('', e.g. LayerNormalization's Mean before a named InvStdDev) is undefined
  const outs = node.outputs.map((n) => (n === '' ? undefined : infoOf(values.get(n)!))) as HostValueInfo[];
  // the factory checks support now (load time) and raises UNSUPPORTED_OP with its reason
  const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
  const op: HostOp = factory(hostNode, ins, outs, opset);
  return {
    name,
    op: node.opType,
    node,
    inputs: [...node.inputs],
    outputs: [...node.outputs],
    rule: { kind: 'nchw' },
    build: (env: BuildEnv, step): StepImpl => {
      const inVals = step.inputs.map((n) => (n === '' ? undefined : env.values.get(n)!));
      const outVals = step.outputs.map((n) => (n === '' ? undefined : env.values.get(n)!)) as PlannedValue[];
      const macs = floatMacs(node.opType, inVals, outVals, node);
      const run = op;
      const constIns = inVals.map((v) => (v?.constant ? infoOf(v).constant : undefined));
      // the views of the last run, reused while the memory and the pointers are the same
      let views: {
        buf: ArrayBufferLike;
        p: StepPointers;
        inputs: (HostTensor | undefined)[];
        outputs: HostTensor[];
      } | null = null;
      const same = (a: readonly number[], b: readonly number[]) =>
        a.length === b.length && a.every((v, k) => v === b[k]);
      return {
        algorithm: 'host',
        bytes: 0,
        scratchBytes: 0,
        macs,
        run(p) {
          const buf = env.core.memory.buffer;
          if (!views || views.buf !== buf || !same(views.p.inputs, p.inputs) || !same(views.p.outputs, p.outputs)) {
            views = {
              buf,
              p: { inputs: [...p.inputs], outputs: [...p.outputs], scratch: p.scratch },
              inputs: inVals.map((v, k) =>
                v === undefined ? undefined : (constIns[k] ?? viewOf(buf, v, p.inputs[k])),
              ),
              outputs: outVals.map((v, k) =>
                v === undefined ? undefined : viewOf(buf, v, p.outputs[k]),
              ) as HostTensor[],
            };
          }
          run(views.inputs, views.outputs);
        },
        dispose() {
          views = null;
        },
      };
    },
  };
}

/** Reshape, Flatten, Squeeze, Unsqueeze, Identity with one output: a view of the input's bytes. */
export const lowerView: Lower = (node, c) =>
  node.outputs.filter((o) => o !== '').length === 1 ? lowerAlias(node, c.name, c.values) : undefined;

/** Dropout at inference (training_mode absent or a constant false, or a ratio of a constant 0): a view where the mask output is unused. */
export const lowerDropoutView: Lower = (node, c) => {
  const t = node.inputs[2] ? c.values.get(node.inputs[2]) : undefined;
  const r = node.inputs[1] ? c.values.get(node.inputs[1]) : undefined;
  // training at a ratio of 0 drops nothing (onnxruntime copies the input then)
  const ratio0 = !!r?.constant && r.constant.data.length === 1 && Number(r.constant.data[0]) === 0;
  if (node.inputs[2] && !ratio0 && !(t?.constant && t.constant.data.length === 1 && !Number(t.constant.data[0])))
    unsupported(node, 'training_mode is not a constant false (training Dropout is not supported)');
  return lowerView(node, c);
};

/**
 * Output 0 is input 0's bytes (from byte `delta` on: a Slice of a contiguous range, `inputs` its other inputs, read
 * at load only).
 */
export function lowerAlias(
  node: Node,
  name: string,
  values: ReadonlyMap<string, PlannedValue>,
  delta = 0,
  algorithm = 'alias',
): LoweredNode {
  const x = values.get(node.inputs[0]);
  if (!x) unsupported(node, 'no input');
  return {
    name,
    op: node.opType,
    node,
    inputs: [node.inputs[0]],
    outputs: [node.outputs[0]],
    rule: { kind: 'nchw' },
    alias: true,
    ...(delta ? { aliasDelta: delta } : {}),
    build: (env, step): StepImpl => {
      const src = env.values.get(step.inputs[0])!;
      const bytes = env.values.get(step.outputs[0])!.bytes;
      return {
        algorithm,
        bytes: 0,
        scratchBytes: 0,
        macs: 0,
        idle: (p) => !src.constant && p.inputs[0] + delta === p.outputs[0],
        run(p) {
          // a constant input (rare after folding) or a graph input/output pinned apart: copy
          if (src.constant) {
            const c = src.constant.data as ArrayBufferView;
            new Uint8Array(env.core.memory.buffer, p.outputs[0], bytes).set(
              new Uint8Array(c.buffer, c.byteOffset + delta, bytes),
            );
          } else if (p.inputs[0] + delta !== p.outputs[0]) {
            const from = p.inputs[0] + delta;
            new Uint8Array(env.core.memory.buffer).copyWithin(p.outputs[0], from, from + bytes);
          }
        },
        dispose() {},
      };
    },
  };
}

/** Slice where its output is one contiguous range of its input: a view from the range's first byte (else the
 * operator's copy, the next rule). The window and its checks are the operator's (./movement.ts sliceWindow). */
export const lowerSliceView: Lower = (node, c) => {
  const ins = node.inputs.map((n) => (n === '' ? undefined : infoOf(c.values.get(n)!)));
  const outs = node.outputs.map((n) => infoOf(c.values.get(n)!));
  const x = ins[0];
  if (!x || outs.length !== 1) return undefined;
  const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
  const start = sliceRangeStart(x.dims, sliceWindow(hostNode, ins, outs, c.opset));
  if (start === null) return undefined;
  return lowerAlias(node, c.name, c.values, start * ELEMENT_BYTES[x.type as ValueType], 'slice-view');
};

/** Multiply-accumulates of one run of a float convolution / matrix product or a host 8-bit product (the profile's GMAC/s), else 0. */
export function floatMacs(
  op: string,
  ins: readonly (PlannedValue | undefined)[],
  outs: readonly PlannedValue[],
  node: Node,
): number {
  const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
  const w = ins[1]?.dims;
  // every output element sums C_in / group * kh * kw products (w is [C_out, C_in / group, kh, kw])
  if ((op === 'Conv' || op === 'ConvAdd') && w) return numel(outs[0].dims) * numel(w.slice(1));
  // every input element meets C_out / group * kh * kw weights (w is [C_in, C_out / group, kh, kw])
  if (op === 'ConvTranspose' && w && ins[0]) return numel(ins[0].dims) * numel(w.slice(1));
  // (the 8-bit products the host runs: QLinearMatMul / MatMulInteger with a B computed at run time, attention's)
  if ((op === 'MatMul' || op === 'QLinearMatMul' || op === 'MatMulInteger') && ins[0])
    return numel(outs[0].dims) * ins[0].dims[ins[0].dims.length - 1];
  if (op === 'Gemm' && ins[0]) {
    const t = node.attributes.get('transA');
    const a = ins[0].dims;
    return numel(outs[0].dims) * (t?.kind === 'int' && t.value ? a[0] : a[a.length - 1]);
  }
  return 0;
}
