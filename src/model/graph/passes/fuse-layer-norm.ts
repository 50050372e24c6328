/**
 * Pass: a decomposed layer normalization (ReduceMean, Sub, Pow, ReduceMean, Add epsilon, Sqrt, Div, Mul scale, Add
 * bias) becomes one `i8conv:LayerNormalization` node, as onnxruntime's graph optimizer rewrites it into its
 * LayerNormalization before running the model (its LayerNormFusion: at level 'basic' where the model imports opset 17
 * or later, else at 'extended', so at the default level 'all' always). The fused kernel takes the mean and the
 * variance in one pass (Welford's, ../../backends/host/normalize.ts) instead of the graph's two means, so the bits
 * change; i8conv rewrites the same nodes to compute the same bits. docs/model.md (onnxruntime's float fusions) states
 * the conditions, each confirmed on onnxruntime-web (test/model-fuse-layer-norm.test.ts). In short:
 *
 * - the first ReduceMean (over X, not a graph output) is read by one Sub or two Subs (older PyTorch exports repeat
 *   it) and nothing else; each Sub reads X and the mean, in either order (onnxruntime does not look at the order: a
 *   `mean - X` computes `X - mean` once fused, and so it does here);
 * - the Sub (or a float Cast after it) is read by exactly the Pow and the Div; the Pow's exponent is any float (not
 *   looked at either), the second ReduceMean reads the Pow, Add(epsilon) the second ReduceMean, Sqrt the Add, the Div
 *   the Sqrt (either operand order), each read once and no graph output; the Div (or a float Cast after it) is read
 *   by one Mul (read once), the Mul by the final Add;
 * - both ReduceMeans take the same single axis, the last one (attribute or constant input, -1 or rank - 1);
 * - the scale is the Mul's last 1-D input, the bias the final Add's last 1-D input, of equal length;
 * - epsilon is the first value of the epsilon Add's second input where that is a float constant, else 1e-5.
 *
 * Where the scale and bias are not of the normalized axis's length the nodes stay: onnxruntime fuses a scale of one
 * value too, and its kernel broadcasts it with roundings of its own, not emulated here (other lengths fail to run).
 */
import type { Attribute, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import { ortMatch } from './ort-match.js';

const EPS_DEFAULT = Math.fround(1e-5);

export function fuseLayerNormPass(v: GraphView): void {
  // the binary operators onnxruntime's matcher takes are those of opset 7 on (Cast's of 9 on)
  if (v.opset() < 7) return;
  const { is, outEdges, edges, childOf: firstChild, parents, firstParent, floats } = ortMatch(v);
  /** a Cast to float32 of a float32 value (i8conv runs no other float type here) */
  const floatCast = (nd: Node | undefined): nd is Node =>
    is(nd, 'Cast') && v.opset() >= 9 && floats(nd) && attrIs(nd, 'to', 1);

  for (const rm of v.live()) {
    if (!v.has(rm) || !is(rm, 'ReduceMean') || !floats(rm, 1) || v.producesGraphOutput(rm)) continue;
    const x = rm.inputs[0];
    const mean = rm.outputs[0];
    const rmEdges = outEdges(rm);
    if (rmEdges.length !== 1 && rmEdges.length !== 2) continue;
    if (!rmEdges.every((e) => is(e.node, 'Sub'))) continue;
    const sub = rmEdges[0].node;
    const dup = rmEdges.length === 2 ? rmEdges[1].node : undefined;
    if (dup === sub) continue; // Sub(mean, mean)
    const other = (s: Node) => s.inputs.find((i) => i !== mean);
    if (!floats(sub) || other(sub) !== x || (dup && (!floats(dup) || other(dup) !== x))) continue;
    const pushed = pushedTranspose(v, x, new Set([rm, sub, ...(dup ? [dup] : [])]));
    if (pushed) {
      meanBeforeTranspose(v, rm, pushed);
      continue;
    }
    const removed: Node[] = [rm, sub];
    let cast1: Node | undefined;
    if (!dup) {
      const e = outEdges(sub);
      if (e.length === 1 && floatCast(e[0].node) && edges(e[0].node, 2)) cast1 = e[0].node;
    }
    if (!edges(sub, !dup && !cast1 ? 2 : 1)) continue;
    if (cast1) removed.push(cast1);
    let div = firstChild(cast1 ?? sub, 'Div');
    if (dup) {
      if (!edges(dup, 1)) continue; // (onnxruntime removes it whatever reads it)
      removed.push(dup);
      div ??= firstChild(dup, 'Div');
    }
    if (!div || !edges(div, 1) || !floats(div)) continue;
    const sqrt = firstParent(div, 'Sqrt');
    if (!sqrt || !edges(sqrt, 1) || !floats(sqrt)) continue;
    const add2 = parents(sqrt)[0];
    if (!is(add2, 'Add') || !edges(add2, 1) || !floats(add2)) continue;
    const rm2 = firstParent(add2, 'ReduceMean');
    if (!rm2 || !edges(rm2, 1) || !floats(rm2, 1)) continue;
    const pow = parents(rm2)[0];
    if (!is(pow, 'Pow') || !edges(pow, 1) || !floats(pow)) continue;
    const cast2 = firstParent(pow, 'Cast');
    if (cast2 && cast2 !== cast1) {
      if (!edges(cast2, 1)) continue;
    } else if (!cast2) {
      const s2 = firstParent(pow, 'Sub');
      if (s2 !== sub && (!dup || s2 !== dup)) continue;
    }
    removed.push(div, sqrt, add2, rm2, pow);
    if (cast2 && cast2 !== cast1) removed.push(cast2);
    let next = outEdges(div)[0]?.node;
    if (is(next, 'Cast') && edges(next, 1)) {
      if (!floatCast(next)) continue;
      removed.push(next);
      next = outEdges(next)[0]?.node;
    }
    const mul = next;
    if (!is(mul, 'Mul') || !edges(mul, 1) || !floats(mul)) continue;
    const add = outEdges(mul)[0]?.node;
    if (!is(add, 'Add') || !floats(add)) continue;
    removed.push(mul, add);
    // the axes: one, the last
    const xd = v.dimsOf(x);
    if (!xd || !lastAxisOnly(v, rm, xd.length) || !lastAxisOnly(v, rm2, xd.length)) continue;
    const w = xd[xd.length - 1];
    // scale and bias: the last 1-D input of the Mul and of the final Add
    const lastRank1 = (nd: Node) => [...nd.inputs].reverse().find((i) => v.dimsOf(i)?.length === 1);
    const scale = lastRank1(mul);
    const bias = lastRank1(add);
    if (scale === undefined || bias === undefined) continue;
    const sl = v.dimsOf(scale)![0];
    if (sl !== v.dimsOf(bias)![0]) continue;
    // a value the pattern computes cannot be its scale (onnxruntime's rewrite would read a removed value)
    const inner = new Set(removed.flatMap((nd) => nd.outputs));
    if (inner.has(scale) || inner.has(bias)) continue;
    // a scale of one value onnxruntime fuses too, and its kernel broadcasts it with other roundings (not emulated)
    if (sl !== w) continue;
    const eps = v.constant(add2.inputs[1]);
    const epsilon = eps && eps.type === 'float32' && eps.data.length > 0 ? (eps.data[0] as number) : EPS_DEFAULT;
    const y = add.outputs[0];
    for (const nd of removed) if (nd !== add) v.remove(nd);
    v.replace([add], {
      name: v.fresh(`${mul.name || 'Mul'}/LayerNormFusion`),
      opType: 'LayerNormalization',
      domain: 'i8conv',
      inputs: [x, scale, bias],
      outputs: [y],
      attributes: new Map([
        ['axis', { kind: 'int', value: -1 }],
        ['epsilon', { kind: 'float', value: epsilon }],
      ]),
    });
  }
}

/**
 * The Transpose that writes x where onnxruntime's transpose optimizer (it runs before LayerNormFusion, at every level
 * but 'disabled') moves it into the pattern: x is the output of a Transpose that writes no graph output, read by the
 * pattern and otherwise only by nodes of no other computed input (a channels-last layer normalization after a
 * permute, as in ConvNeXt). onnxruntime then takes the mean over the Transpose's input and
 * transposes it after, and its LayerNormFusion no longer matches: measured on onnxruntime-web 1.30, its output is the
 * unfused pattern's with the first mean taken that way (the variance's mean over x as written), at any perm. From
 * opset 17 on, LayerNormFusion runs first (at level 'basic') and fuses the pattern: undefined, as where x is no such
 * Transpose's output.
 */
function pushedTranspose(v: GraphView, x: string, pattern: ReadonlySet<Node>): Node | undefined {
  if (v.opset() >= 17) return undefined; // LayerNormFusion runs first (level 'basic')
  const t = v.producerOf(x);
  if (!t || t.opType !== 'Transpose' || t.domain !== '' || v.producesGraphOutput(t)) return undefined;
  // other readers of x that read nothing else computed (a Relu) do not keep the Transpose in place; a residual Add
  // of x and a value computed after the normalization (PP-OCRv4's recognizer, opset 9) does: onnxruntime fuses there
  const alone = (nd: Node) => nd.inputs.every((i) => i === '' || i === x || v.constant(i) !== undefined);
  if (!v.consumersOf(x).every((e) => pattern.has(e.node) || alone(e.node))) return undefined;
  return v.dimsOf(t.inputs[0]) ? t : undefined;
}

/**
 * The first ReduceMean rm (one axis, the last: checked by the caller's conditions below) rewritten as onnxruntime's
 * transpose optimizer leaves it: the mean over the matching axis of the Transpose's input, then the same Transpose.
 */
function meanBeforeTranspose(v: GraphView, rm: Node, t: Node): void {
  const src = t.inputs[0];
  const rank = v.dimsOf(src)!.length;
  const xd = v.dimsOf(rm.inputs[0]);
  if (!xd || xd.length !== rank || !lastAxisOnly(v, rm, rank)) return;
  const perm = t.attributes.get('perm');
  const p = perm?.kind === 'ints' ? perm.value : Array.from({ length: rank }, (_, i) => rank - 1 - i);
  const keep = rm.attributes.get('keepdims');
  if (keep?.kind === 'int' && keep.value === 0) return; // the Sub would read a mean of another rank
  const axis = p[rank - 1];
  const inner = v.fresh(`${rm.outputs[0]}/before_transpose`);
  const dims = v.dimsOf(src)!.map((d, i) => (i === axis ? 1 : d));
  v.annotate({ name: inner, type: 'float32', onnxElemType: 1, shape: dims });
  // axes: an attribute before opset 18, an input from 18 on
  const axesInput =
    v.opset() >= 18 ? [v.addInitializer(`${inner}/axes`, 'int64', [1], BigInt64Array.of(BigInt(axis)))] : [];
  v.replaceWith(rm, [
    {
      name: v.fresh(`${rm.name || 'ReduceMean'}/before_transpose`),
      opType: 'ReduceMean',
      domain: '',
      inputs: [src, ...axesInput],
      outputs: [inner],
      attributes: new Map([
        ...(axesInput.length ? [] : ([['axes', { kind: 'ints', value: [axis] }]] as [string, Attribute][])),
        ['keepdims', { kind: 'int', value: 1 }],
      ]),
    },
    {
      name: v.fresh(`${t.name || 'Transpose'}/after_mean`),
      opType: 'Transpose',
      domain: '',
      inputs: [inner],
      outputs: [rm.outputs[0]],
      attributes: new Map([['perm', { kind: 'ints', value: p }]]),
    },
  ]);
}

function attrIs(nd: Node, name: string, value: number): boolean {
  const a = nd.attributes.get(name);
  return a?.kind === 'int' && a.value === value;
}

/** Whether a ReduceMean takes exactly one axis, the last of a rank-`rank` input (as an attribute or a constant input). */
function lastAxisOnly(v: GraphView, rm: Node, rank: number): boolean {
  let axes: number[] | undefined;
  const attr = rm.attributes.get('axes');
  if (attr?.kind === 'ints') axes = attr.value;
  else if (rm.inputs.length >= 2 && rm.inputs[1] !== '') {
    const t = v.constant(rm.inputs[1]);
    if (t?.type === 'int64') axes = Array.from(t.data as BigInt64Array, Number);
  }
  return axes !== undefined && axes.length === 1 && (axes[0] === -1 || axes[0] === rank - 1);
}
