/**
 * The reference executor on the graph the lowering runs: i8conv's fused nodes (kernels-ref/model/ops/OutputTable.ts,
 * ConcatFeeders.ts, ChannelTable.ts, ChannelGate.ts), what the loader's fusions (src/model/graph/passes/fuse-*.ts)
 * make. For models that exercise each fusion, `prepareGraph(bytes, {}, {})` (src/model/load.ts) must hold the i8conv
 * node kinds the case is meant for, and on seeded inputs, bit for bit on every output value:
 * - the reference on that fused graph equals the reference on the unfused graph (`prepareGraph` with the four fusion
 *   hooks off: the nodes the fusions replace, run by the reference's own operators);
 * - the product (rt.loadModel's synchronous twin, layouts 'auto' and 'nchw') equals the reference on the fused graph.
 * Cases: a table folded into QLinearConv (every convolution family, channels multiple of 4 and not, the general path
 * of uint8 weights with a zero point), into QLinearMatMul (2-D and 3-D A), QGemm and Resize (nearest, linear; batch 1
 * and 2); Resize feeders of QLinearConcat (requantizing and copying inputs) and of a plain Concat (one feeder itself
 * a tabled Resize), batch 1 (fused) and batch 2 (not); squeeze-and-excitation gates (the add in either order, the
 * product alone, NCHW44 after a convolution, batch 2 with a per-batch gate); channel chains to 8-bit and to float32
 * outputs, from a float32 input that is quantized first (NaN, infinities, saturation), to an 8-bit type other than
 * the input's; PP-OCRv4 det at 128x128 (all four fusions; skipped where onnxruntime-web, which calibrates it, does not
 * load, or the model package is absent). The uint8 and int8 twins of each. Then the executor's handling of
 * subgraphs (a feeder reading a value produced later in file order, a missing one) and the fused operators' refusals.
 * (The zoo networks of fixtures/models/zoo.ts are not here: their fused graphs hold no i8conv node.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync, prepareGraph } from '../src/model/load.js';
import { I8CONV_OPS, runReference } from '../kernels-ref/model/index.js';
import type { OpContext } from '../kernels-ref/model/index.js';
import type { Attribute, ElementType, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { convChain, randomFeed, type ConvLayer } from './helpers/model-builders.js';
import {
  chainModel,
  concatModel,
  concatTableFeederModel,
  gateModel,
  matmulTableModel,
  producedChainModel,
  quantChainModel,
  resizeTableModel,
  retypeChainModel,
  type GateOpts,
} from './helpers/fusion-models.js';
import { loadOrt } from '../fixtures/models/ort.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../fixtures/models/ppocr.js';

const NO_FUSIONS = {
  outputTables: false,
  concatFeeders: false,
  channelGates: false,
  channelChains: false,
  residualAdds: false,
};
/** The i8conv node kinds the fusions make. */
const FUSED = [
  'QLinearConv',
  'QLinearMatMul',
  'QGemm',
  'Resize',
  'Concat',
  'QLinearConcat',
  'ChannelTable',
  'ChannelGate',
];

/** i8conv node kinds in a graph and in its nodes' subgraphs (a fused concat's feeders), with their counts. */
function i8convKinds(g: Pick<Graph, 'nodes'>): Map<string, number> {
  const kinds = new Map<string, number>();
  const walk = (n: Node): void => {
    if (n.domain === 'i8conv') kinds.set(n.opType, (kinds.get(n.opType) ?? 0) + 1);
    for (const a of n.attributes.values()) if (a.kind === 'graph') a.value.nodes.forEach(walk);
  };
  g.nodes.forEach(walk);
  return kinds;
}

const bytesOf = (d: ArrayBufferView): Uint8Array => new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** Equal element types, dims and bytes (float32 compared by their bits: NaN payloads, -0). */
function expectSameBits(
  got: { type: string; dims: readonly number[]; data: ArrayBufferView & ArrayLike<number | bigint> },
  want: Tensor,
  what: string,
): void {
  expect(got.type, `${what}: type`).toBe(want.type);
  expect([...got.dims], `${what}: dims`).toEqual(want.dims);
  const a = bytesOf(got.data),
    b = bytesOf(want.data as ArrayBufferView);
  expect(a.length, `${what}: bytes`).toBe(b.length);
  const es = a.length / Math.max(1, want.data.length);
  let differ = 0,
    first = -1;
  for (let i = 0; i < want.data.length; i++) {
    for (let e = 0; e < es; e++) {
      if (a[i * es + e] !== b[i * es + e]) {
        differ++;
        if (first < 0) first = i;
        break;
      }
    }
  }
  expect(differ, `${what}: values differing (first at ${first}: ${got.data[first]} vs ${want.data[first]})`).toBe(0);
}

/** Seeded feeds for a graph's inputs (their declared dims), `override` replacing some. */
function feedsOf(g: Graph, seed: number, override: Record<string, Tensor['data']> = {}): Map<string, Tensor> {
  const feeds = new Map<string, Tensor>();
  g.inputs
    .filter((v) => !g.initializers.has(v.name))
    .forEach((v, k) => {
      const dims = v.shape!.map((d) => d as number);
      const type = v.type as ElementType;
      const data =
        override[v.name] ??
        randomFeed(
          seed + k,
          type,
          dims.reduce((a, b) => a * b, 1),
        );
      feeds.set(v.name, { name: v.name, type, dims, data });
    });
  return feeds;
}

interface Expect {
  /** i8conv kinds the fused graph must hold */
  has: string[];
  /** i8conv kinds it must not hold (a fusion that does not apply) */
  lacks?: string[];
}

/**
 * The three runs of one model on one input: the reference on the fused and on the unfused graph, the product; all
 * equal bit for bit. Returns the fused graph's i8conv kinds.
 */
function checkFused(
  rt: Runtime,
  bytes: Uint8Array,
  want: Expect,
  seed: number,
  override: Record<string, Tensor['data']> = {},
): Map<string, number> {
  const fused = prepareGraph(bytes, {}, {}).graph;
  const plain = prepareGraph(bytes, {}, NO_FUSIONS).graph;
  const kinds = i8convKinds(fused);
  const what = JSON.stringify([...kinds]);
  for (const k of want.has) expect(kinds.get(k) ?? 0, `the fused graph holds i8conv:${k} (${what})`).toBeGreaterThan(0);
  for (const k of want.lacks ?? []) expect(kinds.has(k), `the fused graph holds no i8conv:${k} (${what})`).toBe(false);
  const plainKinds = i8convKinds(plain);
  for (const k of FUSED) expect(plainKinds.has(k), `the unfused graph holds no i8conv:${k}`).toBe(false);

  const feeds = feedsOf(fused, seed, override);
  const ref = runReference(fused, feeds);
  const refPlain = runReference(plain, feeds);
  for (const o of fused.outputs)
    expectSameBits(
      ref.get(o.name)! as Tensor & { data: ArrayBufferView & ArrayLike<number> },
      refPlain.get(o.name)!,
      `${o.name}: reference, fused vs unfused graph`,
    );
  for (const layout of ['auto', 'nchw'] as const) {
    const m = loadModelSync(rt, bytes, { layout });
    try {
      const out = m.run(
        Object.fromEntries([...feeds].map(([name, t]) => [name, t.data as Uint8Array | Int8Array | Float32Array])),
      );
      expect(m.outputs.map((o) => o.name)).toEqual(fused.outputs.map((o) => o.name));
      for (const o of m.outputs) {
        expectSameBits(
          { type: o.type, dims: o.shape, data: out[o.name] as ArrayBufferView & ArrayLike<number> },
          ref.get(o.name)!,
          `${o.name}: product (layout ${layout}) vs reference`,
        );
      }
    } finally {
      m.dispose();
    }
  }
  return kinds;
}

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

const TYPES = ['uint8', 'int8'] as const;

describe('i8conv tabled operators (fuse-output-tables): the operator, then its output_table', () => {
  const LAYERS: ConvLayer[] = [
    { oc: 8, k: 3, stride: 2, pad: 1 },
    { oc: 12, k: 3, stride: 1, pad: 1 },
    { oc: 12, k: 3, stride: 1, pad: 1, group: 12 },
    { oc: 20, k: 1, stride: 1, pad: 0 },
    { oc: 6, k: 3, stride: 1, pad: 1 },
    { oc: 5, k: 1, stride: 1, pad: 0, wType: 'uint8', wZp: 3 },
  ];
  for (const t of TYPES) {
    it(`${t}: QLinearConv + Lut on every layer (first layer, NCHW44 direct, channel-wise, 1x1, 6 and 5 channels, uint8 weights with a zero point)`, () => {
      for (const [h, seed] of [
        [13, 5],
        [10, 6],
      ]) {
        const kinds = checkFused(rt, convChain(seed, t, 3, h, LAYERS, { lut: 'all' }), { has: ['QLinearConv'] }, seed);
        expect(kinds.get('QLinearConv')).toBe(LAYERS.length);
      }
    });
    it(`${t}: QLinearMatMul (A 2-D and 3-D) + QLinearLeakyRelu, QGemm (transB, bias) + Lut`, () => {
      // 7 rows: the product holds the table; 10 rows: it runs as a 1x1 convolution (matmul-rows), which holds it
      for (const [aDims, n, op] of [
        [[7, 20], 12, 'QLinearMatMul'],
        [[2, 5, 9], 6, 'QLinearConv'],
      ] as [number[], number, string][]) {
        checkFused(rt, matmulTableModel(t, 'QLinearMatMul', aDims, n), { has: [op] }, n);
      }
      for (const [aDims, n] of [
        [[3, 16], 10],
        [[1, 33], 7],
      ] as [number[], number][]) {
        checkFused(rt, matmulTableModel(t, 'QGemm', aDims, n), { has: ['QGemm'] }, n);
      }
    });
    it(`${t}: Resize (nearest x2, linear to sizes; 4 and 3 channels; batch 1 and 2) + QLinearSigmoid`, () => {
      for (const [dims, mode] of [
        [[1, 4], 'nearest'],
        [[1, 3], 'linear'],
        [[2, 8], 'linear'],
        [[2, 3], 'nearest'],
      ] as [number[], 'nearest' | 'linear'][]) {
        checkFused(rt, resizeTableModel(t, dims, mode), { has: ['Resize'] }, dims[1]);
      }
    });
  }
});

describe('i8conv Concat / QLinearConcat (fuse-concat-feeders): the feeders, then the concat', () => {
  for (const t of TYPES) {
    it(`${t}: QLinearConcat fed by Resizes (a requantizing input, a copied or a linear one; NCHW44 after a convolution and not); batch 2 not fused`, () => {
      for (const [N, chans, mode, conv] of [
        [1, [8, 4, 4], 'nearest', true],
        [1, [3, 5, 2], 'nearest', false],
        [1, [4, 8, 4], 'linear', true],
        [2, [4, 4, 4], 'nearest', true],
        [2, [3, 5, 2], 'linear', false],
      ] as [number, number[], 'nearest' | 'linear', boolean][]) {
        const bytes = concatModel(t, N, chans, mode, conv);
        checkFused(
          rt,
          bytes,
          N === 1 ? { has: ['QLinearConcat'] } : { has: [], lacks: ['QLinearConcat'] },
          chans[0] + N,
        );
        if (N === 1) {
          const c = prepareGraph(bytes, {}, {}).graph.nodes.find(
            (n) => n.domain === 'i8conv' && n.opType === 'QLinearConcat',
          )!;
          const feeders = c.attributes.get('feeders') as Extract<Attribute, { kind: 'graph' }>;
          expect(feeders.value.nodes.map((n) => n.opType)).toEqual(['Resize', 'Resize']);
        }
      }
    });
    it(`${t}: a plain Concat fed by a tabled Resize (an i8conv Resize in the feeders) and a linear Resize; batch 2 not fused`, () => {
      for (const [N, chans] of [
        [1, [4, 8, 4]],
        [1, [3, 2, 5]],
        [2, [4, 4, 8]],
      ] as [number, number[]][]) {
        const kinds = checkFused(
          rt,
          concatTableFeederModel(t, N, chans),
          N === 1 ? { has: ['Concat', 'Resize'] } : { has: ['Resize'], lacks: ['Concat'] },
          N + chans[1],
        );
        expect(kinds.get('Resize'), JSON.stringify([N, chans])).toBe(1);
      }
    });
  }
});

describe('i8conv ChannelGate (fuse-channel-gates): QLinearMul(x, g), then QLinearAdd(x, m)', () => {
  for (const t of TYPES) {
    it(`${t}: x + x * g in both operand orders, the product alone, NCHW44 after a convolution and not, batch 2`, () => {
      const cases: [number[], GateOpts][] = [
        [[1, 8, 9, 13], { conv: true }],
        [[1, 12, 33, 40], { conv: true, add: 'mx', swapMul: true }],
        [[2, 5, 11, 7], { add: 'mx' }],
        [[2, 8, 8, 9], { conv: true, swapMul: true }],
        [[1, 3, 37, 31], { add: 'none' }],
        [[1, 8, 40, 40], { conv: true, tap: true }],
      ];
      for (const [dims, o] of cases) checkFused(rt, gateModel(t, dims, o), { has: ['ChannelGate'] }, dims[2]);
    });
  }
});

describe('i8conv ChannelTable (fuse-channel-chains): y = table[c][x byte]', () => {
  for (const t of TYPES) {
    it(`${t}: QLinearAdd -> QLinearMul -> DQ -> BN -> Relu, to float32 and (Clip -> Q) to ${t}; odd channels, batch 2`, () => {
      for (const dims of [
        [1, 3, 5, 7],
        [2, 5, 9, 13],
        [1, 8, 12, 10],
      ])
        for (const requant of [false, true])
          checkFused(rt, chainModel(t, dims, { requant }), { has: ['ChannelTable'] }, dims[2]);
    });
    it(`${t}: a float32 input quantized first (Q -> QLinearAdd -> DQ -> Relu): NaN, infinities, -0, saturation`, () => {
      for (const dims of [
        [1, 3, 5, 7],
        [2, 5, 9, 13],
        [1, 4, 16, 17],
      ]) {
        const n = dims.reduce((a, b) => a * b, 1);
        const x = randomFeed(3, 'float32', n) as Float32Array;
        for (let i = 0; i < n; i++) x[i] *= 3; // beyond the quantized range at both ends
        [NaN, Infinity, -Infinity, -0, 1e30].forEach((v, k) => (x[(k * 7919) % n] = v));
        const bytes = quantChainModel(t, dims);
        checkFused(rt, bytes, { has: ['ChannelTable'] }, 1, { x });
        const ct = prepareGraph(bytes, {}, {}).graph.nodes.find((nd) => nd.opType === 'ChannelTable')!;
        expect(ct.attributes.get('quantize_type')).toEqual({ kind: 'string', value: t });
      }
    });
    it(`${t} -> ${t === 'uint8' ? 'int8' : 'uint8'}: a chain whose output type is not its input's`, () => {
      for (const dims of [
        [1, 3, 6, 5],
        [2, 8, 4, 9],
      ])
        checkFused(rt, retypeChainModel(t, t === 'uint8' ? 'int8' : 'uint8', dims), { has: ['ChannelTable'] }, dims[1]);
    });
  }
  it('over a value a step wrote: float32 after a Relu (quantized first), bytes after a convolution', () => {
    for (const kind of ['float', 'bytes'] as const)
      for (const dims of [
        [1, 3, 5, 7],
        [2, 5, 13, 11],
      ])
        checkFused(rt, producedChainModel(kind, dims), { has: ['ChannelTable'] }, dims[3]);
  });
});

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}
const detFile = `${PPOCR_DIR}/${PPOCR.det.file}`;
describe.skipIf(!ortOk || !existsSync(detFile))('PP-OCRv4 det, quantized to QDQ at 128x128', () => {
  it('every fusion: tabled QLinearConv, fed QLinearConcat, ChannelGate, ChannelTable; the three runs equal', async () => {
    const shape: [number, number, number, number] = [1, 3, 128, 128];
    const q = await ppocrQdq('det', readFileSync(detFile), { shape });
    const kinds = checkFused(
      rt,
      q.qdqBytes,
      { has: ['QLinearConv', 'QLinearConcat', 'ChannelGate', 'ChannelTable'] },
      1,
      { x: ppocrInput('det', 5, shape) },
    );
    expect(kinds.get('ChannelTable')).toBeGreaterThanOrEqual(2);
  });
});

describe("the executor: subgraphs and the fused operators' refusals", () => {
  /** The fused graph of a concat with Resize feeders (uint8, batch 1, no convolution). */
  const fusedConcat = (): { g: Graph; c: Node; feeders: Graph } => {
    const g = prepareGraph(concatModel('uint8', 1, [3, 5, 2], 'nearest', false), {}, {}).graph;
    const c = g.nodes.find((n) => n.opType === 'QLinearConcat')!;
    return { g, c, feeders: (c.attributes.get('feeders') as Extract<Attribute, { kind: 'graph' }>).value };
  };

  it('a value a feeder reads by name is an input of the concat for the order: produced after it in file order, it runs first', () => {
    const { g, c, feeders } = fusedConcat();
    const feeds = feedsOf(g, 4);
    const want = runReference(g, feeds).get('y')!;
    // the first feeder's scales come from a Constant node listed after the concat
    const f0 = feeders.nodes[0];
    const scales = g.initializers.get(f0.inputs[2])!;
    const moved: Node = { ...f0, inputs: [f0.inputs[0], f0.inputs[1], 'late_scales'] };
    const c2: Node = {
      ...c,
      attributes: new Map([
        ...c.attributes,
        ['feeders', { kind: 'graph', value: { ...feeders, nodes: [moved, ...feeders.nodes.slice(1)] } }],
      ]),
    };
    const constant: Node = {
      name: 'late',
      opType: 'Constant',
      domain: '',
      inputs: [],
      outputs: ['late_scales'],
      attributes: new Map([['value', { kind: 'tensor', value: scales }]]),
    };
    const g2: Graph = { ...g, nodes: [...g.nodes.map((n) => (n === c ? c2 : n)), constant] };
    expectSameBits(runReference(g2, feeds).get('y')! as Tensor & { data: Uint8Array }, want, 'y');
    // and a name nobody produces is a missing input of the concat
    const g3: Graph = { ...g2, nodes: g2.nodes.filter((n) => n !== constant) };
    expect(() => runReference(g3, feeds)).toThrow(/\(QLinearConcat\): input "late_scales" is missing/);
  });

  it('refuses a fused concat whose input at feeds[k] is not what feeder k reads, and feeds that do not fit', () => {
    const { g, c } = fusedConcat();
    const feeds = feedsOf(g, 4);
    const feedsAt = (c.attributes.get('feeds') as Extract<Attribute, { kind: 'ints' }>).value;
    const withNode = (n: Node): Graph => ({ ...g, nodes: g.nodes.map((x) => (x === c ? n : x)) });
    // position feeds[0] reads x2 (a graph input of another shape) instead of the feeder's x1
    const wrong = [...c.inputs];
    wrong[feedsAt[0]] = 'x2';
    expect(() => runReference(withNode({ ...c, inputs: wrong }), feeds)).toThrow(/is not "x1", the input of feeder 0/);
    expect(() =>
      runReference(
        withNode({
          ...c,
          attributes: new Map([...c.attributes, ['feeds', { kind: 'ints', value: [feedsAt[0], feedsAt[0] + 1] }]]),
        }),
        feeds,
      ),
    ).toThrow(/not a data input position/);
    expect(() =>
      runReference(
        withNode({ ...c, attributes: new Map([...c.attributes, ['feeds', { kind: 'ints', value: [feedsAt[0]] }]]) }),
        feeds,
      ),
    ).toThrow(/1 feeds for 2 feeders/);
  });

  const ctx = (outputTypes: (ElementType | null)[]): OpContext => ({
    outputTypes,
    outputNamed: outputTypes.map(() => true),
    value: () => undefined,
    constantInputs: [],
    opset: () => 13,
    runSubgraph: () => new Map(),
  });
  const x8: Tensor = { name: 'x', type: 'uint8', dims: [1, 2, 1, 3], data: Uint8Array.of(0, 1, 255, 7, 128, 3) };

  it('ChannelTable: the output type is the declared one; an 8-bit table without one is refused, as is a size that fits no type', () => {
    const op = I8CONV_OPS.get('ChannelTable')!;
    const table = new Uint8Array(2 * 256).map((_, i) => (i * 7 + (i >> 8) * 100) & 255);
    const attrs = new Map<string, Attribute>([
      ['table', { kind: 'tensor', value: { name: '', type: 'uint8', dims: [512], data: table } }],
    ]);
    const asInt8 = op([x8], attrs, 1, 1, ctx(['int8']))[0];
    expect(asInt8.type).toBe('int8');
    expect(Array.from(bytesOf(asInt8.data as Int8Array))).toEqual([0, 7, 249, 149, 228, 121]);
    expect(() => op([x8], attrs, 1, 1, ctx([null]))).toThrow(/needs the output's type/);
    expect(() => op([x8], attrs, 1, 1, ctx(['float32']))).toThrow(/declared float32, the table has 1-byte entries/);
    const odd = new Map<string, Attribute>([
      ['table', { kind: 'tensor', value: { name: '', type: 'uint8', dims: [768], data: new Uint8Array(768) } }],
    ]);
    expect(() => op([x8], odd, 1, 1, ctx(['uint8']))).toThrow(/not C \* 256 \* \(1 or 4\)/);
    // a 4-byte table gives float32 with or without a declaration, entries copied bit for bit (a NaN payload)
    const f = new Float32Array(2 * 256).map((_, i) => i / 4);
    const fb = bytesOf(f);
    fb.set([1, 0, 0xc0, 0x7f], 4 * (256 + 7)); // channel 1, byte 7 (element 3): a NaN with payload 1
    const fa = new Map<string, Attribute>([
      ['table', { kind: 'tensor', value: { name: '', type: 'uint8', dims: [fb.length], data: fb } }],
    ]);
    for (const decl of [null, 'float32'] as const) {
      const y = op([x8], fa, 1, 1, ctx([decl]))[0];
      expect(y.type).toBe('float32');
      expect(Array.from(bytesOf(y.data as Float32Array).subarray(12, 16))).toEqual([1, 0, 0xc0, 0x7f]);
      expect(Array.from(y.data as Float32Array).filter((_, i) => i !== 3)).toEqual([0, 0.25, 63.75, 96, 64.75]);
    }
  });

  it("ChannelGate: g must be per channel; zero points must be values of x's type", () => {
    const op = I8CONV_OPS.get('ChannelGate')!;
    const mul: Attribute = { kind: 'floats', value: [0.1, 3, 0.05, 0, 0.2, 10] };
    const g = (dims: number[]): Tensor => ({
      name: 'g',
      type: 'uint8',
      dims,
      data: new Uint8Array(dims.reduce((a, b) => a * b, 1)).fill(40),
    });
    expect(op([x8, g([1, 2, 1, 1])], new Map([['mul', mul]]), 1)[0].dims).toEqual([1, 2, 1, 3]);
    expect(op([x8, g([2, 1, 1])], new Map([['mul', mul]]), 1)[0].dims).toEqual([1, 2, 1, 3]);
    expect(() => op([x8, g([1, 1, 1, 3])], new Map([['mul', mul]]), 1)).toThrow(/g must be \[1 or N, C, 1, 1\]/);
    expect(() =>
      op([x8, g([1, 2, 1, 1])], new Map([['mul', { kind: 'floats', value: [0.1, 300, 0.05, 0, 0.2, 10] }]]), 1),
    ).toThrow(/aZeroPoint 300 is not a uint8 value/);
    expect(() => op([x8, g([1, 2, 1, 1])], new Map(), 1)).toThrow(/attribute mul is required/);
  });

  it('tabled operators: output_table of 256 uint8 / int8 entries, required', () => {
    const op = I8CONV_OPS.get('Resize')!;
    const sc: Tensor = { name: 's', type: 'float32', dims: [4], data: Float32Array.of(1, 1, 1, 2) };
    const table = (type: 'uint8' | 'int8', n = 256): Attribute => ({
      kind: 'tensor',
      value: {
        name: '',
        type,
        dims: [n],
        data: type === 'uint8' ? new Uint8Array(n).map((_, i) => 255 - i) : new Int8Array(n).map((_, i) => i),
      },
    });
    const y = op(
      [x8, undefined, sc],
      new Map([
        ['output_table', table('int8')],
        ['table_input', { kind: 'string', value: 'r' }],
      ]),
      1,
      1,
      ctx([null]),
    )[0];
    expect(y.type).toBe('int8');
    expect(Array.from(y.data as Int8Array)).toEqual([0, 0, 1, 1, -1, -1, 7, 7, -128, -128, 3, 3]);
    expect(() => op([x8, undefined, sc], new Map(), 1, 1, ctx([null]))).toThrow(/output_table is required/);
    expect(() => op([x8, undefined, sc], new Map([['output_table', table('uint8', 255)]]), 1, 1, ctx([null]))).toThrow(
      /255 entries, not 256/,
    );
  });
});
