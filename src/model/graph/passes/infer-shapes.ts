/**
 * Pass: bind the graph inputs' shapes and infer every value's element type and static shape.
 *
 * `inputShapes` (as `rt.loadModel` takes it: graph input name -> dims) gives the dims of an input; an input
 * without a binding keeps its declared shape, which must then be all numbers. The nodes are walked in dependency
 * order (ties in file order, as the reference executor) with one shape rule per operator; the constant
 * evaluators of fold-constants.ts run as it goes, so a Reshape / Slice / Squeeze / Unsqueeze / Pad / Resize whose
 * shape input comes out of Shape -> Gather -> Concat plumbing still infers. The result is the same graph with
 * numeric input shapes and a `valueInfo` entry (type and dims) for every node output; graph outputs are
 * annotated too. Nodes are not changed (run fold-constants afterwards to replace the plumbing).
 *
 * Everything that does not infer is `I8ConvError` `BAD_SHAPE`, naming the node (index, op type, name) and the
 * input: a symbolic or unknown input dim without a binding, a binding of the wrong rank or that contradicts a
 * fixed dim (or the same symbol bound to two sizes), an incompatible broadcast, a bad reshape, a shape-carrying
 * input that is not a constant after folding, channel or rank mismatches, an empty pooling / conv output, and an
 * operator with no shape rule here (until the executor's operator table names it with its own code).
 * Pure: the input graph is not changed.
 */
import { I8ConvError } from '../../../errors.js';
import type { ElementType, Graph, Node, Tensor, ValueInfo } from '../ir.js';
import { broadcastDims, evaluateConstant, intValues, reshapeDims, sliceAxis } from './fold-constants.js';

interface Info {
  type: ElementType;
  dims: number[];
}

const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);
const ONNX_TYPES: Record<number, ElementType> = { 1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16', 11: 'double' };

function bad(param: string, message: string): never {
  throw new I8ConvError('BAD_SHAPE', `${param}: ${message}`, param);
}

/** An operator the runtime has no shape rule for, so none it runs either (inferShapes reports them together). */
class NoShapeRule extends Error {}

export function inferShapes(graph: Graph, inputShapes: Record<string, number[]> = {}): Graph {
  const info = new Map<string, Info>();
  const consts = new Map<string, Tensor>();
  const inputNames = new Set(graph.inputs.map((v) => v.name));
  for (const [name, t] of graph.initializers) {
    info.set(name, { type: t.type, dims: [...t.dims] });
    if (!inputNames.has(name)) consts.set(name, t);
  }

  // Bind the graph inputs.
  for (const name of Object.keys(inputShapes))
    if (!inputNames.has(name)) bad(`inputShapes.${name}`, `${JSON.stringify(name)} is not a graph input`);
  const symbols = new Map<string, number>();
  const inputs: ValueInfo[] = graph.inputs.map((v) => {
    const param = `input ${JSON.stringify(v.name)}`;
    const bound = Object.hasOwn(inputShapes, v.name) ? inputShapes[v.name] : undefined;
    let dims: number[];
    if (bound !== undefined) {
      if (!Array.isArray(bound) || bound.some((d) => typeof d !== 'number' || !Number.isInteger(d) || d < 0))
        bad(param, `inputShapes gives ${JSON.stringify(bound)}, not an array of non-negative integers`);
      if (v.shape && v.shape.length !== bound.length) bad(param, `inputShapes gives rank ${bound.length} ([${bound}]), the model declares rank ${v.shape.length} ([${v.shape.map((d) => d ?? '?')}])`);
      v.shape?.forEach((d, i) => {
        if (typeof d === 'number' && d !== bound[i]) bad(param, `inputShapes gives dim ${i} = ${bound[i]}, the model fixes it at ${d}`);
        if (typeof d === 'string') {
          const prev = symbols.get(d);
          if (prev !== undefined && prev !== bound[i]) bad(param, `dim ${i} (${JSON.stringify(d)}) is bound to ${bound[i]}, and to ${prev} in another input`);
          symbols.set(d, bound[i]);
        }
      });
      dims = [...bound];
    } else if (graph.initializers.has(v.name)) {
      dims = [...graph.initializers.get(v.name)!.dims];
    } else {
      if (!v.shape) bad(param, 'the model declares no shape and inputShapes binds none');
      const k = v.shape.findIndex((d) => typeof d !== 'number');
      if (k >= 0) bad(param, `dim ${k} is ${v.shape[k] === null ? 'unknown' : `symbolic (${JSON.stringify(v.shape[k])})`} and inputShapes binds none`);
      dims = v.shape as number[];
    }
    const type = v.type ?? graph.initializers.get(v.name)?.type;
    if (!type) bad(param, `no element type the runtime carries (ONNX type ${v.onnxElemType})`);
    info.set(v.name, { type, dims });
    return { ...v, type, shape: [...dims] };
  });

  // Dependency order, ties in file order. A node of an operator with no shape rule is one the runtime cannot run:
  // its outputs become unknown, the nodes they feed are skipped, and all such nodes are named together at the end
  // (UNSUPPORTED_OP), as the lowering names every node it cannot run.
  const pending = graph.nodes.map((_, i) => i);
  const valueInfo = new Map(graph.valueInfo);
  const unknown = new Set<string>();
  const noRule: string[] = [];
  while (pending.length) {
    const k = pending.findIndex((i) => graph.nodes[i].inputs.every((n) => n === '' || info.has(n) || unknown.has(n)));
    if (k < 0) {
      const i = pending[0];
      const missing = graph.nodes[i].inputs.find((n) => n !== '' && !info.has(n))!;
      bad(`node ${i} (${graph.nodes[i].opType} ${JSON.stringify(graph.nodes[i].name)})`, `input ${JSON.stringify(missing)} is never produced (or the graph has a cycle)`);
    }
    const i = pending.splice(k, 1)[0];
    const node = graph.nodes[i];
    const opset = graph.opsetImports.get(node.domain) ?? 1;
    if (node.inputs.some((n) => unknown.has(n))) {
      // fed by such a node: its own shape cannot be inferred; it is named too when its operator has no rule either
      // (the rules reach for their inputs only for the operators they know)
      try {
        inferNode(node, i, opset, info, consts);
      } catch (e) {
        if (e instanceof NoShapeRule) noRule.push(`node ${JSON.stringify(node.name || `${node.opType}#${i}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${e.message}`);
      }
      node.outputs.forEach((n) => n !== '' && unknown.add(n));
      continue;
    }
    let outs: Info[];
    try {
      outs = inferNode(node, i, opset, info, consts);
    } catch (e) {
      if (!(e instanceof NoShapeRule)) throw e;
      noRule.push(`node ${JSON.stringify(node.name || `${node.opType}#${i}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${e.message}`);
      node.outputs.forEach((n) => n !== '' && unknown.add(n));
      continue;
    }
    node.outputs.forEach((name, j) => {
      if (name === '' || !outs[j]) return;
      info.set(name, outs[j]);
      valueInfo.set(name, { name, type: outs[j].type, onnxElemType: graph.valueInfo.get(name)?.onnxElemType ?? 0, shape: [...outs[j].dims] });
    });
    // Fold as we go, so that later shape inputs are known.
    const constIns = node.inputs.map((n) => (n === '' ? undefined : consts.get(n)));
    let folded: Tensor[] | undefined;
    try {
      folded = node.domain === '' ? evaluateConstant(node, constIns, opset, (n) => info.get(n)?.dims) : undefined;
    } catch {
      folded = undefined;
    }
    folded?.forEach((t, j) => node.outputs[j] && consts.set(node.outputs[j], { ...t, name: node.outputs[j] }));
  }
  if (noRule.length) {
    throw new I8ConvError('UNSUPPORTED_OP', `model: ${noRule.length} node${noRule.length > 1 ? 's' : ''} cannot run: ${noRule.join('; ')}`, 'model');
  }
  const outputs = graph.outputs.map((o) => {
    const v = info.get(o.name);
    if (!v) bad(`output ${JSON.stringify(o.name)}`, 'is never produced');
    return { ...o, type: v.type, shape: [...v.dims] };
  });
  return { ...graph, inputs, outputs, valueInfo };
}

function inferNode(node: Node, index: number, opset: number, info: Map<string, Info>, consts: Map<string, Tensor>): Info[] {
  const where = `node ${index} (${node.opType} ${JSON.stringify(node.name)})`;
  function fail(message: string): never {
    return bad(where, message);
  }
  const has = (k: number): boolean => node.inputs[k] !== undefined && node.inputs[k] !== '';
  const inp = (k: number): Info => {
    if (!has(k)) fail(`input ${k} is required`);
    return info.get(node.inputs[k])!;
  };
  const inName = (k: number): string => `input ${k} (${JSON.stringify(node.inputs[k])})`;
  const constInts = (k: number, what: string): number[] => {
    const t = consts.get(node.inputs[k]);
    const v = t && intValues(t);
    if (!v) fail(`${inName(k)}, the ${what}, is not a constant after folding`);
    return v;
  };
  const attrInt = (name: string, dflt: number): number => {
    const a = node.attributes.get(name);
    return a && a.kind === 'int' ? a.value : dflt;
  };
  const attrInts = (name: string): number[] | undefined => {
    const a = node.attributes.get(name);
    return a && a.kind === 'ints' ? a.value : undefined;
  };
  const attrString = (name: string, dflt: string): string => {
    const a = node.attributes.get(name);
    return a && a.kind === 'string' ? a.value : dflt;
  };
  const axisOf = (a: number, rank: number, what: string): number => {
    if (!Number.isInteger(a) || a < -rank || a >= rank) fail(`${what} ${a} is out of range for rank ${rank}`);
    return (a + rank) % rank;
  };
  const broadcast = (ks: number[]): number[] =>
    ks.reduce<number[]>((acc, k) => broadcastDims(acc, inp(k).dims) ?? fail(`${inName(k)} of shape [${inp(k).dims}] does not broadcast with [${acc}]`), []);
  const same = (k = 0): Info[] => [{ ...inp(k), dims: [...inp(k).dims] }];
  const ms = node.domain === 'com.microsoft';
  if (node.domain === 'i8conv') {
    // the fusion pass's look-up table: y[i] = table[x[i]], the table's type
    if (node.opType === 'Lut') return [{ type: inp(1).type, dims: [...inp(0).dims] }];
    throw new NoShapeRule(`the runtime has no operator ${node.opType} in domain "i8conv"`);
  }
  if (node.domain !== '' && !ms) throw new NoShapeRule(`the runtime runs no operator of domain ${JSON.stringify(node.domain)}`);

  /** Conv and pool spatial output sizes. */
  const spatial = (x: number[], kernel: number[], pool: boolean): number[] => {
    const n = x.length - 2;
    if (kernel.length !== n) fail(`kernel of rank ${kernel.length} for ${n} spatial dims`);
    const strides = attrInts('strides') ?? new Array(n).fill(1);
    const dil = attrInts('dilations') ?? new Array(n).fill(1);
    const pads = attrInts('pads') ?? new Array(2 * n).fill(0);
    const autoPad = attrString('auto_pad', 'NOTSET');
    const ceil = pool && attrInt('ceil_mode', 0) === 1;
    const out = x.slice(2).map((d, i) => {
      const s = strides[i], dk = (kernel[i] - 1) * dil[i] + 1;
      if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') return Math.ceil(d / s);
      const b = autoPad === 'VALID' ? 0 : pads[i], e = autoPad === 'VALID' ? 0 : pads[i + n];
      const span = d + b + e - dk;
      let o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
      if (ceil && (o - 1) * s >= d + b) o--;
      return o;
    });
    if (out.some((o) => !(o >= 1))) fail(`input of shape [${x}] gives an empty or negative output [${out}] (kernel [${kernel}])`);
    return out;
  };
  const conv = (xi: number, wi: number, type: ElementType): Info[] => {
    const x = inp(xi).dims, w = inp(wi).dims;
    if (x.length < 3 || w.length !== x.length) fail(`${inName(xi)} [${x}] and ${inName(wi)} [${w}] must be of one rank >= 3`);
    const group = attrInt('group', 1);
    if (x[1] !== w[1] * group || w[0] % group !== 0) fail(`${inName(xi)} has ${x[1]} channels, ${inName(wi)} [${w}] with group ${group} takes ${w[1] * group}`);
    const kernel = attrInts('kernel_shape') ?? w.slice(2);
    return [{ type, dims: [x[0], w[0], ...spatial(x, kernel, false)] }];
  };
  const matmul = (ai: number, bi: number, type: ElementType): Info[] => {
    let a = inp(ai).dims, b = inp(bi).dims;
    if (!a.length || !b.length) fail('MatMul inputs must have rank >= 1');
    const a1 = a.length === 1, b1 = b.length === 1;
    if (a1) a = [1, a[0]];
    if (b1) b = [b[0], 1];
    if (a[a.length - 1] !== b[b.length - 2]) fail(`${inName(ai)} [${inp(ai).dims}] and ${inName(bi)} [${inp(bi).dims}] do not multiply`);
    const batch = broadcastDims(a.slice(0, -2), b.slice(0, -2)) ?? fail(`batch dims of [${a}] and [${b}] do not broadcast`);
    return [{ type, dims: [...batch, ...(a1 ? [] : [a[a.length - 2]]), ...(b1 ? [] : [b[b.length - 1]])] }];
  };
  const typeAt = (k: number, dflt: ElementType): ElementType => (has(k) ? inp(k).type : dflt);
  const pool = (xi: number, channelsLast: boolean, global: boolean): Info[] => {
    const x = inp(xi).dims;
    if (x.length < 3) fail(`${inName(xi)} [${x}] must have rank >= 3`);
    const nchw = channelsLast ? [x[0], x[x.length - 1], ...x.slice(1, -1)] : x;
    const sp = global ? nchw.slice(2).map(() => 1) : spatial(nchw, attrInts('kernel_shape') ?? fail('kernel_shape is required'), true);
    return [{ type: inp(xi).type, dims: channelsLast ? [x[0], ...sp, x[x.length - 1]] : [x[0], x[1], ...sp] }];
  };

  if (ms)
    switch (node.opType) {
      case 'QLinearAdd': case 'QLinearMul': return [{ type: inp(0).type, dims: broadcast([0, 3]) }];
      case 'QLinearSigmoid': case 'QLinearLeakyRelu': case 'QLinearSoftmax': return same();
      case 'QLinearGlobalAveragePool': return pool(0, attrInt('channels_last', 0) === 1, true);
      case 'QLinearAveragePool': return pool(0, attrInt('channels_last', 0) === 1, false);
      case 'QLinearConcat': {
        const ks: number[] = [];
        for (let k = 2; k < node.inputs.length; k += 3) ks.push(k);
        return concat(ks, typeAt(1, inp(2).type));
      }
      case 'QGemm': {
        const a = inp(0).dims, b = inp(3).dims;
        if (a.length !== 2 || b.length !== 2) fail(`QGemm inputs must be 2-D, got [${a}] and [${b}]`);
        const [m, ka] = attrInt('transA', 0) ? [a[1], a[0]] : a;
        const [kb, n] = attrInt('transB', 0) ? [b[1], b[0]] : b;
        if (ka !== kb) fail(`${inName(0)} [${a}] and ${inName(3)} [${b}] do not multiply`);
        return [{ type: has(7) ? typeAt(8, 'uint8') : 'float32', dims: [m, n] }];
      }
      default: throw new NoShapeRule(`the runtime has no operator ${node.opType} in domain "com.microsoft"`);
    }

  function concat(ks: number[], type: ElementType): Info[] {
    if (!ks.length) fail('no inputs');
    const first = inp(ks[0]).dims;
    const axis = axisOf(attrInt('axis', 0), first.length, 'axis');
    const dims = [...first];
    dims[axis] = 0;
    for (const k of ks) {
      const d = inp(k).dims;
      if (d.length !== first.length || d.some((v, i) => i !== axis && v !== first[i])) fail(`${inName(k)} [${d}] does not concatenate with [${first}] on axis ${axis}`);
      dims[axis] += d[axis];
    }
    return [{ type, dims }];
  }

  switch (node.opType) {
    case 'Conv': return conv(0, 1, inp(0).type);
    case 'ConvInteger': return conv(0, 1, 'int32');
    case 'QLinearConv': return conv(0, 3, typeAt(7, inp(0).type));
    case 'MatMul': return matmul(0, 1, inp(0).type);
    case 'MatMulInteger': return matmul(0, 1, 'int32');
    case 'QLinearMatMul': return matmul(0, 3, typeAt(7, inp(0).type));
    case 'Gemm': {
      const a = inp(0).dims, b = inp(1).dims;
      if (a.length !== 2 || b.length !== 2) fail(`Gemm inputs must be 2-D, got [${a}] and [${b}]`);
      const [m, ka] = attrInt('transA', 0) ? [a[1], a[0]] : a;
      const [kb, n] = attrInt('transB', 0) ? [b[1], b[0]] : b;
      if (ka !== kb) fail(`${inName(0)} [${a}] and ${inName(1)} [${b}] do not multiply`);
      if (has(2) && !broadcastDims(inp(2).dims, [m, n])?.every((d, i) => d === [m, n][i])) fail(`${inName(2)} [${inp(2).dims}] does not broadcast to [${m},${n}]`);
      return [{ type: inp(0).type, dims: [m, n] }];
    }
    case 'QuantizeLinear': return [{ type: typeAt(2, 'uint8'), dims: [...inp(0).dims] }];
    case 'DequantizeLinear': return [{ type: 'float32', dims: [...inp(0).dims] }];
    case 'Add': case 'Sub': case 'Mul': case 'Div': return [{ type: inp(0).type, dims: broadcast([0, 1]) }];
    case 'Relu': case 'Clip': case 'Sigmoid': case 'Softmax': case 'Identity': case 'BatchNormalization': return same();
    case 'HardSigmoid': case 'HardSwish': case 'LeakyRelu': case 'Tanh': case 'Exp': case 'Sqrt': case 'Neg': case 'Abs': case 'Erf':
    case 'Elu': case 'Softplus': case 'Log': case 'Reciprocal': case 'Floor': case 'Ceil': case 'Round': case 'Sign': case 'Not': return same();
    case 'Pow': return [{ type: inp(0).type, dims: broadcast([0, 1]) }];
    case 'ReduceMean': case 'ReduceMax': case 'ReduceMin': case 'ReduceSum': {
      const x = inp(0).dims;
      const axesIn = (opset >= 18 || node.opType === 'ReduceSum' && opset >= 13) && has(1) ? constInts(1, 'axes') : attrInts('axes');
      const keep = attrInt('keepdims', 1) !== 0;
      const axes = (axesIn ?? []).map((a) => axisOf(a, x.length, 'axis'));
      if (!axes.length && attrInt('noop_with_empty_axes', 0) === 1) return same();
      const all = axes.length === 0;
      const dims: number[] = [];
      x.forEach((d, i) => {
        if (all || axes.includes(i)) {
          if (keep) dims.push(1);
        } else dims.push(d);
      });
      return [{ type: inp(0).type, dims }];
    }
    case 'ConvTranspose': {
      const x = inp(0).dims, w = inp(1).dims;
      if (x.length < 3 || w.length !== x.length) fail(`${inName(0)} [${x}] and ${inName(1)} [${w}] must be of one rank >= 3`);
      const group = attrInt('group', 1);
      if (x[1] !== w[0]) fail(`${inName(0)} has ${x[1]} channels, ${inName(1)} [${w}] takes ${w[0]}`);
      const n = x.length - 2;
      const kernel = attrInts('kernel_shape') ?? w.slice(2);
      const strides = attrInts('strides') ?? new Array(n).fill(1);
      const dil = attrInts('dilations') ?? new Array(n).fill(1);
      const pads = attrInts('pads') ?? new Array(2 * n).fill(0);
      const outPad = attrInts('output_padding') ?? new Array(n).fill(0);
      const given = attrInts('output_shape');
      const autoPad = attrString('auto_pad', 'NOTSET');
      const sp = x.slice(2).map((d, i) => {
        if (given) return given[given.length - n + i];
        if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') return d * strides[i];
        const [b, e] = autoPad === 'VALID' ? [0, 0] : [pads[i], pads[i + n]];
        return strides[i] * (d - 1) + outPad[i] + (kernel[i] - 1) * dil[i] + 1 - b - e;
      });
      if (sp.some((o) => !(o >= 1))) fail(`input of shape [${x}] gives an empty output [${sp}]`);
      return [{ type: inp(0).type, dims: [x[0], w[1] * group, ...sp] }];
    }
    case 'Dropout': return [...same(), { type: 'bool', dims: [...inp(0).dims] }];
    case 'MaxPool': { const [y] = pool(0, false, false); return [y, { type: 'int64', dims: [...y.dims] }]; }
    case 'AveragePool': return pool(0, false, false);
    case 'GlobalAveragePool': return pool(0, false, true);
    case 'Concat': return concat(node.inputs.map((_, k) => k).filter(has), inp(0).type);
    case 'Reshape': {
      const shape = opset < 5 ? attrInts('shape') ?? fail('shape attribute is required') : constInts(1, 'shape');
      const dims = reshapeDims(inp(0).dims, shape, attrInt('allowzero', 0) !== 0);
      if (!dims) fail(`${inName(0)} [${inp(0).dims}] (${numel(inp(0).dims)} elements) cannot be reshaped to [${shape}]`);
      return [{ type: inp(0).type, dims }];
    }
    case 'Flatten': {
      const x = inp(0).dims;
      const a = attrInt('axis', 1);
      if (a < -x.length || a > x.length) fail(`axis ${a} is out of range for rank ${x.length}`);
      const axis = a < 0 ? a + x.length : a;
      return [{ type: inp(0).type, dims: [numel(x.slice(0, axis)), numel(x.slice(axis))] }];
    }
    case 'Transpose': {
      const x = inp(0).dims;
      const perm = attrInts('perm') ?? x.map((_, i) => x.length - 1 - i);
      if (perm.length !== x.length || [...perm].sort((p, q) => p - q).some((p, i) => p !== i)) fail(`perm [${perm}] is not a permutation of rank ${x.length}`);
      return [{ type: inp(0).type, dims: perm.map((p) => x[p]) }];
    }
    case 'Squeeze': case 'Unsqueeze': {
      const x = inp(0).dims;
      const axesIn = opset >= 13 ? (has(1) ? constInts(1, 'axes') : undefined) : attrInts('axes');
      if (node.opType === 'Unsqueeze') {
        if (!axesIn) fail('axes are required');
        const r = x.length + axesIn.length;
        const axes = axesIn.map((a) => axisOf(a, r, 'axis'));
        if (new Set(axes).size !== axes.length) fail(`axes [${axesIn}] repeat`);
        let k = 0;
        return [{ type: inp(0).type, dims: Array.from({ length: r }, (_, d) => (axes.includes(d) ? 1 : x[k++])) }];
      }
      const axes = axesIn ? axesIn.map((a) => axisOf(a, x.length, 'axis')) : x.flatMap((d, i) => (d === 1 ? [i] : []));
      for (const a of axes) if (x[a] !== 1) fail(`axis ${a} of [${x}] is not 1`);
      return [{ type: inp(0).type, dims: x.filter((_, i) => !axes.includes(i)) }];
    }
    case 'Slice': {
      const x = inp(0).dims;
      const starts = opset < 10 ? attrInts('starts') ?? fail('starts are required') : constInts(1, 'starts');
      const ends = opset < 10 ? attrInts('ends') ?? fail('ends are required') : constInts(2, 'ends');
      const axes = (opset < 10 ? attrInts('axes') : has(3) ? constInts(3, 'axes') : undefined) ?? starts.map((_, i) => i);
      const steps = opset >= 10 && has(4) ? constInts(4, 'steps') : starts.map(() => 1);
      if (ends.length !== starts.length || axes.length !== starts.length || steps.length !== starts.length) fail('starts, ends, axes and steps differ in length');
      const dims = [...x];
      const seen = new Set<number>();
      axes.forEach((a, i) => {
        const d = axisOf(a, x.length, 'axis');
        if (seen.has(d)) fail(`axis ${a} repeats`);
        seen.add(d);
        if (steps[i] === 0) fail('a step is 0');
        dims[d] = sliceAxis(x[d], starts[i], ends[i], steps[i]).count;
      });
      return [{ type: inp(0).type, dims }];
    }
    case 'Pad': {
      const x = inp(0).dims;
      const pads = opset < 11 ? attrInts('pads') ?? fail('pads are required') : constInts(1, 'pads');
      const axes = opset >= 18 && has(3) ? constInts(3, 'axes').map((a) => axisOf(a, x.length, 'axis')) : x.map((_, i) => i);
      if (pads.length !== 2 * axes.length) fail(`${pads.length} pads for ${axes.length} axes`);
      const dims = [...x];
      axes.forEach((a, i) => (dims[a] += pads[i] + pads[i + axes.length]));
      if (dims.some((d) => d < 0)) fail(`pads [${pads}] crop [${x}] below zero`);
      return [{ type: inp(0).type, dims }];
    }
    case 'Resize': {
      const x = inp(0).dims;
      const scalesK = opset < 11 ? 1 : 2;
      const scalesT = has(scalesK) ? consts.get(node.inputs[scalesK]) : undefined;
      const useSizes = opset >= 11 && has(3) && (!scalesT || scalesT.data.length === 0);
      if (useSizes) {
        const sizes = constInts(3, 'sizes');
        if (sizes.length !== x.length) fail(`${sizes.length} sizes for rank ${x.length}`);
        return [{ type: inp(0).type, dims: sizes }];
      }
      if (!scalesT || scalesT.type !== 'float32') fail(`${inName(scalesK)}, the scales, is not a float32 constant after folding`);
      if (scalesT.data.length !== x.length) fail(`${scalesT.data.length} scales for rank ${x.length}`);
      return [{ type: inp(0).type, dims: x.map((d, i) => Math.floor(Math.fround((scalesT.data[i] as number) * d))) }];
    }
    case 'Shape': {
      const r = inp(0).dims.length;
      const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
      return [{ type: 'int64', dims: [Math.max(0, clamp(attrInt('end', r)) - clamp(attrInt('start', 0)))] }];
    }
    case 'Gather': {
      const x = inp(0).dims;
      const axis = axisOf(attrInt('axis', 0), x.length, 'axis');
      return [{ type: inp(0).type, dims: [...x.slice(0, axis), ...inp(1).dims, ...x.slice(axis + 1)] }];
    }
    case 'Cast': {
      const to = ONNX_TYPES[attrInt('to', 0)] ?? fail(`Cast to ONNX type ${attrInt('to', 0)} is not carried`);
      return [{ type: to, dims: [...inp(0).dims] }];
    }
    case 'Constant': case 'ConstantOfShape': {
      let t: Tensor | undefined;
      try {
        t = evaluateConstant(node, node.inputs.map((n) => consts.get(n)), opset, () => undefined)?.[0];
      } catch {
        t = undefined;
      }
      if (!t) fail(node.opType === 'Constant' ? 'its value does not read' : `${inName(0)}, the shape, is not a constant after folding`);
      return [{ type: t.type, dims: [...t.dims] }];
    }
  }
  throw new NoShapeRule(`the runtime has no operator ${node.opType}`);
}
