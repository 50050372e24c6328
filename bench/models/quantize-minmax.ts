/**
 * A plain min/max post-training quantizer for the model tests and the benchmark: float graph IR + per-tensor
 * activation ranges -> a QDQ graph, written the way onnxruntime's static quantizer writes one
 * (onnxruntime/python/tools/quantization, `quantize_static(..., quant_format=QuantFormat.QDQ,
 * calibrate_method=MinMax)`), so that the product's QDQ fusion meets the models people actually have. Also the same
 * model in QOperator form (`qoperatorForm`), written from the same plan by this file's own code (an independent
 * check of a QDQ fusion pass), the uint8 twin of an int8-activation model (`withUint8Activations`), and the
 * calibration that measures the ranges in onnxruntime-web (`calibrationRanges`).
 *
 * What gets quantized (as onnxruntime's quantizer, QDQ format, default options):
 * - Operators quantized with their own output range ("full"): Conv, MatMul, Gemm, Add, Mul, Concat,
 *   GlobalAveragePool, Sigmoid, LeakyRelu. Every float input and the output get a QuantizeLinear ->
 *   DequantizeLinear pair; a float initializer input (not a weight or bias) is stored quantized with the activation
 *   type (its own min/max) behind a DequantizeLinear. A node is left float when one of its activation inputs has no
 *   range (a non-float value, e.g. int64 shape plumbing).
 * - Operators on 8-bit data ("same as input"): MaxPool, AveragePool, Resize, Reshape, Flatten, Transpose, Squeeze,
 *   Unsqueeze, Slice, Gather, Split. Only when their data input is already quantized; their outputs reuse the
 *   input's scale and zero point (onnxruntime's `quantize_output_same_as_input`), which is what lets its
 *   QDQ fusion drop the pair. (onnxruntime leaves Flatten unquantized; here it is "same as input", which gives
 *   the same fused model since its range equals its input's.)
 * - Relu and Clip after a quantized value that nothing else reads (and that is no graph input or output) are
 *   removed, as onnxruntime's `QDQRemovableActivation` does: the producer's output takes the activation's name and
 *   so its range, which starts at 0 (Relu) or spans the Clip's bounds, so the Q's saturation does the clipping.
 *   Otherwise a Relu / Clip stays, with Q/DQ on both sides.
 * - Everything else (Div, Sub, HardSigmoid, ConvTranspose, BatchNormalization, Softmax, Shape plumbing...) stays a
 *   float node; it reads DequantizeLinear outputs where its inputs are quantized.
 *
 * Parameters:
 * - Activations, asymmetric (`opts.activations` uint8 [0, 255] or int8 [-128, 127]): rmin = min(min, 0),
 *   rmax = max(max, 0), scale = f32(f32(rmax - rmin) / (qmax - qmin)), zero point = RNE(qmin - f32(rmin / scale));
 *   scale 1 and zero point 0 where rmax = rmin. Scalars; a graph output keeps its name (the producer writes
 *   `<name>_QuantizeInput`, the DequantizeLinear writes `<name>`).
 * - Weights (Conv input 1, Gemm B, MatMul B when an initializer): symmetric int8, narrow range [-127, 127],
 *   scale = f32(f32(2 absmax) / 254), zero point 0, q = clamp(RNE(f32(w / scale))). Per channel
 *   (`opts.weights: 'per-channel'`: Conv axis 0, Gemm axis 0 with transB else 1, MatMul the last axis) or per tensor.
 * - Bias (Conv input 2, Gemm C, 1-D float initializers): int32, scale f32(x_scale * w_scale[c]) (per channel where
 *   the weight is), zero point int32 0, q = RNE(f32(b / scale)) clamped to int32.
 * Names follow onnxruntime's: `<t>_QuantizeLinear_Output`, `<t>_DequantizeLinear_Output`, `<t>_scale`,
 * `<t>_zero_point`, `<w>_quantized`. The default-domain opset becomes at least 13 (per-axis QuantizeLinear /
 * DequantizeLinear); `toOpset13` rewrites the operators whose form changed before 13 for older models.
 *
 * Not done (onnxruntime does these): its int32-bias weight-scale adjustment (only matters where a bias would
 * overflow int32), per-tensor overrides, Softmax / Where / Pad / normalization quantization, symmetric or
 * reduced-range options, and its pre-processing (shape inference, graph optimization).
 */
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../../src/model/ir.js';
import { readOnnxModel } from '../../src/model/onnx/reader.js';
import { writeOnnxModel } from '../../src/model/onnx/writer.js';
import { attrInt, consumersOf, i64, makeNode, numel, tensor, valueInfo } from './build.js';
import { ortRunShaped, ortSession, type OrtFeed, type OrtSessionOptions } from './ort.js';

export type ActivationType = 'uint8' | 'int8';
export interface QuantizeOptions {
  activations: ActivationType;
  weights: 'per-channel' | 'per-tensor';
}
/** Per-tensor [min, max] of the float model's values (calibration). */
export type Ranges = Map<string, [number, number]>;

const FULL = new Set(['Conv', 'MatMul', 'Gemm', 'Add', 'Mul', 'Concat', 'GlobalAveragePool', 'Sigmoid', 'LeakyRelu']);
const SAME = new Set(['MaxPool', 'AveragePool', 'Resize', 'Reshape', 'Flatten', 'Transpose', 'Squeeze', 'Unsqueeze', 'Slice', 'Gather', 'Split']);
const REMOVABLE = new Set(['Relu', 'Clip']);

const f = Math.fround;
/** Round half to even. */
export function rne(x: number): number {
  const r = Math.round(x);
  return x - Math.floor(x) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

// ---- parameters -------------------------------------------------------------------------------------------------

/** Scale and zero point of an activation range (see the header). */
export function activationParams(min: number, max: number, type: ActivationType): { scale: number; zeroPoint: number } {
  const [qmin, qmax] = type === 'uint8' ? [0, 255] : [-128, 127];
  const rmin = f(Math.min(min, 0));
  const rmax = f(Math.max(max, 0));
  const scale = f(f(rmax - rmin) / (qmax - qmin));
  if (!(scale >= 1.1754943508222875e-38) || !Number.isFinite(scale)) {
    if (!Number.isFinite(scale)) throw new Error(`activation range [${min}, ${max}] is not finite`);
    return { scale: 1, zeroPoint: 0 };
  }
  const zp = Math.min(qmax, Math.max(qmin, rne(qmin - f(rmin / scale))));
  return { scale, zeroPoint: zp };
}

/** Symmetric narrow-range int8 quantization of `data` in groups along `axis` of `dims` (axis undefined: one group). */
export function quantizeWeight(data: Float32Array, dims: readonly number[], axis: number | undefined): { q: Int8Array; scales: Float32Array } {
  const channels = axis === undefined ? 1 : dims[axis];
  const inner = axis === undefined ? data.length : numel(dims.slice(axis + 1));
  const absmax = new Float32Array(channels);
  const chan = (i: number) => (axis === undefined ? 0 : Math.floor(i / inner) % channels);
  for (let i = 0; i < data.length; i++) absmax[chan(i)] = Math.max(absmax[chan(i)], Math.abs(data[i]));
  const scales = absmax.map((a) => {
    const s = f(f(2 * a) / 254);
    return s >= 1.1754943508222875e-38 ? s : 1;
  });
  const q = new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) q[i] = Math.max(-127, Math.min(127, rne(f(data[i] / scales[chan(i)]))));
  return { q, scales };
}

function quantizeBias(data: Float32Array, scales: Float32Array): Int32Array {
  const q = new Int32Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const s = scales.length === 1 ? scales[0] : scales[i];
    q[i] = Math.max(-2147483648, Math.min(2147483647, rne(f(data[i] / s))));
  }
  return q;
}

function quantizeActivationData(data: Float32Array, scale: number, zp: number, type: ActivationType): Uint8Array | Int8Array {
  const [lo, hi] = type === 'uint8' ? [0, 255] : [-128, 127];
  const out = type === 'uint8' ? new Uint8Array(data.length) : new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.max(lo, Math.min(hi, rne(f(data[i] / scale)) + zp));
  return out;
}

// ---- the plan ---------------------------------------------------------------------------------------------------

interface ActParams {
  scale: number;
  zeroPoint: number;
  scaleName: string;
  zpName: string;
}

/** An initializer stored quantized behind a DequantizeLinear. */
interface QuantizedInit {
  /** The DequantizeLinear's inputs (quantized data, scale, zero point) and its output. */
  q: Tensor;
  scale: Tensor;
  zp: Tensor;
  axis?: number;
  out: string;
  role: 'weight' | 'bias' | 'constant';
}

interface Plan {
  /** The float graph after removing the removable activations (nodes renamed accordingly). */
  nodes: Node[];
  graph: Graph;
  /** Activation values with a Q -> DQ pair, by name, with their parameters. */
  act: Map<string, ActParams>;
  /** Initializers consumed through a DequantizeLinear. */
  inits: Map<string, QuantizedInit>;
  /** Nodes that run on quantized data (full or same-as-input), by index in `nodes`. */
  quantizedNodes: Set<number>;
  type: ActivationType;
}

function weightAxis(node: Node, dims: readonly number[], opts: QuantizeOptions): number | undefined {
  if (opts.weights === 'per-tensor') return undefined;
  if (node.opType === 'Conv') return 0;
  if (node.opType === 'Gemm') {
    const tb = node.attributes.get('transB');
    return tb?.kind === 'int' && tb.value !== 0 ? 0 : 1;
  }
  return dims.length - 1; // MatMul: per output column
}

/** Decides everything both forms need: which nodes and values are quantized, and every parameter. */
export function planQuantization(float: Graph, ranges: Ranges, opts: QuantizeOptions): Plan {
  const type = opts.activations;
  const graphOutputs = new Set(float.outputs.map((o) => o.name));
  const graphInputs = new Set(float.inputs.map((i) => i.name));
  const isConst = (n: string) => float.initializers.has(n) && !graphInputs.has(n);
  const isFloatConst = (n: string) => isConst(n) && float.initializers.get(n)!.type === 'float32';
  let nodes = float.nodes.map((n) => ({ ...n, inputs: [...n.inputs], outputs: [...n.outputs], attributes: new Map(n.attributes) }));

  // Pass 1: which values are quantized (in node order, as onnxruntime's quantizer walks), and the removals.
  const quantized = new Set<string>();
  const sameAs = new Map<string, string>();
  const removed = new Set<number>();
  const producer = new Map<string, number>();
  nodes.forEach((n, i) => n.outputs.forEach((o) => o && producer.set(o, i)));
  const consumers = consumersOf(nodes);
  const full = new Set<number>();
  const hasRange = (n: string) => ranges.has(n);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.domain !== '') continue;
    if (FULL.has(n.opType)) {
      const out = n.outputs[0];
      const weighted = n.opType === 'Conv' || n.opType === 'Gemm' || n.opType === 'MatMul';
      const acts = n.inputs.filter((x, k) => x !== '' && !isConst(x) && !(weighted && k > 0 && isFloatConst(x)));
      const allFloat = n.inputs.every((x) => x === '' || isFloatConst(x) || hasRange(x));
      if (!allFloat || !hasRange(out) || n.outputs.length !== 1) continue;
      if (n.opType === 'Conv' && !isFloatConst(n.inputs[1])) continue; // a Conv with fed weights stays float
      if (n.opType === 'Gemm') {
        const ta = n.attributes.get('transA');
        if (ta?.kind === 'int' && ta.value !== 0) continue;
        if (!isFloatConst(n.inputs[1])) continue;
      }
      acts.forEach((x) => quantized.add(x));
      quantized.add(out);
      full.add(i);
    } else if (SAME.has(n.opType)) {
      const x = n.inputs[0];
      if (!quantized.has(x)) continue;
      for (const o of n.outputs) {
        if (!o) continue;
        quantized.add(o);
        sameAs.set(o, sameAs.get(x) ?? x);
      }
      full.add(i);
    } else if (REMOVABLE.has(n.opType)) {
      const x = n.inputs[0];
      const y = n.outputs[0];
      if (!quantized.has(x) || !hasRange(y)) continue;
      const p = producer.get(x);
      const onlyReader = (consumers.get(x) ?? []).length === 1;
      // Only after an operator with its own output range: removing a Relu after a MaxPool would lose it.
      if (p !== undefined && full.has(p) && FULL.has(nodes[p].opType) && onlyReader && !graphOutputs.has(x) && !graphInputs.has(x)) {
        // Remove: the producer writes y, which takes x's place (and its own range).
        nodes[p].outputs = nodes[p].outputs.map((o) => (o === x ? y : o));
        quantized.delete(x);
        sameAs.delete(x);
        quantized.add(y);
        removed.add(i);
        producer.set(y, p);
      } else {
        quantized.add(y);
      }
    }
  }
  // Renumber without the removed nodes.
  const keep = nodes.map((_, i) => i).filter((i) => !removed.has(i));
  const quantizedNodes = new Set<number>();
  keep.forEach((i, j) => full.has(i) && quantizedNodes.add(j));
  nodes = keep.map((i) => nodes[i]);

  // Pass 2: parameters. Activations first (a value quantized "same as" another shares its initializers).
  const act = new Map<string, ActParams>();
  const taken = new Set<string>([...float.initializers.keys(), ...nodes.flatMap((n) => [...n.inputs, ...n.outputs]), ...graphInputs]);
  const fresh = (name: string) => {
    if (taken.has(name)) throw new Error(`quantizer: the name ${JSON.stringify(name)} is taken`);
    taken.add(name);
    return name;
  };
  const zpTensor = (name: string, zp: number) => tensor(name, type, [], type === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp));
  const paramInits = new Map<string, Tensor>();
  for (const v of quantized) {
    if (sameAs.has(v)) continue;
    if (float.initializers.has(v)) continue;
    const r = ranges.get(v);
    if (!r) throw new Error(`quantizer: no range for ${JSON.stringify(v)}`);
    const { scale, zeroPoint } = activationParams(r[0], r[1], type);
    const p: ActParams = { scale, zeroPoint, scaleName: fresh(`${v}_scale`), zpName: fresh(`${v}_zero_point`) };
    paramInits.set(p.scaleName, tensor(p.scaleName, 'float32', [], Float32Array.of(scale)));
    paramInits.set(p.zpName, zpTensor(p.zpName, zeroPoint));
    act.set(v, p);
  }
  for (const [v, src] of sameAs) {
    const p = act.get(src);
    if (!p) throw new Error(`quantizer: ${v} shares the parameters of ${src}, which has none`);
    act.set(v, p);
  }

  // Initializers: weights, biases, constant inputs of full nodes.
  const inits = new Map<string, QuantizedInit>();
  // An initializer read by several quantized nodes is quantized once (its parameters come from its data alone),
  // except a bias, whose scale depends on the node's input: two different ones cannot share it.
  const sameBytes = (a: Tensor, b: Tensor) => a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
  const addInit = (name: string, role: QuantizedInit['role'], make: () => Omit<QuantizedInit, 'out'>) => {
    const had = inits.get(name);
    if (had && had.role !== role) throw new Error(`quantizer: initializer ${name} is read both as a ${had.role} and as a ${role}`);
    if (had && had.role !== 'bias') return;
    const qi = make();
    if (had) {
      if (!sameBytes(had.scale, qi.scale)) throw new Error(`quantizer: bias ${name} is read by two nodes whose input and weight scales differ`);
      return;
    }
    for (const t of [qi.q, qi.scale, qi.zp]) fresh(t.name);
    inits.set(name, { ...qi, out: fresh(`${name}_DequantizeLinear_Output`) });
  };
  for (const j of quantizedNodes) {
    const n = nodes[j];
    if (!FULL.has(n.opType)) continue;
    const weighted = n.opType === 'Conv' || n.opType === 'Gemm' || n.opType === 'MatMul';
    n.inputs.forEach((x, k) => {
      if (x === '' || !isFloatConst(x)) return;
      const t = float.initializers.get(x)!;
      const data = t.data as Float32Array;
      if (weighted && k === 1) {
        const axis = weightAxis(n, t.dims, opts);
        const had = inits.get(x);
        if (had && had.axis !== axis) throw new Error(`quantizer: weight ${x} is read by two nodes that quantize it along different axes`);
        addInit(x, 'weight', () => {
          const { q, scales } = quantizeWeight(data, t.dims, axis);
          const per = axis !== undefined;
          return {
            q: tensor(`${x}_quantized`, 'int8', t.dims, q),
            scale: tensor(`${x}_scale`, 'float32', per ? [scales.length] : [], scales),
            zp: tensor(`${x}_zero_point`, 'int8', per ? [scales.length] : [], new Int8Array(scales.length)),
            axis, role: 'weight',
          };
        });
      } else if (weighted && k === 2) {
        const xs = act.get(n.inputs[0])!.scale;
        const ws = inits.get(n.inputs[1])!.scale.data as Float32Array;
        const alpha = n.attributes.get('alpha');
        const beta = n.attributes.get('beta');
        if ((alpha?.kind === 'float' && alpha.value !== 1) || (beta?.kind === 'float' && beta.value !== 1)) {
          throw new Error(`quantizer: Gemm ${n.name} with alpha or beta other than 1`);
        }
        if (t.dims.length !== 1) throw new Error(`quantizer: bias ${x} is not 1-D`);
        const bs = ws.map((w) => f(xs * w));
        const per = bs.length > 1;
        addInit(x, 'bias', () => ({
          q: tensor(`${x}_quantized`, 'int32', t.dims, quantizeBias(data, bs)),
          scale: tensor(`${x}_scale`, 'float32', per ? [bs.length] : [], bs),
          zp: tensor(`${x}_zero_point`, 'int32', per ? [bs.length] : [], new Int32Array(bs.length)),
          axis: per ? 0 : undefined, role: 'bias',
        }));
      } else {
        let mn = Infinity;
        let mx = -Infinity;
        for (const v of data) {
          mn = Math.min(mn, v);
          mx = Math.max(mx, v);
        }
        const { scale, zeroPoint } = activationParams(mn, mx, type);
        addInit(x, 'constant', () => ({
          q: tensor(`${x}_quantized`, type, t.dims, quantizeActivationData(data, scale, zeroPoint, type)),
          scale: tensor(`${x}_scale`, 'float32', [], Float32Array.of(scale)),
          zp: tensor(`${x}_zero_point`, type, [], type === 'uint8' ? Uint8Array.of(zeroPoint) : Int8Array.of(zeroPoint)),
          role: 'constant',
        }));
      }
    });
  }
  const graph: Graph = { ...float, nodes, initializers: new Map([...float.initializers, ...paramInits]), valueInfo: new Map() };
  return { nodes, graph, act, inits, quantizedNodes, type };
}

function withOpset(g: Graph, extra: [string, number][] = []): Map<string, number> {
  const m = new Map(g.opsetImports);
  m.set('', Math.max(13, m.get('') ?? 13));
  for (const [d, v] of extra) m.set(d, Math.max(v, m.get(d) ?? v));
  return m;
}

/** Drops initializers nothing reads any more. */
function pruneInitializers(nodes: readonly Node[], inits: Map<string, Tensor>, inputs: readonly ValueInfo[], outputs: readonly ValueInfo[]): Map<string, Tensor> {
  const used = new Set<string>([...nodes.flatMap((n) => n.inputs), ...inputs.map((v) => v.name), ...outputs.map((v) => v.name)]);
  return new Map([...inits].filter(([k]) => used.has(k)));
}

// ---- the QDQ form -----------------------------------------------------------------------------------------------

/** The QDQ model of a float graph (see the header). `ranges` must cover every value that gets quantized. */
export function quantizeMinMax(float: Graph, ranges: Ranges, opts: QuantizeOptions): Graph {
  const plan = planQuantization(float, ranges, opts);
  const { act, inits } = plan;
  const graphOutputs = new Set(float.outputs.map((o) => o.name));
  const initializers = new Map(plan.graph.initializers);
  const taken = new Set<string>([...initializers.keys(), ...plan.nodes.flatMap((n) => [...n.inputs, ...n.outputs])]);
  const fresh = (name: string) => {
    if (taken.has(name)) throw new Error(`quantizer: the name ${JSON.stringify(name)} is taken`);
    taken.add(name);
    return name;
  };
  // Where each quantized activation is written (src) and read (dq).
  const src = new Map<string, string>();
  const dq = new Map<string, string>();
  const qOut = new Map<string, string>();
  for (const v of act.keys()) {
    qOut.set(v, fresh(`${v}_QuantizeLinear_Output`));
    if (graphOutputs.has(v)) {
      src.set(v, fresh(`${v}_QuantizeInput`));
      dq.set(v, v);
    } else {
      src.set(v, v);
      dq.set(v, fresh(`${v}_DequantizeLinear_Output`));
    }
  }
  const out: Node[] = [];
  const qdq = (v: string) => {
    const p = act.get(v)!;
    out.push(makeNode('QuantizeLinear', [src.get(v)!, p.scaleName, p.zpName], [qOut.get(v)!], {}, { name: `${v}_QuantizeLinear` }));
    out.push(makeNode('DequantizeLinear', [qOut.get(v)!, p.scaleName, p.zpName], [dq.get(v)!], {}, { name: `${v}_DequantizeLinear` }));
  };
  for (const [name, qi] of inits) {
    for (const t of [qi.q, qi.scale, qi.zp]) initializers.set(t.name, t);
    initializers.delete(name);
    const attrs: Record<string, Attribute> = qi.axis !== undefined ? { axis: attrInt(qi.axis) } : {};
    out.push(makeNode('DequantizeLinear', [qi.q.name, qi.scale.name, qi.zp.name], [qi.out], attrs, { name: `${name}_DequantizeLinear` }));
  }
  for (const i of float.inputs) if (act.has(i.name)) qdq(i.name);
  for (const n of plan.nodes) {
    const inputs = n.inputs.map((x) => (inits.has(x) ? inits.get(x)!.out : act.has(x) ? dq.get(x)! : x));
    const outputs = n.outputs.map((o) => (act.has(o) ? src.get(o)! : o));
    out.push({ ...n, inputs, outputs });
    for (const o of n.outputs) if (act.has(o)) qdq(o);
  }
  const g: Graph = { ...plan.graph, opsetImports: withOpset(float), nodes: out, initializers, valueInfo: new Map() };
  g.initializers = pruneInitializers(out, initializers, g.inputs, g.outputs);
  return g;
}

// ---- the QOperator form -----------------------------------------------------------------------------------------

/**
 * The same model as `quantizeMinMax(float, ranges, opts)` in QOperator form, written directly from the same plan
 * (same quantized weights, scales and zero points): QuantizeLinear at each float graph input, QLinearConv (the
 * removed Relu / Clip is the Q's saturation, as in the QDQ form), com.microsoft QLinearAdd / QLinearMul /
 * QLinearGlobalAveragePool / QLinearConcat / QLinearSigmoid / QLinearLeakyRelu / QLinearAveragePool / QGemm,
 * QLinearMatMul, the same-as-input operators (MaxPool, Flatten, Reshape...) on the 8-bit data, DequantizeLinear at
 * each graph output. Quantized values are named `<value>_quantized`. Throws where a node of the plan stays float:
 * a QOperator model has no float operators between its first Q and last DQ (the zoo's nets have none).
 */
export function qoperatorForm(float: Graph, ranges: Ranges, opts: QuantizeOptions): Graph {
  const plan = planQuantization(float, ranges, opts);
  const { act, inits } = plan;
  const initializers = new Map(plan.graph.initializers);
  for (const [name, qi] of inits) {
    for (const t of [qi.q, qi.scale, qi.zp]) initializers.set(t.name, t);
    initializers.delete(name);
  }
  const qn = (v: string) => `${v}_quantized`;
  const graphOutputs = new Set(float.outputs.map((o) => o.name));
  const out: Node[] = [];
  for (const i of float.inputs) {
    const p = act.get(i.name);
    if (p) out.push(makeNode('QuantizeLinear', [i.name, p.scaleName, p.zpName], [qn(i.name)], {}, { name: `${i.name}_QuantizeLinear` }));
  }
  const ms = { domain: 'com.microsoft' };
  plan.nodes.forEach((n, j) => {
    if (!plan.quantizedNodes.has(j)) throw new Error(`qoperatorForm: node ${n.name || j} (${n.opType}) is not quantized`);
    const a = (x: string) => {
      const p = act.get(x);
      if (p) return [qn(x), p.scaleName, p.zpName];
      const qi = inits.get(x);
      if (qi) return [qi.q.name, qi.scale.name, qi.zp.name];
      throw new Error(`qoperatorForm: input ${x} of ${n.name} is not quantized`);
    };
    const y = n.outputs[0];
    const yp = act.get(y)!;
    const name = n.name ? `${n.name}_quant` : '';
    const attrs = Object.fromEntries(n.attributes);
    switch (n.opType) {
      case 'Conv': {
        const ins = [...a(n.inputs[0]), ...a(n.inputs[1]), yp.scaleName, yp.zpName];
        if (n.inputs[2]) ins.push(inits.get(n.inputs[2])!.q.name);
        out.push(makeNode('QLinearConv', ins, [qn(y)], attrs, { name }));
        break;
      }
      case 'MatMul':
        out.push(makeNode('QLinearMatMul', [...a(n.inputs[0]), ...a(n.inputs[1]), yp.scaleName, yp.zpName], [qn(y)], {}, { name }));
        break;
      case 'Gemm': {
        const ins = [...a(n.inputs[0]), ...a(n.inputs[1]), n.inputs[2] ? inits.get(n.inputs[2])!.q.name : '', yp.scaleName, yp.zpName];
        out.push(makeNode('QGemm', ins, [qn(y)], attrs, { name, ...ms }));
        break;
      }
      case 'Add':
      case 'Mul':
        out.push(makeNode(`QLinear${n.opType}`, [...a(n.inputs[0]), ...a(n.inputs[1]), yp.scaleName, yp.zpName], [qn(y)], {}, { name, ...ms }));
        break;
      case 'GlobalAveragePool':
        out.push(makeNode('QLinearGlobalAveragePool', [...a(n.inputs[0]), yp.scaleName, yp.zpName], [qn(y)], { channels_last: attrInt(0) }, { name, ...ms }));
        break;
      case 'Sigmoid':
      case 'LeakyRelu':
        out.push(makeNode(`QLinear${n.opType}`, [...a(n.inputs[0]), yp.scaleName, yp.zpName], [qn(y)], attrs, { name, ...ms }));
        break;
      case 'AveragePool':
        out.push(makeNode('QLinearAveragePool', [...a(n.inputs[0]), yp.scaleName, yp.zpName], [qn(y)], attrs, { name, ...ms }));
        break;
      case 'Concat':
        out.push(makeNode('QLinearConcat', [yp.scaleName, yp.zpName, ...n.inputs.flatMap(a)], [qn(y)], attrs, { name, ...ms }));
        break;
      default: // same as input: the operator itself on the 8-bit data
        out.push({ ...n, inputs: n.inputs.map((x, k) => (k === 0 ? qn(x) : x)), outputs: n.outputs.map((o) => (o ? qn(o) : o)) });
    }
    for (const o of n.outputs) {
      if (!graphOutputs.has(o)) continue;
      const p = act.get(o)!;
      out.push(makeNode('DequantizeLinear', [qn(o), p.scaleName, p.zpName], [o], {}, { name: `${o}_DequantizeLinear` }));
    }
  });
  const g: Graph = { ...plan.graph, opsetImports: withOpset(float, [['com.microsoft', 1]]), nodes: out, initializers, valueInfo: new Map() };
  g.initializers = pruneInitializers(out, initializers, g.inputs, g.outputs);
  return g;
}

// ---- int8 -> uint8 activations ----------------------------------------------------------------------------------

/**
 * The same model with uint8 activations: every int8 QuantizeLinear and every int8 DequantizeLinear of an activation
 * (or of a constant stored as one) gets its zero point + 128 as uint8, and a constant's data + 128; weights (input 1
 * of Conv / Gemm / MatMul, through their DequantizeLinear) stay int8. Every value is the same real number, so this is
 * the onnxruntime reference of an int8-activation model (onnxruntime fuses uint8 QDQ groups fully; see
 * /work/shared/spec/onnx-int8-ops.md §9a). Works on the QDQ form.
 */
export function withUint8Activations(qdq: Graph): Graph {
  const consumers = consumersOf(qdq.nodes);
  const isWeightDq = (n: Node) =>
    (consumers.get(n.outputs[0]) ?? []).some((c) => {
      const m = qdq.nodes[c];
      return ['Conv', 'Gemm', 'MatMul', 'ConvTranspose'].includes(m.opType) && m.inputs[1] === n.outputs[0];
    });
  const initializers = new Map(qdq.initializers);
  const shift = new Set<string>(); // int8 initializers to turn into uint8 (+128)
  const keepInt8 = new Set<string>();
  for (const n of qdq.nodes) {
    if (n.domain !== '' || (n.opType !== 'QuantizeLinear' && n.opType !== 'DequantizeLinear')) continue;
    const zp = n.inputs[2] ? initializers.get(n.inputs[2]) : undefined;
    if (!zp || zp.type !== 'int8') continue;
    if (n.opType === 'DequantizeLinear' && isWeightDq(n)) {
      keepInt8.add(n.inputs[2]);
      continue;
    }
    shift.add(n.inputs[2]);
    if (n.opType === 'DequantizeLinear' && initializers.has(n.inputs[0])) shift.add(n.inputs[0]);
  }
  for (const name of shift) {
    if (keepInt8.has(name)) throw new Error(`withUint8Activations: ${name} is both a weight's and an activation's zero point`);
    const t = initializers.get(name)!;
    initializers.set(name, { ...t, type: 'uint8', data: Uint8Array.from(t.data as Int8Array, (v) => v + 128) });
  }
  return { ...qdq, initializers };
}

// ---- calibration ------------------------------------------------------------------------------------------------

/** The names of the float32 values of a graph, by a light type propagation (annotations first). */
export function floatValues(g: Graph): Set<string> {
  const types = new Map<string, string>();
  for (const v of g.inputs) if (v.type) types.set(v.name, v.type);
  for (const [k, t] of g.initializers) types.set(k, t.type);
  for (const [k, v] of g.valueInfo) if (v.type) types.set(k, v.type);
  const code: Record<number, string> = { 1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16', 11: 'double' };
  const BOOL = new Set(['Equal', 'Less', 'Greater', 'LessOrEqual', 'GreaterOrEqual', 'And', 'Or', 'Not', 'Xor', 'IsNaN', 'IsInf']);
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
      else if (n.opType === 'Constant') t = value?.kind === 'tensor' ? value.value.type : value?.kind === 'float' || value?.kind === 'floats' ? 'float32' : 'int64';
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

export interface Calibration {
  ranges: Ranges;
  /** The dims each float value had (from the last feed). */
  dims: Map<string, number[]>;
}

/**
 * Runs the float model in onnxruntime-web with every float value it computes added as a graph output (the model
 * is rewritten with the writer) and returns each value's [min, max] over all `feeds` (NaN ignored), graph inputs
 * included, and its dims. Every value of a run is held at once (PP-OCR det at 640x640: 172M floats, 690 MB).
 */
export async function calibrate(floatBytes: Uint8Array, feeds: readonly Record<string, OrtFeed>[], opts: OrtSessionOptions = {}): Promise<Calibration> {
  const g = readOnnxModel(floatBytes);
  const floats = floatValues(g);
  const outputs = new Set(g.outputs.map((o) => o.name));
  const extra = g.nodes.flatMap((n) => n.outputs).filter((o) => o && floats.has(o) && !outputs.has(o));
  const probe: Graph = { ...g, outputs: [...g.outputs, ...extra.map((o) => valueInfo(o, 'float32', null))] };
  // Optimizations off by default: the probe's every value is an output, so they would fuse almost nothing, and
  // creating the session is about a third faster without them.
  const s = await ortSession(writeOnnxModel(probe), { optimization: 'disabled', ...opts });
  const ranges: Ranges = new Map();
  const dims = new Map<string, number[]>();
  const note = (name: string, data: ArrayLike<number>, d: readonly number[]) => {
    let mn = ranges.get(name)?.[0] ?? Infinity;
    let mx = ranges.get(name)?.[1] ?? -Infinity;
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (v < mn) mn = v;
      if (v > mx) mx = v;
    }
    ranges.set(name, [mn, mx]);
    dims.set(name, [...d]);
  };
  try {
    for (const feed of feeds) {
      for (const [name, fd] of Object.entries(feed)) if (fd.data instanceof Float32Array) note(name, fd.data, fd.dims);
      const res = await ortRunShaped(s, feed);
      for (const [name, r] of res) if (floats.has(name) && r.data instanceof Float32Array) note(name, r.data, r.dims);
    }
  } finally {
    await s.release();
  }
  return { ranges, dims };
}

/** Per-value [min, max] of the float model over `feeds` (see `calibrate`). */
export async function calibrationRanges(floatBytes: Uint8Array, feeds: readonly Record<string, OrtFeed>[], opts: OrtSessionOptions = {}): Promise<Ranges> {
  return (await calibrate(floatBytes, feeds, opts)).ranges;
}

// ---- older opsets -----------------------------------------------------------------------------------------------

/**
 * Rewrites a graph of default-domain opset < 13 to opset 13 for the operators whose form changed (attributes that
 * became inputs: Clip < 11, Slice < 10, Squeeze / Unsqueeze / Split < 13; Softmax < 13 when its axis is the last
 * one, where both versions agree; `rankOf` gives value ranks for that check). Throws for what it does not know how
 * to carry over (Upsample, Softmax / LogSoftmax on an inner axis, Pad < 11, Resize 10). Other operators are the
 * same in both opsets.
 */
export function toOpset13(g: Graph, rankOf: (value: string) => number | undefined = () => undefined): Graph {
  const opset = g.opsetImports.get('') ?? 1;
  if (opset >= 13) return g;
  const initializers = new Map(g.initializers);
  let k = 0;
  const constInput = (base: string, t: Tensor): string => {
    let name = `${base}_${t.name}`;
    while (initializers.has(name)) name = `${base}_${t.name}_${++k}`;
    initializers.set(name, { ...t, name });
    return name;
  };
  const ints = (n: Node, a: string): number[] | undefined => {
    const v = n.attributes.get(a);
    return v?.kind === 'ints' ? v.value : undefined;
  };
  const nodes = g.nodes.map((n): Node => {
    if (n.domain !== '') return n;
    const attrs = new Map(n.attributes);
    const base = n.name || n.outputs[0];
    switch (n.opType) {
      case 'Clip':
        if (opset < 11) {
          const lo = attrs.get('min');
          const hi = attrs.get('max');
          attrs.delete('min');
          attrs.delete('max');
          const inputs = [n.inputs[0], lo?.kind === 'float' ? constInput(base, tensor('min', 'float32', [], Float32Array.of(lo.value))) : '', hi?.kind === 'float' ? constInput(base, tensor('max', 'float32', [], Float32Array.of(hi.value))) : ''];
          while (inputs[inputs.length - 1] === '') inputs.pop();
          return { ...n, inputs, attributes: attrs };
        }
        return n;
      case 'Slice':
        if (opset < 10) {
          const starts = ints(n, 'starts')!;
          const ends = ints(n, 'ends')!;
          const axes = ints(n, 'axes');
          for (const a of ['starts', 'ends', 'axes']) attrs.delete(a);
          const inputs = [n.inputs[0], constInput(base, i64('starts', [starts.length], starts)), constInput(base, i64('ends', [ends.length], ends))];
          if (axes) inputs.push(constInput(base, i64('axes', [axes.length], axes)));
          return { ...n, inputs, attributes: attrs };
        }
        return n;
      case 'Squeeze':
      case 'Unsqueeze':
      case 'Split': {
        const name = n.opType === 'Split' ? 'split' : 'axes';
        const v = ints(n, name);
        if (!v) return n;
        attrs.delete(name);
        return { ...n, inputs: [n.inputs[0], constInput(base, i64(name, [v.length], v))], attributes: attrs };
      }
      case 'Softmax':
      case 'LogSoftmax': {
        const axisAttr = attrs.get('axis');
        const axis = axisAttr?.kind === 'int' ? axisAttr.value : 1;
        const rank = rankOf(n.inputs[0]);
        if (rank === undefined || (axis !== -1 && axis !== rank - 1)) {
          throw new Error(`toOpset13: ${n.opType} ${base} on axis ${axis} of a value of rank ${rank ?? 'unknown'} changes meaning at opset 13`);
        }
        return n;
      }
      case 'Upsample':
        throw new Error(`toOpset13: Upsample ${base} is not carried over`);
      case 'Pad':
        if (opset < 11) throw new Error(`toOpset13: Pad ${base} of opset ${opset} is not carried over`);
        return n;
      case 'Resize':
        if (opset < 11) throw new Error(`toOpset13: Resize ${base} of opset 10 is not carried over`);
        return n;
      default:
        return n;
    }
  });
  const opsetImports = new Map(g.opsetImports);
  opsetImports.set('', 13);
  return { ...g, opsetImports, nodes, initializers, irVersion: Math.max(g.irVersion, 7) };
}
