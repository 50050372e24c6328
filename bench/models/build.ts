/**
 * Small helpers to build graph IR (`src/model/ir.ts`) in code: tensors, attributes and a builder that collects
 * initializers and nodes in order. Used by the model zoo (zoo.ts), the quantizer (quantize-minmax.ts) and its
 * QOperator form. Nothing here imports Node built-ins: the benchmark page runs the same code.
 */
import type { Attribute, ElementType, Graph, Node, Tensor, TensorData, ValueInfo } from '../../src/model/ir.js';

export const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

export function tensor(name: string, type: ElementType, dims: readonly number[], data: TensorData): Tensor {
  if (data.length !== numel(dims)) throw new Error(`tensor ${name}: ${data.length} values for dims [${dims.join(', ')}]`);
  return { name, type, dims: [...dims], data };
}
export const f32 = (name: string, dims: readonly number[], data: ArrayLike<number>): Tensor => tensor(name, 'float32', dims, Float32Array.from(data));
export const i64 = (name: string, dims: readonly number[], data: readonly number[]): Tensor =>
  tensor(name, 'int64', dims, BigInt64Array.from(data, (v) => BigInt(v)));

export const attrInt = (value: number): Attribute => ({ kind: 'int', value });
export const attrInts = (value: readonly number[]): Attribute => ({ kind: 'ints', value: [...value] });
export const attrFloat = (value: number): Attribute => ({ kind: 'float', value: Math.fround(value) });
export const attrString = (value: string): Attribute => ({ kind: 'string', value });

export function valueInfo(name: string, type: ElementType | null, shape: ValueInfo['shape']): ValueInfo {
  const codes: Record<ElementType, number> = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, float16: 10, double: 11 };
  return { name, type, onnxElemType: type === null ? 0 : codes[type], shape: shape === null ? null : [...shape] };
}

export function makeNode(opType: string, inputs: readonly string[], outputs: readonly string[], attrs: Record<string, Attribute> = {}, opts: { name?: string; domain?: string } = {}): Node {
  return { name: opts.name ?? '', opType, domain: opts.domain ?? '', inputs: [...inputs], outputs: [...outputs], attributes: new Map(Object.entries(attrs)) };
}

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

/** Consumers of every value: value name -> the nodes (indices) that read it. */
export function consumersOf(nodes: readonly Node[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  nodes.forEach((n, i) => {
    for (const x of n.inputs) {
      if (x === '') continue;
      const l = m.get(x);
      if (l) {
        if (l[l.length - 1] !== i) l.push(i);
      } else m.set(x, [i]);
    }
  });
  return m;
}
