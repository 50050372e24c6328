// DynamicQuantizeLinear (what onnxruntime's quantize_dynamic writes before each quantized Conv / MatMul): the product
// (rt.loadModel), the reference operator and onnxruntime-web 1.30 give the same y, scale and zero point bit for bit
// on seeded tensors of every kind of range (mixed signs, all positive, all negative, all zero, one element, huge and
// tiny magnitudes, values on rounding ties, infinities), and NaN where onnxruntime-web agrees on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { rng } from './helpers/rng.js';

function model(n: number): Graph {
  return {
    name: 'dql',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: [n] }],
    outputs: [
      { name: 'y', type: 'uint8', onnxElemType: 2, shape: [n] },
      { name: 's', type: 'float32', onnxElemType: 1, shape: [] },
      { name: 'z', type: 'uint8', onnxElemType: 2, shape: [] },
    ],
    initializers: new Map(),
    valueInfo: new Map(),
    nodes: [
      {
        name: 'dql',
        opType: 'DynamicQuantizeLinear',
        domain: '',
        inputs: ['x'],
        outputs: ['y', 's', 'z'],
        attributes: new Map(),
      },
    ],
  };
}

/** The seeded cases: [what, values]. */
function cases(): [string, Float32Array][] {
  const r = rng(48);
  const out: [string, Float32Array][] = [];
  const rand = (n: number, lo: number, hi: number) => Float32Array.from({ length: n }, () => lo + (hi - lo) * r());
  for (const n of [1, 2, 3, 7, 16, 17, 64, 255, 1000, 4099]) {
    out.push([`mixed ${n}`, rand(n, -3, 5)]);
    out.push([`positive ${n}`, rand(n, 0.5, 9)]);
    out.push([`negative ${n}`, rand(n, -7, -0.25)]);
  }
  out.push(['zeros', new Float32Array(9)]);
  out.push(['one value', Float32Array.of(0.37)]);
  out.push(['huge', rand(33, -3e37, 2e38)]);
  out.push(['tiny', rand(33, -1e-30, 1e-30)]);
  // values on ties of x / scale: the range [-1, 254] gives scale 1 and zero point 1
  out.push(['ties', Float32Array.from([-1, 254, 0.5, 1.5, 2.5, -0.5, 100.5, 253.5, 3.5, -0])]);
  out.push(['infinity', Float32Array.of(1, Infinity, -2)]);
  out.push(['minus infinity', Float32Array.of(1, -Infinity, 2)]);
  out.push(['nan', Float32Array.of(1, Number.NaN, -2, 3)]);
  out.push(['nan first', Float32Array.of(Number.NaN, 0.5, -2, 3, 7, 1, 2, 3, 4)]);
  return out;
}

describe('DynamicQuantizeLinear', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('the product equals the reference and onnxruntime-web bit for bit', async () => {
    const ort = await loadOrt();
    for (const [what, x] of cases()) {
      const g = model(x.length);
      const bytes = writeOnnxModel(g);
      const m = await rt.loadModel(bytes);
      const got = m.run({ x });
      m.dispose();
      const feed: Tensor = { name: 'x', type: 'float32', dims: [x.length], data: x };
      const ref = runReference(g, [['x', feed]]);
      const s = await ortSession(bytes, { ort });
      const o = await ortRun(s, { x: { data: x, dims: [x.length] } });
      await s.release();
      for (const name of ['y', 's', 'z']) {
        const a = Array.from(got[name] as ArrayLike<number>);
        expect(a, `${what}: ${name} vs the reference`).toEqual(Array.from(ref.get(name)!.data as ArrayLike<number>));
        expect(a, `${what}: ${name} vs onnxruntime-web`).toEqual(Array.from(o.get(name) as ArrayLike<number>));
      }
    }
  }, 120_000);
});
