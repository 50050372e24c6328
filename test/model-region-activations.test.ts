// The activations of the float element-wise region (src/model/backends/wasm-float/region.ts REGION_OPS,
// assembly/model/region.ts and region-math.ts): Elu, Selu, Celu, Softplus, Softsign, Mish, ThresholdedRelu, Erf,
// Gelu (opset 20, approximate 'none' and 'tanh'), com.microsoft Gelu, FastGelu (with and without a bias) and
// BiasGelu. For every attribute form: the model with regions (the op inside an ElementwiseRegion step, no step of
// its own) equals the same model without them (the TypeScript operators, src/model/backends/host/activations.ts)
// bit for bit, and onnxruntime-web 1.30 (wasm, 1 thread), over seeded values and special values at lengths that hit
// every loop tail (1..9, 4k+1..4k+3, the kernel's block of 256 elements +-1, its task grain of 16384 +-1); over 2^18
// float32 bit patterns (every exponent, subnormals, zeros, infinities, NaNs); and in chains with their neighbours
// (an 8-bit input's DequantizeLinear -> Add -> Mish -> QuantizeLinear; the decomposed erf Gelu, fused by the
// gelu pass or left as Div -> Erf -> Add -> Mul -> Mul); a bias next to a per-channel operand of another axis (a
// region each); a bias the operators refuse stays refused. The four-lane expf and log1pf alone (the lab build's
// labExpf4 / labLog1pf4) equal src/model/numerics on 2^18 inputs each, log1pf over every path (the region gives it
// only Softplus's (0, 1]).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync, type LoadModelHooks } from '../src/model/load.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { rng, randInt } from './helpers/rng.js';
import { loadOrt } from './helpers/one-node.js';
import { createLabRuntime } from '../lab/index.js';
import { expf } from '../src/model/numerics/expf.js';
import { log1pf } from '../src/model/numerics/log1pf.js';

type R = () => number;
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const MS = 'com.microsoft';
const f = (value: number): Attribute => ({ kind: 'float', value });
const s = (value: string): Attribute => ({ kind: 'string', value });

interface Form {
  op: string;
  domain?: string;
  attrs?: Record<string, Attribute>;
  /** the default domain's opset (com.microsoft's is 1) */
  opset: number;
  bias?: boolean;
}
const FORMS: Form[] = [
  { op: 'Elu', opset: 13 },
  { op: 'Elu', opset: 13, attrs: { alpha: f(0.3) } },
  { op: 'Elu', opset: 13, attrs: { alpha: f(-2.5) } },
  { op: 'Selu', opset: 13 },
  { op: 'Selu', opset: 13, attrs: { alpha: f(1.2), gamma: f(0.7) } },
  { op: 'Selu', opset: 13, attrs: { gamma: f(-1.5) } },
  { op: 'Celu', opset: 13 },
  { op: 'Celu', opset: 13, attrs: { alpha: f(0.4) } },
  { op: 'Celu', opset: 13, attrs: { alpha: f(3) } },
  { op: 'Softplus', opset: 13 },
  { op: 'Softsign', opset: 13 },
  { op: 'Mish', opset: 18 },
  { op: 'ThresholdedRelu', opset: 13 },
  { op: 'ThresholdedRelu', opset: 13, attrs: { alpha: f(0.7) } },
  { op: 'ThresholdedRelu', opset: 13, attrs: { alpha: f(-1.25) } },
  { op: 'Erf', opset: 13 },
  { op: 'Gelu', opset: 20 },
  { op: 'Gelu', opset: 20, attrs: { approximate: s('none') } },
  { op: 'Gelu', opset: 20, attrs: { approximate: s('tanh') } },
  { op: 'Gelu', domain: MS, opset: 17 },
  { op: 'FastGelu', domain: MS, opset: 17 },
  { op: 'FastGelu', domain: MS, opset: 17, bias: true },
  { op: 'BiasGelu', domain: MS, opset: 17, bias: true },
];
const formName = (c: Form) =>
  `${c.domain ? `${c.domain}:` : ''}${c.op}${c.bias ? '+bias' : ''}${Object.entries(c.attrs ?? {})
    .map(([k, a]) => ` ${k}=${'value' in a ? String(a.value) : '?'}`)
    .join('')}`;

const SPECIAL = [
  Number.NaN,
  -Number.NaN,
  0,
  -0,
  Infinity,
  -Infinity,
  3.4e38,
  -3.4e38,
  1e-40,
  -1e-42,
  1.4e-45,
  1e-8,
  -1e-8,
  6e-8,
  -0.29,
  0.41,
  -0.999,
  -1,
  0.921875,
  -0.921875,
  0.9218751,
  3.925,
  -3.925,
  4,
  9,
  -9.5,
  18,
  88,
  -88,
  88.72283,
  88.7229,
  -103.972,
  -103.98,
  -104,
  0.7,
  -1.25,
  1,
];

/** Seeded values: a wide spread, small ones, and a special value now and then. */
function values(r: R, n: number): Float32Array {
  return Float32Array.from({ length: n }, () => {
    const p = r();
    if (p < 0.1) return SPECIAL[randInt(r, 0, SPECIAL.length - 1)];
    if (p < 0.25) return (r() - 0.5) * 2 ** randInt(r, -30, 0);
    return (r() - 0.5) * 40;
  });
}

/** A model of one node of form c over X of dims `dims` (and a constant bias of the last dim), plus `after`. */
function model(c: Form, dims: number[], bias?: Float32Array): Graph {
  const inits = new Map<string, Tensor>();
  const inputs = ['x'];
  if (c.bias) {
    inits.set('b', { name: 'b', type: 'float32', dims: [dims[dims.length - 1]], data: bias! });
    inputs.push('b');
  }
  const node: Node = {
    name: 'act',
    opType: c.op,
    domain: c.domain ?? '',
    inputs,
    outputs: ['y'],
    attributes: new Map(Object.entries(c.attrs ?? {})),
  };
  return {
    name: c.op,
    irVersion: 8,
    opsetImports: new Map<string, number>(
      c.domain
        ? [
            ['', c.opset],
            [c.domain, 1],
          ]
        : [['', c.opset]],
    ),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: dims }],
    initializers: inits,
    valueInfo: new Map(),
    nodes: [node],
  };
}

/** Bit-for-bit (NaN payloads aside) equality of a and b, the first difference reported. */
function same(got: ArrayLike<number>, want: ArrayLike<number>, what: string): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++)
    if (!Object.is(got[i], want[i])) expect(`${what}[${i}] = ${got[i]}`).toBe(`${what}[${i}] = ${want[i]}`);
}

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt.dispose());

/** Runs `bytes` with the regions (checking the op is inside one and has no step of its own) and without them. */
function runBoth(
  bytes: Uint8Array,
  feeds: Record<string, Float32Array | Uint8Array | Int8Array>,
  opType: string | null,
  hooks: LoadModelHooks = {},
): { region: Record<string, ArrayLike<number>>; host: Record<string, ArrayLike<number>> } {
  const m = loadModelSync(rt, bytes, {}, { ...hooks, valueGuards: 64, reuse: false });
  const h = loadModelSync(rt, bytes, {}, { ...hooks, floatRegions: false });
  try {
    expect(
      m.nodes.some((n) => n.op === 'ElementwiseRegion'),
      'an ElementwiseRegion step',
    ).toBe(true);
    if (opType) {
      expect(
        m.nodes.filter((n) => n.op !== 'ElementwiseRegion').map((n) => n.op),
        'no other step',
      ).not.toContain(opType);
      expect(
        h.nodes.map((n) => n.op),
        'the host step without regions',
      ).toContain(opType);
    }
    const region = m.run(feeds as never) as Record<string, ArrayLike<number>>;
    const host = h.run(feeds as never) as Record<string, ArrayLike<number>>;
    expect(m.checkGuards(), 'guards').toBe(true);
    return { region, host };
  } finally {
    m.dispose();
    h.dispose();
  }
}

// every loop tail: lanes 1..9, 4k+1..4k+3, a block of 256 +-1 (RG_BLOCK), two blocks +-1, the task grain of 16384 +-1
const LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 63, 64, 65, 255, 256, 257, 511, 512, 513, 16383, 16384, 16385];

describe('activations in a region equal the TypeScript operators and onnxruntime-web', () => {
  for (const [j, c] of FORMS.entries())
    it(formName(c), async () => {
      const r = rng(4200 + j);
      const ort = await loadOrt();
      expect(ort, 'onnxruntime-web loads in Node').not.toBeNull();
      // X 1-D (a bias is then a full operand) and 2-D / 3-D (a bias on the last axis: per-element channel lookup)
      const shapes: number[][] = LENGTHS.map((n) => [n]);
      if (c.bias) shapes.push([3, 7], [2, 5, 64], [4, 1], [2, 3, 65]);
      else shapes.push([2, 3, 5, 7], [1, 64, 3, 3]);
      for (const dims of shapes) {
        const n = dims.reduce((a, b) => a * b, 1);
        const x = values(r, n);
        const bias = c.bias ? values(r, dims[dims.length - 1]) : undefined;
        const bytes = writeOnnxModel(model(c, dims, bias));
        const opType = c.op;
        const { region, host } = runBoth(bytes, { x }, opType);
        same(region.y, host.y, `${formName(c)} [${dims}] region vs host`);
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        try {
          const want = await session.run({ x: new ort!.Tensor('float32', x, dims) });
          same(region.y, want.y.data as Float32Array, `${formName(c)} [${dims}] region vs onnxruntime-web`);
        } finally {
          await session.release();
        }
      }
    });
});

describe('activations in a region on 2^18 float32 bit patterns equal the TypeScript operators', () => {
  const n = 1 << 18;
  const r = rng(91);
  const bits = new Uint32Array(n);
  for (let i = 0; i < n; i++) bits[i] = ((randInt(r, 0, 0xffff) << 16) | randInt(r, 0, 0xffff)) >>> 0;
  // +-0, +-inf, NaNs, the smallest subnormal and normal, the largest finite
  const edges = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x00000001, 0x00800000, 0x7f7fffff];
  edges.forEach((e, i) => (bits[i] = e));
  // half of them evenly spread over the magnitudes 2^-7 .. 2^7 (where exp, log1p and erf do their work), either sign
  for (let i = 0; i < n / 2; i++) bits[64 + i] = (0x3c000000 + (i >> 1) * 1792 + ((i & 1) << 31)) >>> 0;
  const x = new Float32Array(bits.buffer);
  for (const c of FORMS.filter((c) => !c.bias))
    it(formName(c), () => {
      const bytes = writeOnnxModel(model(c, [1, n]));
      const { region, host } = runBoth(bytes, { x }, c.op);
      same(region.y, host.y, `${formName(c)} region vs host`);
    });
  // the relaxed-SIMD build compiles the same kernel (plain SIMD128 instructions): the same bits where the engine has it
  it('the relaxed-SIMD build gives the same bits (where this engine runs it)', async () => {
    const relaxed = await createRuntime({ build: 'relaxed' }).catch(() => null);
    if (!relaxed) return;
    try {
      for (const c of FORMS.filter((c) => !c.bias)) {
        const bytes = writeOnnxModel(model(c, [1, n]));
        const a = loadModelSync(relaxed, bytes);
        const b = loadModelSync(rt, bytes, {}, { floatRegions: false });
        try {
          expect(a.nodes.map((s) => s.op)).toEqual(['ElementwiseRegion']);
          same(
            (a.run({ x } as never) as Record<string, Float32Array>).y,
            (b.run({ x } as never) as Record<string, Float32Array>).y,
            `${formName(c)} relaxed`,
          );
        } finally {
          a.dispose();
          b.dispose();
        }
      }
    } finally {
      relaxed.dispose();
    }
  });
});

describe('activations fuse with their neighbours', () => {
  it('an 8-bit input: DequantizeLinear -> Add(float input) -> Mish -> Mul -> QuantizeLinear is one region', () => {
    const dims = [1, 8, 13, 11];
    const n = dims.reduce((a, b) => a * b, 1);
    const r = rng(7);
    const q = Int8Array.from({ length: n }, () => randInt(r, -128, 127));
    const x = values(r, n);
    const t = (name: string, type: Tensor['type'], data: Tensor['data']): Tensor => ({ name, type, dims: [], data });
    const node = (opType: string, inputs: string[], out: string): Node => ({
      name: out,
      opType,
      domain: '',
      inputs,
      outputs: [out],
      attributes: new Map(),
    });
    const g: Graph = {
      name: 'chain',
      irVersion: 8,
      opsetImports: new Map([['', 18]]),
      inputs: [
        { name: 'q', type: 'int8', onnxElemType: 3, shape: dims },
        { name: 'x', type: 'float32', onnxElemType: 1, shape: dims },
      ],
      outputs: [
        { name: 'y', type: 'int8', onnxElemType: 3, shape: dims },
        { name: 'm', type: 'float32', onnxElemType: 1, shape: dims },
      ],
      initializers: new Map([
        ['s', t('s', 'float32', Float32Array.of(0.05))],
        ['z', t('z', 'int8', Int8Array.of(3))],
        ['k', t('k', 'float32', Float32Array.of(0.75))],
        ['so', t('so', 'float32', Float32Array.of(0.03))],
        ['zo', t('zo', 'int8', Int8Array.of(-7))],
      ]),
      valueInfo: new Map(),
      nodes: [
        node('DequantizeLinear', ['q', 's', 'z'], 'd'),
        node('Add', ['d', 'x'], 'a'),
        node('Mish', ['a'], 'm'),
        node('Mul', ['m', 'k'], 'p'),
        node('QuantizeLinear', ['p', 'so', 'zo'], 'y'),
      ],
    };
    const { region, host } = runBoth(writeOnnxModel(g), { q, x }, 'Mish');
    same(region.m, host.m, 'Mish');
    same(region.y, host.y, 'QuantizeLinear');
  });

  for (const gelu of [true, false])
    it(`x / sqrt 2 -> Erf -> + 1 -> * x -> * 0.5 is one region (${gelu ? 'fused into com.microsoft Gelu' : 'the gelu pass off: its five nodes'})`, async () => {
      const dims = [2, 3, 77];
      const n = dims.reduce((a, b) => a * b, 1);
      const x = values(rng(8), n);
      const c = (name: string, v: number): [string, Tensor] => [
        name,
        { name, type: 'float32', dims: [], data: Float32Array.of(v) },
      ];
      const node = (opType: string, inputs: string[], out: string): Node => ({
        name: out,
        opType,
        domain: '',
        inputs,
        outputs: [out],
        attributes: new Map(),
      });
      const g: Graph = {
        name: 'gelu',
        irVersion: 8,
        opsetImports: new Map([['', 13]]),
        inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
        outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: dims }],
        initializers: new Map([c('sq', Math.SQRT2), c('one', 1), c('half', 0.5)]),
        valueInfo: new Map(),
        nodes: [
          node('Div', ['x', 'sq'], 'd'),
          node('Erf', ['d'], 'e'),
          node('Add', ['e', 'one'], 'a'),
          node('Mul', ['x', 'a'], 'm'),
          node('Mul', ['m', 'half'], 'y'),
        ],
      };
      const bytes = writeOnnxModel(g);
      const { region, host } = runBoth(bytes, { x }, gelu ? 'Gelu' : 'Erf', { gelu });
      same(region.y, host.y, 'Gelu');
      if (gelu) {
        const ort = await loadOrt();
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        try {
          const want = await session.run({ x: new ort!.Tensor('float32', x, dims) });
          same(region.y, want.y.data as Float32Array, 'Gelu vs onnxruntime-web');
        } finally {
          await session.release();
        }
      }
    });
});

describe('bias forms', () => {
  /** X [N, C, H, W] + a per-channel constant (axis 1), then `op` with a bias of W (axis 3): two regions. */
  function twoAxes(op: 'FastGelu' | 'BiasGelu', dims: number[], r: R): Graph {
    const C = dims[1];
    const W = dims[3];
    return {
      name: 'two-axes',
      irVersion: 8,
      opsetImports: new Map([
        ['', 17],
        [MS, 1],
      ]),
      inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
      outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: dims }],
      initializers: new Map<string, Tensor>([
        ['c', { name: 'c', type: 'float32', dims: [C, 1, 1], data: values(r, C) }],
        ['b', { name: 'b', type: 'float32', dims: [W], data: values(r, W) }],
      ]),
      valueInfo: new Map(),
      nodes: [
        { name: 'add', opType: 'Add', domain: '', inputs: ['x', 'c'], outputs: ['a'], attributes: new Map() },
        { name: 'g', opType: op, domain: MS, inputs: ['a', 'b'], outputs: ['y'], attributes: new Map() },
      ],
    };
  }
  for (const op of ['FastGelu', 'BiasGelu'] as const)
    it(`${op}'s bias (last axis) after a per-channel Add (axis 1): a region each, equal to the host and onnxruntime-web`, async () => {
      const r = rng(31);
      const dims = [2, 8, 5, 19];
      const x = values(
        r,
        dims.reduce((a, b) => a * b, 1),
      );
      const bytes = writeOnnxModel(twoAxes(op, dims, r));
      const m = loadModelSync(rt, bytes);
      const h = loadModelSync(rt, bytes, {}, { floatRegions: false });
      try {
        expect(m.nodes.map((n) => n.op)).toEqual(['ElementwiseRegion', 'ElementwiseRegion']);
        const got = m.run({ x } as never) as Record<string, Float32Array>;
        same(got.y, (h.run({ x } as never) as Record<string, Float32Array>).y, `${op} vs host`);
        const ort = await loadOrt();
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        try {
          const want = await session.run({ x: new ort!.Tensor('float32', x, dims) });
          same(got.y, want.y.data as Float32Array, `${op} vs onnxruntime-web`);
        } finally {
          await session.release();
        }
      } finally {
        m.dispose();
        h.dispose();
      }
    });

  it("a bias that is not 1-D of X's last dim stays refused (UNSUPPORTED_OP at load, regions on or off)", () => {
    for (const bdims of [[1, 7], [3], [3, 7]]) {
      const g = model({ op: 'BiasGelu', domain: MS, opset: 17, bias: true }, [3, 7], new Float32Array(7));
      g.initializers.set('b', { name: 'b', type: 'float32', dims: bdims, data: new Float32Array(numel(bdims)) });
      const bytes = writeOnnxModel(g);
      for (const floatRegions of [true, false])
        expect(() => loadModelSync(rt, bytes, {}, { floatRegions }), `[${bdims}]`).toThrow(/bias/);
    }
  });
});

describe("the four-lane expf and log1pf (assembly/model/region-math.ts, through the lab build's exports)", () => {
  /** fn's four-lane kernel over x against the TypeScript function, bit for bit (NaN payloads aside). */
  async function sweep(name: 'labLog1pf4' | 'labExpf4', x: Float32Array, want: (v: number) => number): Promise<void> {
    const lab = await createLabRuntime({ build: 'simd128' });
    try {
      const core = lab.core;
      const src = core.heap.alloc(x.byteLength);
      const dst = core.heap.alloc(x.byteLength);
      try {
        core.f32().set(x, src >> 2);
        (core.exports as unknown as Record<string, (s: number, d: number, n: number) => void>)[name](
          src,
          dst,
          x.length,
        );
        const got = core.f32().slice(dst >> 2, (dst >> 2) + x.length);
        let bad = 0;
        let first = '';
        for (let i = 0; i < x.length; i++) {
          const w = Math.fround(want(x[i]));
          if (!Object.is(got[i], w)) {
            if (!bad) first = `${name}(${x[i]}) = ${got[i]}, want ${w}`;
            bad++;
          }
        }
        expect(bad, first).toBe(0);
      } finally {
        core.heap.release(src);
        core.heap.release(dst);
      }
    } finally {
      lab.dispose();
    }
  }
  const n = 1 << 18;
  it('log1pf4 on 2^18 float32 bit patterns (every path: k = 0, k from 1 + x, k >= 2 and >= 25, x <= -1, tiny, inf, NaN)', async () => {
    const r = rng(5);
    const bits = new Uint32Array(n);
    for (let i = 0; i < n; i++) bits[i] = ((randInt(r, 0, 0xffff) << 16) | randInt(r, 0, 0xffff)) >>> 0;
    const edges = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0xbf800000, 0xbf7fffff, 0x3ed413d0];
    edges.push(0x3ed413cf, 0xbe95f619, 0xbe95f61a, 0x33800000, 0x337fffff, 0xb3800000, 0xb37fffff, 0x4c000000);
    edges.forEach((e, i) => (bits[i] = e));
    // a quarter of them of magnitude 2^-31 .. 2^7, either sign, where the paths meet
    for (let i = 0; i < n / 4; i++) bits[64 + i] = (0x30000000 + (i >> 1) * 9728 + ((i & 1) << 31)) >>> 0;
    await sweep('labLog1pf4', new Float32Array(bits.buffer), log1pf);
  });
  it('expf4 on 2^18 float32 values in (-88, 88)', async () => {
    const r = rng(6);
    const x = Float32Array.from({ length: n }, (_, i) =>
      i < n / 2 ? (r() * 2 - 1) * 87.99 : (r() - 0.5) * 2 ** randInt(r, -40, 6),
    );
    await sweep('labExpf4', x, expf);
  });
});
