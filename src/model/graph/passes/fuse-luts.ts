/**
 * fuseLuts: compose chains of 8-bit look-up tables into one i8conv `Lut` (a pass on the graph fuseQdq returns).
 *
 * A node is a *table of x* when its one output is a function of the raw byte of its one non-constant input x:
 *   i8conv Lut(x, T)                                T: a 256-entry initializer
 *   com.microsoft QLinearSigmoid / QLinearLeakyRelu sigmoidTable / leakyReluTable (src/model/numerics/tables.ts)
 *   com.microsoft QLinearAdd / QLinearMul           one operand a constant scalar: qlinearBinaryTable (same file)
 * with every scale and zero point a per-tensor constant. Tables are indexed by the raw input byte (int8: value & 255)
 * and hold raw output bytes, so composing them is exact: running the new table is bit-identical to running the nodes.
 *
 * Rules, applied until none applies:
 *   1. chain: B a table of A's output, A a table of x, A's output read once (by B) and not a graph output
 *      -> Lut(x, B[A[i]]) in B's place (its output, its type); A removed.
 *   2. x op f(x): a QLinearAdd / QLinearMul with no constant operand whose operands are each x itself or the output
 *      of a table of the same x -> Lut(x, T) in its place, T[i] = the QLinearAdd / QLinearMul formula on (f1[i], f2[i])
 *      (qlinearBinaryByte); the operand tables are removed where nothing else reads them. Both operands are
 *      element-wise functions of x, so their dims are x's: no broadcast.
 *   0. (first, once) a per-tensor DequantizeLinear of an 8-bit x, then one or more float32 element-wise nodes (the
 *      ops of FLOAT_ELEMENTWISE, each reading the previous value once, every other input a one-element constant, the
 *      output of the same dims), then a per-tensor QuantizeLinear, each intermediate read once and no graph output
 *      -> Lut(x, T) in the QuantizeLinear's place, T computed by the nodes' own TypeScript operators on the 256 bytes
 *      (their float32 operations, so the bits of the unfused steps). What a model quantized by a tool that leaves
 *      Max / Pow / Sigmoid / Div ... float writes around them: DequantizeLinear -> Max(x, 0.2) -> QuantizeLinear.
 *      Operators whose arithmetic depends on the broadcast dims (Max / Min's operand order, Pow's x * x * x) are
 *      taken only where the table's dims decide as the model's do.
 * Nodes keep dependency order (a new Lut reads x, which is produced before the node it replaces). Initializers no
 * node reads any more (and that were read before) are dropped, valueInfo of values no longer produced dropped, and
 * the 'i8conv' opset imported when a Lut was made. A node whose table cannot be built (a bad scale: the builders
 * throw) is left alone for lowering to report. On a GraphView (fuseLuts: on a Graph, which it does not change).
 */
import { I8ConvError } from '../../../errors.js';
import type { ElementType, Graph, Node, Tensor } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { leakyReluTable, qlinearBinaryByte, qlinearBinaryTable, sigmoidTable } from '../../numerics/tables.js';
import { HOST_OPS } from '../../backends/host/index.js';
import { dequantizeHost, quantizeHost } from '../../backends/host/quant.js';
import { powShortcut, sameOperandOrder } from '../../backends/host/variadic.js';
import type { HostOpFactory, HostTensor, HostValueInfo } from '../../backends/types.js';

/**
 * Float32 operators whose output element is a function of the same element of each input alone (with one-element
 * constants for the other inputs: a function of one value), run by their TypeScript operator to make a table.
 */
export const FLOAT_ELEMENTWISE = new Set([
  // (to float32: the callers take only float32 outputs; from float32 the identity, as PyTorch's STFT export writes)
  'Cast',
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Max',
  'Min',
  'Sum',
  'Mean',
  'Pow',
  'PRelu',
  'Relu',
  'Clip',
  'LeakyRelu',
  'Sigmoid',
  'Tanh',
  'Exp',
  'Log',
  'Neg',
  'Abs',
  'Sqrt',
  'Reciprocal',
  'Floor',
  'Ceil',
  'Round',
  'Sign',
  'HardSigmoid',
  'HardSwish',
  'Elu',
  'Selu',
  'Celu',
  'Softplus',
  'Softsign',
  'Mish',
  'Gelu',
  'ThresholdedRelu',
  'Erf',
]);

type QType = 'uint8' | 'int8';
const VIEW_OF = {
  float32: Float32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int32: Int32Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  double: Float64Array,
} as const;
const isQ = (t: ElementType | null | undefined): t is QType => t === 'uint8' || t === 'int8';
/** raw byte -> the value it is of type t */
const valueOf = (t: QType, i: number): number => (t === 'int8' ? (i << 24) >> 24 : i);

interface Table {
  /** the input the table indexes */
  x: string;
  xType: QType;
  outType: QType;
  /** 256 raw output bytes */
  table: Uint8Array;
}

export function fuseLuts(graph: Graph): Graph {
  return runPasses(graph, fuseLutsPass);
}

export function fuseLutsPass(view: GraphView): void {
  const inits = view.initializers;
  const outputs = { has: (name: string) => view.isGraphOutput(name) };
  const types = new Map<string, ElementType | null>();
  for (const v of [...view.inputs, ...view.valueInfo.values(), ...view.outputs]) if (v.type) types.set(v.name, v.type);
  for (const t of inits.values()) types.set(t.name, t.type);
  const shapes = new Map<string, unknown[]>();
  for (const v of [...view.inputs, ...view.valueInfo.values()]) if (v.shape) shapes.set(v.name, v.shape);

  /** a constant scalar (1 element) initializer, or undefined */
  const scalar = (name: string | undefined): Tensor | undefined => {
    const t = name ? inits.get(name) : undefined;
    return t && t.data.length === 1 && t.type !== 'int64' ? t : undefined;
  };
  /** scale (input k) and zero point (input k + 1, default 0) as numbers, or undefined where not per-tensor constants */
  const qparams = (n: Node, k: number): [number, number] | undefined => {
    const s = scalar(n.inputs[k]);
    if (!s || s.type !== 'float32') return undefined;
    const zn = n.inputs[k + 1];
    if (zn === undefined || zn === '') return [Number(s.data[0]), 0];
    const z = scalar(zn);
    return z && isQ(z.type) ? [Number(s.data[0]), Number(z.data[0])] : undefined;
  };
  /** the 8-bit type of a value: declared, or a zero point's type */
  const typeOf = (name: string, zp?: string): QType | undefined => {
    const t = types.get(name) ?? (zp ? inits.get(zp)?.type : undefined);
    return isQ(t) ? t : undefined;
  };
  const guarded = (f: () => Uint8Array): Uint8Array | undefined => {
    try {
      return f();
    } catch (e) {
      if (e instanceof I8ConvError) return undefined;
      throw e;
    }
  };

  /** the node as a table of its input, or undefined. Tables found are cached (nodes are never modified, only
   * replaced); a miss is not: the input's type may become known when its producer turns into a Lut. */
  const cache = new Map<Node, Table>();
  const tableOf = (n: Node): Table | undefined => {
    let t = cache.get(n);
    if (!t && (t = tableOfNode(n))) cache.set(n, t);
    return t;
  };
  const tableOfNode = (n: Node): Table | undefined => {
    if (n.outputs.length !== 1 || n.outputs[0] === '') return undefined;
    // the tables below are all of these domains (the key string is not built for every other node, every scan)
    if (n.domain !== 'i8conv' && n.domain !== 'com.microsoft') return undefined;
    const key = `${n.domain}:${n.opType}`;
    if (key === 'i8conv:Lut') {
      const t = inits.get(n.inputs[1]);
      const xType = typeOf(n.inputs[0]);
      if (n.inputs.length !== 2 || inits.has(n.inputs[0]) || !t || !isQ(t.type) || t.data.length !== 256 || !xType)
        return undefined;
      const table = new Uint8Array(256);
      for (let i = 0; i < 256; i++) table[i] = Number(t.data[i]) & 255;
      return { x: n.inputs[0], xType, outType: t.type, table };
    }
    if (key === 'com.microsoft:QLinearSigmoid' || key === 'com.microsoft:QLinearLeakyRelu') {
      const x = n.inputs[0],
        xq = qparams(n, 1),
        yq = qparams(n, 3);
      const type = typeOf(x, n.inputs[2]) ?? typeOf(n.outputs[0], n.inputs[4]);
      if (inits.has(x) || !xq || !yq || !type) return undefined;
      let alpha = 0.01;
      const a = n.attributes.get('alpha');
      if (a) {
        if (a.kind !== 'float') return undefined;
        alpha = a.value;
      }
      const table = guarded(() =>
        key.endsWith('Sigmoid')
          ? sigmoidTable(type, xq[0], xq[1], yq[0], yq[1])
          : leakyReluTable(type, xq[0], xq[1], yq[0], yq[1], alpha),
      );
      return table && { x, xType: type, outType: type, table };
    }
    if (key === 'com.microsoft:QLinearAdd' || key === 'com.microsoft:QLinearMul') {
      const sc = binaryParams(n);
      if (!sc) return undefined;
      const [a, b] = [n.inputs[0], n.inputs[3]];
      const side = scalar(a) && !inits.has(b) ? 0 : scalar(b) && !inits.has(a) ? 1 : -1;
      if (side < 0) return undefined;
      const x = side === 0 ? b : a;
      const type = typeOf(x, n.inputs[side === 0 ? 5 : 2]);
      const c = (side === 0 ? scalar(a) : scalar(b))!;
      // the constant must not raise the rank (broadcast): a scalar, or no more dims than x's known shape
      const xShape = shapes.get(x);
      if (!type || c.type !== type || (c.dims.length > 0 && !(xShape && xShape.length >= c.dims.length)))
        return undefined;
      const table = qlinearBinaryTable(key.endsWith('Mul'), type, side as 0 | 1, Number(c.data[0]), sc);
      return { x, xType: type, outType: type, table };
    }
    return undefined;
  };
  /** [a_s, a_zp, b_s, b_zp, c_s, c_zp] of a QLinearAdd / QLinearMul, or undefined */
  const binaryParams = (n: Node): number[] | undefined => {
    if (n.inputs.length < 7) return undefined;
    const p = [qparams(n, 1), qparams(n, 4), qparams(n, 6)];
    return p.every((v) => v !== undefined) ? (p.flat() as number[]) : undefined;
  };

  let tableCount = 0;
  const tableName = (out: string): string => {
    let name = `${out}_lut`;
    while (inits.has(name) || types.has(name)) name = `${out}_lut${++tableCount}`;
    return name;
  };
  const makeLut = (at: Node, x: string, outType: QType, table: Uint8Array): Node => {
    const name = tableName(at.outputs[0]);
    const data = outType === 'uint8' ? table : new Int8Array(table.buffer);
    view.setInitializer({ name, type: outType, dims: [256], data });
    types.set(at.outputs[0], outType);
    return {
      name: at.name,
      opType: 'Lut',
      domain: 'i8conv',
      inputs: [x, name],
      outputs: [at.outputs[0]],
      attributes: new Map(),
    };
  };

  // rule 0: DequantizeLinear -> float element-wise nodes with one-element constants -> QuantizeLinear
  const readOnce = (v: string) => view.consumersOf(v).length === 1 && !outputs.has(v);
  const dims = (name: string): number[] | undefined => {
    const t = inits.get(name);
    if (t) return [...t.dims];
    const d = shapes.get(name);
    return d && d.every((v) => typeof v === 'number') ? (d as number[]) : undefined;
  };
  const sameDims = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
    a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);
  const floatChainTable = (d: Node): { q: Node; chain: Node[]; table: Uint8Array } | undefined => {
    const x = d.inputs[0];
    const xq = qparams(d, 1);
    const xType = typeOf(x, d.inputs[2]);
    const xDims = dims(x);
    if (!xq || !xType || !xDims || inits.has(x) || d.outputs.length !== 1 || !readOnce(d.outputs[0])) return undefined;
    const rank = Math.max(1, xDims.length);
    const tdims = [...Array(rank - 1).fill(1), 256];
    const chain: Node[] = [];
    let cur = d.outputs[0];
    let q: Node | undefined;
    for (;;) {
      const c = view.consumersOf(cur)[0]?.node;
      if (!c || c.outputs.length !== 1 || c.outputs[0] === '') return undefined;
      if (c.domain === '' && c.opType === 'QuantizeLinear') {
        const yType = typeOf(c.outputs[0], c.inputs[2]);
        if (c.inputs[0] !== cur || !qparams(c, 1) || !yType) return undefined;
        q = c;
        break;
      }
      if (c.domain !== '' || !FLOAT_ELEMENTWISE.has(c.opType)) return undefined;
      if (c.inputs.filter((i) => i === cur).length !== 1) return undefined;
      for (const i of c.inputs) if (i !== cur && i !== '' && !(inits.get(i)?.data.length === 1)) return undefined;
      if (!sameDims(dims(c.outputs[0]), xDims) || types.get(c.outputs[0]) !== 'float32') return undefined;
      // the operators that decide on the dims: decide on the table's as on the model's
      if (c.opType === 'Pow') {
        // x * x * x or pow(): onnxruntime decides on the dims (powShortcut; x * x and pow(x, 2) agree)
        const e = dims(c.inputs[1]);
        const two = Number(inits.get(c.inputs[1])?.data[0]) === 2;
        if (!e || (!two && powShortcut(xDims, e) !== powShortcut(tdims, e))) return undefined;
      }
      if (
        (c.opType === 'Max' || c.opType === 'Min') &&
        !sameOperandOrder(
          c.inputs.map((i) => (i === cur ? xDims : dims(i)!)),
          c.inputs.map((i) => (i === cur ? tdims : dims(i)!)),
          view.opset(''),
        )
      )
        return undefined;
      chain.push(c);
      cur = c.outputs[0];
      if (!readOnce(cur)) return undefined;
    }
    if (!chain.length) return undefined;
    const table = guarded(() => {
      const opset = (n: Node) => view.opset(n.domain);
      const info = (name: string, value: HostTensor): HostValueInfo | undefined => {
        if (name === '') return undefined;
        const t = inits.get(name);
        if (!t) return { type: value.type, dims: value.dims };
        const c = { type: t.type, dims: t.dims, data: t.data } as HostTensor;
        return { type: c.type, dims: c.dims, constant: c };
      };
      const run = (n: Node, f: HostOpFactory, value: HostTensor, outType: HostTensor['type']): HostTensor => {
        const ins = n.inputs.map((i) => info(i, value));
        const out = { type: outType, dims: tdims, data: new VIEW_OF[outType](256) } as HostTensor;
        const op = f(
          { name: n.name, opType: n.opType, domain: n.domain, attributes: n.attributes },
          ins,
          [out],
          opset(n),
        );
        op(
          ins.map((v, k) => (v === undefined ? undefined : (v.constant ?? (n.inputs[k] ? value : undefined)))),
          [out],
        );
        return out;
      };
      const bytes = new Uint8Array(256).map((_, i) => i);
      let v: HostTensor = {
        type: xType,
        dims: tdims,
        data: xType === 'int8' ? new Int8Array(bytes.buffer) : bytes,
      };
      v = run(d, dequantizeHost, v, 'float32');
      for (const c of chain) {
        const f = HOST_OPS.get(`:${c.opType}`);
        if (!f) throw new I8ConvError('UNSUPPORTED_OP', `no TypeScript ${c.opType}`, c.name);
        v = run(c, f, v, 'float32');
      }
      v = run(q!, quantizeHost, v, typeOf(q!.outputs[0], q!.inputs[2])!);
      return new Uint8Array(v.data.buffer, v.data.byteOffset, 256).slice();
    });
    return table && { q: q!, chain, table };
  };
  for (const d of [...view.nodes]) {
    if (d.domain !== '' || d.opType !== 'DequantizeLinear' || !view.has(d)) continue;
    const found = floatChainTable(d);
    if (!found) continue;
    const lut = makeLut(found.q, d.inputs[0], typeOf(found.q.outputs[0], found.q.inputs[2])!, found.table);
    view.replace([found.q], lut);
    for (const c of [d, ...found.chain]) view.remove(c);
  }

  // types of values the graph does not annotate: a table's output has its table's type
  for (const n of view.nodes) {
    if (n.outputs.length !== 1 || types.has(n.outputs[0])) continue;
    const t = tableOf(n);
    if (t) types.set(n.outputs[0], t.outType);
  }

  // Scan in order; after a change, rescan from the new Lut (it may compose with its producer; nothing before it can
  // have been enabled: it and the nodes removed come after every earlier node's inputs). A whole scan without a
  // change ends it.
  let nodes: Node[] = [];
  const uses = { get: (name: string) => view.consumersOf(name).length };
  const producer = { get: (name: string) => view.producerOf(name) };
  /** replace nodes[k] by `by` and remove `gone`; returns by's new index */
  const replace = (k: number, by: Node, gone: Set<Node>): number => {
    view.replace([nodes[k]], by);
    for (const m of gone) view.remove(m);
    nodes = view.nodes;
    return nodes.indexOf(by);
  };
  const single = (v: string) => uses.get(v) === 1 && !outputs.has(v);
  for (let changed = true; changed; ) {
    changed = false;
    nodes = view.nodes;
    for (let k = 0; k < nodes.length; k++) {
      const n = nodes[k];
      // rule 1: a table of a table's output
      const tb = tableOf(n);
      if (tb) {
        const p = producer.get(tb.x);
        const ta = p && single(tb.x) ? tableOf(p) : undefined;
        if (p && ta && ta.outType === tb.xType) {
          const t = new Uint8Array(256);
          for (let i = 0; i < 256; i++) t[i] = tb.table[ta.table[i]];
          k = replace(k, makeLut(n, ta.x, tb.outType, t), new Set([p])) - 1;
          changed = true;
        }
        continue;
      }
      // rule 2: x op f(x)
      if (
        n.domain !== 'com.microsoft' ||
        (n.opType !== 'QLinearAdd' && n.opType !== 'QLinearMul') ||
        n.outputs.length !== 1
      )
        continue;
      const sc = binaryParams(n);
      const [a, b] = [n.inputs[0], n.inputs[3]];
      if (!sc || inits.has(a) || inits.has(b)) continue;
      const operand = (v: string): { x: string; f: Uint8Array | null; node?: Node } | undefined => {
        const p = producer.get(v);
        const t = p ? tableOf(p) : undefined;
        return t ? { x: t.x, f: t.table, node: p } : undefined;
      };
      // each operand: a table of x or x itself; try the table reading of both, then one side as x
      const oa = operand(a),
        ob = operand(b);
      let x: string | undefined,
        fa: Uint8Array | null = null,
        fb: Uint8Array | null = null;
      if (oa && ob && oa.x === ob.x) [x, fa, fb] = [oa.x, oa.f, ob.f];
      else if (oa && oa.x === b) [x, fa] = [b, oa.f];
      else if (ob && ob.x === a) [x, fb] = [a, ob.f];
      else if (a === b) x = a;
      if (x === undefined) continue;
      const xType = typeOf(x, fa || fb ? undefined : n.inputs[2]);
      const type = typeOf(n.outputs[0], n.inputs[7]) ?? xType;
      if (!xType || !type) continue;
      // operand types must be the binary's type
      const aType = fa ? oa!.node && tableOf(oa!.node)!.outType : xType;
      const bType = fb ? ob!.node && tableOf(ob!.node)!.outType : xType;
      if (aType !== type || bType !== type) continue;
      const mul = n.opType === 'QLinearMul';
      const t = new Uint8Array(256);
      for (let i = 0; i < 256; i++) {
        const va = valueOf(type, fa ? fa[i] : i),
          vb = valueOf(type, fb ? fb[i] : i);
        t[i] = qlinearBinaryByte(mul, type, va, vb, sc);
      }
      const lut = makeLut(n, x, type, t);
      const drop = new Set<Node>();
      for (const [o, v] of [
        [oa, a],
        [ob, b],
      ] as const) {
        if (o?.node && (fa || fb) && o.x === x && v !== x) {
          const left = (uses.get(v) ?? 0) - (a === b ? 2 : 1);
          if (left === 0 && !outputs.has(v)) drop.add(o.node);
        }
      }
      k = replace(k, lut, drop) - 1;
      changed = true;
    }
  }
  // a Lut's output type is its table's: keep the annotation consistent
  for (const n of view.nodes) {
    if (n.domain !== 'i8conv' || n.opType !== 'Lut') continue;
    const vi = view.valueInfo.get(n.outputs[0]);
    const t = inits.get(n.inputs[1]);
    if (vi && t && vi.type !== t.type) view.annotate({ ...vi, type: t.type, onnxElemType: t.type === 'uint8' ? 2 : 3 });
  }
}
