/**
 * The min/max post-training quantizer of the model tests and the benchmark: float graph IR + per-tensor activation
 * ranges -> a QDQ graph. The graph logic lives in the product (src/quantize/: plan.ts states the rules, qdq.ts
 * writes the QDQ form, params.ts the parameters, opset.ts `toOpset13`, prepare.ts `floatValues`); this file keeps
 * the benchmark's names for it, with activation parameters from ranges (`activationParams`: onnxruntime's
 * compute_scale_zp in float32, see src/quantize/params.ts), and adds what only the tests and the benchmark use:
 * the same model in QOperator form (`qoperatorForm`), written from the same plan by this file's own code (an
 * independent check of a QDQ fusion pass), the uint8 twin of an int8-activation model (`withUint8Activations`), and
 * the calibration that measures the ranges in onnxruntime-web (`calibrationRanges`).
 */
import type { Graph, Node } from '../../src/model/graph/ir.js';
import { readOnnxModel } from '../../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { rangeParams } from '../../src/quantize/params.js';
import { planQuantization as planQdq, type Plan } from '../../src/quantize/plan.js';
import { floatValues } from '../../src/quantize/prepare.js';
import { pruneInitializers, withOpset, writeQdq } from '../../src/quantize/qdq.js';
import { attrInt, consumersOf, makeNode, valueInfo } from './build.js';
import { ortRunShaped, ortSession, type OrtFeed, type OrtSessionOptions } from './ort.js';

export { quantizeWeight } from '../../src/quantize/params.js';
export { toOpset13 } from '../../src/quantize/opset.js';
export { floatValues };

export type ActivationType = 'uint8' | 'int8';
export interface QuantizeOptions {
  activations: ActivationType;
  weights: 'per-channel' | 'per-tensor';
  /** src/quantize/plan.ts PlanOptions.convTranspose ('float' by default) */
  convTranspose?: 'float' | 'quantize';
}
/** Per-tensor [min, max] of the float model's values (calibration). */
export type Ranges = Map<string, [number, number]>;

/** Round half to even. */
export function rne(x: number): number {
  const r = Math.round(x);
  return x - Math.floor(x) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Scale and zero point of an activation range: `rangeParams` (src/quantize/params.ts), asymmetric, full range. */
export function activationParams(min: number, max: number, type: ActivationType): { scale: number; zeroPoint: number } {
  const { scale, zeroPoint } = rangeParams(min, max, type);
  return { scale, zeroPoint };
}

/**
 * The plan (src/quantize/plan.ts) with every activation's parameters from its range, by onnxruntime's rules: every
 * Add / Mul quantized with its own range, element-wise chains included (`elementwise: 'quantize'`), so that the
 * benchmark's models are what onnxruntime's quantizer writes.
 */
export function planQuantization(float: Graph, ranges: Ranges, opts: QuantizeOptions): Plan {
  return planQdq(float, (v) => {
    const r = ranges.get(v);
    return r ? activationParams(r[0], r[1], opts.activations) : undefined;
  }, { ...opts, elementwise: 'quantize' });
}

/** The QDQ model of a float graph (src/quantize/qdq.ts). `ranges` must cover every value that gets quantized. */
export function quantizeMinMax(float: Graph, ranges: Ranges, opts: QuantizeOptions): Graph {
  return writeQdq(float, planQuantization(float, ranges, opts));
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
