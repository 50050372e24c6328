// fuse-conv-relu: a float Conv (or the ConvAdd of a Conv and an Add) whose output only a Relu reads runs as one
// step, the kernel clamping each output as it finishes it. The bits must be those of the two nodes: compared with
// onnxruntime-web (default optimizations), with the reference executor on the graph as written and on the fused
// graph, with the same model loaded without the pass, and with the TypeScript operator of the fused node. Shapes hit
// the kernel's paths: 8-cell blocks and their tails, four channels as lanes for few cells, the last 1-3 channels of
// a group, one output channel per group (the one-row product), 1-D and 2-D, with and without bias and Z, and the
// column matrix built in pieces.
import { describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync, prepareGraph } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { HOST_OPS } from '../src/model/backends/host/index.js';
import { CONV_LIMITS } from '../src/model/backends/wasm-float/kernels.js';
import { A, f32t, loadOrt, ortRunModel } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

interface Form {
  c: number;
  m: number;
  sp: number[];
  ker: number[];
  group?: number;
  pads?: number[];
  bias: boolean;
  /** Conv -> Add(z) -> Relu (4-D with a bias: onnxruntime's ConvAdd; 3-D: Conv, then Add + Relu unfused) */
  add?: boolean;
}

const FORMS: Form[] = [
  { c: 3, m: 8, sp: [9, 11], ker: [3, 3], pads: [1, 1, 1, 1], bias: true },
  { c: 5, m: 6, sp: [7, 5], ker: [3, 3], bias: false },
  { c: 16, m: 7, sp: [4, 4], ker: [1, 1], bias: true },
  { c: 6, m: 6, sp: [13, 3], ker: [3, 3], group: 6, pads: [1, 1, 1, 1], bias: true },
  { c: 4, m: 9, sp: [37], ker: [3], pads: [1, 1], bias: true },
  { c: 32, m: 12, sp: [3], ker: [3], pads: [1, 1], bias: true },
  { c: 8, m: 5, sp: [2], ker: [1], bias: false },
  { c: 4, m: 8, sp: [6, 10], ker: [3, 3], pads: [1, 1, 1, 1], bias: true, add: true },
  { c: 7, m: 3, sp: [5, 9], ker: [1, 1], bias: true, add: true },
];

function floats(r: () => number, n: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = Math.fround((r() * 2 - 1) * (r() < 0.1 ? 300 : 3));
  return a;
}

const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

function graphOf(f: Form, seed: number): { graph: Graph; feeds: Map<string, Tensor>; outDims: number[] } {
  const r = rng(seed);
  const g = f.group ?? 1;
  const xDims = [1, f.c, ...f.sp];
  const outSp = f.sp.map((d, i) => d + (f.pads ? f.pads[i] + f.pads[i + f.sp.length] : 0) - f.ker[i] + 1);
  const outDims = [1, f.m, ...outSp];
  const attributes = new Map([['group', A.i(g)]]);
  if (f.pads) attributes.set('pads', A.is(f.pads));
  const conv: Node = {
    name: 'conv',
    opType: 'Conv',
    domain: '',
    inputs: f.bias ? ['x', 'w', 'b'] : ['x', 'w'],
    outputs: ['c'],
    attributes,
  };
  const nodes: Node[] = [conv];
  let last = 'c';
  if (f.add) {
    nodes.push({ name: 'add', opType: 'Add', domain: '', inputs: ['c', 'z'], outputs: ['a'], attributes: new Map() });
    last = 'a';
  }
  nodes.push({ name: 'relu', opType: 'Relu', domain: '', inputs: [last], outputs: ['y'], attributes: new Map() });
  const initializers = new Map<string, Tensor>([
    ['w', { ...f32t([f.m, f.c / g, ...f.ker], floats(r, (f.m * f.c * numel(f.ker)) / g)), name: 'w' }],
  ]);
  if (f.bias) initializers.set('b', { ...f32t([f.m], floats(r, f.m)), name: 'b' });
  const feeds = new Map<string, Tensor>([['x', { ...f32t(xDims, floats(r, numel(xDims))), name: 'x' }]]);
  if (f.add) feeds.set('z', { ...f32t(outDims, floats(r, numel(outDims))), name: 'z' });
  const graph: Graph = {
    name: 'conv-relu',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [...feeds.values()].map((t) => ({ name: t.name, type: 'float32', onnxElemType: 1, shape: [...t.dims] })),
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: outDims }],
    initializers,
    valueInfo: new Map(),
    nodes,
  };
  return { graph, feeds, outDims };
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

async function check(rt: Runtime, f: Form, seed: number, fails: string[]): Promise<void> {
  const { graph, feeds, outDims } = graphOf(f, seed);
  const bytes = writeOnnxModel(graph);
  const what = JSON.stringify(f);
  const prepared = prepareGraph(bytes, {}, {});
  const fused = prepared.graph.nodes.filter((n) => n.domain === 'i8conv' && n.opType === 'ConvAdd');
  // a 3-D Conv -> Add stays two nodes (onnxruntime fuses 4-D only): the Relu follows the Add, not the Conv
  const fusable = !(f.add && f.sp.length !== 2);
  const steps = prepared.graph.nodes.map((n) => n.opType).join(', ');
  if (!fusable) {
    if (fused.length !== 0) fails.push(`${what}: fused (${steps})`);
    return;
  }
  const act = fused[0]?.attributes.get('activation');
  if (fused.length !== 1 || act?.kind !== 'string' || act.value !== 'Relu' || steps !== 'ConvAdd')
    fails.push(`${what}: not fused (${steps})`);
  const without = prepareGraph(bytes, {}, { convRelu: false });
  if (without.graph.nodes.some((n) => n.attributes.has('activation'))) fails.push(`${what}: fused with the hook off`);

  const want = (await ortRunModel(bytes, feeds, ['y'])).get('y')!.data as Float32Array;
  const m = loadModelSync(rt as never, bytes);
  const m0 = loadModelSync(rt as never, bytes, undefined, { convRelu: false });
  try {
    if (m.nodes.length !== 1 || !m.nodes[0].algorithm.startsWith('conv-f32-simd'))
      fails.push(`${what}: steps ${m.nodes.map((n) => `${n.op} ${n.algorithm}`).join(' / ')}`);
    const got = m.run(feedsOf(feeds)).y as Float32Array;
    // the fused step counts its products (the benchmarks' share of time outside convolutions reads them)
    m.run(feedsOf(feeds), { profile: true });
    const macs = outDims.reduce((a, b) => a * b, 1) * (f.c / (f.group ?? 1)) * numel(f.ker);
    if (m.lastProfile?.[0]?.macs !== macs) fails.push(`${what}: profile macs ${m.lastProfile?.[0]?.macs}, not ${macs}`);
    const got0 = m0.run(feedsOf(feeds)).y as Float32Array;
    // the TypeScript operator of the fused node
    const node = fused[0];
    const ins = node.inputs.map((n) => (n === '' ? undefined : (feeds.get(n) ?? graph.initializers.get(n)!)));
    const infos = ins.map((t, k) =>
      t
        ? { type: 'float32' as const, dims: t.dims, constant: k === 1 || k === 2 ? (t as never) : undefined }
        : undefined,
    );
    const op = HOST_OPS.get('i8conv:ConvAdd')!(node, infos, [{ type: 'float32', dims: outDims }], 13);
    const host = new Float32Array(want.length);
    op(ins as never, [{ type: 'float32', dims: outDims, data: host }]);
    let negatives = 0;
    for (const v of got) if (Object.is(v, 0)) negatives++;
    if (negatives === 0) fails.push(`${what}: no output clamped (the case does not test the Relu)`);
    for (const [who, data] of [
      ['model', got],
      ['model without the pass', got0],
      ['operator', host],
      ['reference (fused graph)', runReference(prepared.graph, feeds).get('y')!.data],
      // (with an Add, the nodes as written sum in another order than onnxruntime's FusedConv: not an oracle there)
      ...(f.add ? [] : ([['reference (as written)', runReference(graph, feeds).get('y')!.data]] as const)),
    ] as const) {
      const bad = differ(data as Float32Array, want);
      if (bad) fails.push(`${who} ${what}: ${bad} of ${want.length} differ from onnxruntime-web`);
    }
  } finally {
    m.dispose();
    m0.dispose();
  }
}

describe('fuse-conv-relu: a float Conv and the Relu after it run as one step', () => {
  it('equals onnxruntime-web, the reference and the unfused model bit for bit', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    const rt = await createRuntime();
    const fails: string[] = [];
    try {
      for (const [i, f] of FORMS.entries()) await check(rt, f, 7100 + i, fails);
    } finally {
      rt.dispose();
    }
    expect(fails.join('\n')).toBe('');
  });

  it('with the column matrix built in pieces of 8 cells', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    const rt = await createRuntime();
    const saved = { ...CONV_LIMITS };
    const fails: string[] = [];
    try {
      CONV_LIMITS.maxColBytes = 1;
      CONV_LIMITS.piecesBytes = 1;
      for (const [i, f] of FORMS.entries()) if (f.ker.some((k) => k > 1)) await check(rt, f, 7200 + i, fails);
    } finally {
      Object.assign(CONV_LIMITS, saved);
      rt.dispose();
    }
    expect(fails.join('\n')).toBe('');
  });

  it('leaves a Conv whose output another node reads, or a graph output, unfused', () => {
    const { graph } = graphOf(FORMS[0], 7300);
    // the Conv's output is also a graph output
    const g2: Graph = {
      ...graph,
      outputs: [...graph.outputs, { name: 'c', type: 'float32', onnxElemType: 1, shape: graph.outputs[0].shape }],
    };
    const p = prepareGraph(writeOnnxModel(g2), {}, {});
    expect(p.graph.nodes.some((n) => n.attributes.has('activation'))).toBe(false);
    expect(p.graph.nodes.map((n) => n.opType)).toContain('Conv');
  });
});
