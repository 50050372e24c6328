// Dims only the run decides (src/model/executor/staged.ts): a detector's NonMaxSuppression on boxes and scores its
// convolutions computed, a NonZero of a thresholded map, an Expand / Reshape to a shape computed from an input's
// values. Each model is split at load (head planned, frontier evaluated per run, tail planned per frontier dims) and
// must equal onnxruntime-web bit for bit on every run: selections of many lengths (0 included), float and QDQ-int8
// heads, symbolic input dims, 1 and 2 threads, run and runAsync. Refusals stay at load where no split can run a node.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadOrt, ortRunModel, outputDifferences } from './helpers/one-node.js';
import { quantizeModel } from '../src/quantize/index.js';
import { rng } from './helpers/rng.js';
import { codeOf, oneAndTwoThreads, type ThreadedRuntime } from './helpers/runtimes.js';

const ort = await loadOrt();
let rts: ThreadedRuntime[];
beforeAll(async () => {
  rts = await oneAndTwoThreads();
});
afterAll(() => {
  for (const r of rts ?? []) r.rt.dispose();
});

const A = {
  i: (value: number): Attribute => ({ kind: 'int', value }),
  is: (value: number[]): Attribute => ({ kind: 'ints', value }),
  t: (value: Tensor): Attribute => ({ kind: 'tensor', value }),
};

/** A graph under construction: nodes, initializers, inputs and outputs. */
class Builder {
  nodes: Node[] = [];
  inits = new Map<string, Tensor>();
  inputs: Graph['inputs'] = [];
  outputs: string[] = [];
  constructor(private readonly r: () => number) {}
  node(opType: string, inputs: string[], outputs: string[], attrs: Record<string, Attribute> = {}): string {
    this.nodes.push({
      name: `${opType}_${this.nodes.length}`,
      opType,
      domain: '',
      inputs,
      outputs,
      attributes: new Map(Object.entries(attrs)),
    });
    return outputs[0];
  }
  f32(name: string, dims: number[], scale = 1): string {
    const n = dims.reduce((a, b) => a * b, 1);
    this.inits.set(name, {
      name,
      type: 'float32',
      dims,
      data: Float32Array.from({ length: n }, () => (this.r() * 2 - 1) * scale),
    });
    return name;
  }
  scalar(name: string, type: 'float32' | 'int64' | 'int8' | 'uint8', v: number, dims: number[] = []): string {
    const data =
      type === 'int64'
        ? BigInt64Array.of(BigInt(v))
        : type === 'int8'
          ? Int8Array.of(v)
          : type === 'uint8'
            ? Uint8Array.of(v)
            : Float32Array.of(v);
    this.inits.set(name, { name, type, dims, data });
    return name;
  }
  i64(name: string, values: number[]): string {
    this.inits.set(name, { name, type: 'int64', dims: [values.length], data: BigInt64Array.from(values, BigInt) });
    return name;
  }
  input(name: string, type: Tensor['type'], shape: (number | string)[]): string {
    this.inputs.push({ name, type, onnxElemType: { float32: 1, int64: 7 }[type as 'float32'] ?? 1, shape });
    return name;
  }
  graph(opset = 13): Graph {
    return {
      name: 'g',
      irVersion: 8,
      opsetImports: new Map([['', opset]]),
      inputs: this.inputs,
      outputs: this.outputs.map((name) => ({ name, type: null, onnxElemType: 0, shape: null })),
      initializers: this.inits,
      valueInfo: new Map(),
      nodes: this.nodes,
    };
  }
}

/** A convolution, float or between QuantizeLinear / DequantizeLinear (uint8 activations, int8 weights). */
function conv(b: Builder, x: string, cin: number, cout: number, name: string, q: boolean): string {
  const w = b.f32(`${name}_w`, [cout, cin, 3, 3], 0.5);
  const bias = b.f32(`${name}_b`, [cout], 0.2);
  if (!q) return b.node('Conv', [x, w, bias], [name], { pads: A.is([1, 1, 1, 1]) });
  const s = b.scalar(`${name}_xs`, 'float32', 1 / 64);
  const z = b.scalar(`${name}_xz`, 'uint8', 128);
  const xq = b.node('QuantizeLinear', [x, s, z], [`${name}_xq`]);
  const xd = b.node('DequantizeLinear', [xq, s, z], [`${name}_xd`]);
  const ws = b.scalar(`${name}_ws`, 'float32', 1 / 200);
  const wz = b.scalar(`${name}_wz`, 'int8', 0);
  const wq = b.node('QuantizeLinear', [w, ws, wz], [`${name}_wq`]);
  const wd = b.node('DequantizeLinear', [wq, ws, wz], [`${name}_wd`]);
  return b.node('Conv', [xd, wd, bias], [name], { pads: A.is([1, 1, 1, 1]) });
}

/**
 * A small detector: convolutions give boxes [1, H*W, 4] and per-class scores [1, C, H*W]; NonMaxSuppression selects
 * (its max count, IOU and score thresholds: constants, the score threshold fed where `fedThreshold`); the tail gathers
 * the chosen boxes and counts them. Outputs: the selection, the chosen boxes, their count, the raw scores.
 */
function detector(
  seed: number,
  q: boolean,
  dims: (number | string)[],
  fedThreshold: boolean,
  centerBox: number,
): Graph {
  const b = new Builder(rng(seed));
  const C = 2;
  const x = b.input('x', 'float32', dims);
  const raw = conv(b, x, 3, 4, 'box', q);
  const cls = conv(b, x, 3, C, 'cls', q);
  // [1, 4, H, W] -> [1, 4, H*W] -> [1, H*W, 4]
  const flat = b.node('Reshape', [raw, b.i64('flat_shape', [1, 4, -1])], ['box_flat']);
  const boxes = b.node('Transpose', [flat], ['boxes'], { perm: A.is([0, 2, 1]) });
  const sig = b.node('Sigmoid', [cls], ['cls_sig']);
  const scores = b.node('Reshape', [sig, b.i64('score_shape', [1, C, -1])], ['scores']);
  const thr = fedThreshold
    ? b.input('score_threshold', 'float32', [1])
    : b.scalar('score_threshold', 'float32', 0.6, [1]);
  const sel = b.node(
    'NonMaxSuppression',
    [boxes, scores, b.scalar('max_out', 'int64', 6, [1]), b.scalar('iou', 'float32', 0.3, [1]), thr],
    ['selected'],
    { center_point_box: A.i(centerBox) },
  );
  // the tail: box indices (column 2) -> the boxes of batch 0 -> [k, 4]; the count as an int64 [1]
  const col = b.node('Gather', [sel, b.scalar('two', 'int64', 2)], ['box_index'], { axis: A.i(1) });
  const boxes2d = b.node('Squeeze', [boxes, b.i64('axes0', [0])], ['boxes_2d']);
  b.node('Gather', [boxes2d, col], ['chosen'], { axis: A.i(0) });
  const shape = b.node('Shape', [sel], ['sel_shape']);
  b.node('Slice', [shape, b.i64('s0', [0]), b.i64('s1', [1])], ['count']);
  b.outputs = ['selected', 'chosen', 'count', 'scores'];
  return b.graph();
}

function randomInput(seed: number, dims: number[]): Tensor {
  const r = rng(seed);
  const n = dims.reduce((a, b) => a * b, 1);
  return { name: 'x', type: 'float32', dims, data: Float32Array.from({ length: n }, () => r() * 4 - 2) };
}

/** Differences between i8conv's outputs and onnxruntime-web's, by bits (a count per output: none expected). */
describe('dims only the run decides: the model split at load, its tail planned per run', () => {
  it.skipIf(!ort)(
    'a detector: NonMaxSuppression on computed boxes, float and QDQ heads, equals onnxruntime-web',
    async () => {
      const counts = new Set<number>();
      let runs = 0;
      for (const q of [false, true])
        for (const centerBox of [0, 1]) {
          const g = detector(q ? 7 : 3, q, [1, 3, 6, 5], true, centerBox);
          const bytes = writeOnnxModel(g);
          for (const { rt, load } of rts) {
            const before = rt.memoryInUse;
            const m = load(rt, bytes);
            expect(m.nodes.some((n) => n.op === 'NonMaxSuppression' && n.algorithm === 'run-time')).toBe(true);
            // thresholds from "keep nothing" to "keep everything", inputs of several seeds, run and runAsync in turn
            for (let k = 0; k < 8; k++) {
              const thr = [1.1, 0.9, 0.75, 0.6, 0.5, 0.3, 0.0, -1][k];
              const x = randomInput(100 + k, [1, 3, 6, 5]);
              const t = { name: 'score_threshold', type: 'float32' as const, dims: [1], data: Float32Array.of(thr) };
              const feeds = { x: x.data as Float32Array, score_threshold: t.data as Float32Array };
              const got = k % 2 ? await m.runAsync(feeds) : m.run(feeds);
              const want = await ortRunModel(
                bytes,
                new Map([
                  ['x', x],
                  ['score_threshold', t],
                ]),
                g.outputs.map((o) => o.name),
              );
              expect(outputDifferences(got, want), `q ${q} center ${centerBox} threshold ${thr}`).toEqual([]);
              const count = Number((got.count as BigInt64Array)[0]);
              expect(m.outputShapes.selected).toEqual([count, 3]);
              expect(m.outputShapes.chosen).toEqual([count, 4]);
              counts.add(count);
              runs++;
            }
            expect(m.checkGuards()).toBe(true);
            m.dispose();
            expect(rt.memoryInUse).toBe(before);
          }
        }
      // the runs met empty selections and several lengths
      expect(counts.has(0)).toBe(true);
      expect(counts.size).toBeGreaterThanOrEqual(4);
      expect(runs).toBe(4 * rts.length * 8);
    },
  );

  it.skipIf(!ort)('symbolic input dims: each size plans its head, each selection length its tail', async () => {
    const g = detector(11, true, [1, 3, 'h', 'w'], false, 0);
    const bytes = writeOnnxModel(g);
    for (const { rt, load } of rts) {
      const m = load(rt, bytes, { inputShapes: { x: [1, 3, 4, 4] } });
      for (const [k, hw] of [
        [4, 4],
        [7, 3],
        [4, 4],
        [5, 9],
        [7, 3],
      ].entries()) {
        const x = randomInput(200 + k, [1, 3, ...hw]);
        const got = m.run({ x: { data: x.data as Float32Array, dims: x.dims } });
        const want = await ortRunModel(
          bytes,
          new Map([['x', x]]),
          g.outputs.map((o) => o.name),
        );
        expect(outputDifferences(got, want), `${hw}`).toEqual([]);
        expect(m.outputShapes.scores).toEqual([1, 2, hw[0] * hw[1]]);
      }
      expect(m.plannedShapes().length).toBe(3);
      m.dispose();
    }
  });

  it.skipIf(!ort)('NonZero of a thresholded map, then a Reshape to a shape computed from the count', async () => {
    for (const seed of [1, 2, 3]) {
      const b = new Builder(rng(seed));
      const x = b.input('x', 'float32', [1, 2, 5, 4]);
      const y = conv(b, x, 2, 3, 'c', seed === 2);
      const hot = b.node('Greater', [y, b.scalar('t', 'float32', seed === 3 ? 100 : 0.4)], ['hot']);
      const nz = b.node('NonZero', [hot], ['nz']);
      const pos = b.node('Transpose', [nz], ['pos'], { perm: A.is([1, 0]) });
      // values at those positions: GatherND of y, then Reshape to [count, 1] through Shape / Concat plumbing
      const vals = b.node('GatherND', [y, pos], ['vals']);
      const n = b.node('Shape', [vals], ['n']);
      const shape = b.node('Concat', [n, b.i64('one', [1])], ['vshape'], { axis: A.i(0) });
      b.node('Reshape', [vals, shape], ['col']);
      b.outputs = ['pos', 'col', 'c'];
      const g = b.graph();
      const bytes = writeOnnxModel(g);
      for (const { rt, load } of rts) {
        const m = load(rt, bytes);
        for (let k = 0; k < 3; k++) {
          const xin = randomInput(300 + 10 * seed + k, [1, 2, 5, 4]);
          const got = m.run({ x: xin.data as Float32Array });
          const want = await ortRunModel(
            bytes,
            new Map([['x', xin]]),
            g.outputs.map((o) => o.name),
          );
          expect(outputDifferences(got, want), `seed ${seed} run ${k}`).toEqual([]);
          expect(m.outputShapes.col[1]).toBe(1);
        }
        m.dispose();
      }
    }
  });

  it.skipIf(!ort)('an Expand and a ConstantOfShape to shapes fed as inputs', async () => {
    const b = new Builder(rng(5));
    const x = b.input('x', 'float32', [3, 1]);
    const s = b.input('shape', 'int64', [2]);
    const e = b.node('Expand', [x, s], ['expanded']);
    const z = b.node('ConstantOfShape', [s], ['zeros'], {
      value: A.t({ name: '', type: 'float32', dims: [1], data: Float32Array.of(0.25) }),
    });
    b.node('Add', [e, z], ['sum']);
    b.outputs = ['sum'];
    const g = b.graph();
    const bytes = writeOnnxModel(g);
    for (const { rt, load } of rts) {
      const m = load(rt, bytes);
      for (const dims of [
        [3, 4],
        [3, 1],
        [2, 3, 5],
        [3, 4],
      ]) {
        const xin = randomInput(400, [3, 1]);
        const sin: Tensor = {
          name: 'shape',
          type: 'int64',
          dims: [dims.length],
          data: BigInt64Array.from(dims, BigInt),
        };
        if (dims.length !== 2) {
          // the input declares rank 1 of 2 elements: a shape of another length is a bad feed
          expect(codeOf(() => m.run({ x: xin.data as Float32Array, shape: sin.data as BigInt64Array }))).toBe(
            'BAD_FEED',
          );
          continue;
        }
        const got = m.run({ x: xin.data as Float32Array, shape: sin.data as BigInt64Array });
        const want = await ortRunModel(
          bytes,
          new Map([
            ['x', xin],
            ['shape', sin],
          ]),
          ['sum'],
        );
        expect(outputDifferences(got, want)).toEqual([]);
        expect(m.outputShapes.sum).toEqual(dims);
      }
      // a shape the input cannot broadcast to: a typed error of the run, the model still usable
      expect(codeOf(() => m.run({ x: Float32Array.of(1, 2, 3), shape: BigInt64Array.of(2n, 5n) }))).toBe('BAD_FEED');
      expect(m.run({ x: Float32Array.of(1, 2, 3), shape: BigInt64Array.of(3n, 2n) }).sum).toEqual(
        Float32Array.of(1.25, 1.25, 2.25, 2.25, 3.25, 3.25),
      );
      m.dispose();
    }
  });

  it.skipIf(!ort)('TopK of a fed K, OneHot of a fed depth, Pad of fed pads, Compress of a fed condition', async () => {
    const b = new Builder(rng(9));
    const x = b.input('x', 'float32', [2, 7]);
    const k = b.input('k', 'int64', [1]);
    const depth = b.input('depth', 'int64', []);
    const pads = b.input('pads', 'int64', [4]);
    const cond = b.input('cond', 'bool', [7]);
    const y = b.node('Relu', [x], ['y']);
    b.node('TopK', [y, k], ['vals', 'idx'], { axis: A.i(1) });
    b.node('OneHot', ['idx', depth, b.f32('onoff', [2])], ['hot'], { axis: A.i(-1) });
    b.node('Pad', [y, pads, b.scalar('pv', 'float32', 0.5)], ['padded']);
    b.node('Compress', [y, cond], ['kept'], { axis: A.i(1) });
    b.outputs = ['vals', 'idx', 'hot', 'padded', 'kept'];
    const g = b.graph();
    const bytes = writeOnnxModel(g);
    const r = rng(10);
    for (const { rt, load } of rts) {
      const m = load(rt, bytes);
      for (let run = 0; run < 6; run++) {
        const xin = randomInput(500 + run, [2, 7]);
        const kk = 1 + (run % 7);
        const feeds = new Map<string, Tensor>([
          ['x', xin],
          ['k', { name: 'k', type: 'int64', dims: [1], data: BigInt64Array.of(BigInt(kk)) }],
          ['depth', { name: 'depth', type: 'int64', dims: [], data: BigInt64Array.of(BigInt(7 + run)) }],
          [
            'pads',
            { name: 'pads', type: 'int64', dims: [4], data: BigInt64Array.from([run % 2, run % 3, 1, run], BigInt) },
          ],
          [
            'cond',
            { name: 'cond', type: 'bool', dims: [7], data: Uint8Array.from({ length: 7 }, () => (r() < 0.5 ? 1 : 0)) },
          ],
        ]);
        const got = m.run(Object.fromEntries([...feeds].map(([n, t]) => [n, t.data])) as never);
        const want = await ortRunModel(
          bytes,
          feeds,
          g.outputs.map((o) => o.name),
        );
        expect(outputDifferences(got, want), `run ${run}`).toEqual([]);
        expect(m.outputShapes.hot).toEqual([2, kk, 7 + run]);
      }
      // a K past the axis: a typed error of that run; the model runs on after it
      const bad = {
        x: new Float32Array(14),
        k: BigInt64Array.of(9n),
        depth: BigInt64Array.of(3n),
        pads: new BigInt64Array(4),
        cond: new Uint8Array(7),
      };
      expect(codeOf(() => m.run(bad))).toBe('BAD_FEED');
      expect(m.run({ ...bad, k: BigInt64Array.of(2n) }).vals.length).toBe(4);
      m.dispose();
    }
  });

  it.skipIf(!ort)(
    'the quantizer on a float detector: int64 selections stay int64, the QDQ model equal to onnxruntime-web',
    async () => {
      // the quantizer's type propagation took NonMaxSuppression's output for float (its first input's type) and
      // probed it as a float32 output: onnxruntime-web refused the calibration model
      const g = detector(21, false, [1, 3, 8, 8], false, 0);
      const bytes = writeOnnxModel(g);
      const calibration = [1, 2, 3].map((k) => ({ x: randomInput(600 + k, [1, 3, 8, 8]).data as Float32Array }));
      for (const ops of ['default', 'all', 'convs'] as const) {
        const q = await quantizeModel(bytes, { calibration, report: false, ...(ops === 'default' ? {} : { ops }) });
        const { rt, load } = rts[0];
        const m = load(rt, q.model);
        for (let k = 0; k < 3; k++) {
          const x = randomInput(700 + k, [1, 3, 8, 8]);
          const got = m.run({ x: x.data as Float32Array });
          const want = await ortRunModel(
            q.model,
            new Map([['x', x]]),
            g.outputs.map((o) => o.name),
          );
          expect(outputDifferences(got, want), `${ops} run ${k}`).toEqual([]);
        }
        m.dispose();
      }
    },
  );

  it('refusals stay at load: an unknown operator after the split is named with the load', () => {
    const { rt, load } = rts[0];
    const before = rt.memoryInUse;
    // an operator of no row after a NonMaxSuppression: named at load, not at the first run
    const g = detector(3, false, [1, 3, 4, 4], false, 0);
    g.nodes.push({
      name: 'odd',
      opType: 'NoSuchOp',
      domain: '',
      inputs: ['chosen'],
      outputs: ['odd_out'],
      attributes: new Map(),
    });
    g.outputs.push({ name: 'odd_out', type: null, onnxElemType: 0, shape: null });
    let message = '';
    try {
      load(rt, writeOnnxModel(g));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/UNSUPPORTED_OP.*NoSuchOp/);
    expect(rt.memoryInUse).toBe(before);
  });
});
