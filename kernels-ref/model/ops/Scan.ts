/**
 * Scan (opsets 9+): the first N inputs are states, the last num_scan_inputs M are sequences cut along
 * scan_input_axes (default 0), read from the end where scan_input_directions says 1. Per step the body takes the
 * states and one slice of each sequence and gives the next states and K slices; the outputs are the final states and
 * each slice series put together along scan_output_axes (default 0), the first step last where
 * scan_output_directions says 1. The body reads the enclosing graph's values by name.
 */
import { makeTensor, type OpFn, type Tensor, type TensorData } from '../tensor.js';

const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

export const Scan: OpFn = (inputs, attrs, opset, outputCount, ctx) => {
  if (opset < 9) throw new Error('Scan-8 (a batch axis and sequence_lens) is not taken');
  const a = attrs.get('body');
  if (a?.kind !== 'graph') throw new Error('Scan: attribute body must be a graph');
  if (!ctx) throw new Error('Scan: runs its body through the executor (no context given)');
  const g = a.value;
  const mAttr = attrs.get('num_scan_inputs');
  const m = mAttr?.kind === 'int' ? mAttr.value : 0;
  const n = inputs.length - m;
  const k = g.outputs.length - n;
  const list = (name: string, len: number): number[] => {
    const v = attrs.get(name);
    return v?.kind === 'ints' ? v.value : new Array(len).fill(0);
  };
  const seqs = inputs.slice(n) as Tensor[];
  const inAxes = list('scan_input_axes', m).map((x, j) => (x < 0 ? x + seqs[j].dims.length : x));
  const inDirs = list('scan_input_directions', m);
  const outAxes = list('scan_output_axes', k);
  const outDirs = list('scan_output_directions', k);
  const steps = seqs[0].dims[inAxes[0]];
  // element of a tensor at a multi-index
  const slice = (t: Tensor, axis: number, at: number): Tensor => {
    const dims = t.dims.filter((_, d) => d !== axis);
    const out = new (t.data.constructor as new (len: number) => TensorData)(numel(dims));
    for (let e = 0; e < out.length; e++) {
      // e's multi-index in dims, the scanned axis inserted at `at`
      let rest = e;
      let src = 0;
      let mul = 1;
      const idx: number[] = [];
      for (let d = dims.length - 1; d >= 0; d--) {
        idx.unshift(rest % dims[d]);
        rest = Math.floor(rest / dims[d]);
      }
      idx.splice(axis, 0, at);
      for (let d = t.dims.length - 1; d >= 0; d--) {
        src += idx[d] * mul;
        mul *= t.dims[d];
      }
      (out as unknown as unknown[])[e] = (t.data as unknown as unknown[])[src];
    }
    return makeTensor(t.type, dims, out);
  };
  let states = inputs.slice(0, n) as Tensor[];
  const series: Tensor[][] = Array.from({ length: k }, () => []);
  for (let s = 0; s < steps; s++) {
    const own = new Map<string, Tensor>(g.initializers);
    states.forEach((t, j) => own.set(g.inputs[j].name, { ...t, name: g.inputs[j].name }));
    seqs.forEach((t, j) => {
      const piece = slice(t, inAxes[j], inDirs[j] === 1 ? steps - 1 - s : s);
      own.set(g.inputs[n + j].name, { ...piece, name: g.inputs[n + j].name });
    });
    const scope = ctx.runSubgraph({ ...g, initializers: own });
    const outs = g.outputs.map((o) => scope.get(o.name) ?? own.get(o.name) ?? ctx.value(o.name)!);
    states = outs.slice(0, n);
    outs.slice(n).forEach((t, j) => series[j].push(t));
  }
  const stacked = series.map((its, j) => {
    const per = its[0].dims;
    const axis = outAxes[j] < 0 ? outAxes[j] + per.length + 1 : outAxes[j];
    const dims = [...per.slice(0, axis), its.length, ...per.slice(axis)];
    const out = new (its[0].data.constructor as new (len: number) => TensorData)(numel(dims));
    for (let e = 0; e < out.length; e++) {
      let rest = e;
      const idx: number[] = [];
      for (let d = dims.length - 1; d >= 0; d--) {
        idx.unshift(rest % dims[d]);
        rest = Math.floor(rest / dims[d]);
      }
      const step = idx[axis];
      const from = its[outDirs[j] === 1 ? its.length - 1 - step : step];
      idx.splice(axis, 1);
      let src = 0;
      let mul = 1;
      for (let d = per.length - 1; d >= 0; d--) {
        src += idx[d] * mul;
        mul *= per[d];
      }
      (out as unknown as unknown[])[e] = (from.data as unknown as unknown[])[src];
    }
    return makeTensor(its[0].type, dims, out);
  });
  return [...states, ...stacked].slice(0, outputCount ?? n + k);
};
