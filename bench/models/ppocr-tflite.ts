/**
 * PP-OCR det for the model race (bench/race.ts): one int8 model that onnxruntime-web, i8conv (as ONNX and as TFLite)
 * and LiteRT.js all run, with every operator on int8 data.
 *
 * The float det (ppocr.ts `ppocrFloat`) has operators a TFLite int8 model does not have, or has differently; as a
 * TFLite converter would, `detForTflite` writes them in TFLite's vocabulary first (same float function, up to float
 * rounding):
 * - the decomposed HardSwish of PP-LCNetV3, `x * Clip(x + 3, 0, 6) / 6`, becomes one HardSwish (TFLite HARD_SWISH;
 *   the graph's opset becomes 14);
 * - HardSigmoid(alpha, beta) becomes `Clip(x * alpha + beta, 0, 1)` (MUL, ADD: the Clip is the ADD's output range);
 * - a Div by a constant scalar becomes a Mul by its reciprocal (TFLite has no int8 DIV);
 * - ConvTranspose -> Add (a per-channel constant) -> BatchNormalization becomes one ConvTranspose with a bias (and
 *   ConvTranspose -> Add alone likewise), as fold-batchnorm does for Conv.
 * Then `detRaceQdq` calibrates it in onnxruntime-web on `ppocrInput('det', 1..n)` at 640x640, gives the Sigmoid's
 * output TFLite's fixed int8 LOGISTIC quantization (range [0, 255/256]: scale 1/256, zero point -128) and quantizes
 * with int8 activations, per-channel weights, onnxruntime's operator rules (`quantizeMinMax`) and ConvTranspose
 * quantized like Conv. tflite-convert.ts writes the TFLite file of that QDQ graph.
 *
 * No Node built-ins here (the caller reads the file).
 */
import type { Graph, Node, Tensor } from '../../src/model/graph/ir.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { makeNode, tensor } from '../../src/quantize/graph.js';
import { PPOCR, ppocrFloat, ppocrInput } from './ppocr.js';
import { calibrationRanges, quantizeMinMax, type Ranges } from './quantize-minmax.js';

export interface DetForTfliteOptions {
  /** 'decomposed' (default): HardSwish stays x * Clip(x + 3, 0, 6) * (1/6) (ADD, MUL, MUL); 'op': one HardSwish
   *  (TFLite HARD_SWISH, which LiteRT.js 2.5.3 does not put on XNNPACK: see the header). */
  hardSwish?: 'decomposed' | 'op';
}

/** The float det with its operators in TFLite's vocabulary (see the header). */
export function detForTflite(g: Graph, opts: DetForTfliteOptions = {}): Graph {
  const inits = new Map(g.initializers);
  let nodes = [...g.nodes];
  const producer = () => new Map(nodes.flatMap((n) => n.outputs.map((o) => [o, n] as const)));
  const readers = () => {
    const m = new Map<string, number>();
    for (const n of nodes) for (const x of n.inputs) if (x) m.set(x, (m.get(x) ?? 0) + 1);
    for (const o of g.outputs) m.set(o.name, (m.get(o.name) ?? 0) + 1);
    return m;
  };
  const scalar = (v: string): number | undefined => {
    const t = inits.get(v);
    return t && t.type === 'float32' && t.data.length === 1 ? (t.data[0] as number) : undefined;
  };
  let fresh = 0;
  const constant = (base: string, v: number) => {
    const name = `${base}__tfl${fresh++}`;
    inits.set(name, tensor(name, 'float32', [], Float32Array.of(v)));
    return name;
  };
  const attrF = (n: Node, k: string, d: number) => {
    const a = n.attributes.get(k);
    return a?.kind === 'float' ? a.value : d;
  };

  // 1. x * Clip(x + 3, 0, 6) / 6 -> HardSwish(x)
  if (opts.hardSwish === 'op') {
    const prod = producer();
    const uses = readers();
    const dead = new Set<Node>();
    nodes = nodes.map((div) => {
      if (div.opType !== 'Div' || scalar(div.inputs[1]) !== 6) return div;
      const mul = prod.get(div.inputs[0]);
      if (mul?.opType !== 'Mul' || uses.get(mul.outputs[0]) !== 1) return div;
      for (const [xi, ci] of [[0, 1], [1, 0]]) {
        const x = mul.inputs[xi];
        const clip = prod.get(mul.inputs[ci]);
        if (clip?.opType !== 'Clip' || scalar(clip.inputs[1]) !== 0 || scalar(clip.inputs[2]) !== 6 || uses.get(clip.outputs[0]) !== 1) continue;
        const add = prod.get(clip.inputs[0]);
        if (add?.opType !== 'Add' || uses.get(add.outputs[0]) !== 1) continue;
        const k = add.inputs.findIndex((v) => v !== x);
        if (k < 0 || add.inputs[1 - k] !== x || scalar(add.inputs[k]) !== 3) continue;
        dead.add(mul).add(clip).add(add);
        return makeNode('HardSwish', [x], [div.outputs[0]], {}, { name: `${div.name}_hardswish` });
      }
      return div;
    }).filter((n) => !dead.has(n));
  }

  // 2. HardSigmoid -> Clip(Mul(x, alpha) + beta, 0, 1); 3. Div by a constant -> Mul by its reciprocal
  nodes = nodes.flatMap((n) => {
    if (n.opType === 'HardSigmoid') {
      const [m, a] = [`${n.outputs[0]}__mul`, `${n.outputs[0]}__add`];
      return [
        makeNode('Mul', [n.inputs[0], constant('alpha', attrF(n, 'alpha', 0.2))], [m], {}, { name: `${n.name}_mul` }),
        makeNode('Add', [m, constant('beta', attrF(n, 'beta', 0.5))], [a], {}, { name: `${n.name}_add` }),
        makeNode('Clip', [a, constant('zero', 0), constant('one', 1)], [n.outputs[0]], {}, { name: `${n.name}_clip` }),
      ];
    }
    const c = n.opType === 'Div' ? scalar(n.inputs[1]) : undefined;
    if (c !== undefined && c !== 0) return [makeNode('Mul', [n.inputs[0], constant('reciprocal', Math.fround(1 / c))], n.outputs, {}, { name: `${n.name}_mul` })];
    return [n];
  });

  // 4. ConvTranspose (no bias) -> Add (per-channel constant) [-> BatchNormalization] -> one ConvTranspose with a bias
  {
    const prod = producer();
    const uses = readers();
    const dead = new Set<Node>();
    const replace = new Map<Node, Node>();
    for (const add of nodes) {
      if (add.opType !== 'Add') continue;
      const ct = prod.get(add.inputs[0]);
      const b = inits.get(add.inputs[1]);
      if (ct?.opType !== 'ConvTranspose' || ct.inputs[2] || uses.get(ct.outputs[0]) !== 1 || !b || b.type !== 'float32') continue;
      const w = inits.get(ct.inputs[1]);
      const group = ct.attributes.get('group');
      if (!w || w.type !== 'float32' || (group?.kind === 'int' && group.value !== 1)) continue;
      const m = w.dims[1];
      if (b.data.length !== m && b.data.length !== 1) continue;
      const bias = Float32Array.from({ length: m }, (_, c) => b.data[b.data.length === 1 ? 0 : c] as number);
      const wData = Float32Array.from(w.data as Float32Array);
      let out = add.outputs[0];
      const readersOfAdd = nodes.filter((n) => n.inputs.includes(out));
      const bn = readersOfAdd.length === 1 && readersOfAdd[0].opType === 'BatchNormalization' && uses.get(out) === 1 ? readersOfAdd[0] : undefined;
      if (bn) {
        const [gamma, beta, mean, variance] = bn.inputs.slice(1).map((v) => inits.get(v)?.data as Float32Array | undefined);
        if (!gamma || !beta || !mean || !variance) continue;
        const eps = attrF(bn, 'epsilon', 1e-5);
        const inner = w.dims[2] * w.dims[3];
        for (let c = 0; c < m; c++) {
          const s = gamma[c] / Math.sqrt(variance[c] + eps);
          for (let i = 0; i < w.dims[0]; i++) for (let k = 0; k < inner; k++) wData[(i * m + c) * inner + k] *= s;
          bias[c] = (bias[c] - mean[c]) * s + beta[c];
        }
        dead.add(bn);
        out = bn.outputs[0];
      }
      const wName = `${ct.inputs[1]}__folded`;
      const bName = `${ct.inputs[1]}__bias`;
      inits.set(wName, tensor(wName, 'float32', [...w.dims], wData));
      inits.set(bName, tensor(bName, 'float32', [m], bias));
      replace.set(ct, { ...ct, inputs: [ct.inputs[0], wName, bName], outputs: [out] });
      dead.add(add);
    }
    nodes = nodes.filter((n) => !dead.has(n)).map((n) => replace.get(n) ?? n);
  }
  const used = new Set(nodes.flatMap((n) => n.inputs));
  const initializers = new Map<string, Tensor>([...inits].filter(([k]) => used.has(k)));
  // HardSwish is an opset-14 operator; det's file is opset 11, whose Resize and Clip already have opset 13's form
  // and whose other operators are unchanged up to 14
  const opsetImports = new Map(g.opsetImports);
  opsetImports.set('', Math.max(14, opsetImports.get('') ?? 14));
  return { ...g, nodes, initializers, opsetImports };
}

/**
 * Each constant scalar operand behind a DequantizeLinear (an Add's or Mul's constant, stored by the quantizer with
 * its own [min(0, c), max(0, c)] range: code +-127 or +-128 around a zero point of the other sign) stored as the
 * same real value c' = DQ(code) with code sign(c'), scale |c'|, zero point 0: exact, and one XNNPACK accepts (its
 * int8 ADD wants each input scale within [1/1024, 256) of the output's; a small constant's range scale |c| / 255
 * falls below that, and LiteRT.js then runs the ADD outside XNNPACK). Every engine reads the same file, so the model
 * is unchanged.
 */
function exactScalarConstants(g: Graph): Graph {
  const initializers = new Map(g.initializers);
  const num = (v: string) => Number(initializers.get(v)!.data[0]);
  for (const n of g.nodes) {
    if (n.opType !== 'DequantizeLinear') continue;
    const [q, s, z] = n.inputs.map((v) => initializers.get(v));
    if (!q || !s || !z || q.data.length !== 1 || q.type !== 'int8' || z.type !== 'int8') continue;
    let c = Math.fround((Number(q.data[0]) - Number(z.data[0])) * Number(s.data[0]));
    // an added constant under 1/1024 of the sum's quantum (XNNPACK's bound) changes no output by a thousandth of a
    // quantum: it becomes 0 (one in det: 8.8e-5 against a quantum of 0.125)
    const add = g.nodes.find((m) => m.opType === 'Add' && m.inputs.includes(n.outputs[0]));
    const yq = add && g.nodes.find((m) => m.opType === 'QuantizeLinear' && m.inputs[0] === add.outputs[0]);
    const unit = yq ? num(yq.inputs[1]) / 1024 : 0;
    if (Math.abs(c) < unit) c = 0;
    initializers.set(q.name, { ...q, data: Int8Array.of(Math.sign(c)) });
    initializers.set(s.name, { ...s, data: Float32Array.of(c === 0 ? Math.max(unit, 1e-6) * 2 : Math.abs(c)) });
    initializers.set(z.name, { ...z, data: Int8Array.of(0) });
  }
  return { ...g, initializers };
}

export interface DetRace {
  float: Graph;
  qdq: Graph;
  ranges: Ranges;
  /** Counts of the rewritten float graph's operators. */
  ops: Record<string, number>;
}

let rangesOnce: { key: string; ranges: Promise<Ranges> } | undefined;

/** The race's int8 det (see the header): `bytes` is the PP-OCR det file; calibration on `calibrationInputs` images. */
export async function detRaceQdq(bytes: Uint8Array, calibrationInputs = 2, opts: DetForTfliteOptions = {}): Promise<DetRace> {
  const float = detForTflite(ppocrFloat(bytes, 'det').graph, opts);
  const key = `${bytes.length}/${calibrationInputs}/${opts.hardSwish ?? 'decomposed'}`;
  if (rangesOnce?.key !== key) {
    const { input, shape } = PPOCR.det;
    const feeds = Array.from({ length: calibrationInputs }, (_, i) => ({ [input]: { data: ppocrInput('det', i + 1), dims: shape } }));
    rangesOnce = { key, ranges: calibrationRanges(writeOnnxModel(float), feeds) };
  }
  const ranges = new Map(await rangesOnce.ranges);
  for (const n of float.nodes) if (n.opType === 'Sigmoid') ranges.set(n.outputs[0], [0, 255 / 256]);
  // TFLite's int8 CONCATENATION has one scale and zero point for its inputs and output: each input's producer (through
  // Resize, whose output shares its input's) takes the output's range, the union of the inputs'
  const producer = new Map(float.nodes.flatMap((n) => n.outputs.map((o) => [o, n] as const)));
  for (const n of float.nodes) {
    if (n.opType !== 'Concat') continue;
    const r = ranges.get(n.outputs[0]);
    if (!r) continue;
    for (let v of n.inputs) {
      for (let p = producer.get(v); p?.opType === 'Resize'; p = producer.get(v)) v = p.inputs[0];
      ranges.set(v, r);
    }
  }
  const qdq = exactScalarConstants(quantizeMinMax(float, ranges, { activations: 'int8', weights: 'per-channel', convTranspose: 'quantize' }));
  const ops: Record<string, number> = {};
  for (const n of float.nodes) ops[n.opType] = (ops[n.opType] ?? 0) + 1;
  return { float, qdq, ranges, ops };
}
