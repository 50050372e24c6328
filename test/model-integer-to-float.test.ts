// com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul (what onnxruntime's graph optimizer writes into a
// saved quantize_dynamic model): src/model/graph/passes/decompose-integer-to-float.ts takes them apart into
// quantize_dynamic's nodes, which fuse-integer-epilogue folds into one step. Seeded cases (2-D and batched A, uint8
// and int8 B, zero points given or not, scalar or [1] scales, constant or fed scales, bias or none) equal
// onnxruntime-web and the reference executor bit for bit; more than one scale or zero point is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { I8ConvError } from '../src/errors.js';
import { floatBits, loadOrt, ortRunModel, tensor } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

const CODE: Record<string, number> = { float32: 1, uint8: 2, int8: 3, int32: 6 };

interface Made {
  graph: Graph;
  feeds: Map<string, Tensor>;
  desc: string;
}

function caseOf(seed: number, op: 'MatMulIntegerToFloat' | 'DynamicQuantizeMatMul'): Made {
  const r = rng(seed);
  const pick = <V>(xs: readonly V[]): V => xs[Math.floor(r() * xs.length)];
  const batch = pick([[], [2], [2, 3]] as number[][]);
  const M = 1 + Math.floor(r() * 9),
    K = 1 + Math.floor(r() * 40),
    N = 1 + Math.floor(r() * 20);
  const bType = pick(['uint8', 'int8'] as const);
  const inits = new Map<string, Tensor>();
  const feeds = new Map<string, Tensor>();
  const inputs: string[] = [];
  const gi: Graph['inputs'] = [];
  const add = (name: string, t: Tensor, fed: boolean) => {
    inputs.push(name);
    if (fed) {
      feeds.set(name, { ...t, name });
      gi.push({ name, type: t.type, onnxElemType: CODE[t.type], shape: [...t.dims] });
    } else inits.set(name, { ...t, name });
  };
  const skip = () => inputs.push('');
  const n = (dims: number[]) => dims.reduce((a, b) => a * b, 1);
  const scalarDims = () => (r() < 0.5 ? [] : [1]);
  const bVals = (count: number) =>
    Array.from({ length: count }, () => (bType === 'uint8' ? Math.floor(r() * 256) : Math.floor(r() * 256) - 128));
  const aDims = [...batch, M, K];
  if (op === 'MatMulIntegerToFloat') {
    add(
      'A',
      tensor(
        'uint8',
        aDims,
        Array.from({ length: n(aDims) }, () => Math.floor(r() * 256)),
      ),
      true,
    );
    add('B', tensor(bType, [K, N], bVals(K * N)), false);
    add('a_scale', tensor('float32', scalarDims(), [0.001 + r() * 0.05]), r() < 0.5);
    add('b_scale', tensor('float32', scalarDims(), [0.001 + r() * 0.05]), false);
    if (r() < 0.7) add('a_zero_point', tensor('uint8', scalarDims(), [Math.floor(r() * 256)]), r() < 0.5);
    else skip();
    if (r() < 0.7) add('b_zero_point', tensor(bType, scalarDims(), bVals(1)), false);
    else skip();
  } else {
    add(
      'A',
      tensor(
        'float32',
        aDims,
        Array.from({ length: n(aDims) }, () => (r() * 2 - 1) * 3),
      ),
      true,
    );
    add('B', tensor(bType, [K, N], bVals(K * N)), false);
    add('b_scale', tensor('float32', scalarDims(), [0.001 + r() * 0.05]), false);
    if (r() < 0.7) add('b_zero_point', tensor(bType, scalarDims(), bVals(1)), false);
    else skip();
  }
  const withBias = r() < 0.6;
  if (withBias)
    add(
      'bias',
      tensor(
        'float32',
        [N],
        Array.from({ length: N }, () => r() * 2 - 1),
      ),
      false,
    );
  while (inputs[inputs.length - 1] === '') inputs.pop();
  const node: Node = {
    name: 'mm',
    opType: op,
    domain: 'com.microsoft',
    inputs,
    outputs: ['y'],
    attributes: new Map(),
  };
  const graph: Graph = {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([
      ['', 14],
      ['com.microsoft', 1],
    ]),
    inputs: gi,
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
    initializers: inits,
    valueInfo: new Map(),
    nodes: [node],
  };
  return { graph, feeds, desc: `${op} seed ${seed} A [${aDims}] B ${bType} [${K},${N}] inputs ${inputs.join(',')}` };
}

describe('MatMulIntegerToFloat and DynamicQuantizeMatMul (onnxruntime-optimized quantize_dynamic models)', () => {
  it('equal onnxruntime-web and the reference bit for bit, as one fused step', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    const ops = new Set<string>();
    let cases = 0;
    for (let seed = 1; seed <= 60; seed++)
      for (const op of ['MatMulIntegerToFloat', 'DynamicQuantizeMatMul'] as const) {
        const c = caseOf(seed * 2 + (op === 'DynamicQuantizeMatMul' ? 1 : 0), op);
        const bytes = writeOnnxModel(c.graph);
        const want = (await ortRunModel(bytes, c.feeds, ['y'])).get('y')!.data as Float32Array;
        const m = loadModelSync(rt, bytes);
        try {
          const got = m.run(Object.fromEntries([...c.feeds].map(([k, t]) => [k, t.data])) as never, {
            profile: true,
          }).y as Float32Array;
          expect(floatBits(got), c.desc).toEqual(floatBits(want));
          for (const e of m.lastProfile!) ops.add(e.op);
        } finally {
          m.dispose();
        }
        const ref = runReference(c.graph, [...c.feeds]).get('y')!.data as Float32Array;
        expect(floatBits(ref), `${c.desc}: reference`).toEqual(floatBits(want));
        cases++;
      }
    // the product's steps: the fused MatMulInteger (its scale product and, for DynamicQuantizeMatMul, the
    // quantization of A beside it), never the decomposed Cast / Mul / Add
    expect([...ops].filter((o) => ['Cast', 'Add'].includes(o))).toEqual([]);
    expect(ops.has('MatMulInteger')).toBe(true);
    console.log(
      `MatMulIntegerToFloat / DynamicQuantizeMatMul: ${cases} cases equal onnxruntime-web; steps ${[...ops]}`,
    );
  }, 120_000);

  it('more than one scale or zero point: UNSUPPORTED_OP naming the operator, nothing else refused', () => {
    const c = caseOf(5, 'MatMulIntegerToFloat');
    const g = c.graph;
    const node = g.nodes[0];
    const N = g.initializers.get('B')!.dims[1];
    const inits = new Map(g.initializers);
    inits.set('b_scale', { name: 'b_scale', type: 'float32', dims: [N], data: new Float32Array(N).fill(0.01) });
    const perColumn: Graph = {
      ...g,
      initializers: inits,
      nodes: [{ ...node, inputs: ['A', 'B', node.inputs[2], 'b_scale', ...node.inputs.slice(4)] }],
      inputs: g.inputs.filter((v) => v.name !== 'b_scale'),
    };
    const feeds = Object.fromEntries([...c.feeds].filter(([k]) => k !== 'b_scale').map(([k, t]) => [k, t.data]));
    let err: unknown;
    try {
      loadModelSync(rt, writeOnnxModel(perColumn)).run(feeds as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(I8ConvError);
    expect((err as I8ConvError).code).toBe('UNSUPPORTED_OP');
    expect((err as I8ConvError).message).toMatch(/MatMulIntegerToFloat.*scales and zero points of one value each/s);
  });
});
