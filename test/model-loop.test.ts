// Loop (src/model/executor/loop.ts, run by a split model's frontier: src/model/executor/staged.ts): the body graph as
// a model of its own, run per iteration. Graphs with a fixed count, a count and a condition fed, a condition the body
// computes from a value captured from the enclosing graph, a loop-carried value that grows, a convolution's output
// read by the body, scan outputs, zero iterations, and nodes after the Loop: every output equal to onnxruntime-web's
// and the reference executor's, bit for bit, on 1 and 2 threads; memory back on dispose; an operator the body does not
// have is named at load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { loadOrt, ortRunModel, outputDifferences } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';
import { oneAndTwoThreads, type ThreadedRuntime } from './helpers/runtimes.js';

const ort = await loadOrt();
let rts: ThreadedRuntime[];
beforeAll(async () => {
  rts = await oneAndTwoThreads();
});
afterAll(() => {
  for (const r of rts ?? []) r.rt.dispose();
});

const nd = (opType: string, inputs: string[], outputs: string[], attrs: Record<string, Attribute> = {}): Node => ({
  name: `${opType}_${outputs[0]}`,
  opType,
  domain: '',
  inputs,
  outputs,
  attributes: new Map(Object.entries(attrs)),
});
const vi = (name: string, type: Tensor['type'] | null = null, shape: ValueInfo['shape'] = null): ValueInfo => ({
  name,
  type,
  onnxElemType: type === 'float32' ? 1 : type === 'int64' ? 7 : type === 'bool' ? 9 : 0,
  shape,
});
const f32 = (name: string, dims: number[], values: number[]): Tensor => ({
  name,
  type: 'float32',
  dims,
  data: Float32Array.from(values),
});
const i64 = (name: string, dims: number[], values: number[]): Tensor => ({
  name,
  type: 'int64',
  dims,
  data: BigInt64Array.from(values, BigInt),
});
const bool = (name: string, v: boolean): Tensor => ({ name, type: 'bool', dims: [], data: Uint8Array.of(v ? 1 : 0) });

function body(inputs: ValueInfo[], outputs: ValueInfo[], nodes: Node[], inits: Tensor[] = []): Attribute {
  return {
    kind: 'graph',
    value: {
      name: 'body',
      irVersion: 8,
      opsetImports: new Map(),
      inputs,
      outputs,
      initializers: new Map(inits.map((t) => [t.name, t])),
      valueInfo: new Map(),
      nodes,
    },
  };
}

function model(inputs: ValueInfo[], outputs: string[], nodes: Node[], inits: Tensor[]): Graph {
  return {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([['', 16]]),
    inputs,
    outputs: outputs.map((o) => vi(o)),
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
}

interface LoopCase {
  what: string;
  g: Graph;
  feeds: (seed: number) => Map<string, Tensor>;
}

function randF(seed: number, name: string, dims: number[], scale = 1): Tensor {
  const r = rng(seed);
  const n = dims.reduce((a, b) => a * b, 1);
  return f32(
    name,
    dims,
    Array.from({ length: n }, () => (r() * 2 - 1) * scale),
  );
}

function cases(): LoopCase[] {
  const out: LoopCase[] = [];
  // a fixed count: v <- v * 2 + iteration, every v scanned; the condition passed through
  out.push({
    what: 'fixed count, scan output, iteration number read',
    g: model(
      [vi('x', 'float32', [3])],
      ['v_last', 'v_all'],
      [
        nd('Loop', ['M', 'c0', 'x'], ['v_last', 'v_all'], {
          body: body(
            [vi('i', 'int64', []), vi('c', 'bool', []), vi('v', 'float32', [3])],
            [vi('c'), vi('v2'), vi('v2s')],
            [
              nd('Mul', ['v', 'two'], ['vm']),
              nd('Cast', ['i'], ['fi'], { to: { kind: 'int', value: 1 } }),
              nd('Add', ['vm', 'fi'], ['v2']),
              nd('Identity', ['v2'], ['v2s']),
            ],
            [f32('two', [], [2])],
          ),
        }),
      ],
      [i64('M', [], [5]), bool('c0', true)],
    ),
    feeds: (seed) => new Map([['x', randF(seed, 'x', [3])]]),
  });
  // M and the condition fed; the body halves v until its sum of magnitudes is below a threshold the enclosing graph
  // computed (a captured value), scanning the sums; a Relu after the Loop (a tail)
  out.push({
    what: 'fed M and cond, condition computed from a captured value, a tail after the Loop',
    g: model(
      [vi('x', 'float32', [2, 4]), vi('M', 'int64', []), vi('go', 'bool', [])],
      ['v_last', 'sums', 'after'],
      [
        nd('Abs', ['x'], ['ax']),
        nd('ReduceMean', ['ax'], ['mean'], { keepdims: { kind: 'int', value: 0 } }),
        nd('Mul', ['mean', 'tenth'], ['thr']),
        nd('Loop', ['M', 'go', 'x'], ['v_last', 'sums'], {
          body: body(
            [vi('i', 'int64', []), vi('c', 'bool', []), vi('v', 'float32', [2, 4])],
            [vi('keep'), vi('vh'), vi('s')],
            [
              nd('Mul', ['v', 'half'], ['vh']),
              nd('Abs', ['vh'], ['avh']),
              nd('ReduceSum', ['avh'], ['s'], { keepdims: { kind: 'int', value: 0 } }),
              nd('Greater', ['s', 'thr'], ['keep']),
            ],
            [f32('half', [], [0.5])],
          ),
        }),
        nd('Relu', ['sums'], ['after']),
      ],
      [f32('tenth', [], [0.1])],
    ),
    feeds: (seed) =>
      new Map([
        ['x', randF(seed, 'x', [2, 4], 3)],
        ['M', i64('M', [], [[20, 3, 0, 50][seed % 4]])],
        ['go', bool('go', seed % 5 !== 4)],
      ]),
  });
  // a loop-carried value that grows (Concat with itself): the body planned for each new dims; a convolution's output
  // read by the body
  out.push({
    what: 'a carried value that grows each iteration, a convolution output captured',
    g: model(
      [vi('x', 'float32', [1, 2, 4, 4])],
      ['y_last', 'feat'],
      [
        nd('Conv', ['x', 'w', 'b'], ['feat'], { pads: { kind: 'ints', value: [1, 1, 1, 1] } }),
        nd('ReduceMean', ['feat'], ['m'], { keepdims: { kind: 'int', value: 0 } }),
        nd('Loop', ['M', '', 'y0'], ['y_last'], {
          body: body(
            [vi('i', 'int64', []), vi('c', 'bool', []), vi('y', 'float32', null)],
            [vi('c'), vi('y2')],
            [nd('Mul', ['y', 'm'], ['ym']), nd('Concat', ['y', 'ym'], ['y2'], { axis: { kind: 'int', value: 1 } })],
          ),
        }),
      ],
      [randF(3, 'w', [3, 2, 3, 3], 0.5), randF(4, 'b', [3], 0.2), i64('M', [], [4]), f32('y0', [1, 2], [1, -0.5])],
    ),
    feeds: (seed) => new Map([['x', randF(seed, 'x', [1, 2, 4, 4])]]),
  });
  // Scan: a running sum over the rows (state [3]), each step's sum scanned; the rows read from the end, the scan output
  // written backwards along axis 1, and a captured convolution output added each step
  out.push({
    what: 'Scan: running sum, reversed input, output along axis 1 reversed, a captured value',
    g: model(
      [vi('x', 'float32', [1, 2, 3, 4]), vi('seq', 'float32', [5, 3])],
      ['sum_last', 'sums', 'sums_axis'],
      [
        nd('Conv', ['x', 'w', 'b'], ['feat'], { pads: { kind: 'ints', value: [1, 1, 1, 1] } }),
        nd('ReduceMean', ['feat'], ['m'], { keepdims: { kind: 'int', value: 0 } }),
        nd('Scan', ['s0', 'seq', 'seq'], ['sum_last', 'sums', 'sums_axis'], {
          num_scan_inputs: { kind: 'int', value: 2 },
          scan_input_directions: { kind: 'ints', value: [0, 1] },
          scan_output_axes: { kind: 'ints', value: [0, 1] },
          scan_output_directions: { kind: 'ints', value: [0, 1] },
          body: body(
            [vi('s', 'float32', [3]), vi('row', 'float32', [3]), vi('back', 'float32', [3])],
            [vi('s2'), vi('s2c'), vi('mix')],
            [
              nd('Add', ['s', 'row'], ['sr']),
              nd('Add', ['sr', 'm'], ['s2']),
              nd('Identity', ['s2'], ['s2c']),
              nd('Mul', ['back', 's2'], ['mix0']),
              nd('Unsqueeze', ['mix0', 'ax0'], ['mix']),
            ],
            [i64('ax0', [1], [0])],
          ),
        }),
      ],
      [randF(5, 'w', [2, 2, 3, 3], 0.5), randF(6, 'b', [2], 0.2), f32('s0', [3], [0, 0.5, -1])],
    ),
    feeds: (seed) =>
      new Map([
        ['x', randF(seed, 'x', [1, 2, 3, 4])],
        ['seq', randF(seed + 50, 'seq', [5, 3], 2)],
      ]),
  });
  return out;
}

describe('Loop and Scan', () => {
  it.skipIf(!ort)('equals onnxruntime-web and the reference, bit for bit, on 1 and 2 threads', async () => {
    for (const c of cases()) {
      const bytes = writeOnnxModel(c.g);
      const outs = c.g.outputs.map((o) => o.name);
      for (const { rt, load } of rts) {
        const before = rt.memoryInUse;
        const m = load(rt, bytes);
        for (let seed = 1; seed <= 8; seed++) {
          const feeds = c.feeds(seed);
          const run = Object.fromEntries([...feeds].map(([n, t]) => [n, t.data])) as never;
          const got = seed % 2 ? m.run(run) : await m.runAsync(run);
          const want = await ortRunModel(bytes, feeds, outs);
          expect(outputDifferences(got, want), `${c.what}, seed ${seed}`).toEqual([]);
          for (const o of outs) expect(m.outputShapes[o], `${c.what} ${o} dims`).toEqual(want.get(o)!.dims);
          const ref = runReference(c.g, [...feeds]);
          expect(outputDifferences(got, ref), `${c.what}, seed ${seed}: reference`).toEqual([]);
        }
        expect(m.checkGuards()).toBe(true);
        m.dispose();
        expect(rt.memoryInUse, c.what).toBe(before);
      }
    }
  });

  it('an operator the body does not have is named at load', () => {
    const { rt, load } = rts[0];
    const g = cases()[0].g;
    const loop = g.nodes[0];
    const b = loop.attributes.get('body') as { kind: 'graph'; value: Graph };
    b.value.nodes.push(nd('NoSuchOp', ['v2'], ['odd']));
    let message = '';
    try {
      load(rt, writeOnnxModel(g));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/UNSUPPORTED_OP.*NoSuchOp.*body/);
  });
});
