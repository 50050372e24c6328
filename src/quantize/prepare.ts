/**
 * Graph preparation before quantization, as onnxruntime's quantizer pre-processing does it, with the model
 * runtime's own passes (docs/model.md): bind the input shapes and infer every shape (graph/passes/infer-shapes.ts: BAD_SHAPE
 * for a symbolic dim left unbound), fold constants (Constant nodes and constant shape plumbing become
 * initializers: a Conv whose weight came from a Constant node gets an initializer weight), inline the Ifs whose
 * condition is then a constant (the branch taken becomes nodes of the graph), remove Identity /
 * inference Dropout, fold BatchNormalization into the preceding Conv (passes/fold-batchnorm.ts: within float32
 * rounding of the unfolded pair, not bit-identical), give every Conv / ConvTranspose / Gemm a bias of its own where
 * several nodes read one initializer (PyTorch's exporter shares equal ones, e.g. the zero biases of a fresh model; a
 * quantized bias's scale is the product of its node's input and weight scales, so readers cannot share it), then rewrite an opset < 13 graph to opset 13 (opset.ts).
 * Also `floatValues`: the float32 values of a graph, which calibration observes.
 */
import { ONNX_TYPES, type Attribute, type Graph, type Node, type Tensor, type ValueInfo } from '../model/graph/ir.js';
import { halfsToFloats } from '../model/numerics/float16.js';
import { foldBatchNorm } from '../model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../model/graph/passes/fold-constants.js';
import { inlineIfs } from '../model/graph/passes/inline-if.js';
import { removeIdentity } from '../model/graph/passes/remove-identity.js';
import { inferShapes } from '../model/graph/passes/infer-shapes.js';
import { toOpset13 } from './opset.js';

/**
 * The prepared float graph (see the header); its graph inputs have numeric dims. A node the model runtime's shape
 * rules do not cover (or refuse) gets unknown shapes instead of an error (`inferShapes`'s lenient mode): the float
 * executor runs what i8conv does not. `unknown` collects one line per such node.
 */
export function prepareFloatGraph(g: Graph, inputShapes: Record<string, number[]> = {}, unknown: string[] = []): Graph {
  let graph = inferShapes(g, inputShapes, { lenient: true, unknown });
  graph = foldConstants(graph);
  // an If whose condition the shapes decide becomes the branch it takes (folding again): its nodes are then
  // quantized like the others (the quantizer does not enter branches), as the model runtime inlines it at load
  graph = inlineIfs(graph);
  graph = removeIdentity(graph);
  graph = foldBatchNorm(graph);
  graph = ownBiases(graph);
  const vi = graph.valueInfo;
  graph = toOpset13(graph, (v) => vi.get(v)?.shape?.length);
  return graph;
}

/**
 * The graph with a private copy of every bias initializer (input 2 of Conv, ConvTranspose and Gemm) that another input
 * slot of the graph's nodes also reads: the first bias reader keeps the name where only biases read it, and every
 * other bias reader gets `<name>_<k>` (a name the graph does not use) holding the same values. The graph itself where nothing is shared.
 */
export function ownBiases(g: Graph): Graph {
  const reads = new Map<string, number>();
  for (const n of g.nodes) for (const x of n.inputs) if (x !== '') reads.set(x, (reads.get(x) ?? 0) + 1);
  const isBias = (n: Node, k: number) =>
    k === 2 && n.domain === '' && (n.opType === 'Conv' || n.opType === 'ConvTranspose' || n.opType === 'Gemm');
  const graphInputs = new Set(g.inputs.map((v) => v.name));
  const shared = (x: string) => (reads.get(x) ?? 0) > 1 && g.initializers.has(x) && !graphInputs.has(x);
  if (!g.nodes.some((n) => n.inputs.some((x, k) => isBias(n, k) && shared(x)))) return g;
  const taken = new Set<string>([
    ...g.initializers.keys(),
    ...g.nodes.flatMap((n) => [...n.inputs, ...n.outputs]),
    ...g.inputs.map((v) => v.name),
  ]);
  // a name some other slot reads keeps that reader alone: every bias slot gets a copy; else the first bias keeps it
  const otherReads = new Set<string>();
  for (const n of g.nodes) n.inputs.forEach((x, k) => !isBias(n, k) && otherReads.add(x));
  const initializers = new Map(g.initializers);
  const kept = new Set<string>();
  const nodes = g.nodes.map((n) => {
    let inputs = n.inputs;
    n.inputs.forEach((x, k) => {
      if (x === '' || !isBias(n, k) || !shared(x)) return;
      if (!otherReads.has(x) && !kept.has(x)) {
        kept.add(x);
        return;
      }
      let name = `${x}_1`;
      for (let i = 2; taken.has(name); i++) name = `${x}_${i}`;
      taken.add(name);
      initializers.set(name, { ...g.initializers.get(x)!, name });
      inputs = inputs === n.inputs ? [...n.inputs] : inputs;
      inputs[k] = name;
    });
    return inputs === n.inputs ? n : { ...n, inputs };
  });
  return { ...g, nodes, initializers };
}

const FLOAT = 1;
const FLOAT16 = 10;

/**
 * A model that holds float16 values as the same model in float32 (or the graph itself when it holds none): float16
 * initializers, tensor attributes (Constant, ConstantOfShape) and declared values become float32 (exactly: a float16
 * is a float32 value), and every Cast to float16 a Cast to float32 (the model's own roundings to float16 go, as the
 * quantizer's float reference). Graph inputs and outputs of float16 become float32 ones. Subgraphs alike.
 */
export function widenFloat16(g: Graph): Graph {
  const t16 = (t: Tensor): Tensor =>
    t.type === 'float16' ? { ...t, type: 'float32', data: halfsToFloats(t.data as Uint16Array) } : t;
  const v16 = (v: ValueInfo): ValueInfo => (v.type === 'float16' ? { ...v, type: 'float32', onnxElemType: FLOAT } : v);
  const holds = (x: Graph): boolean =>
    [...x.initializers.values()].some((t) => t.type === 'float16') ||
    [...x.valueInfo.values(), ...x.inputs, ...x.outputs].some((v) => v.type === 'float16') ||
    x.nodes.some((n) =>
      [...n.attributes].some(
        ([k, a]) =>
          (a.kind === 'graph' && holds(a.value)) ||
          (a.kind === 'tensor' && a.value.type === 'float16') ||
          (a.kind === 'int' && a.value === FLOAT16 && (k === 'to' || k === 'dtype')),
      ),
    );
  if (!holds(g)) return g;
  const node = (n: Node): Node => {
    const attributes = new Map<string, Attribute>();
    for (const [k, a] of n.attributes) {
      if (a.kind === 'tensor') attributes.set(k, { kind: 'tensor', value: t16(a.value) });
      else if (a.kind === 'graph') attributes.set(k, { kind: 'graph', value: widenFloat16(a.value) });
      else if (a.kind === 'int' && a.value === FLOAT16 && (k === 'to' || k === 'dtype'))
        attributes.set(k, { kind: 'int', value: FLOAT });
      else attributes.set(k, a);
    }
    return { ...n, attributes };
  };
  return {
    ...g,
    nodes: g.nodes.map(node),
    inputs: g.inputs.map(v16),
    outputs: g.outputs.map(v16),
    valueInfo: new Map([...g.valueInfo].map(([k, v]) => [k, v16(v)])),
    initializers: new Map([...g.initializers].map(([k, t]) => [k, t16(t)])),
  };
}

/** The names of the float32 values of a graph, by a light type propagation (annotations first). */
export function floatValues(g: Graph): Set<string> {
  const types = new Map<string, string>();
  for (const v of g.inputs) if (v.type) types.set(v.name, v.type);
  for (const [k, t] of g.initializers) types.set(k, t.type);
  for (const [k, v] of g.valueInfo) if (v.type) types.set(k, v.type);
  const BOOL = new Set([
    'Equal',
    'Less',
    'Greater',
    'LessOrEqual',
    'GreaterOrEqual',
    'And',
    'Or',
    'Not',
    'Xor',
    'IsNaN',
    'IsInf',
  ]);
  const INT64 = new Set(['Shape', 'Size', 'NonZero', 'ArgMax', 'ArgMin', 'NonMaxSuppression']);
  for (const n of g.nodes) {
    const first = n.inputs.find((x) => x && types.has(x));
    n.outputs.forEach((o, k) => {
      if (!o || types.has(o)) return;
      let t: string | undefined;
      const to = n.attributes.get('to');
      const value = n.attributes.get('value');
      if (
        INT64.has(n.opType) ||
        (k === 1 && (n.opType === 'MaxPool' || n.opType === 'TopK')) ||
        (k >= 1 && n.opType === 'Unique')
      )
        t = 'int64';
      else if (BOOL.has(n.opType)) t = 'bool';
      else if (n.opType === 'Cast' && to?.kind === 'int') t = ONNX_TYPES[to.value];
      else if (n.opType === 'Constant')
        t =
          value?.kind === 'tensor'
            ? value.value.type
            : value?.kind === 'float' || value?.kind === 'floats'
              ? 'float32'
              : 'int64';
      else if (n.opType === 'ConstantOfShape') t = value?.kind === 'tensor' ? value.value.type : 'float32';
      else if (n.opType === 'DequantizeLinear') t = 'float32';
      else if (n.opType === 'QuantizeLinear') t = n.inputs[2] ? types.get(n.inputs[2]) : 'uint8';
      else if (n.opType === 'Dropout' && k === 1) t = 'bool';
      // the type of an input other than the first: Where's X / Y, OneHot's values, CastLike's target
      else if (n.opType === 'Where') t = types.get(n.inputs[1]) ?? types.get(n.inputs[2]);
      else if (n.opType === 'OneHot') t = types.get(n.inputs[2]);
      else if (n.opType === 'CastLike') t = types.get(n.inputs[1]);
      else if (first) t = types.get(first);
      if (t) types.set(o, t);
    });
  }
  return new Set([...types].filter(([, t]) => t === 'float32').map(([k]) => k));
}
