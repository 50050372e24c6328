/**
 * ops/chains.ts: runs of per-channel element-wise steps on an 8-bit tensor become one ChannelTable step (a table per
 * channel, computed at load time by the chain's own host operators). Checked: which chains fuse (and which must
 * not: an intermediate value read elsewhere, a full-shape operand, a per-axis DequantizeLinear), the product equal
 * to the reference executor on the unfused graph (checkModel: layouts auto / nchw, arena reuse on / off with guard
 * bytes) and to the product with the pass off, on odd planes (the kernel's 4-element steps and tails), odd channel
 * counts, batch 2 (the channel index wraps) and 1-3 threads.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { checkModel, randomFeed } from './helpers/model-builders.js';
import { AT, le, writeModel, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';
import { rng } from './helpers/rng.js';

type Q = 'uint8' | 'int8';
const CM = 'com.microsoft';
const f = (name: string, dims: number[], v: number[]): TensorSpec => ({ name, dataType: DT_OF.float32, dims, raw: le(Float32Array.from(v)) });
const q = (name: string, t: Q, dims: number[], v: number[]): TensorSpec => ({ name, dataType: DT_OF[t], dims, raw: le(t === 'uint8' ? Uint8Array.from(v) : Int8Array.from(v)) });

/**
 * x (8-bit [N, C, H, W]) -> QLinearAdd(x, per-channel constant) -> QLinearMul(., scalar) -> DequantizeLinear ->
 * BatchNormalization -> Relu [-> Clip -> QuantizeLinear]; `tap`: the QLinearAdd's output is also a graph output;
 * `full`: the QLinearAdd's operand has the input's whole shape (not per channel).
 */
function chainModel(t: Q, [N, C, H, W]: number[], opts: { requant?: boolean; tap?: boolean; full?: boolean } = {}): Uint8Array {
  const r = rng(C * 31 + H);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const bDims = opts.full ? [N, C, H, W] : [C, 1, 1];
  const bN = bDims.reduce((a, b) => a * b, 1);
  const inits: TensorSpec[] = [
    f('sx', [], [0.031]), q('zx', t, [], [z + 5]), q('B', t, bDims, rnd(bN, z - 100, z + 100)), f('sB', [], [0.047]), q('zB', t, [], [z - 3]),
    f('sa', [], [0.052]), q('za', t, [], [z + 9]), q('k', t, [], [z + 40]), f('sk', [], [0.02]), q('zk', t, [], [z]),
    f('sm', [], [0.013]), q('zm', t, [], [z - 20]),
    f('gamma', [C], rnd(C, -20, 20).map((v) => v / 10)), f('beta', [C], rnd(C, -30, 30).map((v) => v / 17)),
    f('mean', [C], rnd(C, -10, 10).map((v) => v / 7)), f('var', [C], rnd(C, 1, 30).map((v) => v / 9)),
    f('lo', [], [0.05]), f('hi', [], [1.5]), f('sy', [], [0.009]), q('zy', t, [], [z - 60]),
  ];
  const nodes: NodeSpec[] = [
    { opType: 'QLinearAdd', domain: CM, inputs: ['x', 'sx', 'zx', 'B', 'sB', 'zB', 'sa', 'za'], outputs: ['a'] },
    { opType: 'QLinearMul', domain: CM, inputs: ['k', 'sk', 'zk', 'a', 'sa', 'za', 'sm', 'zm'], outputs: ['m'] },
    { opType: 'DequantizeLinear', inputs: ['m', 'sm', 'zm'], outputs: ['d'] },
    { opType: 'BatchNormalization', inputs: ['d', 'gamma', 'beta', 'mean', 'var'], outputs: ['n'], attributes: [{ name: 'epsilon', type: AT.FLOAT, f: 0.001 }] },
    { opType: 'Relu', inputs: ['n'], outputs: ['y'] },
  ];
  if (opts.requant) {
    nodes.push({ opType: 'Clip', inputs: ['y', 'lo', 'hi'], outputs: ['c'] }, { opType: 'QuantizeLinear', inputs: ['c', 'sy', 'zy'], outputs: ['yq'] });
  }
  const out = opts.requant ? { name: 'yq', elemType: DT_OF[t] } : { name: 'y', elemType: DT_OF.float32 };
  return writeModel({
    irVersion: 8, opsets: [['', 13], [CM, 1]],
    graph: {
      name: 'chain', nodes, initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF[t], shape: [N, C, H, W] }],
      outputs: [out, ...(opts.tap ? [{ name: 'a', elemType: DT_OF[t] }] : [])],
    },
  });
}

describe('per-channel chains become one ChannelTable step', () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2, 3]) {
      it(`${t}, ${threads} thread(s): QLinearAdd -> QLinearMul -> DQ -> BN -> Relu (-> Clip -> Q): one step, outputs equal to the reference and to the unfused steps`, async () => {
        const rt = await createRuntime({ threads });
        try {
          for (const dims of [[1, 3, 5, 7], [2, 5, 9, 13], [1, 8, 33, 40]])
            for (const requant of [false, true]) {
              const bytes = chainModel(t, dims, { requant });
              checkModel(rt, bytes, dims[2]);
              const m = loadModelSync(rt, bytes);
              const plain = loadModelSync(rt, bytes, {}, { channelChains: false });
              try {
                const steps = m.nodes.filter((n) => n.op !== 'Relayout');
                expect(steps.map((n) => n.op)).toEqual(['ChannelTable']);
                expect(steps[0].algorithm).toBe(requant ? 'channel-table' : 'channel-table-f32');
                expect(plain.nodes.length).toBe(requant ? 7 : 5);
                const feeds = { x: randomFeed(9, t, dims.reduce((a, b) => a * b, 1)) };
                const a = m.run(feeds), b = plain.run(feeds);
                const o = m.outputs[0].name;
                expect(Array.from(a[o] as Float32Array), o).toEqual(Array.from(b[o] as Float32Array));
              } finally {
                m.dispose();
                plain.dispose();
              }
            }
        } finally {
          rt.dispose();
        }
      });
    }
    it(`${t}: an intermediate value read elsewhere splits the chain; a full-shape operand is not per channel`, async () => {
      const rt = await createRuntime();
      try {
        const dims = [1, 4, 6, 5];
        const tapped = chainModel(t, dims, { tap: true });
        checkModel(rt, tapped, 3);
        const m = loadModelSync(rt, tapped);
        // 'a' is an output: QLinearAdd stays, the rest (QLinearMul -> DQ -> BN -> Relu) is one table
        expect(m.nodes.filter((n) => n.op !== 'Relayout').map((n) => n.op)).toEqual(['QLinearAdd', 'ChannelTable']);
        m.dispose();
        const full = chainModel(t, dims, { full: true });
        checkModel(rt, full, 4);
        const m2 = loadModelSync(rt, full);
        expect(m2.nodes.filter((n) => n.op !== 'Relayout').map((n) => n.op)).toEqual(['QLinearAdd', 'ChannelTable']);
        m2.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
