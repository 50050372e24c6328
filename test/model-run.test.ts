// rt.loadModel end to end on small seeded QOperator models: chains of QLinearConv (dense, depthwise, 1x1, strided,
// a first layer with 3 input channels, uint8 and int8 activations, symmetric int8 weights and the general path's
// uint8 / zero-point weights), QLinearMatMul and QGemm as 1x1 convolutions. Each model runs in the product with
// layout 'auto' and 'nchw', with and without arena reuse (guard bytes after every value), and must equal the
// reference executor bit for bit.
import { loadModelSync } from '../src/model/load.js';
import { describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { branchesModel, checkModel, convChain } from './helpers/model-builders.js';
import { AT, le, writeModel } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';

describe('rt.loadModel: QLinearConv chains', () => {
  let rt: Runtime;
  it('loads a runtime', async () => {
    rt = await createRuntime();
  });
  for (const act of ['uint8', 'int8'] as const) {
    it(`${act}: first layer 3->8 3x3 s2, depthwise, 1x1, dense 3x3`, () => {
      checkModel(
        rt,
        convChain(11, act, 3, 17, [
          { oc: 8, k: 3, stride: 2, pad: 1 },
          { oc: 8, k: 3, stride: 1, pad: 1, group: 8 },
          { oc: 16, k: 1, stride: 1, pad: 0 },
          { oc: 12, k: 3, stride: 1, pad: 1 },
        ]),
      );
    });
    it(`${act}: odd channels (NCHW only) and per-tensor weights`, () => {
      checkModel(
        rt,
        convChain(
          12,
          act,
          5,
          9,
          [
            { oc: 7, k: 3, stride: 1, pad: 1 },
            { oc: 6, k: 1, stride: 1, pad: 0 },
          ],
          { perChannel: false },
        ),
      );
    });
    it(`${act}: general path: uint8 weights with zero points, int8 weights with a nonzero zero point`, () => {
      checkModel(
        rt,
        convChain(13, act, 8, 7, [
          { oc: 8, k: 3, stride: 1, pad: 1, wType: 'uint8', wZp: 255 },
          { oc: 8, k: 1, stride: 1, pad: 0, wType: 'uint8', wZp: 3 },
          { oc: 8, k: 3, stride: 2, pad: 0, wZp: -7 },
          { oc: 4, k: 3, stride: 1, pad: 1, group: 4, wType: 'uint8', wZp: 128 },
        ]),
      );
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

describe('rt.loadModel: 1-D QLinearConv chains (a VAD encoder: [N, C, L] values relayout by the wasm kernel)', () => {
  for (const act of ['uint8', 'int8'] as const) {
    it(`${act}: 1 -> 8 k 5 s 2, 8 -> 8 k 3, 8 -> 12 k 3 s 2, 12 -> 4 k 1; lengths 9, 33 and 257`, async () => {
      const rt = await createRuntime({ threads: 1 });
      try {
        for (const [i, len] of [9, 33, 257].entries()) {
          const layers = [
            { oc: 8, k: 5, stride: 2, pad: 2 },
            { oc: 8, k: 3, stride: 1, pad: 1 },
            { oc: 12, k: 3, stride: 2, pad: 1 },
            { oc: 4, k: 1, stride: 1, pad: 0 },
          ];
          const bytes = convChain(40 + i, act, 1, len, layers, { oneD: true, tap: [1] });
          checkModel(rt, bytes);
          // the plan's relayouts of these 3-D values (NCHW44 convolutions, NCHW outputs) run the kernel, not a loop
          const m = loadModelSync(rt, bytes);
          const algos = m.nodes.filter((n) => n.op === 'Relayout').map((n) => n.algorithm);
          expect(algos.length).toBeGreaterThan(0);
          expect(algos.filter((a) => a === 'relayout-host')).toEqual([]);
          m.dispose();
        }
      } finally {
        rt.dispose();
      }
    });
  }
});

describe('rt.loadModel: branches joined by QLinearConcat, QLinearAdd and a LUT', () => {
  it('equals the reference in every layout (tables per input, copies, NCHW44 concat)', async () => {
    const rt = await createRuntime();
    const bytes = branchesModel();
    checkModel(rt, bytes);
    rt.dispose();
  });
});

describe('rt.loadModel: QLinearConcat of a constant input requantized (its table applied once, when built)', () => {
  for (const t of ['uint8', 'int8'] as const) {
    it(`${t}: equals the reference`, async () => {
      const rt = await createRuntime();
      const z = t === 'uint8' ? 128 : 0;
      const q = (name: string, v: number[]) => ({
        name,
        dataType: DT_OF[t],
        dims: v.length === 1 ? [] : [1, 3, 5, 7],
        raw: le(t === 'uint8' ? Uint8Array.from(v) : Int8Array.from(v)),
      });
      const fl = (name: string, v: number) => ({
        name,
        dataType: DT_OF.float32,
        dims: [],
        raw: le(Float32Array.of(v)),
      });
      // every byte of the type in the constant, so that the whole table is read
      const cv = Array.from({ length: 105 }, (_, i) => ((i * 37) % 256) - (t === 'uint8' ? 0 : 128));
      const bytes = writeModel({
        irVersion: 8,
        opsets: [
          ['', 13],
          ['com.microsoft', 1],
        ],
        graph: {
          name: 'concat-constant',
          nodes: [
            {
              opType: 'QLinearConcat',
              domain: 'com.microsoft',
              inputs: ['ys', 'yz', 'x', 'xs', 'xz', 'c', 'cs', 'cz'],
              outputs: ['y'],
              attributes: [{ name: 'axis', type: AT.INT, i: 1 }],
            },
          ],
          initializers: [
            fl('ys', 0.043),
            q('yz', [z + 5]),
            fl('xs', 0.043),
            q('xz', [z + 5]),
            fl('cs', 0.117),
            q('cz', [z - 20]),
            q('c', cv),
          ],
          inputs: [{ name: 'x', elemType: DT_OF[t], shape: [1, 2, 5, 7] }],
          outputs: [{ name: 'y', elemType: DT_OF[t] }],
        },
      });
      checkModel(rt, bytes);
      rt.dispose();
    });
  }
});

describe('rt.loadModel: QLinearAdd / QLinearMul with a constant scalar operand (tables, composed into one)', () => {
  for (const t of ['uint8', 'int8'] as const) {
    it(`${t}: equals the reference (1,024 random input bytes)`, async () => {
      const rt = await createRuntime();
      const q = (v: number) => ({
        name: '',
        dataType: DT_OF[t],
        dims: [],
        raw: le(t === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v)),
      });
      const fl = (v: number) => ({ name: '', dataType: DT_OF.float32, dims: [], raw: le(Float32Array.of(v)) });
      const z = t === 'uint8' ? 128 : 0;
      const inits = [
        { ...fl(0.037), name: 'xs' },
        { ...q(z + 3), name: 'xz' },
        { ...fl(0.05), name: 'cs' },
        { ...q(z - 9), name: 'cz' },
        { ...q(t === 'uint8' ? 200 : 77), name: 'k' },
        { ...fl(0.021), name: 'ys' },
        { ...q(z + 11), name: 'yz' },
      ];
      const bytes = writeModel({
        irVersion: 8,
        opsets: [
          ['', 13],
          ['com.microsoft', 1],
        ],
        graph: {
          name: 'scalar-binary',
          nodes: [
            {
              opType: 'QLinearAdd',
              domain: 'com.microsoft',
              inputs: ['x', 'xs', 'xz', 'k', 'cs', 'cz', 'ys', 'yz'],
              outputs: ['a'],
            },
            {
              opType: 'QLinearMul',
              domain: 'com.microsoft',
              inputs: ['k', 'cs', 'cz', 'a', 'ys', 'yz', 'xs', 'xz'],
              outputs: ['y'],
            },
          ],
          initializers: inits,
          inputs: [{ name: 'x', elemType: DT_OF[t], shape: [1, 4, 16, 16] }],
          outputs: [{ name: 'y', elemType: DT_OF[t] }],
        },
      });
      const m = await rt.loadModel(bytes);
      // the two tables compose into one (passes/fuse-luts.ts)
      expect(m.nodes.map((n) => n.algorithm)).toEqual(['lut-word']);
      m.dispose();
      checkModel(rt, bytes);
      rt.dispose();
    });
  }
});
