// The rt.loadModel API as the issue names it: model.inputs / outputs / nodes / memoryBytes / lastProfile, run,
// runAsync, dispose; the load-time errors (BAD_MODEL, UNSUPPORTED_OP naming every node, BAD_SHAPE for a symbolic dim
// without inputShapes, INVALID_PARAM options) and run-time ones (BAD_FEED: missing, unknown, wrong class, wrong
// length; DISPOSED), each raised before any output is written and leaving the runtime usable; and threads 1 / 2 / 3
// giving identical outputs.
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { convChain, randomFeed } from './helpers/model-builders.js';
import { writeModel } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';
import { codeOf } from './helpers/runtimes.js';

async function codeOfAsync(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof I8ConvError) return e.code;
    throw e;
  }
  return 'no error';
}

const chain = () =>
  convChain(31, 'uint8', 3, 13, [
    { oc: 8, k: 3, stride: 2, pad: 1 },
    { oc: 8, k: 3, stride: 1, pad: 1, group: 8 },
    { oc: 16, k: 1, stride: 1, pad: 0 },
  ]);

describe('rt.loadModel API', () => {
  let rt: Runtime;
  afterAll(() => rt?.dispose());
  it('inputs, outputs, nodes, memoryBytes, run with profile, runAsync, dispose', async () => {
    rt = await createRuntime();
    const model = await rt.loadModel(chain());
    expect(model.inputs).toEqual([{ name: 'x', shape: [1, 3, 13, 13], type: 'uint8' }]);
    expect(model.outputs).toEqual([{ name: 'c2_y', shape: [1, 16, 7, 7], type: 'uint8' }]);
    expect(model.nodes.map((n) => n.op)).toEqual(['QLinearConv', 'QLinearConv', 'QLinearConv', 'Relayout']);
    expect(model.nodes.slice(0, 3).every((n) => n.layout === 'NCHW44' && n.algorithm.length > 0 && n.bytes > 0)).toBe(
      true,
    );
    expect(model.memoryBytes).toBeGreaterThan(model.nodes.reduce((a, n) => a + n.bytes, 0));
    const x = randomFeed(5, 'uint8', 3 * 13 * 13) as Uint8Array;
    const a = model.run({ x });
    expect(model.lastProfile).toBe(null);
    const b = model.run({ x }, { profile: true });
    expect(model.lastProfile!.map((p) => p.op)).toEqual(model.nodes.map((n) => n.op));
    expect(model.lastProfile!.every((p) => p.ms >= 0)).toBe(true);
    expect(model.lastProfile![0].macs).toBeGreaterThan(0);
    const c = await model.runAsync({ x });
    expect(Array.from(b.c2_y as Uint8Array)).toEqual(Array.from(a.c2_y as Uint8Array));
    expect(Array.from(c.c2_y as Uint8Array)).toEqual(Array.from(a.c2_y as Uint8Array));
    // nchw gives the same outputs without relayouts
    const flat = await rt.loadModel(chain(), { layout: 'nchw' });
    expect(flat.nodes.every((n) => n.layout === 'NCHW' && n.op !== 'Relayout')).toBe(true);
    expect(Array.from(flat.run({ x }).c2_y as Uint8Array)).toEqual(Array.from(a.c2_y as Uint8Array));
    flat.dispose();
    // profiled algorithm selection: the same outputs
    const profiled = await rt.loadModel(chain(), { selection: 'profile' });
    expect(Array.from(profiled.run({ x }).c2_y as Uint8Array)).toEqual(Array.from(a.c2_y as Uint8Array));
    expect(Object.keys(rt.selectionCache().entries).length).toBeGreaterThan(0);
    profiled.dispose();
    model.dispose();
    expect(codeOf(() => model.run({ x }))).toBe('DISPOSED');
    model.dispose(); // twice is fine
  });

  it('bad feeds: BAD_FEED before anything runs, the model keeps working', async () => {
    const model = await rt.loadModel(chain());
    const n = 3 * 13 * 13;
    const x = randomFeed(6, 'uint8', n) as Uint8Array;
    const want = Array.from(model.run({ x }).c2_y as Uint8Array);
    expect(codeOf(() => model.run({} as never))).toBe('BAD_FEED');
    expect(codeOf(() => model.run({ x, y: x } as never))).toBe('BAD_FEED');
    expect(codeOf(() => model.run({ x: new Int8Array(n) }))).toBe('BAD_FEED');
    expect(codeOf(() => model.run({ x: new Uint8Array(n - 1) }))).toBe('BAD_FEED');
    expect(codeOf(() => model.run(null as never))).toBe('BAD_FEED');
    expect(await codeOfAsync(() => model.runAsync({ x: new Float32Array(n) } as never))).toBe('BAD_FEED');
    expect(Array.from(model.run({ x }).c2_y as Uint8Array)).toEqual(want);
    model.dispose();
  });

  it('load errors: BAD_MODEL, UNSUPPORTED_OP (every node), BAD_SHAPE, INVALID_PARAM', async () => {
    expect(await codeOfAsync(() => rt.loadModel(new Uint8Array([1, 2, 3, 4, 5])))).toBe('BAD_MODEL');
    expect(await codeOfAsync(() => rt.loadModel(42 as never))).toBe('INVALID_PARAM');
    // a string is a URL or (Node) a path: one that names no file cannot be read
    expect(await codeOfAsync(() => rt.loadModel('no-such-model.onnx'))).toBe('LOAD_FAILED');
    expect(await codeOfAsync(() => rt.loadModel(chain(), { layout: 'nhwc' as never }))).toBe('INVALID_PARAM');
    expect(await codeOfAsync(() => rt.loadModel(chain(), { threads: 2 } as never))).toBe('INVALID_PARAM');
    const f = (shape: (number | string)[]) => ({ name: 'x', elemType: DT_OF.float32, shape });
    const unknown = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'g',
        nodes: [
          { name: 'a', opType: 'FancyOp', inputs: ['x'], outputs: ['y'] },
          { name: 'b', opType: 'OtherOp', domain: 'com.example', inputs: ['y'], outputs: ['z'] },
        ],
        inputs: [f([1, 4])],
        outputs: [{ name: 'z', elemType: DT_OF.float32 }],
        valueInfo: [
          { name: 'y', elemType: DT_OF.float32, shape: [1, 4] },
          { name: 'z', elemType: DT_OF.float32, shape: [1, 4] },
        ],
      },
    });
    let err: I8ConvError | undefined;
    try {
      await rt.loadModel(unknown);
    } catch (e) {
      err = e as I8ConvError;
    }
    // the shapes pass has no rule for an unknown op: it names both nodes (the second fed by the first)
    expect(err).toBeInstanceOf(I8ConvError);
    expect(err!.code).toBe('UNSUPPORTED_OP');
    expect(err!.message).toMatch(/"a" \(FancyOp\)/);
    expect(err!.message).toMatch(/"b" \(com\.example\.OtherOp\)/);
    const symbolic = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'g',
        nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }],
        inputs: [f(['batch', 4])],
        outputs: [{ name: 'y', elemType: DT_OF.float32 }],
      },
    });
    // a symbolic dim nothing binds: no error at load (no plan yet); the first tensor feed plans it
    const lazy = await rt.loadModel(symbolic);
    expect(lazy.plannedShapes()).toEqual([]);
    expect(lazy.run({ x: { data: Float32Array.of(-1, 2, -3, 4, 5, -6, 7, -8), dims: [2, 4] } }).y).toEqual(
      Float32Array.of(0, 2, 0, 4, 5, 0, 7, 0),
    );
    lazy.dispose();
    // a cycle: a -> b -> a
    const cycle = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'g',
        nodes: [
          { opType: 'Add', inputs: ['x', 'b'], outputs: ['a'] },
          { opType: 'Relu', inputs: ['a'], outputs: ['b'] },
        ],
        inputs: [f([1, 4])],
        outputs: [{ name: 'b', elemType: DT_OF.float32 }],
      },
    });
    expect(['BAD_MODEL', 'BAD_SHAPE']).toContain(await codeOfAsync(() => rt.loadModel(cycle)));
    // a tensor larger than a wasm memory: refused before anything is allocated
    const huge = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        name: 'g',
        nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }],
        inputs: [f([1, 100000, 100000])],
        outputs: [{ name: 'y', elemType: DT_OF.float32 }],
      },
    });
    expect(await codeOfAsync(() => rt.loadModel(huge))).toBe('TOO_LARGE');
    expect(await codeOfAsync(() => rt.loadModel(symbolic, { inputShapes: { x: [300000000, 4] } }))).toBe('TOO_LARGE');
    // the runtime still loads and runs models
    const model = await rt.loadModel(chain());
    model.run({ x: new Uint8Array(3 * 13 * 13) });
    model.dispose();
  });

  it('threads 1, 2 and 3 give identical outputs (run and runAsync)', async () => {
    const bytes = convChain(32, 'int8', 3, 40, [
      { oc: 16, k: 3, stride: 2, pad: 1 },
      { oc: 16, k: 3, stride: 1, pad: 1, group: 16 },
      { oc: 32, k: 1, stride: 1, pad: 0 },
      { oc: 32, k: 3, stride: 1, pad: 1 },
      { oc: 8, k: 3, stride: 1, pad: 1, wType: 'uint8', wZp: 77 },
    ]);
    const x = randomFeed(7, 'int8', 3 * 40 * 40) as Int8Array;
    let want: number[] | undefined;
    for (const threads of [1, 2, 3]) {
      const r = await createRuntime({ threads });
      try {
        const m = await r.loadModel(bytes);
        const out = Array.from(m.run({ x })[m.outputs[0].name] as Int8Array);
        const outAsync = Array.from((await m.runAsync({ x }))[m.outputs[0].name] as Int8Array);
        want ??= out;
        expect(out, `threads ${threads} (${r.threading.reason})`).toEqual(want);
        expect(outAsync, `threads ${threads} runAsync`).toEqual(want);
        m.dispose();
      } finally {
        r.dispose();
      }
    }
  });
});
