/**
 * Loop, run by a split model's frontier (staged.ts): the body graph as a model of its own, run once per iteration.
 *
 *   inputs M (int64, optional: no bound), cond (bool, optional: true), v_initial[N]; body inputs (iteration_num int64
 *   scalar, cond bool scalar, v[N]) -> outputs (cond, v[N], scan[K]).
 *   i = 0; c = cond; v = v_initial
 *   while (M absent or i < M) and c: (c, v, s) = body(i, c, v); scan[k] gets s[k]; i++
 *   outputs: v (the last values), then each scan output's iterations stacked along a new first axis.
 *
 * That is onnxruntime's order (the condition the body returns decides the next iteration). The body reads the
 * enclosing graph's values by name: the captured ones become inputs of the body's model (constants: initializers, so
 * that they fold). The body's model is planned per input dims (a loop-carried value may change dims from one iteration
 * to the next), through the loader (`load`: a split of its own where its body has dims the run decides), and kept in
 * `cache` while the model holds the split. A scan output whose dims change between iterations fails the run
 * (BAD_FEED, as onnxruntime fails it); so does a loop past MAX_LOOP_ITERATIONS iterations (a loop with neither M nor
 * a condition that ends it would run forever).
 */
import { I8ConvError } from '../../errors.js';
import type { Graph, Node, Tensor, TensorData } from '../graph/ir.js';
import { outerReads } from '../graph/subgraphs.js';
import { alloc } from '../graph/passes/fold-constants.js';
import type { Model } from './model.js';
import type { ModelArray } from './plan.js';

/** The most iterations a Loop may run. */
export const MAX_LOOP_ITERATIONS = 1 << 20;

/** Body plans a Loop keeps (by input dims). */
export const MAX_BODY_PLANS = 16;

/** Body models by input dims, and the loader that plans them. */
export interface LoopBodies {
  cache: Map<string, Model>;
  load(g: Graph): Model;
}

/** The body's model for these input values' dims (planned now if new). */
function bodyModel(
  node: Node,
  body: Graph,
  bound: readonly { name: string; t: Tensor }[],
  consts: ReadonlyMap<string, Tensor>,
  bodies: LoopBodies,
): Model {
  const key = bound.map(({ t }) => `${t.type}:${t.dims.join('x')}`).join(',');
  const held = bodies.cache.get(key);
  if (held) {
    bodies.cache.delete(key);
    bodies.cache.set(key, held);
    return held;
  }
  const inits = new Map(body.initializers);
  for (const [n, t] of consts) inits.set(n, { ...t, name: n, data: t.data.slice() as TensorData });
  const g: Graph = {
    name: `${node.name || 'Loop'} body`,
    irVersion: body.irVersion,
    opsetImports: new Map(body.opsetImports),
    inputs: bound.map(({ name, t }) => ({ name, type: t.type, onnxElemType: 0, shape: [...t.dims] })),
    outputs: body.outputs.map((o) => ({ name: o.name, type: o.type, onnxElemType: o.onnxElemType, shape: null })),
    initializers: inits,
    valueInfo: new Map(),
    nodes: structuredClone(body.nodes),
  };
  const m = bodies.load(g);
  bodies.cache.set(key, m);
  // the least recently run beyond MAX_BODY_PLANS (a carried value that grows makes one per iteration)
  for (const [k, old] of bodies.cache) {
    if (bodies.cache.size <= MAX_BODY_PLANS) break;
    bodies.cache.delete(k);
    old.dispose();
  }
  return m;
}

/** A Loop's or Scan's body and what it reads of the enclosing graph: fed values, and constants that fold inside it. */
interface BodyRun {
  where: string;
  body: Graph;
  captured: { name: string; t: Tensor }[];
  captConsts: Map<string, Tensor>;
}

function bodyRun(
  node: Node,
  read: (name: string) => Tensor | undefined,
  consts: ReadonlyMap<string, Tensor>,
  opsets: ReadonlyMap<string, number>,
): BodyRun {
  const where = `node ${JSON.stringify(node.name)} (${node.opType})`;
  const a = node.attributes.get('body');
  if (a?.kind !== 'graph') throw new I8ConvError('BAD_MODEL', `${where}: attribute body must be a graph`, where);
  const body: Graph = { ...a.value, opsetImports: new Map(a.value.opsetImports.size ? a.value.opsetImports : opsets) };
  const captured: { name: string; t: Tensor }[] = [];
  const captConsts = new Map<string, Tensor>();
  for (const name of outerReads(node)) {
    const c = consts.get(name);
    if (c) {
      captConsts.set(name, c);
      continue;
    }
    const t = read(name);
    if (!t)
      throw new I8ConvError(
        'BAD_MODEL',
        `${where}: the body reads ${JSON.stringify(name)}, which is never produced`,
        where,
      );
    captured.push({ name, t });
  }
  return { where, body, captured, captConsts };
}

/** One run of the body on these bound values: its outputs in the body's order. */
function runBody(node: Node, b: BodyRun, bound: readonly { name: string; t: Tensor }[], bodies: LoopBodies): Tensor[] {
  const model = bodyModel(node, b.body, bound, b.captConsts, bodies);
  const feeds: Record<string, { data: ModelArray; dims: number[] }> = Object.create(null);
  for (const { name, t } of bound) feeds[name] = { data: t.data as ModelArray, dims: [...t.dims] };
  const out = model.runTensors(feeds);
  return b.body.outputs.map((o) => {
    const t = out[o.name];
    return { name: '', type: t.type, dims: [...t.dims], data: t.data } as Tensor;
  });
}

/**
 * The Loop's outputs. `inputs`: the node's inputs' values (undefined: omitted); `read`: a value of the enclosing graph
 * by name (the body's captures), or undefined; `consts`: the enclosing graph's constants.
 */
export function runLoop(
  node: Node,
  inputs: readonly (Tensor | undefined)[],
  read: (name: string) => Tensor | undefined,
  consts: ReadonlyMap<string, Tensor>,
  opsets: ReadonlyMap<string, number>,
  bodies: LoopBodies,
): Tensor[] {
  const b = bodyRun(node, read, consts, opsets);
  const { where, body } = b;
  const n = node.inputs.length - 2;
  const k = body.outputs.length - 1 - n;
  const m = inputs[0] ? Number((inputs[0].data as BigInt64Array)[0]) : Number.POSITIVE_INFINITY;
  let cond = inputs[1] ? inputs[1].data[0] !== 0 : true;
  let carried: Tensor[] = inputs.slice(2).map((t, j) => {
    if (!t) throw new I8ConvError('BAD_MODEL', `${where}: loop-carried input ${j} is omitted`, where);
    return t;
  });
  const scans: Tensor[][] = Array.from({ length: k }, () => []);
  let i = 0;
  while (i < m && cond) {
    if (i >= MAX_LOOP_ITERATIONS)
      throw new I8ConvError('BAD_FEED', `${where}: more than ${MAX_LOOP_ITERATIONS} iterations`, where);
    const bound = [
      {
        name: body.inputs[0].name,
        t: { name: '', type: 'int64', dims: [], data: BigInt64Array.of(BigInt(i)) } as Tensor,
      },
      {
        name: body.inputs[1].name,
        t: { name: '', type: 'bool', dims: [], data: Uint8Array.of(cond ? 1 : 0) } as Tensor,
      },
      ...carried.map((t, j) => ({ name: body.inputs[2 + j].name, t })),
      ...b.captured,
    ];
    const res = runBody(node, b, bound, bodies);
    cond = res[0].data[0] !== 0;
    carried = res.slice(1, 1 + n);
    res.slice(1 + n).forEach((t, j) => {
      const prev = scans[j][0];
      if (prev && (prev.type !== t.type || prev.dims.join() !== t.dims.join()))
        throw new I8ConvError(
          'BAD_FEED',
          `${where}: scan output ${j} is [${t.dims}] at iteration ${i}, [${prev.dims}] before (they must agree)`,
          where,
        );
      scans[j].push(t);
    });
    i++;
  }
  const stacked = scans.map((its, j) => {
    if (!its.length) {
      // no iteration: an empty stack of the body's declared dims where it declares them
      const o = body.outputs[1 + n + j];
      const dims = o.shape && o.shape.every((d) => typeof d === 'number') ? (o.shape as number[]) : [];
      const type = o.type ?? 'float32';
      return { name: '', type, dims: [0, ...dims], data: alloc(type, 0) } as Tensor;
    }
    const per = its[0].data.length;
    const data = alloc(its[0].type, per * its.length);
    its.forEach((t, s) => (data as unknown as { set(a: ArrayLike<unknown>, o: number): void }).set(t.data, s * per));
    return { name: '', type: its[0].type, dims: [its.length, ...its[0].dims], data } as Tensor;
  });
  return [...carried, ...stacked].slice(0, node.outputs.length);
}

/** Slice t of a tensor along `axis` (that axis removed). */
function sliceAt(t: Tensor, axis: number, i: number): Tensor {
  const dims = t.dims.filter((_, d) => d !== axis);
  const outer = t.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = t.dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const data = alloc(t.type, outer * inner);
  const src = t.data as unknown as { subarray(a: number, b: number): ArrayLike<unknown> };
  const dst = data as unknown as { set(a: ArrayLike<unknown>, o: number): void };
  for (let o = 0; o < outer; o++) {
    const from = (o * t.dims[axis] + i) * inner;
    dst.set(src.subarray(from, from + inner), o * inner);
  }
  return { name: '', type: t.type, dims, data };
}

/** Per-iteration slices stacked along `axis` (position `at(t)` for iteration t). */
function stackAlong(its: readonly Tensor[], axis: number, at: (t: number) => number): Tensor {
  const per = its[0].dims;
  const dims = [...per.slice(0, axis), its.length, ...per.slice(axis)];
  const outer = per.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = per.slice(axis).reduce((a, b) => a * b, 1);
  const data = alloc(its[0].type, outer * its.length * inner);
  const dst = data as unknown as { set(a: ArrayLike<unknown>, o: number): void };
  its.forEach((t, k) => {
    const src = t.data as unknown as { subarray(a: number, b: number): ArrayLike<unknown> };
    for (let o = 0; o < outer; o++) dst.set(src.subarray(o * inner, (o + 1) * inner), (o * its.length + at(k)) * inner);
  });
  return { name: '', type: its[0].type, dims, data };
}

/**
 * Scan (opsets 9+): N state values carried through the body, M scan inputs sliced along scan_input_axes (default 0)
 * in scan_input_directions (1: from the end), one slice each per iteration; the body's K scan outputs stacked along
 * scan_output_axes in scan_output_directions (1: the first iteration last). The outputs: the last states, then the K
 * stacks. The body runs as Loop's does (its model per input dims, captures as its inputs); scan inputs whose scanned
 * dims differ, or a scan output that changes dims, fail the run with BAD_FEED.
 */
export function runScan(
  node: Node,
  inputs: readonly (Tensor | undefined)[],
  read: (name: string) => Tensor | undefined,
  consts: ReadonlyMap<string, Tensor>,
  opsets: ReadonlyMap<string, number>,
  bodies: LoopBodies,
): Tensor[] {
  const b = bodyRun(node, read, consts, opsets);
  const { where, body } = b;
  const ints = (name: string, n: number, dflt: number): number[] => {
    const v = node.attributes.get(name);
    return v?.kind === 'ints' ? v.value : new Array<number>(n).fill(dflt);
  };
  const m = (node.attributes.get('num_scan_inputs') as { value: number }).value;
  const n = inputs.length - m;
  const k = body.outputs.length - n;
  const inAxes = ints('scan_input_axes', m, 0).map((ax, j) => (ax < 0 ? ax + inputs[n + j]!.dims.length : ax));
  const inDirs = ints('scan_input_directions', m, 0);
  const outAxes = ints('scan_output_axes', k, 0);
  const outDirs = ints('scan_output_directions', k, 0);
  const scans = inputs.slice(n) as Tensor[];
  const len = scans.length ? scans[0].dims[inAxes[0]] : 0;
  scans.forEach((t, j) => {
    if (t.dims[inAxes[j]] !== len)
      throw new I8ConvError(
        'BAD_FEED',
        `${where}: scan input ${j} has ${t.dims[inAxes[j]]} steps, scan input 0 ${len}`,
        where,
      );
  });
  let states = inputs.slice(0, n) as Tensor[];
  const outs: Tensor[][] = Array.from({ length: k }, () => []);
  for (let t = 0; t < len; t++) {
    const bound = [
      ...states.map((s, j) => ({ name: body.inputs[j].name, t: s })),
      ...scans.map((s, j) => ({
        name: body.inputs[n + j].name,
        t: sliceAt(s, inAxes[j], inDirs[j] === 1 ? len - 1 - t : t),
      })),
      ...b.captured,
    ];
    const got = runBody(node, b, bound, bodies);
    states = got.slice(0, n);
    got.slice(n).forEach((v, j) => {
      const prev = outs[j][0];
      if (prev && prev.dims.join() !== v.dims.join())
        throw new I8ConvError('BAD_FEED', `${where}: scan output ${j} changes dims at iteration ${t}`, where);
      outs[j].push(v);
    });
  }
  const stacked = outs.map((its, j) => {
    if (!its.length) return { name: '', type: 'float32', dims: [0], data: new Float32Array(0) } as Tensor;
    const axis = outAxes[j] < 0 ? outAxes[j] + its[0].dims.length + 1 : outAxes[j];
    return stackAlong(its, axis, (t) => (outDirs[j] === 1 ? its.length - 1 - t : t));
  });
  return [...states, ...stacked].slice(0, node.outputs.length);
}
