// The Q/DQ fusion pass (src/model/graph/passes/fuse-qdq.ts) on small QDQ models written here with seeded data, one per
// rule and per refusal, each built with uint8 and with int8 activations. Each model is read and run through
// inferShapes -> foldConstants -> removeIdentity -> foldBatchNorm -> fuseQdq, then checked three ways:
//  1. the fused graph holds the expected nodes (op types in order, still in dependency order), valueInfo annotates
//     every node output with the type and dims the reference executor produces, no initializer is left unread,
//     and the graph inputs and outputs are unchanged;
//  2. runReference(fused) equals onnxruntime-web 1.30 (wasm, one thread, its default optimizations, which run
//     onnxruntime's own QDQ fusion) on the uint8 model's bytes, bit for bit. The int8 model is compared with that
//     uint8 twin (every activation zero point + 128): its float outputs equal, its int8 outputs the uint8 ones -
//     128, except that QLinearAdd / QLinearMul add the zero point in float before rounding, so there the int8 and
//     uint8 models may be a quantum apart (the int8 AveragePool between two pairs onnxruntime makes uint8 becomes
//     i8conv:QLinearAveragePool, which rounds as the twin). A quantum is also allowed where a refused group leaves
//     a float Conv / Gemm (MLAS sums in its own order) and for Pow with a non-integer exponent (powf vs Math.pow).
//     The look-up-table models are fed every input code, so every table entry is compared (Tanh and Exp too: the
//     tables follow MLAS's approximations, bit for bit);
//  3. runReference(fused) equals runReference(unfused) where the unfused float computation is exact (data
//     movement, tables, QLinearConcat; QLinearAdd / QLinearMul within a quantum, see above; not Conv, pools,
//     Sigmoid), where the reference has every op of the model (HardSigmoid, Tanh ... arrive with another change:
//     until then those cases skip this check).
// Where onnxruntime-web 1.30 departs from the rules the pass follows, the case says so (a Gemm with alpha != 1 and
// a bias, linear Resize, a Conv bias DQ whose scale is off x_s * w_s, the redundant-Clip path it cannot load).
import { describe, expect, it } from 'vitest';
import { DOMAINS, runReference } from '../kernels-ref/model/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { foldBatchNorm } from '../src/model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../src/model/graph/passes/fold-constants.js';
import { fuseQdq } from '../src/model/graph/passes/fuse-qdq.js';
import { removeIdentity } from '../src/model/graph/passes/remove-identity.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import {
  AT,
  DT,
  le,
  writeModel,
  type AttrSpec,
  type NodeSpec,
  type TensorSpec,
  type ValueInfoSpec,
} from './helpers/onnx-writer.js';
import { DT_OF, type QType as TType } from './helpers/model-tensors.js';
import { randInt, rng } from './helpers/rng.js';

type QType = 'uint8' | 'int8';

let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

// ---- a small QDQ model builder ------------------------------------------------------------------------------------

const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
const int = (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v });
const flt = (name: string, v: number): AttrSpec => ({ name, type: AT.FLOAT, f: v });
const str = (name: string, v: string): AttrSpec => ({ name, type: AT.STRING, s: v });

const ARRAY = { float32: Float32Array, uint8: Uint8Array, int8: Int8Array, int32: Int32Array } as const;

/**
 * Builds one QDQ model for an activation type: zero points are written as uint8 ones and shifted by -128 for int8
 * activations (the same real values), so one build function gives both models.
 */
class M {
  readonly nodes: NodeSpec[] = [];
  readonly inits: TensorSpec[] = [];
  readonly inputs: ValueInfoSpec[] = [];
  readonly outputs: ValueInfoSpec[] = [];
  private k = 0;
  private readonly r: () => number;
  constructor(
    readonly act: QType,
    seed = 1,
  ) {
    this.r = rng(seed);
  }
  fresh(p: string): string {
    return `${p}${this.k++}`;
  }
  rand(): number {
    return this.r();
  }
  init(type: TType, dims: number[], values: readonly number[], p = 'c'): string {
    const name = this.fresh(p);
    const data = type === 'int64' ? BigInt64Array.from(values, (v) => BigInt(v)) : ARRAY[type].from(values);
    this.inits.push({ name, dataType: DT_OF[type], dims, raw: le(data) });
    return name;
  }
  f(v: number): string {
    return this.init('float32', [], [v], 's');
  }
  i64(v: number[]): string {
    return this.init('int64', [v.length], v, 'i');
  }
  /** An activation zero point, given as uint8. */
  zp(u8: number): string {
    return this.act === 'uint8' ? this.init('uint8', [], [u8], 'z') : this.init('int8', [], [u8 - 128], 'z');
  }
  input(name: string, dims: number[]): string {
    this.inputs.push({ name, elemType: DT.FLOAT, shape: dims });
    return name;
  }
  output(name: string, type: TType = 'float32'): void {
    this.outputs.push({ name, elemType: DT_OF[type] });
  }
  node(opType: string, inputs: string[], attributes: AttrSpec[] = [], nOut = 1, domain?: string): string[] {
    const outputs = Array.from({ length: nOut }, () => this.fresh(opType.toLowerCase()));
    this.nodes.push({ opType, inputs, outputs, attributes, domain, name: this.fresh(`n_${opType}_`) });
    return outputs;
  }
  op(opType: string, inputs: string[], attributes: AttrSpec[] = []): string {
    return this.node(opType, inputs, attributes)[0];
  }
  q(x: string, s: number, zpU8: number): string {
    return this.op('QuantizeLinear', [x, this.f(s), this.zp(zpU8)]);
  }
  dq(x: string, s: number, zpU8: number): string {
    return this.op('DequantizeLinear', [x, this.f(s), this.zp(zpU8)]);
  }
  /** Quantize then dequantize (an activation between two groups). */
  qdq(x: string, s: number, zpU8: number): string {
    return this.dq(this.q(x, s, zpU8), s, zpU8);
  }
  /** A DQ of constant int8 weights (zero point 0), per tensor or per axis. */
  weights(dims: number[], scales: number[], axis = 0, lo = -127, hi = 127): string {
    const n = dims.reduce((a, b) => a * b, 1);
    const w = this.init(
      'int8',
      dims,
      Array.from({ length: n }, () => randInt(() => this.rand(), lo, hi)),
      'w',
    );
    const per = scales.length > 1;
    const s = per ? this.init('float32', [scales.length], scales, 'ws') : this.f(scales[0]);
    const z = per
      ? this.init(
          'int8',
          [scales.length],
          scales.map(() => 0),
          'wz',
        )
      : this.init('int8', [], [0], 'wz');
    return this.op('DequantizeLinear', [w, s, z], per ? [int('axis', axis)] : []);
  }
  /** A DQ of an int32 bias whose scale is x_scale * w_scale (per channel). */
  bias(n: number, scales: number[], lo = -2000, hi = 2000): string {
    const b = this.init(
      'int32',
      [n],
      Array.from({ length: n }, () => randInt(() => this.rand(), lo, hi)),
      'b',
    );
    const s = scales.length > 1 ? this.init('float32', [n], scales, 'bs') : this.f(scales[0]);
    return this.op('DequantizeLinear', [b, s], scales.length > 1 ? [int('axis', 0)] : []);
  }
  bytes(opset: number): Uint8Array {
    return writeModel({
      irVersion: 8,
      opsets: [
        ['', opset],
        ['com.microsoft', 1],
      ],
      graph: { name: 'qdq', nodes: this.nodes, initializers: this.inits, inputs: this.inputs, outputs: this.outputs },
    });
  }
}

// ---- running ------------------------------------------------------------------------------------------------------

/** Same-shape float operators that src/model/graph/passes/infer-shapes.ts has no rule for yet (another change adds them). */
const SAME_SHAPE = new Set(['LeakyRelu', 'HardSigmoid', 'HardSwish', 'Tanh', 'Exp', 'Sqrt', 'Neg', 'Abs', 'Pow']);

/**
 * The passes before fuseQdq. Where inferShapes has no rule for an operator yet, its shapes come from elsewhere:
 * the same-shape float ops above are inferred as a Relu would be, and the rest (Split, Expand, Tile) are read off
 * a reference run of the model (types and dims, as inferShapes would give them).
 */
function prepare(bytes: Uint8Array, feeds?: Map<string, Tensor>): Graph {
  const g = readOnnxModel(bytes);
  const masked: Graph = {
    ...g,
    nodes: g.nodes.map((n) =>
      SAME_SHAPE.has(n.opType) ? { ...n, opType: 'Relu', inputs: [n.inputs[0]], attributes: new Map() } : n,
    ),
  };
  let shaped: Graph;
  try {
    shaped = inferShapes(masked);
  } catch (e) {
    if (!feeds || !/has no operator|runs no operator/.test((e as Error).message)) throw e;
    const probe: Graph = {
      ...masked,
      outputs: masked.nodes.flatMap((n) =>
        n.outputs.map((o) => ({ name: o, type: null, onnxElemType: 0, shape: null })),
      ),
    };
    const all = runReference(probe, feeds);
    const valueInfo = new Map(
      [...all].map(([name, t]) => [name, { name, type: t.type, onnxElemType: 0, shape: [...t.dims] }]),
    );
    shaped = {
      ...masked,
      valueInfo,
      inputs: masked.inputs.map((v) => ({ ...v, shape: [...(v.shape as number[])] })),
      outputs: masked.outputs.map((v) => valueInfo.get(v.name)!),
    };
  }
  return foldBatchNorm(removeIdentity(foldConstants({ ...shaped, nodes: g.nodes })));
}

/**
 * Seeded uniform feeds in [-range, range]; with `sweep` (a scale), element i is instead (i mod 256 - 128) * sweep,
 * so that a Q of that scale and zero point 128 meets every one of its 256 codes (every entry of a look-up table).
 */
function feedsFor(g: Graph, seed: number, range: number, sweep?: number): Map<string, Tensor> {
  const r = rng(seed);
  return new Map(
    g.inputs.map((v) => {
      const dims = v.shape as number[];
      const n = dims.reduce((a, b) => a * b, 1);
      const data = Float32Array.from({ length: n }, (_, i) =>
        Math.fround(sweep ? ((i % 256) - 128) * sweep : (2 * r() - 1) * range),
      );
      return [v.name, { name: v.name, type: 'float32', dims, data } as Tensor];
    }),
  );
}

/** onnxruntime-web's outputs, keyed by `names2` (our model's output names, in order) where given. */
async function ortRun(
  bytes: Uint8Array,
  feeds: Map<string, Tensor>,
  names2: string[] = [],
): Promise<Map<string, Tensor>> {
  const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const inp: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [n, t] of feeds) inp[n] = new ort!.Tensor('float32', t.data as Float32Array, t.dims);
  const out = await session.run(inp);
  const names = session.outputNames;
  await session.release();
  return new Map(
    names.map((n, i) => [
      names2[i] ?? n,
      { name: n, type: out[n].type as Tensor['type'], dims: [...out[n].dims], data: out[n].data as Tensor['data'] },
    ]),
  );
}

const nums = (t: Tensor): number[] => Array.from(t.data as ArrayLike<number>);

/**
 * Compares outputs by name: exactly, or within `tol` (integers, float32 values). An int8 output compared with a
 * uint8 one (onnxruntime on the uint8 twin of an int8 model) is compared with that value - 128.
 */
function compare(got: Map<string, Tensor>, want: Map<string, Tensor>, what: string, tol = { int: 0, float: 0 }): void {
  for (const [name, w] of want) {
    const g = got.get(name)!;
    expect(g, `${what}: ${name}`).toBeDefined();
    expect(g.dims, `${what}: ${name} dims`).toEqual(w.dims);
    const shift = g.type === 'int8' && w.type === 'uint8' ? 128 : 0;
    const wv = nums(w).map((v) => v - shift);
    const t = g.type === 'float32' ? tol.float : tol.int;
    nums(g).forEach((v, i) => {
      if (!(Math.abs(v - wv[i]) <= t)) expect(v, `${what}: ${name}[${i}]`).toBe(wv[i]);
    });
  }
}

/** Every node output has a valueInfo entry with the type and dims the reference executor produces. */
function checkValueInfo(g: Graph, feeds: Map<string, Tensor>, what: string): void {
  const probe: Graph = {
    ...g,
    outputs: g.nodes.flatMap((n) =>
      n.outputs.filter((o) => o !== '').map((o) => ({ name: o, type: null, onnxElemType: 0, shape: null })),
    ),
  };
  const all = runReference(probe, feeds);
  for (const [name, t] of all) {
    const v = g.valueInfo.get(name);
    expect(v, `${what}: valueInfo of ${name}`).toBeDefined();
    expect(v!.type, `${what}: type of ${name}`).toBe(t.type);
    expect(v!.shape, `${what}: dims of ${name}`).toEqual(t.dims);
  }
  for (const name of g.valueInfo.keys()) expect(all.has(name), `${what}: stale valueInfo ${name}`).toBe(true);
}

const refHasAll = (g: Graph): boolean => g.nodes.every((n) => DOMAINS.get(n.domain)?.has(n.opType));
const kinds = (g: Graph): string[] => g.nodes.map((n) => (n.domain === '' ? n.opType : `${n.domain}.${n.opType}`));

interface Case {
  name: string;
  build: (m: M) => void;
  /** The fused graph's node types in order (domain-qualified outside the default domain). */
  kinds: string[] | ((act: QType) => string[]);
  opset?: number;
  /** 'exact' (default), 'quantum' (one step on integers; `tol` on floats), 'none' (onnxruntime differs by design). */
  ort?: 'exact' | 'quantum' | 'none';
  /**
   * Compare with the unfused model on the reference: 'exact' (default), 'quantum' (QLinearAdd / QLinearMul add the
   * zero point before rounding, QuantizeLinear after: one step apart where that addition rounds off a value close
   * to a half), 'none' (the fused op computes differently: QLinearConv's integer sum, the pools, MLAS's logistic).
   */
  self?: 'exact' | 'quantum' | 'none';
  acts?: QType[];
  range?: number;
  tol?: number;
  /**
   * The int8 model against onnxruntime on its uint8 twin: 'quantum' where the fused op adds the zero point in
   * float before rounding (QLinearAdd / QLinearMul): f(c + zp) rounds differently for zp and
   * zp + 128 when c is within an ulp of a half.
   */
  int8Ort?: 'exact' | 'quantum';
  /** The model onnxruntime runs instead (the same numbers), where it cannot load this one. */
  ortBuild?: (m: M) => void;
  /** Feed every input code of a Q of this scale (and zero point 128), see feedsFor. */
  sweep?: number;
}

async function runCase(c: Case): Promise<void> {
  for (const act of c.acts ?? ['uint8', 'int8']) {
    const what = `${c.name} (${act})`;
    const m = new M(act);
    c.build(m);
    const opset = c.opset ?? 13;
    const raw = readOnnxModel(m.bytes(opset));
    const feeds = feedsFor(raw, 7, c.range ?? 4, c.sweep);
    const g = prepare(m.bytes(opset), feeds);
    const fused = fuseQdq(g);
    const want = typeof c.kinds === 'function' ? c.kinds(act) : c.kinds;
    expect(kinds(fused), `${what}: nodes`).toEqual(want);
    expect(fused.outputs, `${what}: outputs`).toEqual(g.outputs);
    expect(fused.inputs, `${what}: inputs`).toEqual(g.inputs);
    // Still in dependency order: every input exists before its node.
    const known = new Set([...fused.initializers.keys(), ...fused.inputs.map((v) => v.name), '']);
    for (const n of fused.nodes) {
      for (const i of n.inputs) expect(known.has(i), `${what}: ${n.opType} reads ${i} before it exists`).toBe(true);
      n.outputs.forEach((o) => known.add(o));
    }
    const ours = runReference(fused, feeds);
    checkValueInfo(fused, feeds, what);
    // Initializers nobody reads are gone.
    const read = new Set(fused.nodes.flatMap((n) => n.inputs));
    for (const name of fused.initializers.keys())
      expect(read.has(name) || fused.outputs.some((o) => o.name === name), `${what}: unread initializer ${name}`).toBe(
        true,
      );
    const self = c.self ?? 'exact';
    if (self !== 'none' && refHasAll(g))
      compare(
        ours,
        runReference(g, feeds),
        `${what} vs unfused`,
        self === 'quantum' ? { int: 1, float: c.tol ?? 0 } : undefined,
      );
    if (ort && (c.ort ?? 'exact') !== 'none') {
      const u = new M('uint8');
      (c.ortBuild ?? c.build)(u);
      const theirs = await ortRun(
        u.bytes(opset),
        feeds,
        g.outputs.map((o) => o.name),
      );
      const loose = c.ort === 'quantum' || (act === 'int8' && c.int8Ort === 'quantum');
      compare(ours, theirs, `${what} vs onnxruntime`, loose ? { int: 1, float: c.tol ?? 0 } : undefined);
    }
  }
}

// ---- the cases ----------------------------------------------------------------------------------------------------

const XS = 0.05; // input scale: [-4, 4] feeds saturate a little at zero point 128
const perChannel = (n: number, base: number) => Array.from({ length: n }, (_, i) => Math.fround(base * (1 + 0.37 * i)));

/** x [1, 3, 7, 9] -> Q -> DQ -> Conv(w [5, 3, 3, 3] per channel, int32 bias, pads, strides) -> `tail` -> Q -> DQ -> y. */
function convModel(
  m: M,
  tail: (m: M, y: string) => string,
  opts: { floatBias?: boolean; ys?: number; yz?: number; biasScale?: number } = {},
): void {
  const x = m.qdq(m.input('x', [1, 3, 7, 9]), XS, 128);
  const ws = perChannel(5, 0.01);
  const w = m.weights([5, 3, 3, 3], ws);
  const b = opts.floatBias
    ? m.init('float32', [5], [0.5, -0.25, 1, 0, 2])
    : m.bias(
        5,
        ws.map((s) => Math.fround(XS * s * (opts.biasScale ?? 1))),
      );
  const y = m.op(
    'Conv',
    [x, w, b],
    [ints('pads', [1, 0, 1, 2]), ints('strides', [2, 1]), ints('kernel_shape', [3, 3])],
  );
  const ys = opts.ys ?? 0.04;
  const yz = opts.yz ?? 120;
  m.output(m.dq(m.q(tail(m, y), ys, yz), ys, yz));
}

/** a [3, 6] -> Gemm(B [5, 6] transB per row, optional int32 C, alpha) -> Q -> DQ. */
function gemmModel(m: M, alpha: number, withBias: boolean): void {
  const a = m.qdq(m.input('a', [3, 6]), XS, 128);
  const ws = perChannel(5, 0.015);
  const inputs = [a, m.weights([5, 6], ws, 0)];
  if (withBias)
    inputs.push(
      m.bias(
        5,
        ws.map((s) => Math.fround(XS * s)),
      ),
    );
  const y = m.op('Gemm', inputs, [int('transB', 1), ...(alpha !== 1 ? [flt('alpha', alpha)] : [])]);
  m.output(m.dq(m.q(y, 0.05, 128), 0.05, 128));
}

const QC = ['QuantizeLinear', 'QLinearConv', 'DequantizeLinear'];
const FLOAT_CONV = ['QuantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'Conv'];

const GROUP_CASES: Case[] = [
  {
    name: 'Conv -> QLinearConv (per-channel weights, int32 bias)',
    build: (m) => convModel(m, (_, y) => y),
    kinds: QC,
    self: 'none',
  },
  {
    name: 'Conv -> Relu -> Q with the zero point at the type minimum: the Relu goes (ReluQuantFusion)',
    build: (m) => convModel(m, (mm, y) => mm.op('Relu', [y]), { yz: 0 }),
    kinds: QC,
    self: 'none',
  },
  {
    // s = 0.025, zp 0: rint(6.37 / s) = 255 >= 255 (the selectors' check) while 6.375 - 6.37 > FLT_EPSILON
    // (ClipQuantFusion does not take it): removed as the group's redundant Clip. onnxruntime-web 1.30 fails to
    // load a model where its selector takes this path ("two nodes with same node name", or with unnamed nodes
    // "Node input ... is not a graph input"): it is compared with the same model without the Clip, which the Q
    // saturates the same way.
    name: 'Conv -> Clip(0, 6.37) -> Q made redundant by the Q (IsClipMadeRedundantByQ)',
    build: (m) => convModel(m, (mm, y) => mm.op('Clip', [y, mm.f(0), mm.f(6.37)]), { ys: 0.025, yz: 0 }),
    kinds: QC,
    self: 'none',
    ortBuild: (m) => convModel(m, (_, y) => y, { ys: 0.025, yz: 0 }),
  },
  {
    // 6.375 - 6.375 <= FLT_EPSILON: ClipQuantFusion (level 1) removes the Clip before the selectors look.
    name: 'Conv -> Clip(0, 6.375) -> Q: the Clip goes first (ClipQuantFusion)',
    build: (m) => convModel(m, (mm, y) => mm.op('Clip', [y, mm.f(0), mm.f(6.375)]), { ys: 0.025, yz: 0 }),
    kinds: QC,
    self: 'none',
  },
  {
    // onnxruntime 1.30 drops the bias DQ's scale only within 1% of x_s * w_s (PR #28229): 0.6% fuses.
    name: 'Conv whose bias DQ scale is 0.6% off x_s * w_s -> QLinearConv (the bias scale is dropped)',
    build: (m) => convModel(m, (_, y) => y, { biasScale: 1.006 }),
    kinds: QC,
    self: 'none',
  },
  {
    name: 'refused: Conv whose bias DQ scale is 2% off x_s * w_s',
    build: (m) => convModel(m, (_, y) => y, { biasScale: 1.02 }),
    kinds: [...FLOAT_CONV, 'QuantizeLinear', 'DequantizeLinear'],
    ort: 'quantum',
    tol: 0.04,
  },
  {
    name: 'refused: Conv -> Relu -> Q with zero point 10 (the Relu cuts inside the range)',
    build: (m) => convModel(m, (mm, y) => mm.op('Relu', [y]), { yz: 10 }),
    kinds: [...FLOAT_CONV, 'Relu', 'QuantizeLinear', 'DequantizeLinear'],
    ort: 'quantum',
    tol: 0.04,
  },
  {
    name: 'refused: Conv -> Clip(0, 6.3) -> Q (rint(6.3 / 0.025) = 252 < 255)',
    build: (m) => convModel(m, (mm, y) => mm.op('Clip', [y, mm.f(0), mm.f(6.3)]), { ys: 0.025, yz: 0 }),
    kinds: [...FLOAT_CONV, 'Clip', 'QuantizeLinear', 'DequantizeLinear'],
    ort: 'quantum',
    tol: 0.025,
  },
  {
    name: 'refused: Conv with a float bias',
    build: (m) => convModel(m, (_, y) => y, { floatBias: true }),
    kinds: ['QuantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'Conv', 'QuantizeLinear', 'DequantizeLinear'],
    ort: 'quantum',
    tol: 0.04,
  },
  {
    name: 'refused: a Conv whose output goes to two Qs',
    build: (m) => {
      const x = m.qdq(m.input('x', [1, 2, 5, 5]), XS, 128);
      const y = m.op('Conv', [x, m.weights([3, 2, 1, 1], [0.02])]);
      m.output(m.dq(m.q(y, 0.03, 128), 0.03, 128));
      m.output(m.dq(m.q(y, 0.05, 100), 0.05, 100));
    },
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'DequantizeLinear',
      'Conv',
      'QuantizeLinear',
      'DequantizeLinear',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
    ort: 'quantum',
    tol: 0.05,
  },
  {
    name: "a Q whose output fans out to three DQs, and a shared DQ that is a graph output (kept) as well as a Conv's",
    build: (m) => {
      const xq = m.q(m.input('x', [1, 2, 5, 5]), XS, 128);
      const x = m.dq(xq, XS, 128);
      m.output(x);
      const y = m.q(m.op('Conv', [x, m.weights([3, 2, 1, 1], [0.02])]), 0.03, 128);
      m.output(m.dq(y, 0.03, 128));
      const a = m.q(m.op('Add', [m.dq(y, 0.03, 128), m.dq(y, 0.03, 128)]), 0.06, 128);
      m.output(m.dq(a, 0.06, 128));
    },
    // int8: y's Q has three edges (its pairs stay int8) while the Add's output pair is rewritten to uint8, so
    // onnxruntime leaves the Add float, which becomes a table of y here
    kinds: (act) => [
      'QuantizeLinear',
      'DequantizeLinear',
      'QLinearConv',
      'DequantizeLinear',
      act === 'int8' ? 'i8conv.Lut' : 'com.microsoft.QLinearAdd',
      'DequantizeLinear',
    ],
    self: 'none',
  },
  {
    name: 'MatMul -> QLinearMatMul (a [2, 3, 5], per-column int8 b [5, 4])',
    build: (m) => {
      const a = m.qdq(m.input('a', [2, 3, 5]), XS, 128);
      const y = m.op('MatMul', [a, m.weights([5, 4], perChannel(4, 0.02), 1)]);
      m.output(m.dq(m.q(y, 0.1, 128), 0.1, 128));
    },
    kinds: QC.map((k) => (k === 'QLinearConv' ? 'QLinearMatMul' : k)),
    self: 'none',
  },
  {
    // onnxruntime makes a com.microsoft MatMulIntegerToFloat of it; the pass keeps the float MatMul.
    name: 'not fused: a MatMul with no Q (float output)',
    build: (m) => {
      const a = m.qdq(m.input('a', [3, 5]), XS, 128);
      m.output(m.op('MatMul', [a, m.weights([5, 4], [0.02])]));
    },
    kinds: ['QuantizeLinear', 'DequantizeLinear', 'DequantizeLinear', 'MatMul'],
    ort: 'none',
  },
  {
    name: 'Gemm -> QGemm (transB, per-row B, int32 C)',
    build: (m) => gemmModel(m, 1, true),
    kinds: QC.map((k) => (k === 'QLinearConv' ? 'com.microsoft.QGemm' : k)),
    self: 'none',
  },
  {
    name: 'Gemm with alpha 0.75 and no bias -> QGemm (alpha kept)',
    build: (m) => gemmModel(m, 0.75, false),
    kinds: ['QuantizeLinear', 'com.microsoft.QGemm', 'DequantizeLinear'],
    self: 'none',
  },
  {
    // QGemm would scale the bias by alpha too; onnxruntime-web leaves this Gemm float (a wrong bias DQ scale shows it).
    name: 'refused: Gemm with alpha 0.75 and a bias',
    build: (m) => gemmModel(m, 0.75, true),
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'DequantizeLinear',
      'DequantizeLinear',
      'Gemm',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
    ort: 'quantum',
    tol: 0.05,
  },
  {
    name: 'Gemm with no Q -> QGemm with a float output (a graph output), transA',
    build: (m) => {
      const a = m.qdq(m.input('a', [6, 3]), XS, 128);
      m.output(m.op('Gemm', [a, m.weights([6, 4], [0.02])], [int('transA', 1)]));
    },
    kinds: ['QuantizeLinear', 'com.microsoft.QGemm'],
    self: 'none',
  },
  {
    name: 'Add and Mul -> QLinearAdd / QLinearMul (broadcast [1, 4, 1, 3] over [1, 4, 5, 3])',
    build: (m) => {
      const a = m.qdq(m.input('a', [1, 4, 5, 3]), XS, 128);
      const b = m.qdq(m.input('b', [1, 4, 1, 3]), 0.03, 100);
      m.output(m.dq(m.q(m.op('Add', [a, b]), 0.07, 130), 0.07, 130));
      m.output(m.dq(m.q(m.op('Mul', [b, a]), 0.2, 128), 0.2, 128));
    },
    // int8: a and b's DQs are each read by the Add and the Mul (their pairs stay int8), the outputs' pairs are
    // rewritten to uint8: the types differ and onnxruntime leaves both float
    kinds: (act) =>
      act === 'int8'
        ? [
            'QuantizeLinear',
            'DequantizeLinear',
            'QuantizeLinear',
            'DequantizeLinear',
            'Add',
            'QuantizeLinear',
            'DequantizeLinear',
            'Mul',
            'QuantizeLinear',
            'DequantizeLinear',
          ]
        : [
            'QuantizeLinear',
            'QuantizeLinear',
            'com.microsoft.QLinearAdd',
            'DequantizeLinear',
            'com.microsoft.QLinearMul',
            'DequantizeLinear',
          ],
    self: 'quantum',
    tol: 0.2,
    int8Ort: 'quantum',
  },
  {
    name: 'Q nodes without a zero point (uint8, 0): QLinearAdd gets a zero initializer',
    build: (m) => {
      const a = m.dq(m.op('QuantizeLinear', [m.input('a', [3, 4]), m.f(0.05)]), 0.05, 0);
      const b = m.op('DequantizeLinear', [m.op('QuantizeLinear', [m.input('b', [3, 4]), m.f(0.04)]), m.f(0.04)]);
      m.output(m.op('DequantizeLinear', [m.op('QuantizeLinear', [m.op('Add', [a, b]), m.f(0.1)]), m.f(0.1)]));
    },
    kinds: ['QuantizeLinear', 'QuantizeLinear', 'com.microsoft.QLinearAdd', 'DequantizeLinear'],
    acts: ['uint8'],
    self: 'quantum',
    tol: 0.1,
  },
  {
    // The table arithmetic of QLinearSoftmax (docs/int8-ops.md, QLinearSoftmax) is not the float Softmax's: no
    // comparison with the unfused model. Output scales 1/256 (the quantizer's) and 1/200 (Ys = 200); odd row lengths.
    name: 'Softmax -> QLinearSoftmax (opset 13: default axis, and axis 1 of [2, 5, 3])',
    build: (m) => {
      const a = m.qdq(m.input('a', [3, 7]), XS, 128);
      m.output(m.dq(m.q(m.op('Softmax', [a]), 1 / 256, 0), 1 / 256, 0));
      const b = m.qdq(m.input('b', [2, 5, 3]), 0.1, 120);
      m.output(m.dq(m.q(m.op('Softmax', [b], [int('axis', 1)]), 1 / 200, 3), 1 / 200, 3));
    },
    kinds: [
      'QuantizeLinear',
      'com.microsoft.QLinearSoftmax',
      'DequantizeLinear',
      'QuantizeLinear',
      'com.microsoft.QLinearSoftmax',
      'DequantizeLinear',
    ],
    self: 'none',
  },
  {
    // Below opset 13 axis 1 (the Softmax's default, written out on the fused node: QLinearSoftmax's own default is
    // -1) coerces [2, 3, 5] to rows of 15; axis 2 gives rows of 5.
    name: 'Softmax (opset 11) -> QLinearSoftmax with no axis (1), and axis 2',
    build: (m) => {
      const a = m.qdq(m.input('a', [2, 3, 5]), XS, 128);
      m.output(m.dq(m.q(m.op('Softmax', [a]), 1 / 256, 0), 1 / 256, 0));
      m.output(m.dq(m.q(m.op('Softmax', [a], [int('axis', 2)]), 1 / 256, 0), 1 / 256, 0));
    },
    // int8: a's DQ is read by both Softmaxes (its pair stays int8), their output pairs are rewritten to uint8: the
    // types differ and onnxruntime runs both float (its run of the int8 file, not the uint8 twin's)
    kinds: (act) =>
      act === 'int8'
        ? [
            'QuantizeLinear',
            'DequantizeLinear',
            'Softmax',
            'QuantizeLinear',
            'DequantizeLinear',
            'Softmax',
            'QuantizeLinear',
            'DequantizeLinear',
          ]
        : [
            'QuantizeLinear',
            'com.microsoft.QLinearSoftmax',
            'DequantizeLinear',
            'com.microsoft.QLinearSoftmax',
            'DequantizeLinear',
          ],
    opset: 11,
    self: 'none',
  },
  {
    // The unary selector wants the DQ's input type to be the Q's output type.
    name: 'refused: DQ (uint8) -> Softmax -> Q (int8)',
    build: (m) => {
      const a = m.qdq(m.input('a', [2, 7]), XS, 128);
      const y = m.op('QuantizeLinear', [m.op('Softmax', [a]), m.f(1 / 256), m.init('int8', [], [-128])]);
      m.output(m.op('DequantizeLinear', [y, m.f(1 / 256), m.init('int8', [], [-128])]));
    },
    kinds: ['QuantizeLinear', 'DequantizeLinear', 'Softmax', 'QuantizeLinear', 'DequantizeLinear'],
    acts: ['uint8'],
    ort: 'quantum',
    tol: 1 / 256,
  },
  {
    name: 'refused: an Add that is a graph output too',
    build: (m) => {
      const a = m.qdq(m.input('a', [2, 5]), XS, 128);
      const b = m.qdq(m.input('b', [2, 5]), XS, 128);
      const s = m.op('Add', [a, b]);
      m.output(s);
      m.output(m.dq(m.q(s, 0.1, 128), 0.1, 128));
    },
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'QuantizeLinear',
      'DequantizeLinear',
      'Add',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
  },
  {
    // onnxruntime would fuse this and then refuse the per-axis scale at run time.
    name: 'refused: a per-axis activation scale (Add)',
    build: (m) => {
      const xq = m.q(m.input('a', [1, 3, 4]), XS, 128);
      const a = m.op(
        'DequantizeLinear',
        [
          xq,
          m.init('float32', [3], [XS, 0.1, 0.2]),
          m.init(m.act, [3], m.act === 'uint8' ? [128, 128, 128] : [0, 0, 0]),
        ],
        [int('axis', 1)],
      );
      const b = m.qdq(m.input('b', [1, 3, 4]), XS, 128);
      m.output(m.dq(m.q(m.op('Add', [a, b]), 0.1, 128), 0.1, 128));
    },
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'QuantizeLinear',
      'DequantizeLinear',
      'Add',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
    ort: 'none',
  },
  {
    name: 'Concat -> QLinearConcat (three inputs, one with the output parameters)',
    build: (m) => {
      const a = m.qdq(m.input('a', [1, 2, 3, 5]), XS, 128);
      const b = m.qdq(m.input('b', [1, 1, 3, 5]), 0.03, 90);
      const c = m.qdq(m.input('c', [1, 3, 3, 5]), 0.04, 140);
      m.output(m.dq(m.q(m.op('Concat', [a, b, c], [int('axis', 1)]), 0.04, 140), 0.04, 140));
    },
    kinds: ['QuantizeLinear', 'QuantizeLinear', 'QuantizeLinear', 'com.microsoft.QLinearConcat', 'DequantizeLinear'],
  },
  {
    name: 'AveragePool, GlobalAveragePool, Sigmoid, LeakyRelu -> com.microsoft QLinear*',
    build: (m) => {
      const x = m.input('x', [1, 3, 9, 8]);
      const pool = m.op(
        'AveragePool',
        [m.qdq(x, XS, 128)],
        [
          ints('kernel_shape', [3, 3]),
          ints('strides', [2, 2]),
          ints('pads', [1, 1, 1, 0]),
          int('count_include_pad', 1),
        ],
      );
      m.output(m.dq(m.q(pool, 0.03, 128), 0.03, 128));
      m.output(m.dq(m.q(m.op('GlobalAveragePool', [m.qdq(x, XS, 128)]), 0.02, 128), 0.02, 128));
      m.output(m.dq(m.q(m.op('Sigmoid', [m.qdq(x, XS, 128)]), 1 / 256, 0), 1 / 256, 0));
      m.output(m.dq(m.q(m.op('LeakyRelu', [m.qdq(x, XS, 128)], [flt('alpha', 0.1)]), 0.03, 20), 0.03, 20));
    },
    // int8: onnxruntime rewrites both Q -> DQ pairs around the AveragePool to uint8, so it is the i8conv node that
    // rounds as that uint8 twin (equal to onnxruntime on the twin, bit for bit)
    kinds: (act) => [
      'QuantizeLinear',
      act === 'int8' ? 'i8conv.QLinearAveragePool' : 'com.microsoft.QLinearAveragePool',
      'DequantizeLinear',
      'QuantizeLinear',
      'com.microsoft.QLinearGlobalAveragePool',
      'DequantizeLinear',
      'QuantizeLinear',
      'com.microsoft.QLinearSigmoid',
      'DequantizeLinear',
      'QuantizeLinear',
      'com.microsoft.QLinearLeakyRelu',
      'DequantizeLinear',
    ],
    self: 'none',
    tol: 0.03,
  },
];

describe('fuse-qdq: groups (onnxruntime QDQ selector rules)', () => {
  for (const c of GROUP_CASES) it(c.name, async () => runCase(c));
});

// ---- data movement ------------------------------------------------------------------------------------------------

const S = 0.06;
const Z = 121;

/** DQ -> op -> Q with the same parameters. */
function moved(m: M, x: string, op: string, inputs: string[] = [], attrs: AttrSpec[] = []): string {
  return m.q(m.op(op, [m.dq(x, S, Z), ...inputs], attrs), S, Z);
}

const DROP_CASES: Case[] = [
  {
    name: 'Transpose, Reshape, Unsqueeze, Squeeze, Slice, Gather, Expand, Tile, Flatten on the integer data',
    build: (m) => {
      let x = m.q(m.input('x', [1, 4, 6, 5]), S, Z);
      x = moved(m, x, 'Transpose', [], [ints('perm', [0, 2, 3, 1])]); // [1, 6, 5, 4]
      x = moved(m, x, 'Reshape', [m.i64([1, 30, 4])]);
      x = moved(m, x, 'Unsqueeze', [m.i64([0])]); // [1, 1, 30, 4]
      x = moved(m, x, 'Squeeze', [m.i64([0])]);
      x = moved(m, x, 'Slice', [m.i64([2]), m.i64([27]), m.i64([1]), m.i64([2])]); // [1, 13, 4]
      x = moved(m, x, 'Gather', [m.i64([0, 3, -1])], [int('axis', 2)]); // [1, 13, 3]
      x = moved(m, x, 'Expand', [m.i64([2, 13, 3])]);
      x = moved(m, x, 'Tile', [m.i64([1, 1, 2])]); // [2, 13, 6]
      x = moved(m, x, 'Flatten', [], [int('axis', 2)]); // [26, 6]
      m.output(m.dq(x, S, Z));
    },
    kinds: [
      'QuantizeLinear',
      'Transpose',
      'Reshape',
      'Unsqueeze',
      'Squeeze',
      'Slice',
      'Gather',
      'Expand',
      'Tile',
      'Flatten',
      'DequantizeLinear',
    ],
  },
  {
    name: 'MaxPool, Resize (nearest), Split, Pad (constant 0.7, edge) on the integer data',
    build: (m) => {
      const x = m.q(m.input('x', [1, 3, 7, 6]), S, Z);
      const out = (q: string) => m.output(m.dq(q, S, Z));
      out(
        moved(m, x, 'MaxPool', [], [ints('kernel_shape', [3, 3]), ints('strides', [2, 2]), ints('pads', [1, 1, 1, 0])]),
      );
      out(moved(m, x, 'Resize', ['', m.init('float32', [4], [1, 1, 2, 1.5])], [str('mode', 'nearest')]));
      const [a, b] = m.node('Split', [m.dq(x, S, Z), m.i64([3, 4])], [int('axis', 2)], 2);
      out(m.q(a, S, Z));
      out(m.q(b, S, Z));
      out(moved(m, x, 'Pad', [m.i64([0, 0, 1, 2, 0, 0, 2, 1]), m.f(0.7)]));
      out(moved(m, x, 'Pad', [m.i64([0, 1, 0, 2, 0, 0, 3, 1])], [str('mode', 'edge')]));
    },
    kinds: [
      'QuantizeLinear',
      'MaxPool',
      'DequantizeLinear',
      'Resize',
      'DequantizeLinear',
      'Split',
      'DequantizeLinear',
      'DequantizeLinear',
      'Pad',
      'DequantizeLinear',
      'Pad',
      'DequantizeLinear',
    ],
  },
  {
    // Integer linear interpolation truncates (docs/int8-ops.md, MaxPool and Resize on 8-bit data) where
    // Q(linear(DQ(x))) rounds: onnxruntime 1.30 keeps the pair (its PR #28414), and so does the pass.
    name: 'refused: Resize (linear) keeps its DQ and Q',
    build: (m) => {
      const x = m.q(m.input('x', [1, 2, 5, 4]), S, Z);
      m.output(
        m.dq(moved(m, x, 'Resize', ['', m.init('float32', [4], [1, 1, 1.5, 2.25])], [str('mode', 'linear')]), S, Z),
      );
    },
    kinds: ['QuantizeLinear', 'DequantizeLinear', 'Resize', 'QuantizeLinear', 'DequantizeLinear'],
  },
  {
    name: 'refused: Reshape between a DQ and a Q of other parameters; MaxPool with a Relu after it',
    build: (m) => {
      const x = m.q(m.input('x', [1, 2, 4, 4]), S, Z);
      m.output(m.dq(m.q(m.op('Reshape', [m.dq(x, S, Z), m.i64([2, 16])]), S, Z + 1), S, Z + 1));
      m.output(m.dq(m.q(m.op('Relu', [m.op('MaxPool', [m.dq(x, S, Z)], [ints('kernel_shape', [2, 2])])]), S, Z), S, Z));
    },
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'Reshape',
      'QuantizeLinear',
      'DequantizeLinear',
      'DequantizeLinear',
      'MaxPool',
      'Relu',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
  },
];

describe('fuse-qdq: Q/DQ pairs dropped around data movement', () => {
  for (const c of DROP_CASES) it(c.name, async () => runCase(c));
});

// ---- look-up tables -----------------------------------------------------------------------------------------------

/** x [1, 4, 8, 9] (288 values: every input code, see sweep) -> Q -> DQ -> region(d) -> Q(ys, yz) -> DQ -> y. */
function lutModel(m: M, region: (m: M, d: string) => string, ys = 0.03, yz = 10, xs = XS): void {
  const d = m.dq(m.q(m.input('x', LUT_X), xs, 128), xs, 128);
  m.output(m.dq(m.q(region(m, d), ys, yz), ys, yz));
}
const LUT = ['QuantizeLinear', 'i8conv.Lut', 'DequantizeLinear'];
const LUT_X = [1, 4, 8, 9];
/** A constant as the quantizer writes it: a DQ of a one-value uint8 initializer. */
const dqConst = (m: M, v: number, s: number): string =>
  m.op('DequantizeLinear', [m.init('uint8', [], [Math.round(v / s)]), m.f(s), m.init('uint8', [], [0])]);
const hardSwishChain = (m: M, d: string, three: string, six: string): string =>
  m.op('Div', [m.op('Mul', [d, m.op('Clip', [m.op('Add', [d, three]), m.f(0), six])]), six]);

const LUT_CASES: Case[] = [
  {
    name: 'HardSwish as x * Clip(x + 3, 0, 6) / 6 (PP-OCR det) -> one Lut',
    build: (m) => lutModel(m, (mm, d) => hardSwishChain(mm, d, mm.f(3), mm.f(6))),
    kinds: LUT,
    sweep: XS,
  },
  {
    name: 'the same chain with DQ constants (as a quantizer writes them)',
    build: (m) => lutModel(m, (mm, d) => hardSwishChain(mm, d, dqConst(mm, 3, 0.05), dqConst(mm, 6, 0.05))),
    kinds: LUT,
    sweep: XS,
  },
  {
    name: 'HardSigmoid, and x * HardSigmoid(x), and the HardSwish op (opset 14)',
    build: (m) => {
      const d = m.dq(m.q(m.input('x', LUT_X), XS, 128), XS, 128);
      m.output(m.dq(m.q(m.op('HardSigmoid', [d], [flt('alpha', 0.2), flt('beta', 0.5)]), 1 / 255, 0), 1 / 255, 0));
      m.output(m.dq(m.q(m.op('Mul', [d, m.op('HardSigmoid', [d], [flt('alpha', 1 / 6)])]), 0.03, 10), 0.03, 10));
      m.output(m.dq(m.q(m.op('HardSwish', [d]), 0.03, 10), 0.03, 10));
    },
    kinds: [
      'QuantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
    ],
    opset: 14,
    sweep: XS,
  },
  {
    name: 'Swish x * Sigmoid(x) (MLAS logistic), LeakyRelu then * 2, a lone Relu above the zero point',
    build: (m) => {
      const d = m.dq(m.q(m.input('x', LUT_X), XS, 128), XS, 128);
      m.output(m.dq(m.q(m.op('Mul', [d, m.op('Sigmoid', [d])]), 0.03, 10), 0.03, 10));
      m.output(m.dq(m.q(m.op('Mul', [m.op('LeakyRelu', [d], [flt('alpha', 0.2)]), m.f(2)]), 0.05, 100), 0.05, 100));
      m.output(m.dq(m.q(m.op('Relu', [d]), 0.03, 10), 0.03, 10));
    },
    kinds: [
      'QuantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
      'i8conv.Lut',
      'DequantizeLinear',
    ],
    self: 'quantum',
    tol: 0.03,
    sweep: XS, // the reference's float Sigmoid is exp-based, not MLAS's logistic
  },
  {
    name: 'Tanh, Exp, Sqrt(Abs), Pow 2 and 3, Sub and Neg',
    build: (m) => {
      const d = m.dq(m.q(m.input('x', LUT_X), XS, 128), XS, 128);
      const out = (v: string, s: number, z: number) => m.output(m.dq(m.q(v, s, z), s, z));
      out(m.op('Tanh', [d]), 1 / 127, 128);
      out(m.op('Exp', [d]), 0.25, 0);
      out(m.op('Sqrt', [m.op('Abs', [d])]), 0.01, 0);
      out(m.op('Pow', [d, m.f(2)]), 0.07, 0);
      out(m.op('Pow', [d, m.f(3)]), 0.3, 128);
      out(m.op('Sub', [m.f(1), m.op('Neg', [d])]), 0.05, 40);
    },
    kinds: ['QuantizeLinear', ...Array.from({ length: 6 }, () => ['i8conv.Lut', 'DequantizeLinear']).flat()],
    sweep: XS,
  },
  {
    // powf and Math.pow may differ by an ulp: one quantum allowed (none was seen).
    name: 'Pow with exponents 0.5 and 1.5',
    build: (m) => {
      const d = m.dq(m.q(m.input('x', LUT_X), XS, 128), XS, 128);
      m.output(m.dq(m.q(m.op('Pow', [m.op('Abs', [d]), m.f(0.5)]), 0.008, 0), 0.008, 0));
      m.output(m.dq(m.q(m.op('Pow', [m.op('Abs', [d]), m.f(1.5)]), 0.04, 0), 0.04, 0));
    },
    kinds: ['QuantizeLinear', 'i8conv.Lut', 'DequantizeLinear', 'i8conv.Lut', 'DequantizeLinear'],
    ort: 'quantum',
    tol: 0.04,
    sweep: XS,
  },
  {
    name: 'a region reading x through two DQ nodes, ending in an int8 Q (uint8 in)',
    build: (m) => {
      const xq = m.q(m.input('x', LUT_X), XS, 128);
      const d1 = m.dq(xq, XS, 128);
      const d2 = m.dq(xq, XS, 128);
      const y = m.op('QuantizeLinear', [m.op('Mul', [d1, m.op('Relu', [d2])]), m.f(0.07), m.init('int8', [], [-5])]);
      m.output(m.op('DequantizeLinear', [y, m.f(0.07), m.init('int8', [], [-5])]));
      m.output(y, 'int8');
    },
    kinds: ['QuantizeLinear', 'i8conv.Lut', 'DequantizeLinear'],
    acts: ['uint8'],
    sweep: XS,
  },
  {
    name: 'refused: a region value read outside it; a region over two tensors',
    build: (m) => {
      const d = m.dq(m.q(m.input('x', LUT_X), XS, 128), XS, 128);
      const a = m.op('Add', [d, m.f(3)]);
      m.output(a);
      m.output(m.dq(m.q(m.op('Mul', [a, d]), 0.1, 10), 0.1, 10));
      const e = m.dq(m.q(m.input('y', LUT_X), XS, 128), XS, 128);
      m.output(m.dq(m.q(m.op('Relu', [m.op('Add', [d, e])]), 0.1, 10), 0.1, 10));
    },
    kinds: [
      'QuantizeLinear',
      'DequantizeLinear',
      'Add',
      'Mul',
      'QuantizeLinear',
      'DequantizeLinear',
      'QuantizeLinear',
      'DequantizeLinear',
      'Add',
      'Relu',
      'QuantizeLinear',
      'DequantizeLinear',
    ],
  },
];

describe('fuse-qdq: float elementwise regions -> i8conv Lut', () => {
  for (const c of LUT_CASES) it(c.name, async () => runCase(c));
});

describe('fuse-qdq: graphs it leaves alone', () => {
  it('a QOperator model passes through unchanged, and the input graph is never changed', () => {
    const m = new M('uint8');
    const x = m.q(m.input('x', [1, 2, 5, 5]), XS, 128);
    const w = m.init('int8', [3, 2, 1, 1], [1, -2, 3, -4, 5, -6]);
    const y = m.op('QLinearConv', [x, m.f(XS), m.zp(128), w, m.f(0.02), m.init('int8', [], [0]), m.f(0.03), m.zp(128)]);
    m.output(m.dq(y, 0.03, 128));
    const g = prepare(m.bytes(13));
    const fused = fuseQdq(g);
    expect(fused.nodes).toEqual(g.nodes);
    expect(fused.initializers).toEqual(g.initializers);
    expect(fused.valueInfo).toEqual(g.valueInfo);

    const q = new M('uint8');
    convModel(q, (_, v) => v);
    const before = prepare(q.bytes(13));
    const copy = structuredClone(before);
    fuseQdq(before);
    expect(before).toEqual(copy);
  });
});

describe('fuse-qdq: Split into equal parts', () => {
  it('gets its sizes written out (opset 13: an int64 input), so the reference runs it; onnxruntime agrees', async () => {
    // Annotated by hand (shapes.ts has no Split rule yet, and the reference's Split cannot count its outputs).
    const vi = (name: string, type: TType, shape: number[]) => ({ name, elemType: DT_OF[type], shape });
    const m = new M('uint8');
    const x = m.q(m.input('x', [1, 6, 5]), S, Z);
    const [a, b, c] = m.node('Split', [m.dq(x, S, Z)], [int('axis', 1)], 3);
    const outs = [a, b, c].map((v) => m.dq(m.q(v, S, Z), S, Z));
    outs.forEach((o) => m.output(o));
    const names = m.nodes.flatMap((n) => n.outputs);
    const bytes = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'split',
        nodes: m.nodes,
        initializers: m.inits,
        inputs: m.inputs,
        outputs: m.outputs.map((o) => ({ ...o, shape: [1, 2, 5] })),
        valueInfo: names.map((n) => {
          const node = m.nodes.find((k) => k.outputs.includes(n))!;
          const type: TType = node.opType === 'QuantizeLinear' ? 'uint8' : 'float32';
          return vi(
            n,
            type,
            node.opType === 'Split' ||
              m.nodes.findIndex((k) => k === node) > m.nodes.findIndex((k) => k.opType === 'Split')
              ? [1, 2, 5]
              : [1, 6, 5],
          );
        }),
      },
    });
    const g = foldConstants(readOnnxModel(bytes));
    const fused = fuseQdq(g);
    expect(kinds(fused)).toEqual([
      'QuantizeLinear',
      'Split',
      'DequantizeLinear',
      'DequantizeLinear',
      'DequantizeLinear',
    ]);
    const split = fused.nodes[1];
    expect(split.inputs.length).toBe(2);
    expect(Array.from(fused.initializers.get(split.inputs[1])!.data as BigInt64Array, Number)).toEqual([2, 2, 2]);
    const feeds = feedsFor(g, 3, 4);
    const ours = runReference(fused, feeds);
    if (ort)
      compare(
        ours,
        await ortRun(
          bytes,
          feeds,
          g.outputs.map((o) => o.name),
        ),
        'split vs onnxruntime',
      );
  });
});

describe('reference QGemm (com.microsoft) against onnxruntime-web, seeded', () => {
  it.skipIf(!ort)(
    '24 models: odd M / K / N, transA / transB, alpha, C shapes, per-column B, uint8 / int8, float output',
    async () => {
      const r = rng(2024);
      for (let k = 0; k < 24; k++) {
        const M = randInt(r, 1, 7),
          K = randInt(r, 1, 19),
          N = randInt(r, 1, 9);
        const aType: QType = k % 3 === 0 ? 'int8' : 'uint8';
        const bType: QType = aType === 'int8' || k % 2 ? 'int8' : 'uint8';
        const ta = r() < 0.5,
          tb = r() < 0.5;
        const perCol = N > 1 && r() < 0.5;
        const floatOut = k % 4 === 3;
        const cDims = [[N], [M, 1], [1, N], [M, N], [], null][k % 6];
        const [alo, ahi] = aType === 'uint8' ? [0, 255] : [-128, 127];
        const [blo, bhi] = bType === 'uint8' ? [0, 255] : [-128, 127];
        const ints = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => randInt(r, lo, hi));
        const t = (type: TType, dims: number[], v: number[]): TensorSpec => ({
          dataType: DT_OF[type],
          dims,
          raw: le(
            type === 'float32'
              ? Float32Array.from(v)
              : type === 'int32'
                ? Int32Array.from(v)
                : type === 'uint8'
                  ? Uint8Array.from(v)
                  : Int8Array.from(v),
          ),
        });
        const nb = perCol ? N : 1;
        const inits: TensorSpec[] = [
          { ...t('float32', [], [Math.fround(0.02 + r() * 0.05)]), name: 'as' },
          { ...t(aType, [], ints(1, alo, ahi)), name: 'az' },
          { ...t(bType, tb ? [N, K] : [K, N], ints(K * N, blo, bhi)), name: 'B' },
          {
            ...t(
              'float32',
              perCol ? [N] : [],
              Array.from({ length: nb }, () => Math.fround(0.01 + r() * 0.03)),
            ),
            name: 'bs',
          },
          { ...t(bType, perCol ? [N] : [], ints(nb, blo, bhi)), name: 'bz' },
          ...(cDims
            ? [
                {
                  ...t(
                    'int32',
                    cDims,
                    ints(
                      cDims.reduce((a, b) => a * b, 1),
                      -3000,
                      3000,
                    ),
                  ),
                  name: 'C',
                },
              ]
            : []),
          ...(floatOut
            ? []
            : [
                { ...t('float32', [], [Math.fround(0.05 + r() * 0.2)]), name: 'ys' },
                { ...t(aType, [], ints(1, alo, ahi)), name: 'yz' },
              ]),
        ];
        const attrs: AttrSpec[] = [
          ...(ta ? [int('transA', 1)] : []),
          ...(tb ? [int('transB', 1)] : []),
          ...(k % 5 === 0 ? [flt('alpha', 0.625)] : []),
        ];
        const bytes = writeModel({
          irVersion: 8,
          opsets: [
            ['', 13],
            ['com.microsoft', 1],
          ],
          graph: {
            name: 'qgemm',
            nodes: [
              {
                opType: 'QGemm',
                domain: 'com.microsoft',
                inputs: ['A', 'as', 'az', 'B', 'bs', 'bz', cDims ? 'C' : '', ...(floatOut ? [] : ['ys', 'yz'])],
                outputs: ['y'],
                attributes: attrs,
              },
            ],
            initializers: inits,
            inputs: [{ name: 'A', elemType: DT_OF[aType], shape: ta ? [K, M] : [M, K] }],
            outputs: [{ name: 'y', elemType: DT_OF[floatOut ? 'float32' : aType] }],
          },
        });
        const a: Tensor = {
          name: 'A',
          type: aType,
          dims: ta ? [K, M] : [M, K],
          data: (aType === 'uint8' ? Uint8Array : Int8Array).from(ints(M * K, alo, ahi)),
        };
        const ours = runReference(readOnnxModel(bytes), [['A', a]]).get('y')!;
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        const theirs = (await session.run({ A: new ort!.Tensor(aType, a.data as Uint8Array, a.dims) })).y;
        await session.release();
        const what = `QGemm ${k}: M ${M} K ${K} N ${N} ${aType} x ${bType}${ta ? ' transA' : ''}${tb ? ' transB' : ''}${perCol ? ' per-column' : ''} C [${cDims}]${floatOut ? ' float' : ''}`;
        expect(ours.type, what).toBe(theirs.type);
        expect(ours.dims, what).toEqual([...theirs.dims]);
        expect(nums(ours), what).toEqual(Array.from(theirs.data as ArrayLike<number>));
      }
    },
  );
});
