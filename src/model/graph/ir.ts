/**
 * The graph IR of the model runtime: data only, no behaviour (onnxruntime's Graph / Node / NodeArg in spirit).
 *
 * A format reader (`src/model/graph/onnx/reader.ts`, `src/model/graph/tflite/reader.ts`) produces a `Graph`; the
 * graph passes (constant folding, Q/DQ fusion, the fusions) rewrite it and the lowering consumes it, and the reference executor in
 * `kernels-ref/` shares these type definitions with the product and nothing else. So this file imports nothing.
 *
 * Conventions:
 * - Tensors and values are named; a node refers to its inputs and outputs by name. An empty input name is ONNX's
 *   "optional input left out" and stays in `Node.inputs` as `''` (positions matter).
 * - Maps, not plain objects, for every name -> thing table: names come from untrusted bytes, and a name such as
 *   `__proto__` must stay an ordinary key.
 * - int64 values (attribute ints, dims) are JS numbers: exact within +-2^53; beyond that the nearest double
 *   (INT64_MAX, ONNX's "to the end", reads as 2^63). Tensor data of type int64 stays exact (`BigInt64Array`).
 * - Multi-byte tensor data is little-endian, as ONNX's raw_data, wasm memory and every engine this runs on.
 */

/** The element types the IR carries. float16 is kept as its raw bits (`Uint16Array`), bool as 0/1 bytes; double is
 * read so that a model carrying one can be loaded and refused (or folded) by a later pass. */
export type ElementType = 'float32' | 'uint8' | 'int8' | 'int32' | 'int64' | 'float16' | 'bool' | 'double';

/** The element type of each ONNX data_type code the graph IR carries. */
export const ONNX_TYPES: Readonly<Record<number, ElementType>> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  6: 'int32',
  7: 'int64',
  9: 'bool',
  10: 'float16',
  11: 'double',
};

/** The typed array of each element type. */
export interface TensorDataOf {
  float32: Float32Array;
  uint8: Uint8Array;
  int8: Int8Array;
  int32: Int32Array;
  int64: BigInt64Array;
  float16: Uint16Array;
  bool: Uint8Array;
  double: Float64Array;
}
export type TensorData = TensorDataOf[ElementType];

/** A constant tensor (an initializer or a tensor attribute): its own copy of the data, never a view of the model
 * bytes. `dims` are non-negative integers (`[]` is a scalar: one element); `data.length` is their product. */
export interface Tensor {
  name: string;
  type: ElementType;
  dims: number[];
  data: TensorData;
}

/** One dimension of a declared shape: a size, a symbolic name (ONNX dim_param, bound later by `inputShapes`), or
 * `null` where the model leaves it unknown (neither). */
export type Dim = number | string | null;

/** A graph input, output or annotated intermediate value (ONNX ValueInfoProto). */
export interface ValueInfo {
  name: string;
  /** The element type, or `null` when the model declares none, a non-tensor type, or a type the IR does not carry
   * (then `onnxElemType` says which: e.g. 8 = string, 5 = int16). */
  type: ElementType | null;
  /** ONNX's TensorProto.DataType code as written (0 when absent). */
  onnxElemType: number;
  /** The declared shape, or `null` when the rank is unknown (no shape given). */
  shape: Dim[] | null;
}

/** A node attribute, tagged by kind. `graph` holds a subgraph (ONNX's GRAPH attributes, If's branches; i8conv's fused
 * nodes carry the nodes they run, a Concat's Resize feeders): its nodes may read values of the enclosing graphs by
 * name. The readers pass lists of subgraphs, tensor lists, sparse and type attributes through as `unsupported` with
 * ONNX's AttributeType code, so the node survives and a later pass can name it in an `UNSUPPORTED_OP` error. */
export type Attribute =
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'ints'; value: number[] }
  | { kind: 'floats'; value: number[] }
  | { kind: 'strings'; value: string[] }
  | { kind: 'tensor'; value: Tensor }
  | { kind: 'graph'; value: Graph }
  | { kind: 'unsupported'; onnxType: number };

export interface Node {
  /** The node's name as written (may be empty: ONNX does not require one). */
  name: string;
  opType: string;
  /** The operator set domain: `''` for the default ONNX domain (`'ai.onnx'` is read as `''`), e.g. `'com.microsoft'`. */
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Map<string, Attribute>;
}

export interface Graph {
  name: string;
  /** ONNX IR version of the file (ModelProto.ir_version). */
  irVersion: number;
  /** domain -> opset version (`''` is the default ONNX domain). */
  opsetImports: Map<string, number>;
  /** The graph inputs, in order. In older models initializers are listed here too; `initializers` tells them apart. */
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  /** Constant tensors by name. */
  initializers: Map<string, Tensor>;
  /** Shape and type annotations of intermediate values (ONNX value_info), by name. */
  valueInfo: Map<string, ValueInfo>;
  /** The nodes in file order (ONNX requires topological order; a later pass checks it). `Constant` nodes stay
   * nodes here. */
  nodes: Node[];
  /** 'tflite' for a graph the TFLite reader made (LiteRT's semantics: onnxruntime's rewrites do not apply); absent
   * for ONNX. */
  format?: 'tflite';
}
