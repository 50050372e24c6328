/**
 * The model's fusion passes on 8-bit element-wise and resize steps, each held to the reference executor on the
 * unfused graph (checkModel: layouts auto / nchw, arena reuse on / off with guard bytes) and to the product with the
 * pass turned off (its loader hook), on odd shapes, both layouts, batch 2 and 1-3 threads:
 * - src/model/graph/passes/fuse-channel-gates.ts: a QLinearMul of x by a per-channel tensor g of the same run (a
 *   squeeze-and-excitation gate), and the QLinearAdd of x and that product, become one ChannelGate step (tables per
 *   channel made each run, then one look-up pass): the add in either operand order, the product alone on a large
 *   plane; not when the product is read elsewhere or the plane is small;
 * - a chain that starts with QuantizeLinear of a float32 tensor becomes one ChannelTable step that quantizes first
 *   ('quantize-channel-table'), NaN and infinities included;
 * - a ChannelTable step writes over its input where a step wrote it and the element sizes agree (in place);
 * - src/model/graph/passes/fuse-concat-feeders.ts: a Resize feeding a concat writes into the concat's output, through the input's
 *   requantization table (nearest and linear; batch 2 keeps the steps);
 * - passes/fold-pad.ts: a Pad of 8-bit data before a QLinearConv (padding with its zero point) or a MaxPool (with the
 *   smallest code) becomes the window's own padding; a Pad with another value, or one that is a graph output, stays. */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { checkModel, randomFeed } from './helpers/model-builders.js';
import {
  concatModel,
  f,
  gateModel,
  producedChainModel,
  q,
  quantChainModel,
  type GateOpts,
  type Q,
} from './helpers/fusion-models.js';
import { AT, le, writeModel, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';
import { rng } from './helpers/rng.js';

const steps = (m: { nodes: readonly { op: string }[] }) => m.nodes.filter((n) => n.op !== 'Relayout').map((n) => n.op);

describe('squeeze-and-excitation gates become one ChannelGate step', () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2, 3]) {
      it(`${t}, ${threads} thread(s): x + x * g (both operand orders, NCHW44 and NCHW, batch 2): outputs equal to the reference and to the unfused steps`, async () => {
        const rt = await createRuntime({ threads });
        try {
          const cases: [number[], GateOpts][] = [
            [[1, 8, 9, 13], { conv: true }],
            [[1, 12, 33, 40], { conv: true, add: 'mx', swapMul: true }],
            [[2, 5, 11, 7], { add: 'mx' }],
            [[2, 8, 8, 9], { conv: true, swapMul: true }],
            [[1, 3, 37, 31], { add: 'none' }],
          ];
          for (const [dims, o] of cases) {
            const bytes = gateModel(t, dims, o);
            checkModel(rt, bytes, dims[2]);
            const m = loadModelSync(rt, bytes);
            const plain = loadModelSync(rt, bytes, {}, { channelGates: false });
            try {
              const gate = m.nodes.find((n) => n.op === 'ChannelGate');
              expect(gate?.algorithm, JSON.stringify(o)).toBe(
                o.add === 'none' ? 'gate-mul-table' : 'gate-mul-add-table',
              );
              expect(steps(m)).not.toContain('QLinearMul');
              expect(steps(m)).not.toContain('QLinearAdd');
              expect(steps(plain)).toContain('QLinearMul');
              if (o.conv) expect(gate!.layout).toBe('NCHW44');
              const feeds = {
                x: randomFeed(
                  dims[3],
                  t,
                  dims.reduce((a, b) => a * b, 1),
                ),
              };
              const a = m.run(feeds),
                b = plain.run(feeds);
              for (const out of m.outputs)
                expect(Array.from(a[out.name] as Uint8Array), out.name).toEqual(Array.from(b[out.name] as Uint8Array));
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
    it(`${t}: a product read elsewhere keeps its add; small planes keep a lone product`, async () => {
      const rt = await createRuntime();
      try {
        for (const [dims, o, want] of [
          [
            [1, 8, 40, 40],
            { conv: true, tap: true },
            ['QLinearConv', 'QLinearGlobalAveragePool', 'QLinearSigmoid', 'ChannelGate', 'QLinearAdd'],
          ],
          [
            [1, 8, 9, 9],
            { conv: true, tap: true },
            ['QLinearConv', 'QLinearGlobalAveragePool', 'QLinearSigmoid', 'QLinearMul', 'QLinearAdd'],
          ],
          [[1, 8, 9, 9], { add: 'none' }, ['QLinearGlobalAveragePool', 'QLinearSigmoid', 'QLinearMul']],
        ] as [number[], GateOpts, string[]][]) {
          const bytes = gateModel(t, dims, o);
          checkModel(rt, bytes, 5);
          const m = loadModelSync(rt, bytes);
          expect(steps(m), JSON.stringify([dims, o])).toEqual(want);
          m.dispose();
        }
      } finally {
        rt.dispose();
      }
    });
  }
});

describe('a chain that starts by quantizing a float32 tensor quantizes in its ChannelTable step', () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2]) {
      it(`${t}, ${threads} thread(s): Q -> QLinearAdd -> DQ -> Relu: one step, equal to the reference and to the unfused steps (NaN, infinities, saturation)`, async () => {
        const rt = await createRuntime({ threads });
        try {
          for (const dims of [
            [1, 3, 5, 7],
            [2, 5, 9, 13],
            [1, 4, 130, 131],
          ]) {
            const bytes = quantChainModel(t, dims);
            checkModel(rt, bytes, dims[3]);
            const m = loadModelSync(rt, bytes);
            const plain = loadModelSync(rt, bytes, {}, { channelChains: false });
            try {
              expect(m.nodes.map((n) => n.algorithm)).toEqual(['quantize-channel-table-f32']);
              const n = dims.reduce((a, b) => a * b, 1);
              const x = randomFeed(3, 'float32', n) as Float32Array;
              for (let i = 0; i < n; i++) x[i] *= 3; // beyond the quantized range at both ends
              [NaN, Infinity, -Infinity, -0, 1e30].forEach((v, k) => (x[(k * 7919) % n] = v));
              const a = m.run({ x }),
                b = plain.run({ x });
              expect(Array.from(a.y as Float32Array)).toEqual(Array.from(b.y as Float32Array));
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
  }
});

describe("a Resize feeding a concat writes into the concat output (through the input's requantization table)", () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2]) {
      it(`${t}, ${threads} thread(s): nearest and linear, NCHW44 and NCHW: outputs equal to the reference and to the unfused steps; batch 2 keeps the steps`, async () => {
        const rt = await createRuntime({ threads });
        try {
          for (const [N, chans, mode, conv] of [
            [1, [8, 4, 4], 'nearest', true],
            [1, [3, 5, 2], 'nearest', false],
            [1, [4, 8, 4], 'linear', true],
            [2, [4, 4, 4], 'nearest', true],
          ] as [number, number[], 'nearest' | 'linear', boolean][]) {
            const bytes = concatModel(t, N, chans, mode, conv);
            checkModel(rt, bytes, chans[0] + N);
            const m = loadModelSync(rt, bytes);
            const plain = loadModelSync(rt, bytes, {}, { concatFeeders: false });
            try {
              const what = JSON.stringify([N, chans, mode, conv]);
              expect(steps(m).filter((s) => s === 'Resize').length, what).toBe(N === 1 ? 0 : 2);
              expect(steps(plain).filter((s) => s === 'Resize').length, what).toBe(2);
              if (N === 1)
                expect(m.nodes.find((n) => n.op === 'QLinearConcat')!.algorithm, what).toMatch(/\+lut\+resize-/);
              const feeds = Object.fromEntries(
                m.inputs.map((i, k) => [
                  i.name,
                  randomFeed(
                    k + 3,
                    t,
                    i.shape.reduce((a, b) => a * b, 1),
                  ),
                ]),
              );
              const a = m.run(feeds),
                b = plain.run(feeds);
              expect(Array.from(a.y as Uint8Array), what).toEqual(Array.from(b.y as Uint8Array));
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
  }
});

describe('a ChannelTable step over a value a step wrote (it may write over it)', () => {
  for (const threads of [1, 2]) {
    it(`${threads} thread(s): float to float after a Relu, bytes to bytes after a convolution: equal to the reference (arena reuse on and off) and to the unfused steps`, async () => {
      const rt = await createRuntime({ threads });
      try {
        for (const kind of ['float', 'bytes'] as const)
          for (const dims of [
            [1, 3, 5, 7],
            [2, 5, 33, 31],
          ]) {
            const bytes = producedChainModel(kind, dims);
            checkModel(rt, bytes, dims[3]);
            const m = loadModelSync(rt, bytes);
            const plain = loadModelSync(rt, bytes, {}, { channelChains: false });
            try {
              expect(steps(m), kind).toContain('ChannelTable');
              // the step's output shares its input's bytes (the memory plan's in-place reuse)
              const values = (m as unknown as { current: { values: Map<string, { aliasOf?: string }> } }).current
                .values;
              expect(values.get('c')?.aliasOf, kind).toBe(kind === 'float' ? 'rx' : 'xq');
              const feeds = {
                x: randomFeed(
                  dims[2],
                  kind === 'float' ? 'float32' : 'uint8',
                  dims.reduce((a, b) => a * b, 1),
                ),
              };
              const a = m.run(feeds),
                b = plain.run(feeds);
              expect(Array.from(a.y as Float32Array), `${kind} ${dims}`).toEqual(Array.from(b.y as Float32Array));
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
});

describe('passes/fold-pad.ts: a Pad of 8-bit data read only by a QLinearConv or MaxPool becomes its padding', () => {
  /** x -> Pad (value v) -> QLinearConv 3x3 (own pads [0, 1, 0, 0]) -> y, and x -> Pad (value u) -> MaxPool 3x3 s2 -> m. */
  function padModel(t: Q, v: number, u: number, tapPad: boolean): Uint8Array {
    const r = rng(5);
    const z = t === 'uint8' ? 128 : 0;
    const inits: TensorSpec[] = [
      f('sx', [], [0.03]),
      q('zx', t, [], [z + 9]),
      f('sy', [], [0.05]),
      q('zy', t, [], [z - 3]),
      q(
        'w',
        'int8',
        [6, 5, 3, 3],
        Array.from({ length: 270 }, () => Math.round(-127 + r() * 254)),
      ),
      f('ws', [], [0.01]),
      q('wz', 'int8', [], [0]),
      { name: 'pc', dataType: DT_OF.int64, dims: [8], raw: le(BigInt64Array.of(0n, 0n, 1n, 2n, 0n, 0n, 2n, 1n)) },
      { name: 'pm', dataType: DT_OF.int64, dims: [8], raw: le(BigInt64Array.of(0n, 0n, 1n, 1n, 0n, 0n, 2n, 1n)) },
      q('v', t, [], [v]),
      q('u', t, [], [u]),
    ];
    const nodes: NodeSpec[] = [
      { opType: 'Pad', inputs: ['x', 'pc', 'v'], outputs: ['xp'] },
      {
        opType: 'QLinearConv',
        inputs: ['xp', 'sx', 'zx', 'w', 'ws', 'wz', 'sy', 'zy'],
        outputs: ['y'],
        attributes: [
          { name: 'kernel_shape', type: AT.INTS, ints: [3, 3] },
          { name: 'pads', type: AT.INTS, ints: [0, 1, 0, 0] },
        ],
      },
      { opType: 'Pad', inputs: ['x', 'pm', 'u'], outputs: ['xm'] },
      {
        opType: 'MaxPool',
        inputs: ['xm'],
        outputs: ['m'],
        attributes: [
          { name: 'kernel_shape', type: AT.INTS, ints: [3, 3] },
          { name: 'strides', type: AT.INTS, ints: [2, 2] },
        ],
      },
    ];
    return writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'pads',
        nodes,
        initializers: inits,
        inputs: [{ name: 'x', elemType: DT_OF[t], shape: [1, 5, 9, 10] }],
        outputs: [
          { name: 'y', elemType: DT_OF[t] },
          { name: 'm', elemType: DT_OF[t] },
          ...(tapPad ? [{ name: 'xp', elemType: DT_OF[t] }] : []),
        ],
      },
    });
  }
  it('folded where the numbers stay the same (the reference executor on the unfused graph decides), kept elsewhere', async () => {
    const rt = await createRuntime({ threads: 1 });
    try {
      for (const t of ['uint8', 'int8'] as const) {
        const z = t === 'uint8' ? 128 : 0;
        const min = t === 'uint8' ? 0 : -128;
        // [conv pad value, max pool pad value, graph output on the conv's Pad, Pads expected to remain]
        for (const [v, u, tap, pads] of [
          [z + 9, min, false, 0],
          [z + 8, min + 1, false, 2],
          [z + 9, min, true, 1],
        ] as const) {
          const bytes = padModel(t, v, u, tap);
          checkModel(rt, bytes);
          const m = loadModelSync(rt, bytes, {});
          try {
            expect(m.nodes.filter((n) => n.op === 'Pad').length, `${t} v ${v} u ${u} tap ${tap}`).toBe(pads);
          } finally {
            m.dispose();
          }
        }
      }
    } finally {
      rt.dispose();
    }
  });
});
