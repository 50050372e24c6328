/**
 * Element-wise chains and the interval where they are not constant.
 *
 * An element-wise chain (plan.ts `elementwiseRoots`) computes each of its values as a function of one root value x
 * and constant scalars: the LearnableAffineBlock + decomposed HardSwish of PP-LCNetV3
 * (`d + c * h(a x + b)`, h(z) = z * clip(z + 3, 0, 6) / 6), a HardSigmoid gate, a Relu6. Many such functions are
 * constant below some point (or above one): every x below it gives the same output. When x is read only by its chain,
 * the values of x there need no quantization codes of their own: x can be clamped to the interval [lo, hi] outside
 * which every value the chain gives to the rest of the graph (its exits) is constant, with no change to any exit.
 * Quantizing x over that narrower range spends every code where the chain can tell values apart (for x -> Relu this
 * is the range starting at 0 that absorbing the Relu gives; for h above, about [-3, max] instead of [min, max]).
 *
 * `flatIntervals` finds, for each root read only by its chain, the largest such interval by evaluating the chain on
 * scalars with fuse-qdq's own float32 evaluator (`elementwiseEval`, what i8conv's tables compute): the chain's
 * exits at x -> -inf are compared with their values at points approaching from below (see `edge`), likewise from
 * above. Only chains of piecewise polynomial operators
 * (Add, Sub, Mul, Div, Neg, Abs, Relu, Clip, LeakyRelu, HardSigmoid, HardSwish) are searched: a Sigmoid's tail is
 * never exactly flat in onnxruntime's arithmetic. A root whose chain is constant nowhere is left out.
 */
import type { Graph } from '../model/graph/ir.js';
import { elementwiseEval } from '../model/graph/passes/fuse-qdq.js';
import { consumersOf } from './graph.js';
import { elementwiseRoots } from './plan.js';

const f = Math.fround;
const FAR = 2 ** 20;
/** Operators of piecewise polynomial functions, whose flat parts the search below finds reliably. */
const PIECEWISE = new Set([
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Neg',
  'Abs',
  'Relu',
  'Clip',
  'LeakyRelu',
  'HardSigmoid',
  'HardSwish',
]);

/**
 * For each root value read only by its element-wise chain (no graph output, at least one of the chain's nodes
 * constant somewhere), the interval [lo, hi] outside which every exit of the chain is constant (see the header).
 */
export function flatIntervals(g: Graph): Map<string, [number, number]> {
  const isScalarConst = (v: string) => {
    const t = g.initializers.get(v);
    return !!t && t.type === 'float32' && t.data.length === 1 && !g.inputs.some((i) => i.name === v);
  };
  const opset = g.opsetImports.get('') ?? 13;
  const roots = elementwiseRoots(g.nodes, isScalarConst, opset);
  const cons = consumersOf(g.nodes);
  const outs = new Set(g.outputs.map((o) => o.name));
  const chains = new Map<string, number[]>();
  for (const [i, r] of roots) chains.set(r, [...(chains.get(r) ?? []), i]);
  const result = new Map<string, [number, number]>();
  for (const [root, members] of chains) {
    const inChain = new Set(members);
    if (outs.has(root) || g.initializers.has(root) || !(cons.get(root) ?? []).every((c) => inChain.has(c))) continue;
    if (members.some((i) => !PIECEWISE.has(g.nodes[i].opType))) continue;
    const exits = members
      .flatMap((i) => g.nodes[i].outputs)
      .filter((v) => outs.has(v) || (cons.get(v) ?? []).some((c) => !inChain.has(c)));
    if (exits.length === 0) continue;
    // each node's arithmetic is fuse-qdq's (the tables i8conv builds); its constant operands read once
    const steps = members.map((i) => ({ n: g.nodes[i], ev: elementwiseEval(g.nodes[i], opset) }));
    if (steps.some((st) => !st.ev)) continue;
    const constant = (v: string) => Number(g.initializers.get(v)?.data[0]);
    const params = steps.map(({ ev, n }) => ev!.params.map((k) => constant(n.inputs[k])));
    const run = (x: number): number[] => {
      const vals = new Map<string, number>([[root, f(x)]]);
      steps.forEach(({ n, ev }, j) => {
        const args = ev!.data.map((k) => (vals.has(n.inputs[k]) ? vals.get(n.inputs[k])! : constant(n.inputs[k])));
        vals.set(n.outputs[0], ev!.fn(args, params[j]));
      });
      return exits.map((v) => vals.get(v)!);
    };
    const same = (a: number[], b: number[]) => a.every((v, k) => Object.is(v, b[k]) || v === b[k]);
    /**
     * The point where the chain stops being constant coming from `far` (a flat tail): scan the points far / 2^k,
     * then 0, then -far / 2^k (across), for the first that differs from the tail; bisect between it and the point
     * before; check 257 points of every scanned segment of the flat part. Undefined where there is no flat tail, the
     * chain is constant everywhere, or a check fails.
     */
    const edge = (far: number): number | undefined => {
      const tail = run(far);
      if (tail.some((v) => !Number.isFinite(v)) || !same(tail, run(far / 2)) || !same(tail, run(far / 4)))
        return undefined;
      const scan: number[] = [];
      for (let k = 0; k <= 40; k++) scan.push(far / 2 ** k);
      scan.push(0);
      for (let k = 40; k >= 0; k--) scan.push(-far / 2 ** k);
      const first = scan.findIndex((x) => !same(run(x), tail));
      if (first <= 0) return undefined;
      let flat = scan[first - 1];
      let moving = scan[first];
      for (let k = 0; k < 100; k++) {
        const mid = f((flat + moving) / 2);
        if (mid === flat || mid === moving) break;
        if (same(run(mid), tail)) flat = mid;
        else moving = mid;
      }
      const checks = [...scan.slice(0, first - 1).map((x, k) => [x, scan[k + 1]]), [scan[first - 1], flat]];
      for (const [a, b] of checks)
        for (let k = 0; k <= 256; k++) if (!same(run(f(a + ((b - a) * k) / 256)), tail)) return undefined;
      return flat;
    };
    const lo = edge(-FAR);
    const hi = edge(FAR);
    if (lo === undefined && hi === undefined) continue;
    const l = lo ?? -Infinity;
    const h = hi ?? Infinity;
    if (l < h) result.set(root, [l, h]);
  }
  return result;
}

/** x clamped to [lo, hi] (a copy). */
export function clampTo(x: Float32Array, lo: number, hi: number): Float32Array {
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    y[i] = v < lo ? lo : v > hi ? hi : v;
  }
  return y;
}
