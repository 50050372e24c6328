// Per-channel chains that read an earlier value of the chain again (src/model/graph/passes/fuse-channel-chains.ts:
// x * f(x)): HardSwish written out as Paddle and PyTorch export it (x * Clip(x + 3, 0, 6) / 6), Swish (Sigmoid(x) *
// x), a per-channel operand in such a chain, after the DequantizeLinear of an 8-bit tensor; to a float output read
// twice (a graph output and a QuantizeLinear, as PP-LCNet's SE blocks read it) and to 8 bits. Each: one ChannelTable
// step (no float region), and the outputs equal onnxruntime-web's on the same file and the reference executor's,
// bit for bit, uint8 and int8, odd sizes, batch 2, 1 and 2 threads. Not fused (and equal too): the earlier value also
// read outside the chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { named } from './helpers/model-tensors.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import { loadModelSync } from '../src/model/load.js';
import { loadOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
type Q = 'uint8' | 'int8';
type Kind = 'hardswish' | 'swish' | 'channel' | 'tapped';

function model(kind: Kind, type: Q, dims: number[], seed: number): { bytes: Uint8Array; x: Tensor; fused: boolean } {
  const r = rng(seed);
  const C = dims[1];
  const code = (v: number) => (type === 'uint8' ? Uint8Array.of(v + 128) : Int8Array.of(v));
  const f = (name: string, v: number) => named(name, 'float32', [], Float32Array.of(v));
  const inits: Tensor[] = [
    f('xs', 0.05),
    named('xzp', type, [], code(-10)),
    f('ys', 0.03),
    named('yzp', type, [], code(-100)),
  ];
  inits.push(f('three', 3), f('zero', 0), f('six', 6));
  inits.push(
    named(
      'g',
      'float32',
      [1, C, 1, 1],
      Float32Array.from({ length: C }, () => Math.fround(r() * 2 - 0.5)),
    ),
  );
  const nodes: Node[] = [makeNode('DequantizeLinear', ['x', 'xs', 'xzp'], ['a'], {}, { name: 'dq' })];
  const outputs = [valueInfo('e', 'float32', null), valueInfo('y', 'float32', null)];
  if (kind === 'hardswish' || kind === 'tapped') {
    nodes.push(
      makeNode('Add', ['a', 'three'], ['b'], {}, { name: 'add3' }),
      makeNode('Clip', ['b', 'zero', 'six'], ['c'], {}, { name: 'clip' }),
      makeNode('Mul', ['a', 'c'], ['d'], {}, { name: 'mul' }),
      makeNode('Div', ['d', 'six'], ['e'], {}, { name: 'div6' }),
    );
    if (kind === 'tapped') outputs.push(valueInfo('a', 'float32', null));
  } else if (kind === 'swish') {
    nodes.push(
      makeNode('Sigmoid', ['a'], ['s'], {}, { name: 'sig' }),
      makeNode('Mul', ['s', 'a'], ['e'], {}, { name: 'mul' }),
    );
  } else {
    nodes.push(
      makeNode('Mul', ['a', 'g'], ['m'], {}, { name: 'mulg' }),
      makeNode('Max', ['m', 'a'], ['e'], {}, { name: 'max' }),
    );
  }
  nodes.push(
    makeNode('QuantizeLinear', ['e', 'ys', 'yzp'], ['eq'], {}, { name: 'q' }),
    makeNode('DequantizeLinear', ['eq', 'ys', 'yzp'], ['y'], {}, { name: 'dqy' }),
  );
  const g: Graph = {
    name: 'chain-pairs',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [valueInfo('x', type, dims)],
    outputs,
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  const n = dims.reduce((s, d) => s * d, 1);
  const data =
    type === 'uint8'
      ? Uint8Array.from({ length: n }, () => Math.floor(r() * 256))
      : Int8Array.from({ length: n }, () => Math.floor(r() * 256) - 128);
  return { bytes: writeOnnxModel(g), x: named('x', type, dims, data), fused: kind !== 'tapped' };
}

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

describe('per-channel chains that read an earlier value again: one ChannelTable', () => {
  for (const kind of ['hardswish', 'swish', 'channel', 'tapped'] as const)
    for (const type of ['uint8', 'int8'] as const)
      it(`${kind}, ${type}`, async () => {
        for (const [i, dims] of [
          [1, 8, 13, 11],
          [2, 5, 7, 9],
        ].entries()) {
          const { bytes, x, fused } = model(kind, type, dims, 40 + i);
          const feeds = new Map([['x', x]]);
          const ref = runReference(readOnnxModel(bytes), feeds);
          if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
          const names = readOnnxModel(bytes).outputs.map((o) => o.name);
          const o = await ortRunModel(bytes, feeds, names);
          for (const rt of [rt1, rt2]) {
            const m = loadModelSync(rt, bytes);
            try {
              const ops = m.nodes.map((s) => s.op);
              if (fused) {
                expect(ops, JSON.stringify(ops)).toContain('ChannelTable');
                expect(ops).not.toContain('ElementwiseRegion');
                expect(ops).not.toContain('Mul');
              }
              const out = m.run({ x: x.data as Uint8Array });
              for (const name of names) {
                const got = { ...ref.get(name)!, data: out[name] };
                expect(tensorBits(got), `${name} [${dims}] vs onnxruntime-web`).toEqual(tensorBits(o.get(name)!));
                expect(tensorBits(got), `${name} [${dims}] vs the reference`).toEqual(tensorBits(ref.get(name)!));
              }
            } finally {
              m.dispose();
            }
          }
        }
      });
});
