// A QLinearAdd of a convolution's output and a same-shaped value runs inside the convolution as it stores its output
// (src/model/graph/passes/fuse-residual-adds.ts; assembly/common/finish.ts, chanwise rows): QOperator graphs (what
// onnxruntime's Q/DQ fusion makes of a residual block), and i8conv's own QLinearAdd (the uint8-twin rounding the Q/DQ
// fusion writes for int8 activations; onnxruntime-web cannot run it: checked against the reference only).
// Convolution families: 1x1 (GEMM), 3x3 dense stride 1 (NCHW44 direct, Winograd), depthwise 3x3 (channel-wise rows),
// 6 and 5 channels (NCHW: the GEMM's tiles of partial blocks, element by element), a convolution with an output table
// before the add, 1-D convolutions, batch 2; the residual the block's input or another branch computed after the
// convolution (file order), as the add's A or B; uint8 and int8; 1 and 2 threads, layouts 'auto' and 'nchw'. Each:
// the fused graph holds the add in the convolution (no QLinearAdd step runs), and the output equals onnxruntime-web's
// on the same file, the reference executor's on the fused graph, and the reference's on the graph without the
// fusion, bit for bit. Not fused, and equal too: a weight zero point (the two-convolution path), an add whose
// convolution output is also a graph output, a broadcast add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { named } from './helpers/model-tensors.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { loadModelSync, prepareGraph } from '../src/model/load.js';
import { A, loadOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

type Q = 'uint8' | 'int8';
interface Layer {
  oc: number;
  k: number;
  group?: number;
  /** uint8 weights with this zero point (the two-convolution path: not fused) */
  wZp?: number;
  /** an i8conv Lut after the convolution, before the add */
  lut?: boolean;
  /** the residual: the layer's input, or a 1x1 convolution of it computed after this one ('branch'); none: no add */
  add?: 'input' | 'branch';
  /** the residual is the add's A (input 0) */
  residualFirst?: boolean;
  /** the convolution's output is a graph output too (not fused) */
  tap?: boolean;
  /** the residual is [1, C, 1, 1] (a broadcast add: not fused) */
  broadcast?: boolean;
}
interface Form {
  what: string;
  type: Q;
  dims: number[];
  layers: Layer[];
  /** QLinearAdd steps fused into convolutions */
  fused: number;
  /** the adds are i8conv's QLinearAdd (int8 rounded as onnxruntime's uint8 twin; onnxruntime-web cannot run them) */
  twin?: boolean;
}

function model(f: Form, seed: number): { bytes: Uint8Array; x: Tensor } {
  const r = rng(seed);
  const oneD = f.dims.length === 3;
  const sp = (v: number) => (oneD ? [v] : [v, v]);
  const rnd = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const zpOf = () => (f.type === 'uint8' ? rnd(100, 156) : rnd(-28, 28));
  const code = (v: number, t: Q = f.type) => (t === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v));
  const inits: Tensor[] = [];
  const nodes: Node[] = [];
  const scalarQ = (name: string, s: number, zp: number) => {
    inits.push(named(`${name}_s`, 'float32', [], Float32Array.of(s)), named(`${name}_zp`, f.type, [], code(zp)));
  };
  scalarQ('x', 0.05, zpOf());
  const conv = (p: string, x: string, c: number, L: Layer): string => {
    const g = L.group ?? 1;
    const n = L.oc * (c / g) * L.k ** (oneD ? 1 : 2);
    const wType: Q = L.wZp === undefined ? 'int8' : 'uint8';
    inits.push(
      named(
        `${p}_w`,
        wType,
        [L.oc, c / g, ...sp(L.k)],
        wType === 'int8'
          ? Int8Array.from({ length: n }, () => rnd(-127, 127))
          : Uint8Array.from({ length: n }, () => rnd(0, 255)),
      ),
      named(
        `${p}_ws`,
        'float32',
        [L.oc],
        Float32Array.from({ length: L.oc }, (_, o) => 0.004 * (1 + 0.3 * Math.sin(o))),
      ),
      named(`${p}_wzp`, wType, [], code(L.wZp ?? 0, wType)),
      named(
        `${p}_b`,
        'int32',
        [L.oc],
        Int32Array.from({ length: L.oc }, () => rnd(-3000, 3000)),
      ),
    );
    scalarQ(`${p}_y`, 0.04 + 0.01 * r(), zpOf());
    nodes.push(
      makeNode(
        'QLinearConv',
        [x, `${x}_s`, `${x}_zp`, `${p}_w`, `${p}_ws`, `${p}_wzp`, `${p}_y_s`, `${p}_y_zp`, `${p}_b`],
        [`${p}_y`],
        { kernel_shape: A.is(sp(L.k)), pads: A.is(sp(L.k >> 1).concat(sp(L.k >> 1))), group: A.i(g) },
        { name: p },
      ),
    );
    return `${p}_y`;
  };
  let x = 'x';
  let c = f.dims[1];
  const outputs: string[] = [];
  f.layers.forEach((L, i) => {
    const p = `c${i}`;
    let y = conv(p, x, c, L);
    if (L.tap) outputs.push(y);
    if (L.lut) {
      // a QLinearSigmoid: a table the convolution applies as it stores (fuse-output-tables)
      scalarQ(`${p}_t`, 1 / 256, f.type === 'uint8' ? 0 : -128);
      nodes.push(
        makeNode(
          'QLinearSigmoid',
          [y, `${y}_s`, `${y}_zp`, `${p}_t_s`, `${p}_t_zp`],
          [`${p}_t`],
          {},
          {
            name: `${p}_sigmoid`,
            domain: 'com.microsoft',
          },
        ),
      );
      y = `${p}_t`;
    }
    if (L.add) {
      let res = x;
      if (L.add === 'branch') res = conv(`${p}b`, x, c, { oc: L.oc, k: 1 });
      if (L.broadcast) {
        // a computed [1, C, 1, 1] operand: the residual's global average
        scalarQ(`${p}_g`, 0.03, zpOf());
        nodes.push(
          makeNode(
            'QLinearGlobalAveragePool',
            [res, `${res}_s`, `${res}_zp`, `${p}_g_s`, `${p}_g_zp`],
            [`${p}_g`],
            {
              channels_last: A.i(0),
            },
            { name: `${p}_gap`, domain: 'com.microsoft' },
          ),
        );
        res = `${p}_g`;
      }
      const ys = L.lut ? `${p}_t` : `${p}_y`;
      scalarQ(`${p}_sum`, 0.06, zpOf());
      const a = [y, `${ys}_s`, `${ys}_zp`];
      const b = [res, `${res}_s`, `${res}_zp`];
      nodes.push(
        makeNode(
          'QLinearAdd',
          [...(L.residualFirst ? b : a), ...(L.residualFirst ? a : b), `${p}_sum_s`, `${p}_sum_zp`],
          [`${p}_sum`],
          {},
          { name: `${p}_add`, domain: f.twin ? 'i8conv' : 'com.microsoft' },
        ),
      );
      y = `${p}_sum`;
    }
    x = y;
    c = L.oc;
  });
  outputs.push(x);
  const g: Graph = {
    name: 'residual-adds',
    irVersion: 8,
    opsetImports: new Map([
      ['', 13],
      ['com.microsoft', 1],
      ['i8conv', 1],
    ]),
    inputs: [valueInfo('x', f.type, f.dims)],
    outputs: outputs.map((o) => valueInfo(o, f.type, null)),
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  const len = f.dims.reduce((s, d) => s * d, 1);
  const data =
    f.type === 'uint8'
      ? Uint8Array.from({ length: len }, () => rnd(0, 255))
      : Int8Array.from({ length: len }, () => rnd(-128, 127));
  return { bytes: writeOnnxModel(g), x: named('x', f.type, f.dims, data) };
}

const FORMS: Form[] = [];
for (const type of ['uint8', 'int8'] as const) {
  FORMS.push(
    {
      what: '1x1, 8 channels, 13x11, residual the input (B)',
      type,
      dims: [1, 8, 13, 11],
      layers: [{ oc: 8, k: 1, add: 'input' }],
      fused: 1,
    },
    {
      what: '1x1, 16 channels, residual first (A), batch 2',
      type,
      dims: [2, 16, 9, 7],
      layers: [{ oc: 16, k: 1, add: 'input', residualFirst: true }],
      fused: 1,
    },
    {
      what: '3x3 dense, 8 channels, then 3x3 16 -> 16',
      type,
      dims: [1, 8, 12, 10],
      layers: [
        { oc: 8, k: 3, add: 'input' },
        { oc: 16, k: 1 },
        { oc: 16, k: 3, add: 'input', residualFirst: true },
      ],
      fused: 2,
    },
    {
      what: 'depthwise 3x3, 12 channels, odd sizes',
      type,
      dims: [1, 12, 11, 9],
      layers: [{ oc: 12, k: 3, group: 12, add: 'input' }],
      fused: 1,
    },
    {
      what: '6 channels (NCHW), 1x1 and 3x3',
      type,
      dims: [1, 6, 10, 9],
      layers: [
        { oc: 6, k: 1, add: 'input' },
        { oc: 6, k: 3, add: 'input' },
      ],
      fused: 2,
    },
    {
      what: '5 channels, 3x3, batch 2',
      type,
      dims: [2, 5, 7, 8],
      layers: [{ oc: 5, k: 3, add: 'input', residualFirst: true }],
      fused: 1,
    },
    {
      what: 'an output table, then the add',
      type,
      dims: [1, 8, 9, 9],
      layers: [
        { oc: 8, k: 1, lut: true, add: 'input' },
        { oc: 8, k: 3, group: 8, lut: true, add: 'input' },
      ],
      fused: 2,
    },
    {
      what: 'the residual a branch computed after the convolution',
      type,
      dims: [1, 8, 10, 10],
      layers: [
        { oc: 12, k: 3, add: 'branch' },
        { oc: 12, k: 1, add: 'branch', residualFirst: true },
      ],
      fused: 2,
    },
    {
      what: '1-D convolutions',
      type,
      dims: [1, 8, 37],
      layers: [
        { oc: 8, k: 3, add: 'input' },
        { oc: 8, k: 1, add: 'input' },
      ],
      fused: 2,
    },
    // not fused
    {
      what: "the convolution's output also a graph output: not fused",
      type,
      dims: [1, 8, 9, 9],
      layers: [{ oc: 8, k: 1, tap: true, add: 'input' }],
      fused: 0,
    },
    {
      what: 'a broadcast add: not fused',
      type,
      dims: [1, 8, 9, 9],
      layers: [{ oc: 8, k: 1, add: 'input', broadcast: true }],
      fused: 0,
    },
  );
}

// i8conv's QLinearAdd (the uint8-twin rounding of int8 adds that the Q/DQ fusion writes for int8 activations)
FORMS.push(
  {
    what: 'twin adds: 1x1 and depthwise, residual first and second',
    type: 'int8',
    dims: [1, 8, 11, 9],
    layers: [
      { oc: 8, k: 1, add: 'input' },
      { oc: 8, k: 3, group: 8, add: 'input', residualFirst: true },
    ],
    fused: 2,
    twin: true,
  },
  {
    what: 'twin adds: 6 channels (NCHW), batch 2',
    type: 'int8',
    dims: [2, 6, 7, 9],
    layers: [{ oc: 6, k: 3, add: 'input' }],
    fused: 1,
    twin: true,
  },
);
// (onnxruntime-web runs a QLinearConv of uint8 weights on uint8 activations only)
FORMS.push({
  what: 'uint8 weights with a zero point: not fused',
  type: 'uint8',
  dims: [1, 8, 9, 9],
  layers: [{ oc: 8, k: 3, wZp: 7, add: 'input' }],
  fused: 0,
});

let rt1: Runtime;
let rt2: Runtime;
beforeAll(async () => {
  rt1 = await createRuntime({ threads: 1 });
  rt2 = await createRuntime({ threads: 2 });
});
afterAll(() => {
  rt1?.dispose();
  rt2?.dispose();
});

const fusedAdds = (g: Pick<Graph, 'nodes'>) =>
  g.nodes.filter((n) => n.domain === 'i8conv' && n.opType === 'QLinearConv' && (n.inputs[9] ?? '') !== '').length;

describe('fuse-residual-adds: a QLinearAdd of a convolution output runs as the convolution stores it', () => {
  for (const [i, f] of FORMS.entries()) {
    it(`${f.type}: ${f.what}`, async () => {
      const { bytes, x } = model(f, 900 + i);
      const prepared = prepareGraph(bytes, {}, {});
      expect(fusedAdds(prepared.graph), 'convolutions holding an add').toBe(f.fused);
      const without = prepareGraph(bytes, {}, { residualAdds: false });
      expect(fusedAdds(without.graph)).toBe(0);
      const feeds = new Map([['x', x]]);
      const ref = runReference(prepared.graph, feeds);
      const refWithout = runReference(without.graph, feeds);
      if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
      const names = prepared.graph.outputs.map((o) => o.name);
      // (the twin adds are i8conv's own operator: the reference on the unfused graph is their oracle)
      const o = f.twin ? undefined : await ortRunModel(bytes, feeds, names);
      for (const name of names) {
        expect(tensorBits(ref.get(name)!), `${name}: the reference, fused vs not`).toEqual(
          tensorBits(refWithout.get(name)!),
        );
        if (o)
          expect(tensorBits(ref.get(name)!), `${name}: the reference vs onnxruntime-web`).toEqual(
            tensorBits(o.get(name)!),
          );
      }
      for (const [rt, layout] of [
        [rt1, 'auto'],
        [rt1, 'nchw'],
        [rt2, 'auto'],
      ] as const) {
        const m = loadModelSync(rt, bytes, { layout });
        try {
          const out = m.run({ x: x.data as Uint8Array }, { profile: true });
          const adds = m.lastProfile!.filter((s) => s.op === 'QLinearAdd').length;
          expect(adds, `QLinearAdd steps (${rt === rt2 ? 2 : 1} threads, ${layout})`).toBe(
            f.layers.filter((l) => l.add).length - f.fused,
          );
          if (f.fused) expect(m.lastProfile!.some((s) => /\+add/.test(s.algorithm ?? ''))).toBe(true);
          for (const name of names)
            expect(
              tensorBits({ ...ref.get(name)!, data: out[name] }),
              `${name}: product (${layout}) vs reference`,
            ).toEqual(tensorBits(ref.get(name)!));
        } finally {
          m.dispose();
        }
      }
    });
  }
});
