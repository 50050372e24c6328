// fuse-integer-epilogue: quantize_dynamic's ConvInteger / MatMulInteger -> Cast -> Mul (the scales' product) ->
// Add (bias) -> Relu runs as one step, the window correction's pass applying the float operations as it stores. The
// bits must be those of the nodes as written: compared with the reference executor on the graph as written and on
// the fused graph, with the same model loaded without the pass, and with onnxruntime-web. The forms walk the scale
// (computed or constant, one value or one per channel), the bias (none, one value, per channel in each broadcasting
// shape), an int32 bias added to the sums before the Cast (constant, or computed from the run's scale), the Relu, the operand order, the layouts (NCHW44 where the channels allow it, NCHW), loop tails of the pass
// (planes of 1..13 pixels), groups, strides, 1-D convolutions, matrix products, 1 and 2 threads, and an input of one
// value (a run scale of 0). Chains the pass must leave alone stay unfused, with the same bits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync, prepareGraph } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { A, f32t, loadOrt, ortRunModel, tensor } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

type Scale = 'computed' | 'const' | 'computed-channel' | 'const-channel';
type Bias = 'none' | 'scalar' | 'channel' | 'channel4d';
interface Form {
  kind: 'conv' | 'matmul';
  /** conv: input channels, output channels, spatial dims, kernel; matmul: rows (sp[0]), K (c), N (m) */
  c: number;
  m: number;
  sp: number[];
  ker?: number[];
  group?: number;
  pads?: number[];
  strides?: number[];
  scale: Scale;
  bias: Bias;
  relu: boolean;
  /** Mul(S, acc) instead of Mul(acc, S), Add(B, m) instead of Add(m, B) */
  swap?: boolean;
  /** the feed holds one value (DynamicQuantizeLinear's scale is 0 then) */
  flat?: boolean;
  /** every w - zp fits int8 (one convolution, no window sums) */
  fit?: boolean;
  /**
   * an int32 bias added to the sums before the Cast (conv only), as older quantize_dynamic writes it: a constant, or
   * computed from the run's x scale (Cast(Round(B / x_scale)), per channel)
   */
  intBias?: 'const' | 'computed';
  /** no Mul after the Cast (a quantizer's Q/DQ there): the int32 bias alone is folded, the Cast stays */
  noMul?: boolean;
}

const FORMS: Form[] = [
  {
    kind: 'conv',
    c: 8,
    m: 8,
    sp: [9, 11],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
  },
  {
    kind: 'conv',
    c: 4,
    m: 12,
    sp: [5, 7],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel4d',
    relu: false,
    swap: true,
  },
  { kind: 'conv', c: 16, m: 8, sp: [1, 1], ker: [1, 1], scale: 'const', bias: 'scalar', relu: true },
  {
    kind: 'conv',
    c: 6,
    m: 6,
    sp: [13, 3],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed-channel',
    bias: 'none',
    relu: true,
  },
  {
    kind: 'conv',
    c: 8,
    m: 4,
    sp: [12, 10],
    ker: [3, 3],
    strides: [2, 2],
    scale: 'const-channel',
    bias: 'channel',
    relu: false,
  },
  {
    kind: 'conv',
    c: 8,
    m: 8,
    sp: [6, 6],
    ker: [3, 3],
    group: 2,
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
  },
  { kind: 'conv', c: 3, m: 5, sp: [7, 6], ker: [3, 3], scale: 'computed', bias: 'channel', relu: true, swap: true },
  { kind: 'conv', c: 4, m: 8, sp: [37], ker: [3], pads: [1, 1], scale: 'computed', bias: 'channel', relu: true },
  {
    kind: 'conv',
    c: 8,
    m: 8,
    sp: [4, 5],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
    flat: true,
  },
  {
    kind: 'conv',
    c: 8,
    m: 4,
    sp: [3, 3],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'none',
    relu: false,
    flat: true,
  },
  { kind: 'matmul', c: 24, m: 10, sp: [7], scale: 'computed', bias: 'channel', relu: true },
  { kind: 'matmul', c: 9, m: 16, sp: [3, 5], scale: 'computed-channel', bias: 'scalar', relu: false, swap: true },
  { kind: 'matmul', c: 32, m: 4, sp: [1], scale: 'const', bias: 'none', relu: true },
  { kind: 'matmul', c: 20, m: 12, sp: [1, 1], scale: 'computed', bias: 'channel', relu: true },
  {
    kind: 'conv',
    c: 32,
    m: 32,
    sp: [17, 19],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
  },
  {
    kind: 'conv',
    c: 64,
    m: 16,
    sp: [14, 13],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed-channel',
    bias: 'none',
    relu: false,
  },
  {
    kind: 'conv',
    c: 32,
    m: 24,
    sp: [10, 22],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
    fit: true,
  },
  {
    kind: 'conv',
    c: 8,
    m: 12,
    sp: [7, 9],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'channel',
    relu: true,
    fit: true,
  },
  { kind: 'conv', c: 4, m: 6, sp: [5, 5], ker: [1, 1], scale: 'const-channel', bias: 'scalar', relu: false, fit: true },
  { kind: 'matmul', c: 16, m: 8, sp: [1], scale: 'computed', bias: 'channel', relu: true, fit: true },
  {
    kind: 'conv',
    c: 8,
    m: 8,
    sp: [9, 11],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'none',
    relu: false,
    intBias: 'computed',
  },
  {
    kind: 'conv',
    c: 4,
    m: 12,
    sp: [5, 7],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'const-channel',
    bias: 'channel',
    relu: true,
    swap: true,
    intBias: 'const',
  },
  {
    kind: 'conv',
    c: 6,
    m: 5,
    sp: [4, 13],
    ker: [1, 1],
    scale: 'computed',
    bias: 'scalar',
    relu: false,
    fit: true,
    intBias: 'computed',
  },
  {
    kind: 'conv',
    c: 8,
    m: 12,
    sp: [6, 10],
    ker: [3, 3],
    pads: [1, 1, 1, 1],
    scale: 'computed',
    bias: 'none',
    relu: false,
    intBias: 'computed',
    noMul: true,
  },
];

const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const node = (
  name: string,
  opType: string,
  inputs: string[],
  outputs: string[],
  attrs: [string, never][] = [],
): Node => ({
  name,
  opType,
  domain: '',
  inputs,
  outputs,
  attributes: new Map(attrs),
});

/** The output dims of a form. */
function outDimsOf(f: Form): number[] {
  if (f.kind === 'matmul') return [...f.sp, f.m];
  const st = f.strides ?? f.sp.map(() => 1);
  const sp = f.sp.map(
    (d, i) => Math.floor((d + (f.pads ? f.pads[i] + f.pads[i + f.sp.length] : 0) - f.ker![i]) / st[i]) + 1,
  );
  return [1, f.m, ...sp];
}

/**
 * x (float32) -> DynamicQuantizeLinear -> ConvInteger / MatMulInteger (uint8 weights with zero point 143, beyond int8
 * after subtracting it: the two-step path) -> Cast -> Mul(S) [-> Add(B)] [-> Relu] -> y. `tap`: the Cast's output is
 * also a graph output (the pass must not fuse).
 */
function graphOf(f: Form, seed: number, tap = false): { graph: Graph; feeds: Map<string, Tensor> } {
  const r = rng(seed);
  const conv = f.kind === 'conv';
  const g = f.group ?? 1;
  const xDims = conv ? [1, f.c, ...f.sp] : [...f.sp, f.c];
  const wDims = conv ? [f.m, f.c / g, ...f.ker!] : [f.c, f.m];
  const w = new Uint8Array(numel(wDims));
  for (let i = 0; i < w.length; i++) w[i] = f.fit ? 15 + Math.floor(r() * 241) : Math.floor(r() * 256);
  if (!f.fit) w[0] = 0; // 0 - 143 < -128: shifted weights
  const chanDims = conv ? [f.m, ...f.sp.map(() => 1)] : [f.m];
  const initializers = new Map<string, Tensor>([
    ['w', { ...tensor('uint8', wDims, w), name: 'w' }],
    ['wzp', { ...tensor('uint8', [], [143]), name: 'wzp' }],
  ]);
  const nodes: Node[] = [node('dql', 'DynamicQuantizeLinear', ['x'], ['xq', 'xs', 'xz'])];
  const perChannel = f.scale.endsWith('channel');
  const sv = Array.from({ length: perChannel ? f.m : 1 }, () => Math.fround(0.001 + r() * 0.01));
  let s = 's';
  if (f.scale.startsWith('const')) initializers.set('s', { ...f32t(perChannel ? chanDims : [], sv), name: 's' });
  else {
    initializers.set('ws', { ...f32t(perChannel ? chanDims : [], sv), name: 'ws' });
    nodes.push(node('smul', 'Mul', ['xs', 'ws'], ['s']));
    s = 's';
  }
  const attrs: [string, never][] = [];
  if (conv) {
    attrs.push(['kernel_shape', A.is(f.ker!) as never]);
    if (f.group) attrs.push(['group', A.i(f.group) as never]);
    if (f.pads) attrs.push(['pads', A.is(f.pads) as never]);
    if (f.strides) attrs.push(['strides', A.is(f.strides) as never]);
  }
  nodes.push(node('op', conv ? 'ConvInteger' : 'MatMulInteger', ['xq', 'w', 'xz', 'wzp'], ['acc'], attrs));
  let sums = 'acc';
  if (f.intBias) {
    // per channel, [m, 1, 1]: large enough to matter against the sums (and negative ones)
    const bv = Array.from({ length: f.m }, () => Math.fround((r() - 0.5) * 40));
    if (f.intBias === 'const')
      initializers.set('ib', {
        ...tensor(
          'int32',
          chanDims,
          bv.map((v) => Math.round(v * 100)),
        ),
        name: 'ib',
      });
    else {
      initializers.set('ibf', { ...f32t(chanDims, bv), name: 'ibf' });
      nodes.push(node('ib_div', 'Div', ['ibf', 'xs'], ['ibd']));
      nodes.push(node('ib_round', 'Round', ['ibd'], ['ibr']));
      nodes.push(node('ib_cast', 'Cast', ['ibr'], ['ib'], [['to', A.i(6) as never]]));
    }
    nodes.push(node('ib_add', 'Add', f.swap ? ['ib', 'acc'] : ['acc', 'ib'], ['accb']));
    sums = 'accb';
  }
  nodes.push(node('cast', 'Cast', [sums], ['accf'], [['to', A.i(1) as never]]));
  nodes.push(node('mul', 'Mul', f.swap ? [s, 'accf'] : ['accf', s], ['m']));
  let last = 'm';
  if (f.noMul) {
    // the Cast's output quantized (a quantizer's Q/DQ between the Cast and the Mul): only the int32 bias folds
    nodes.pop();
    initializers.set('qs', { ...f32t([], [Math.fround(0.5 + r())]), name: 'qs' });
    initializers.set('qz', { ...tensor('uint8', [], [128]), name: 'qz' });
    nodes.push(node('q', 'QuantizeLinear', ['accf', 'qs', 'qz'], ['accq']));
    nodes.push(node('dq', 'DequantizeLinear', ['accq', 'qs', 'qz'], ['accd']));
    last = 'accd';
  }
  if (f.bias !== 'none') {
    const bDims = f.bias === 'scalar' ? [1] : f.bias === 'channel4d' ? [1, ...chanDims] : chanDims;
    const bv = Array.from({ length: numel(bDims) }, () => Math.fround((r() - 0.5) * 4));
    initializers.set('b', { ...f32t(bDims, bv), name: 'b' });
    nodes.push(node('add', 'Add', f.swap ? ['b', 'm'] : ['m', 'b'], ['a']));
    last = 'a';
  }
  if (f.relu) {
    nodes.push(node('relu', 'Relu', [last], ['r']));
    last = 'r';
  }
  nodes.push(node('id', 'Identity', [last], ['y']));
  const x = new Float32Array(numel(xDims));
  for (let i = 0; i < x.length; i++) x[i] = f.flat ? 0 : Math.fround((r() - 0.3) * 6);
  const feeds = new Map<string, Tensor>([['x', { ...f32t(xDims, x), name: 'x' }]]);
  const outDims = outDimsOf(f);
  const outputs = [{ name: 'y', type: 'float32' as const, onnxElemType: 1, shape: outDims }];
  if (tap) outputs.push({ name: 'accf', type: 'float32', onnxElemType: 1, shape: outDims });
  return {
    graph: {
      name: 'integer-epilogue',
      irVersion: 8,
      opsetImports: new Map([['', 13]]),
      inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: xDims }],
      outputs,
      initializers,
      valueInfo: new Map(),
      nodes,
    },
    feeds,
  };
}

/** Elements whose bits differ (NaN equal to NaN). */
function differ(got: ArrayLike<number>, want: ArrayLike<number>): number {
  const a = new Float32Array(got as ArrayLike<number>);
  const b = new Float32Array(want as ArrayLike<number>);
  const ua = new Uint32Array(a.buffer),
    ub = new Uint32Array(b.buffer);
  let n = a.length === b.length ? 0 : Math.max(a.length, b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (ua[i] !== ub[i] && !(a[i] !== a[i] && b[i] !== b[i])) n++;
  return n;
}

const feedsOf = (feeds: Map<string, Tensor>) => Object.fromEntries([...feeds].map(([k, t]) => [k, t.data])) as never;

describe('fuse-integer-epilogue: ConvInteger / MatMulInteger and their float epilogue run as one step', () => {
  let rt: Runtime;
  let rt2: Runtime | null = null;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    // the pool's workers load the built library (dist/)
    const dist = new URL('../dist/src/index.js', import.meta.url);
    if (existsSync(dist)) {
      const m = (await import(dist.href)) as { createRuntime: typeof createRuntime };
      const r2 = await m.createRuntime({ threads: 2 });
      rt2 = r2.threads >= 2 ? r2 : null;
      if (!rt2) r2.dispose();
    }
  });
  afterAll(() => {
    rt?.dispose();
    rt2?.dispose();
  });

  it('equals the reference executor (as written and fused) and the unfused model bit for bit; layouts, threads', () => {
    const fails: string[] = [];
    let nchw44 = 0;
    let kernelPath = 0;
    let passPath = 0;
    for (const [i, f] of FORMS.entries()) {
      const { graph, feeds } = graphOf(f, 9100 + i);
      const bytes = writeOnnxModel(graph);
      const what = JSON.stringify(f);
      const prepared = prepareGraph(bytes, {}, {});
      const fused = prepared.graph.nodes.filter((n) => n.domain === 'i8conv' && /Integer$/.test(n.opType));
      // (the computed int32 bias's own Div -> Round -> Cast stay)
      const ops = prepared.graph.nodes
        .filter((n) => !n.outputs.some((o) => o.startsWith('ib')))
        .map((n) => n.opType)
        .join(', ');
      if (f.intBias && fused[0]?.inputs[6] !== 'ib')
        fails.push(`${what}: the int32 bias is not the fused node's input 6`);
      if (f.noMul) {
        if (fused.length !== 1 || fused[0].inputs[4] !== '' || ops.includes('Add'))
          fails.push(`${what}: the int32 bias is not folded alone (${ops})`);
      } else if (fused.length !== 1 || ['Cast', 'Add', 'Relu'].some((o) => ops.includes(o)))
        fails.push(`${what}: not fused (${ops})`);
      else if (fused[0].attributes.has('activation') !== f.relu) fails.push(`${what}: activation`);
      const want = runReference(graph, feeds).get('y')!.data as Float32Array;
      const viaFused = runReference(prepared.graph, feeds).get('y')!.data as Float32Array;
      if (differ(viaFused, want)) fails.push(`${what}: the reference of the fused graph differs`);
      for (const [who, r] of [
        ['1 thread', rt],
        ['2 threads', rt2],
      ] as const) {
        if (!r) continue;
        for (const layout of ['auto', 'nchw'] as const)
          for (const hooks of [{}, { integerEpilogue: false }]) {
            const m = loadModelSync(r as never, bytes, { layout }, hooks);
            try {
              const step = m.nodes.find((n) => /Integer$/.test(n.op))!;
              const on = hooks.integerEpilogue !== false;
              // shifted weights: the window sums (in the kernels where batch 1 and one group, else in a pass);
              // weights that fit: the kernels apply the epilogue
              const inKernel = step.algorithm.endsWith('+epilogue');
              if (f.noMul && on && !step.algorithm.includes('+bias'))
                fails.push(`${what} ${layout}: ${step.algorithm}`);
              else if (
                on &&
                !f.noMul &&
                (f.fit ? !inKernel || step.algorithm.includes('+window') : !step.algorithm.includes('+window'))
              )
                fails.push(`${what} ${layout}: ${step.algorithm}`);
              if (on && inKernel) kernelPath++;
              if (on && !inKernel) passPath++;
              if (on && !f.noMul && m.nodes.some((n) => n.op === 'ElementwiseRegion' && n.name.includes('cast')))
                fails.push(`${what} ${layout}: a region runs the epilogue`);
              if (on && step.layout === 'NCHW44') nchw44++;
              for (let run = 0; run < 2; run++) {
                const got = m.run(feedsOf(feeds)).y as Float32Array;
                const bad = differ(got, want);
                if (bad)
                  fails.push(`${who} ${layout} ${JSON.stringify(hooks)} ${what}: ${bad} of ${want.length} differ`);
              }
            } finally {
              m.dispose();
            }
          }
      }
    }
    expect(fails.join('\n')).toBe('');
    expect(nchw44).toBeGreaterThanOrEqual(4);
    // both ways of applying it ran
    expect(kernelPath).toBeGreaterThanOrEqual(20);
    expect(passPath).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('equals onnxruntime-web bit for bit', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    const fails: string[] = [];
    for (const [i, f] of FORMS.entries()) {
      const { graph, feeds } = graphOf(f, 9100 + i);
      const bytes = writeOnnxModel(graph);
      const want = (await ortRunModel(bytes, feeds, ['y'])).get('y')!.data as Float32Array;
      const m = loadModelSync(rt as never, bytes);
      try {
        const bad = differ(m.run(feedsOf(feeds)).y as Float32Array, want);
        if (bad) fails.push(`${JSON.stringify(f)}: ${bad} of ${want.length} differ from onnxruntime-web`);
      } finally {
        m.dispose();
      }
    }
    expect(fails.join('\n')).toBe('');
  });

  it('leaves alone: a tapped Cast, a bias along another axis, weights that fit, another activation', () => {
    const base = FORMS[0];
    const cases: [string, Graph, Map<string, Tensor>][] = [];
    const feeds0 = graphOf(base, 9300).feeds;
    cases.push(['tapped Cast', graphOf(base, 9300, true).graph, feeds0]);
    const wide = graphOf({ ...base, bias: 'channel' }, 9301).graph;
    // a bias of W values broadcasts along the columns, not the channels
    wide.initializers.set('b', {
      ...f32t(
        [11],
        Array.from({ length: 11 }, (_, k) => k / 7),
      ),
      name: 'b',
    });
    cases.push(['bias along the columns', wide, feeds0]);
    const fitted = graphOf({ ...FORMS[5] }, 9302); // 2 groups
    const fit = fitted.graph;
    fit.initializers.set('wzp', { ...tensor('uint8', [], [0]), name: 'wzp' });
    const w = fit.initializers.get('w')!.data as Uint8Array;
    for (let k = 0; k < w.length; k++) w[k] &= 0x7f;
    cases.push(['weights that fit, 2 groups', fit, fitted.feeds]);
    const sig = graphOf(base, 9303).graph;
    for (const n of sig.nodes) if (n.opType === 'Relu') n.opType = 'Sigmoid';
    cases.push(['Sigmoid', sig, feeds0]);
    const fails: string[] = [];
    for (const [what, graph, feeds] of cases) {
      const bytes = writeOnnxModel(graph);
      const prepared = prepareGraph(bytes, {}, {});
      const ops = prepared.graph.nodes.map((n) => `${n.domain}:${n.opType}`);
      const fusedOps = ops.filter((o) => o === 'i8conv:ConvInteger');
      // Cast -> Mul (-> Add) still fuse where only the Add's bias or the activation is foreign; they stay nodes
      const fusable = what === 'Sigmoid' || what === 'bias along the columns';
      if (fusedOps.length !== (fusable ? 1 : 0)) fails.push(`${what}: ${ops.join(', ')}`);
      const want = runReference(graph, feeds).get('y')!.data as Float32Array;
      const m = loadModelSync(rt as never, bytes);
      try {
        const bad = differ(m.run(feedsOf(feeds)).y as Float32Array, want);
        if (bad) fails.push(`${what}: ${bad} differ from the reference`);
      } finally {
        m.dispose();
      }
    }
    expect(fails.join('\n')).toBe('');
  });
});
