// Early ONNX's experimental ImageScaler and Crop (converters of opset 1..9; onnxruntime still runs them):
// src/model/graph/passes/decompose-legacy-image-ops.ts takes them apart into Mul / Add and Slice. Seeded cases at
// opsets 7 .. 9 (ONNX removed them at 10, where onnxruntime refuses them too) equal onnxruntime-web and the reference executor bit for bit; a bias of another length, a border
// outside the input and a rank other than 4 are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { I8ConvError } from '../src/errors.js';
import { floatBits, loadOrt, ortRunModel, runXY } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

function graphOf(op: string, opset: number, dims: number[], attrs: Map<string, Attribute>): Graph {
  return {
    name: 'g',
    irVersion: 7,
    opsetImports: new Map([['', opset]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
    initializers: new Map(),
    valueInfo: new Map(),
    nodes: [{ name: 'n', opType: op, domain: '', inputs: ['x'], outputs: ['y'], attributes: attrs }],
  };
}

function caseOf(seed: number): { g: Graph; x: Tensor; desc: string } {
  const r = rng(seed);
  const opset = [7, 8, 9][seed % 3];
  const dims = [1 + Math.floor(r() * 2), 1 + Math.floor(r() * 4), 2 + Math.floor(r() * 9), 2 + Math.floor(r() * 9)];
  const x: Tensor = {
    name: 'x',
    type: 'float32',
    dims,
    data: Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => (r() * 2 - 1) * 300),
  };
  if (seed % 2 === 0) {
    const attrs = new Map<string, Attribute>([
      ['scale', { kind: 'float', value: Math.fround(r() * 0.02) }],
      ['bias', { kind: 'floats', value: Array.from({ length: dims[1] }, () => Math.fround(r() * 2 - 1)) }],
    ]);
    return { g: graphOf('ImageScaler', opset, dims, attrs), x, desc: `ImageScaler opset ${opset} [${dims}]` };
  }
  const [H, W] = [dims[2], dims[3]];
  const top = Math.floor(r() * (H / 2)),
    left = Math.floor(r() * (W / 2));
  const bottom = Math.floor(r() * (H - top)),
    right = Math.floor(r() * (W - left));
  const attrs = new Map<string, Attribute>([['border', { kind: 'ints', value: [left, top, right, bottom] }]]);
  if (r() < 0.4)
    attrs.set('scale', {
      kind: 'ints',
      value: [1 + Math.floor(r() * (H - top)), 1 + Math.floor(r() * (W - left))],
    });
  return {
    g: graphOf('Crop', opset, dims, attrs),
    x,
    desc: `Crop opset ${opset} [${dims}] ${JSON.stringify([...attrs])}`,
  };
}

const run = (g: Graph, x: Tensor): Float32Array => runXY(rt, g, x);

describe('ImageScaler and Crop (early ONNX)', () => {
  it('equal onnxruntime-web and the reference bit for bit, opsets 7 .. 9', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    for (let seed = 1; seed <= 60; seed++) {
      const c = caseOf(seed);
      const want = (await ortRunModel(writeOnnxModel(c.g), new Map([['x', c.x]]), ['y'])).get('y')!
        .data as Float32Array;
      expect(floatBits(run(c.g, c.x)), c.desc).toEqual(floatBits(want));
      expect(floatBits(runReference(c.g, [['x', c.x]]).get('y')!.data as Float32Array), `${c.desc}: reference`).toEqual(
        floatBits(want),
      );
    }
  });

  it('refusals: a bias of another length, a border outside the input, a 3-D X, opset 10', () => {
    const x3: Tensor = { name: 'x', type: 'float32', dims: [1, 2, 3], data: new Float32Array(6) };
    const x4: Tensor = { name: 'x', type: 'float32', dims: [1, 2, 3, 3], data: new Float32Array(18) };
    const cases: [Graph, Tensor, RegExp][] = [
      [
        graphOf(
          'ImageScaler',
          8,
          x4.dims,
          new Map<string, Attribute>([
            ['scale', { kind: 'float', value: 1 }],
            ['bias', { kind: 'floats', value: [1, 2, 3] }],
          ]),
        ),
        x4,
        /UNSUPPORTED_OP.*ImageScaler.*one value per channel/s,
      ],
      [
        graphOf('Crop', 8, x4.dims, new Map<string, Attribute>([['border', { kind: 'ints', value: [0, 2, 0, 2] }]])),
        x4,
        /BAD_SHAPE.*falls outside/,
      ],
      [
        graphOf(
          'ImageScaler',
          8,
          x3.dims,
          new Map<string, Attribute>([
            ['scale', { kind: 'float', value: 1 }],
            ['bias', { kind: 'floats', value: [1, 2] }],
          ]),
        ),
        x3,
        /UNSUPPORTED_OP.*ImageScaler/s,
      ],
      [
        graphOf('Crop', 10, x4.dims, new Map<string, Attribute>([['border', { kind: 'ints', value: [0, 1, 0, 1] }]])),
        x4,
        /UNSUPPORTED_OP.*Crop/s,
      ],
    ];
    for (const [g, x, want] of cases) {
      let err: unknown;
      try {
        run(g, x);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(I8ConvError);
      expect(`${(err as I8ConvError).code} ${(err as I8ConvError).message}`).toMatch(want);
    }
  });
});
