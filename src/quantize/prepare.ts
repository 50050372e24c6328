/**
 * Graph preparation before quantization, as onnxruntime's quantizer pre-processing does it, with the model
 * runtime's own passes (docs/model.md): bind the input shapes and infer every shape (graph/passes/infer-shapes.ts: BAD_SHAPE
 * for a symbolic dim left unbound), fold constants (Constant nodes and constant shape plumbing become
 * initializers: a Conv whose weight came from a Constant node gets an initializer weight), remove Identity /
 * inference Dropout, fold BatchNormalization into the preceding Conv (passes/fold-batchnorm.ts: within float32
 * rounding of the unfolded pair, not bit-identical), then rewrite an opset < 13 graph to opset 13 (opset.ts).
 * Also `floatValues`: the float32 values of a graph, which calibration observes.
 */
import type { Graph } from '../model/graph/ir.js';
import { foldBatchNorm } from '../model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../model/graph/passes/fold-constants.js';
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
  graph = removeIdentity(graph);
  graph = foldBatchNorm(graph);
  const vi = graph.valueInfo;
  graph = toOpset13(graph, (v) => vi.get(v)?.shape?.length);
  return graph;
}

/** The names of the float32 values of a graph, by a light type propagation (annotations first). */
export function floatValues(g: Graph): Set<string> {
  const types = new Map<string, string>();
  for (const v of g.inputs) if (v.type) types.set(v.name, v.type);
  for (const [k, t] of g.initializers) types.set(k, t.type);
  for (const [k, v] of g.valueInfo) if (v.type) types.set(k, v.type);
  const code: Record<number, string> = {
    1: 'float32',
    2: 'uint8',
    3: 'int8',
    6: 'int32',
    7: 'int64',
    9: 'bool',
    10: 'float16',
    11: 'double',
  };
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
  const INT64 = new Set(['Shape', 'Size', 'NonZero', 'ArgMax', 'ArgMin']);
  for (const n of g.nodes) {
    const first = n.inputs.find((x) => x && types.has(x));
    n.outputs.forEach((o, k) => {
      if (!o || types.has(o)) return;
      let t: string | undefined;
      const to = n.attributes.get('to');
      const value = n.attributes.get('value');
      if (INT64.has(n.opType) || (k === 1 && (n.opType === 'MaxPool' || n.opType === 'TopK'))) t = 'int64';
      else if (BOOL.has(n.opType)) t = 'bool';
      else if (n.opType === 'Cast' && to?.kind === 'int') t = code[to.value];
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
      else if (first) t = types.get(first);
      if (t) types.set(o, t);
    });
  }
  return new Set([...types].filter(([, t]) => t === 'float32').map(([k]) => k));
}
