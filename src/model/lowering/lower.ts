/**
 * Lowering: the fused graph's nodes, in dependency order, each to a LoweredNode (its op kind's builder and layout
 * rule), and every value to a PlannedValue. Every node the runtime cannot run is collected and reported at once
 * (UNSUPPORTED_OP lists them all); a cycle or a value nobody produces is BAD_MODEL.
 */
import { I8ConvError } from '../../errors.js';
import type { ElementType, Graph, Node } from '../graph/ir.js';
import { dependencyOrder } from '../graph/view.js';
import type { PlannedValue, ValueType } from './values.js';
import { ELEMENT_BYTES } from './values.js';
import type { LoweredNode, PlannedProgram } from '../executor/step.js';
import { unsupported, unsupportedModel } from '../executor/step.js';
import { rowFor, rowsOf } from './registry.js';

const VALUE_TYPES: ReadonlySet<ElementType> = new Set(['float32', 'int32', 'uint8', 'int8', 'int64', 'bool', 'double']);

/** The nodes in dependency order (graph/view.ts), ties in file order; BAD_MODEL on a cycle or a missing input. */
export function checkedOrder(graph: Graph): Node[] {
  const available = new Set<string>([...graph.initializers.keys(), ...graph.inputs.map((v) => v.name), '']);
  const producer = new Map<string, number>();
  graph.nodes.forEach((n, i) =>
    n.outputs.forEach((o) => {
      if (o === '') return;
      if (producer.has(o) || available.has(o))
        throw new I8ConvError(
          'BAD_MODEL',
          `model: value ${JSON.stringify(o)} is produced twice (node ${i}, ${n.opType})`,
          'model',
        );
      producer.set(o, i);
    }),
  );
  graph.nodes.forEach((n, i) =>
    n.inputs.forEach((x) => {
      if (!available.has(x) && !producer.has(x))
        throw new I8ConvError(
          'BAD_MODEL',
          `model: node ${i} (${n.opType} ${JSON.stringify(n.name)}) reads ${JSON.stringify(x)}, which no node produces`,
          'model',
        );
    }),
  );
  for (const o of graph.outputs)
    if (!available.has(o.name) && !producer.has(o.name))
      throw new I8ConvError('BAD_MODEL', `model: graph output ${JSON.stringify(o.name)} is never produced`, 'model');
  const { order, blocked } = dependencyOrder(graph.nodes, available);
  if (blocked.length) {
    const index = new Map(graph.nodes.map((n, i) => [n, i]));
    throw new I8ConvError(
      'BAD_MODEL',
      `model: the graph has a cycle through ${blocked
        .slice(0, 8)
        .map((n) => `node ${index.get(n)} (${n.opType})`)
        .join(', ')}`,
      'model',
    );
  }
  return order;
}

/** The PlannedValue of every value of a graph whose shapes were inferred. */
export function plannedValues(
  graph: Pick<Graph, 'initializers' | 'inputs' | 'valueInfo' | 'outputs'>,
): Map<string, PlannedValue> {
  const values = new Map<string, PlannedValue>();
  const add = (
    name: string,
    type: ElementType | null,
    dims: readonly (number | string | null)[] | null,
    constant?: PlannedValue['constant'],
  ) => {
    if (name === '' || values.has(name)) return;
    if (type === null || dims === null || dims.some((d) => typeof d !== 'number')) return; // reported by the node that uses it
    const known = VALUE_TYPES.has(type);
    const t = (known ? type : 'uint8') as ValueType;
    let bytes = ELEMENT_BYTES[t];
    for (const d of dims as number[]) bytes *= d;
    const v = { name, type: t, dims: dims as number[], layout: 'NCHW', bytes, constant, offset: -1 } as PlannedValue;
    if (!known) (v as PlannedValue & { unsupportedType?: string }).unsupportedType = type;
    values.set(name, v);
  };
  for (const [name, t] of graph.initializers) add(name, t.type, t.dims, t);
  for (const v of graph.inputs) add(v.name, v.type, v.shape);
  for (const [name, v] of graph.valueInfo) add(name, v.type, v.shape);
  for (const v of graph.outputs) add(v.name, v.type, v.shape);
  return values;
}

export function lowerGraph(
  graph: Graph,
  values: Map<string, PlannedValue>,
  planSubgraph?: (graph: Graph) => PlannedProgram,
): LoweredNode[] {
  const order = checkedOrder(graph);
  const problems: string[] = [];
  const out: LoweredNode[] = [];
  order.forEach((node, i) => {
    const name = node.name || `${node.opType}#${i}`;
    try {
      for (const x of [...node.inputs, ...node.outputs]) {
        if (x === '') continue;
        const v = values.get(x);
        if (!v) unsupported(node, `value ${JSON.stringify(x)} has no inferred type and shape`);
        const bad = (v as PlannedValue & { unsupportedType?: string }).unsupportedType;
        if (bad) unsupported(node, `value ${JSON.stringify(x)} is ${bad}, a type the runtime does not compute with`);
      }
      out.push(lowerNode(node, name, graph, values, planSubgraph));
    } catch (e) {
      if (e instanceof I8ConvError && e.code === 'UNSUPPORTED_OP')
        problems.push(e.message.replace(/^\[UNSUPPORTED_OP\] /, ''));
      else throw e;
    }
  });
  if (problems.length) throw unsupportedModel(problems);
  return out;
}

/** The node's step: the first implementation of its row in the operator table (./registry.ts) that applies. */
function lowerNode(
  node: Node,
  name: string,
  graph: Graph,
  values: Map<string, PlannedValue>,
  planSubgraph?: (graph: Graph) => PlannedProgram,
): LoweredNode {
  const opset = graph.opsetImports.get(node.domain) ?? 1;
  const what = `operator ${node.domain ? `${node.domain}.` : ''}${node.opType}`;
  const row = rowFor(node.domain, node.opType, opset);
  if (!row) {
    const known = rowsOf(node.domain, node.opType);
    if (known.length)
      unsupported(
        node,
        `${what} is not supported at opset ${opset} (it is from opset ${Math.min(...known.map((r) => r.since))})`,
      );
    return unsupported(node, `${what} is not supported`);
  }
  const lowerSub = (n: Node): LoweredNode => lowerNode(n, n.name, graph, values, planSubgraph);
  for (const impl of row.impls) {
    const l = impl.lower(node, { name, values, opset, lowerSub, planSubgraph });
    if (l) return l;
  }
  return unsupported(node, `${what} is not supported`);
}
