// onnxruntime's contrib QuantizeLinear / DequantizeLinear (domain com.microsoft, src/model/graph/passes/contrib-qdq.ts):
// seeded QDQ models written with them (a convolution between them, uint8 and int8 activations, per-tensor and
// per-channel weights, opsets 11 and 13) load, take the int8 convolution as the default domain's QDQ groups do, and
// equal onnxruntime-web 1.30 bit for bit (which computes them as their default-domain twin, as the reference
// executor's contrib operators do); what the pass leaves (a computed zero point, a
// per-axis scale below opset 13) is refused with UNSUPPORTED_OP, and an If branch's contrib nodes are converted too.
import { describe, expect, it } from 'vitest';
import { attrInt, attrInts, f32, GraphBuilder, tensor, valueInfo } from '../fixtures/models/build.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { contribQdqToDefault } from '../src/model/graph/passes/contrib-qdq.js';
import { runReference } from '../kernels-ref/model/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { fileRuntime, quietOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await quietOrt();
const runtime = fileRuntime();

const MS = { domain: 'com.microsoft' };

/** x -> Q -> DQ -> Conv (W through DQ, a bias) -> Q -> DQ -> y, every Q / DQ a contrib node. */
function convModel(
  seed: number,
  act: 'uint8' | 'int8',
  perChannel: boolean,
  opset: number,
): { graph: Graph; x: Tensor } {
  const r = rng(seed);
  const C = 3 + Math.floor(r() * 4),
    M = 4 + Math.floor(r() * 5),
    H = 5 + Math.floor(r() * 5),
    W = 6 + Math.floor(r() * 5);
  const b = new GraphBuilder(
    'contrib',
    new Map([
      ['', opset],
      ['com.microsoft', 1],
    ]),
  );
  b.inputs.push(valueInfo('x', 'float32', [1, C, H, W]));
  const zx = act === 'uint8' ? 128 : 0;
  b.init(f32('xs', [], [0.02 + r() * 0.02]));
  const zName = (n: string, type: 'uint8' | 'int8', v: number) => {
    b.init(tensor(n, type, [], type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v)));
    return n;
  };
  const xz = zName('xz', act, zx);
  b.node('QuantizeLinear', ['x', 'xs', xz], ['xq'], {}, MS);
  b.node('DequantizeLinear', ['xq', 'xs', xz], ['xd'], {}, MS);
  const wq = Int8Array.from({ length: M * C * 9 }, () => Math.round((r() * 2 - 1) * 127));
  b.init(tensor('wq', 'int8', [M, C, 3, 3], wq));
  const ws = Float32Array.from({ length: perChannel ? M : 1 }, () => 0.002 + r() * 0.01);
  b.init(f32('ws', perChannel ? [M] : [], ws));
  b.init(tensor('wz', 'int8', perChannel ? [M] : [], new Int8Array(perChannel ? M : 1)));
  b.node('DequantizeLinear', ['wq', 'ws', 'wz'], ['wd'], perChannel ? { axis: attrInt(0) } : {}, MS);
  b.init(
    f32(
      'bias',
      [M],
      Float32Array.from({ length: M }, () => (r() * 2 - 1) * 0.3),
    ),
  );
  b.node('Conv', ['xd', 'wd', 'bias'], ['c'], { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) });
  b.init(f32('ys', [], [0.03 + r() * 0.02]));
  const yz = zName('yz', act, act === 'uint8' ? 120 : -5);
  b.node('QuantizeLinear', ['c', 'ys', yz], ['yq'], {}, MS);
  b.node('DequantizeLinear', ['yq', 'ys', yz], ['y'], {}, MS);
  b.outputs.push(valueInfo('y', 'float32', [1, M, H, W]));
  const x = tensor(
    'x',
    'float32',
    [1, C, H, W],
    Float32Array.from({ length: C * H * W }, () => (r() * 2 - 1) * 2),
  );
  return { graph: b.graph(), x };
}

describe('contrib QuantizeLinear / DequantizeLinear', () => {
  const cases: [number, 'uint8' | 'int8', boolean, number][] = [];
  for (const act of ['uint8', 'int8'] as const)
    for (const perChannel of [false, true])
      for (const opset of [11, 13]) cases.push([cases.length + 1, act, perChannel, opset]);

  for (const [seed, act, perChannel, opset] of cases) {
    const what = `${act} activations, ${perChannel ? 'per-channel' : 'per-tensor'} weights, opset ${opset}`;
    const taken = !(perChannel && opset < 13);
    it.skipIf(!ort)(
      `${what}: ${taken ? 'equals onnxruntime-web and the reference, an int8 convolution' : 'refused'}`,
      async () => {
        const { graph, x } = convModel(100 + seed, act, perChannel, opset);
        const bytes = writeOnnxModel(graph);
        if (!taken) {
          let code = '';
          try {
            (await runtime().loadModel(bytes)).dispose();
          } catch (e) {
            code = (e as { code?: string }).code ?? String(e);
          }
          expect(code).toBe('UNSUPPORTED_OP');
          return;
        }
        const want = (await ortRunModel(bytes, new Map([['x', x]]), ['y'])).get('y')!;
        const m = await runtime().loadModel(bytes);
        try {
          const got = m.run({ x: x.data as Float32Array }).y as Float32Array;
          expect(tensorBits({ ...want, data: got })).toEqual(tensorBits(want));
          // the QDQ group became an int8 convolution, as the default domain's does
          expect(
            m.nodes.some((n) => /^WASM/.test(n.algorithm ?? '')),
            m.nodes.map((n) => n.algorithm).join(),
          ).toBe(true);
        } finally {
          m.dispose();
        }
        // the reference executor's contrib operators are the default domain's: the file as written and its twin
        // with default-domain nodes give the same bits (both unfused: a float Conv between DQ and Q)
        const feeds = new Map([['x', x]]);
        const twin = contribQdqToDefault(graph);
        expect(twin.nodes.every((n) => n.domain === '')).toBe(true);
        const ref = runReference(readOnnxModel(bytes), feeds).get('y')!;
        expect(tensorBits(ref)).toEqual(tensorBits(runReference(twin, feeds).get('y')!));
        // and onnxruntime-web computes the contrib file as that twin
        const ortTwin = (await ortRunModel(writeOnnxModel(twin), feeds, ['y'])).get('y')!;
        expect(tensorBits(ortTwin)).toEqual(tensorBits(want));
      },
    );
  }

  it('a computed zero point stays a contrib node, refused with UNSUPPORTED_OP', async () => {
    const b = new GraphBuilder(
      'qz',
      new Map([
        ['', 13],
        ['com.microsoft', 1],
      ]),
    );
    b.inputs.push(valueInfo('x', 'float32', [1, 4]));
    b.init(f32('s', [], [0.01]));
    b.init(tensor('z0', 'uint8', [], Uint8Array.of(100)));
    b.node('Identity', ['z0'], ['z']);
    b.node('QuantizeLinear', ['x', 's', 'z'], ['q'], {}, MS);
    b.node('DequantizeLinear', ['q', 's', 'z'], ['y'], {}, MS);
    b.outputs.push(valueInfo('y', 'float32', [1, 4]));
    const g = b.graph();
    expect(contribQdqToDefault(g)).toBe(g);
    let code = '';
    try {
      (await runtime().loadModel(writeOnnxModel(g), { onFloatModel: 'allow' })).dispose();
    } catch (e) {
      code = (e as { code?: string }).code ?? String(e);
    }
    expect(code).toBe('UNSUPPORTED_OP');
  });

  it("an If branch's contrib nodes are converted, the other nodes kept as they are", () => {
    const { graph } = convModel(7, 'uint8', true, 13);
    const branch: Graph = { ...graph, name: 'then', inputs: [], initializers: new Map() };
    const outer: Graph = {
      ...graph,
      nodes: [
        {
          name: 'if',
          opType: 'If',
          domain: '',
          inputs: ['cond'],
          outputs: ['y'],
          attributes: new Map([
            ['then_branch', { kind: 'graph', value: branch }],
            ['else_branch', { kind: 'graph', value: branch }],
          ]),
        },
      ],
    };
    const got = contribQdqToDefault(outer);
    const sub = got.nodes[0].attributes.get('then_branch');
    expect(sub?.kind).toBe('graph');
    const nodes = (sub as { value: Graph }).value.nodes;
    expect(nodes.filter((n) => /quantizeLinear$/i.test(n.opType)).map((n) => n.domain)).toEqual(['', '', '', '', '']);
    expect(nodes.find((n) => n.opType === 'Conv')).toBe(branch.nodes.find((n) => n.opType === 'Conv'));
  });
});
