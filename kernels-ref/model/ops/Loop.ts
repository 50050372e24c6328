/**
 * Loop: the body graph run per iteration, as ONNX defines it and onnxruntime runs it. Inputs M (int64, optional: no
 * bound), cond (bool, optional: true), then the N loop-carried values; the body's inputs are the iteration number
 * (int64 scalar), the condition (bool scalar) and the N values, its outputs the next condition, the N values and K
 * scan outputs. While (no M or i < M) and the condition holds, the body runs; the node's outputs are the last N values
 * and each scan output's iterations stacked along a new first axis. The body reads the enclosing graph's values by
 * name (the executor's subgraph scope, ../run.ts).
 */
import { makeTensor, onlyAttrs, type OpFn, type Tensor, type TensorData } from '../tensor.js';

export const Loop: OpFn = (inputs, attrs, _opset, outputCount, ctx) => {
  onlyAttrs(attrs, 'Loop', 'body');
  const a = attrs.get('body');
  if (a?.kind !== 'graph') throw new Error('Loop: attribute body must be a graph');
  if (!ctx) throw new Error('Loop: runs its body through the executor (no context given)');
  const g = a.value;
  const n = inputs.length - 2;
  const k = g.outputs.length - 1 - n;
  if (g.inputs.length !== 2 + n || k < 0) throw new Error('Loop: the body does not match the node');
  const m = inputs[0] ? Number(inputs[0].data[0]) : Number.POSITIVE_INFINITY;
  let cond = inputs[1] ? Boolean(inputs[1].data[0]) : true;
  let values = inputs.slice(2) as Tensor[];
  const scans: Tensor[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < m && cond; i++) {
    const own = new Map<string, Tensor>(g.initializers);
    own.set(g.inputs[0].name, makeTensor('int64', [], BigInt64Array.of(BigInt(i))));
    own.set(g.inputs[1].name, makeTensor('bool', [], Uint8Array.of(cond ? 1 : 0)));
    values.forEach((t, j) => own.set(g.inputs[2 + j].name, { ...t, name: g.inputs[2 + j].name }));
    const scope = ctx.runSubgraph({ ...g, initializers: own });
    const out = g.outputs.map((o) => {
      const t = scope.get(o.name) ?? own.get(o.name) ?? ctx.value(o.name);
      if (!t) throw new Error(`Loop: the body's output ${JSON.stringify(o.name)} is never produced`);
      return t;
    });
    cond = Boolean(out[0].data[0]);
    values = out.slice(1, 1 + n);
    out.slice(1 + n).forEach((t, j) => {
      const prev = scans[j][0];
      if (prev && prev.dims.join() !== t.dims.join()) throw new Error(`Loop: scan output ${j} changes dims`);
      scans[j].push(t);
    });
  }
  const stacked = scans.map((its) => {
    if (!its.length) return makeTensor('float32', [0], new Float32Array(0));
    const per = its[0].data.length;
    const data = new (its[0].data.constructor as new (n: number) => TensorData)(per * its.length);
    its.forEach((t, s) => (data as unknown as { set(x: ArrayLike<unknown>, o: number): void }).set(t.data, s * per));
    return makeTensor(its[0].type, [its.length, ...its[0].dims], data);
  });
  return [...values, ...stacked].slice(0, outputCount ?? n + k);
};
