// rt.loadModel end to end on small seeded QOperator models: chains of QLinearConv (dense, depthwise, 1x1, strided,
// a first layer with 3 input channels, uint8 and int8 activations, symmetric int8 weights and the general path's
// uint8 / zero-point weights), QLinearMatMul and QGemm as 1x1 convolutions. Each model runs in the product with
// layout 'auto' and 'nchw', with and without arena reuse (guard bytes after every value), and must equal the
// reference executor bit for bit.
import { loadModelSync } from '../src/model/load.js';
import { describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { checkModel, convChain } from './helpers/model-builders.js';
import { AT, le, writeModel, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';
import { randInt, rng } from './helpers/rng.js';
import type { Tensor } from '../src/model/ir.js';

describe('rt.loadModel: QLinearConv chains', () => {
  let rt: Runtime;
  it('loads a runtime', async () => {
    rt = await createRuntime();
  });
  for (const act of ['uint8', 'int8'] as const) {
    it(`${act}: first layer 3->8 3x3 s2, depthwise, 1x1, dense 3x3`, () => {
      checkModel(rt, convChain(11, act, 3, 17, [
        { oc: 8, k: 3, stride: 2, pad: 1 }, { oc: 8, k: 3, stride: 1, pad: 1, group: 8 }, { oc: 16, k: 1, stride: 1, pad: 0 }, { oc: 12, k: 3, stride: 1, pad: 1 },
      ]));
    });
    it(`${act}: odd channels (NCHW only) and per-tensor weights`, () => {
      checkModel(rt, convChain(12, act, 5, 9, [{ oc: 7, k: 3, stride: 1, pad: 1 }, { oc: 6, k: 1, stride: 1, pad: 0 }], { perChannel: false }));
    });
    it(`${act}: general path: uint8 weights with zero points, int8 weights with a nonzero zero point`, () => {
      checkModel(rt, convChain(13, act, 8, 7, [
        { oc: 8, k: 3, stride: 1, pad: 1, wType: 'uint8', wZp: 255 }, { oc: 8, k: 1, stride: 1, pad: 0, wType: 'uint8', wZp: 3 },
        { oc: 8, k: 3, stride: 2, pad: 0, wZp: -7 }, { oc: 4, k: 3, stride: 1, pad: 1, group: 4, wType: 'uint8', wZp: 128 },
      ]));
    });
  }
  it('a malformed model is BAD_MODEL and the runtime keeps working', () => {
    const bytes = convChain(14, 'uint8', 4, 5, [{ oc: 4, k: 1, stride: 1, pad: 0 }]);
    let err: unknown;
    try {
      loadModelSync(rt, bytes.subarray(0, bytes.length - 9));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(I8ConvError);
    expect((err as I8ConvError).code).toBe('BAD_MODEL');
    checkModel(rt, bytes);
  });
});

describe('rt.loadModel: branches joined by QLinearConcat, QLinearAdd and a LUT', () => {
  it('equals the reference in every layout (tables per input, copies, NCHW44 concat)', async () => {
    const rt = await createRuntime();
    const r = rng(41);
    const f = (dims: number[], v: number[]) => ({ type: 'float32' as const, dims, data: Float32Array.from(v) });
    const u = (v: number) => ({ type: 'uint8' as const, dims: [] as number[], data: Uint8Array.of(v) });
    const init = (name: string, t: Omit<Tensor, 'name'>): TensorSpec => ({ name, dataType: DT_OF[t.type], dims: t.dims, raw: le(t.data) });
    const inits: TensorSpec[] = [init('xs', f([], [0.02])), init('xz', u(128))];
    const nodes: NodeSpec[] = [];
    for (const [k, oc, ys, yz] of [[0, 8, 0.05, 120], [1, 4, 0.07, 131], [2, 8, 0.05, 120]] as const) {
      inits.push(init(`w${k}`, { type: 'int8', dims: [oc, 4, 3, 3], data: Int8Array.from({ length: oc * 36 }, () => randInt(r, -100, 100)) }),
        init(`ws${k}`, f([], [0.01])), init(`wz${k}`, { type: 'int8', dims: [], data: Int8Array.of(0) }), init(`ys${k}`, f([], [ys])), init(`yz${k}`, u(yz)));
      nodes.push({ opType: 'QLinearConv', inputs: ['x', 'xs', 'xz', `w${k}`, `ws${k}`, `wz${k}`, `ys${k}`, `yz${k}`], outputs: [`c${k}`], attributes: [{ name: 'pads', type: AT.INTS, ints: [1, 1, 1, 1] }] });
    }
    inits.push(init('ts', f([], [0.06])), init('tz', u(125)), init('as', f([], [0.09])), init('az', u(127)));
    nodes.push({ opType: 'QLinearConcat', domain: 'com.microsoft', inputs: ['ts', 'tz', 'c0', 'ys0', 'yz0', 'c1', 'ys1', 'yz1', 'c2', 'ys2', 'yz2'], outputs: ['cat'], attributes: [{ name: 'axis', type: AT.INT, i: 1 }] });
    nodes.push({ opType: 'QLinearSigmoid', domain: 'com.microsoft', inputs: ['cat', 'ts', 'tz', 'ts', 'tz'], outputs: ['sig'] });
    nodes.push({ opType: 'QLinearAdd', domain: 'com.microsoft', inputs: ['sig', 'ts', 'tz', 'cat', 'ts', 'tz', 'as', 'az'], outputs: ['y'] });
    const bytes = writeModel({
      irVersion: 8, opsets: [['', 13], ['com.microsoft', 1]],
      graph: { name: 'branches', nodes, initializers: inits, inputs: [{ name: 'x', elemType: DT_OF.uint8, shape: [1, 4, 9, 11] }], outputs: [{ name: 'y', elemType: DT_OF.uint8 }] },
    });
    checkModel(rt, bytes);
    rt.dispose();
  });
});
