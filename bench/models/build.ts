/**
 * Small helpers to build graph IR (`src/model/graph/ir.ts`) in code: tensors, attributes and a builder that collects
 * initializers and nodes in order. Used by the model zoo (zoo.ts), the quantizer (quantize-minmax.ts) and its
 * QOperator form. Nothing here imports Node built-ins: the benchmark page runs the same code.
 */
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../../src/model/graph/ir.js';
import { makeNode, tensor } from '../../src/quantize/graph.js';

// The quantizer's IR builders (src/quantize/graph.ts), under the names the zoo and the tests use.
export { attrInt, consumersOf, i64, makeNode, numel, tensor, valueInfo } from '../../src/quantize/graph.js';

export const f32 = (name: string, dims: readonly number[], data: ArrayLike<number>): Tensor => tensor(name, 'float32', dims, Float32Array.from(data));
export const attrInts = (value: readonly number[]): Attribute => ({ kind: 'ints', value: [...value] });
export const attrFloat = (value: number): Attribute => ({ kind: 'float', value: Math.fround(value) });
export const attrString = (value: string): Attribute => ({ kind: 'string', value });

/** Collects initializers and nodes; names must be unique (a second initializer of one name throws). */
export class GraphBuilder {
  readonly initializers = new Map<string, Tensor>();
  readonly nodes: Node[] = [];
  readonly inputs: ValueInfo[] = [];
  readonly outputs: ValueInfo[] = [];

  constructor(readonly name: string, readonly opsets: ReadonlyMap<string, number> = new Map([['', 13]])) {}

  init(t: Tensor): string {
    if (this.initializers.has(t.name)) throw new Error(`initializer ${t.name} given twice`);
    this.initializers.set(t.name, t);
    return t.name;
  }
  /** An initializer shared by many nodes (a Clip bound): added once. */
  shared(t: Tensor): string {
    if (!this.initializers.has(t.name)) this.initializers.set(t.name, t);
    return t.name;
  }
  node(opType: string, inputs: readonly string[], outputs: readonly string[], attrs: Record<string, Attribute> = {}, opts: { name?: string; domain?: string } = {}): Node {
    const n = makeNode(opType, inputs, outputs, attrs, opts);
    this.nodes.push(n);
    return n;
  }
  graph(irVersion = 8): Graph {
    return {
      name: this.name, irVersion, opsetImports: new Map(this.opsets), inputs: this.inputs, outputs: this.outputs,
      initializers: this.initializers, valueInfo: new Map(), nodes: this.nodes,
    };
  }
}
