/**
 * Small builders of graph IR (src/model/graph/ir.ts) that the quantizer writes with: tensors, attributes, value infos,
 * nodes, and the consumers of every value. fixtures/models/build.ts re-exports them for the model zoo.
 */
import type { Attribute, ElementType, Node, Tensor, TensorData, ValueInfo } from '../model/graph/ir.js';

export const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

/** A tensor of `dims` holding `data` (whose length must be their product). */
export function tensor(name: string, type: ElementType, dims: readonly number[], data: TensorData): Tensor {
  if (data.length !== numel(dims))
    throw new Error(`tensor ${name}: ${data.length} values for dims [${dims.join(', ')}]`);
  return { name, type, dims: [...dims], data };
}
export const i64 = (name: string, dims: readonly number[], data: readonly number[]): Tensor =>
  tensor(
    name,
    'int64',
    dims,
    BigInt64Array.from(data, (v) => BigInt(v)),
  );

export const attrInt = (value: number): Attribute => ({ kind: 'int', value });

const ONNX_TYPE: Record<ElementType, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  double: 11,
};

export function valueInfo(name: string, type: ElementType | null, shape: ValueInfo['shape']): ValueInfo {
  return { name, type, onnxElemType: type === null ? 0 : ONNX_TYPE[type], shape: shape === null ? null : [...shape] };
}

export function makeNode(
  opType: string,
  inputs: readonly string[],
  outputs: readonly string[],
  attrs: Record<string, Attribute> = {},
  opts: { name?: string; domain?: string } = {},
): Node {
  return {
    name: opts.name ?? '',
    opType,
    domain: opts.domain ?? '',
    inputs: [...inputs],
    outputs: [...outputs],
    attributes: new Map(Object.entries(attrs)),
  };
}

/** Consumers of every value: value name -> the nodes (indices) that read it, each once. */
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
