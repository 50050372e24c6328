/**
 * Pass: float element-wise regions. The float32 element-wise operators left after the quantized fusions (the
 * plumbing between convolutions of a model whose tools quantized only some operators: DequantizeLinear -> Mul ->
 * Add -> Sigmoid -> QuantizeLinear, ConvInteger -> Cast -> Mul -> Add -> Relu, ...) are grouped into regions, each
 * becoming one `i8conv:ElementwiseRegion` node that runs as one pass over memory (src/model/backends/wasm-float/
 * region.ts says what a region takes and how it runs; kernels-ref/model/ops/ElementwiseRegion.ts runs its body).
 *
 * Grouping, in dependency order: a node the region compiler takes (REGION_OPS, float32 output, operands full /
 * scalar / channel) joins the region of the first of its float data inputs that a region produced with the same
 * output dims, unless another of its inputs depends on that region (the group would then wait for itself) or its
 * channel operands are on another axis than the region's (a region has one); else it starts a region of its own. A
 * region is kept when it holds an operator other than DequantizeLinear / QuantizeLinear (a lone one already has its
 * 8-bit kernel) and the compiler takes it; otherwise its nodes stay as they are. A region's outputs are its values
 * read outside it or graph outputs; its inputs, every outside value its nodes read. Operators of domain
 * com.microsoft (Gelu, FastGelu, BiasGelu) join as the default domain's do.
 */
import { I8ConvError } from '../../../errors.js';
import type { Graph, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import { compileRegion, regionDataInputs, regionNodeProblem, operandKind } from '../../backends/wasm-float/region.js';

interface Region {
  dims: number[];
  nodes: Node[];
  /** values the region's nodes produce */
  produces: Set<string>;
  /** the lowest dependency-order index of its nodes */
  first: number;
  /** the axis of its channel operands, or -1 (a region has one) */
  axis: number;
}

const sameDims = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((d, k) => d === b[k]);

export function fuseFloatRegionsPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  const opset = v.opset('');
  const facts = (name: string) => values.get(name);
  const { order } = v.order();
  const index = new Map(order.map((n, i) => [n, i]));
  const regionOf = new Map<Node, Region>();
  const regions: Region[] = [];

  /**
   * Whether node p depends on region r: p is in r, or reads (through nodes not earlier than r's first) a value of
   * r; a node of another region stands for its whole region (the regions become single nodes).
   */
  const dependsOn = (p: Node | undefined, r: Region, seen: Set<Node>): boolean => {
    if (!p || seen.has(p)) return false;
    seen.add(p);
    const q = regionOf.get(p);
    if (q === r) return true;
    // a node outside every region earlier than r's first cannot read r (dependency order)
    if (!q && index.get(p)! < r.first) return false;
    const reads = q ? q.nodes.flatMap((m) => m.inputs) : p.inputs;
    return reads.some((x) => x !== '' && dependsOn(v.producerOf(x), r, seen));
  };

  for (const n of order) {
    if (regionNodeProblem(n, facts, opset) !== null) continue;
    const dims = facts(n.outputs[0])!.dims;
    const data = regionDataInputs(n);
    const kinds = data.map((k) => (n.inputs[k] ? operandKind(facts(n.inputs[k])?.dims ?? [-1], dims) : undefined));
    if (kinds.some((kind, j) => n.inputs[data[j]] && !kind)) continue;
    const axis = kinds.reduce((a, kind) => (kind?.kind === 'channel' ? kind.axis : a), -1);
    let joined: Region | undefined;
    for (const k of data) {
      const x = n.inputs[k];
      const p = x ? v.producerOf(x) : undefined;
      const r = p ? regionOf.get(p) : undefined;
      if (!r || !sameDims(r.dims, dims) || facts(x)?.type !== 'float32') continue;
      // one channel axis per region (a FastGelu's bias on the last axis does not join a region of per-channel adds)
      if (axis >= 0 && r.axis >= 0 && axis !== r.axis) continue;
      // every input from outside the region must not depend on it
      const seen = new Set<Node>();
      if (n.inputs.some((y) => y && !r.produces.has(y) && dependsOn(v.producerOf(y), r, seen))) continue;
      joined = r;
      break;
    }
    if (!joined) {
      joined = { dims: [...dims], nodes: [], produces: new Set(), first: index.get(n)!, axis };
      regions.push(joined);
    }
    if (axis >= 0) joined.axis = axis;
    joined.nodes.push(n);
    joined.produces.add(n.outputs[0]);
    regionOf.set(n, joined);
  }

  let made = 0;
  for (const r of regions) {
    if (r.nodes.every((n) => n.opType === 'DequantizeLinear' || n.opType === 'QuantizeLinear')) continue;
    const members = new Set(r.nodes);
    const inputs: string[] = [];
    for (const n of r.nodes)
      for (const x of n.inputs) if (x && !r.produces.has(x) && !inputs.includes(x)) inputs.push(x);
    const outputs: string[] = r.nodes
      .map((n) => n.outputs[0])
      .filter((o) => v.isGraphOutput(o) || v.consumersOf(o).some((e) => !members.has(e.node)));
    // a region nobody reads (dead nodes the model kept) still runs as one step: its last value is its output
    if (!outputs.length) outputs.push(r.nodes[r.nodes.length - 1].outputs[0]);
    const body: Graph = {
      name: 'body',
      irVersion: 0,
      opsetImports: new Map([
        ['', opset],
        ...(r.nodes.some((n) => n.domain === 'com.microsoft')
          ? ([['com.microsoft', v.opset('com.microsoft')]] as const)
          : []),
      ]),
      inputs: [],
      outputs: outputs.map((name) => ({ name, type: v.typeOf(name), onnxElemType: 0, shape: v.dimsOf(name) })),
      initializers: new Map(),
      valueInfo: new Map(),
      nodes: r.nodes,
    };
    const node: Node = {
      name: r.nodes.map((n) => n.name).join('+'),
      opType: 'ElementwiseRegion',
      domain: 'i8conv',
      inputs,
      outputs,
      attributes: new Map([
        ['body', { kind: 'graph', value: body }],
        ['opset', { kind: 'int', value: opset }],
      ]),
    };
    try {
      compileRegion(node, facts, () => opset);
    } catch (e) {
      if (e instanceof I8ConvError) continue; // the nodes stay, each lowered on its own
      throw e;
    }
    v.replace(r.nodes, node);
    made++;
  }
  if (made) v.sortTopologically();
}
