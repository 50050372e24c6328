// ONNX's own operator conformance cases (Debian's libonnx-testdata: model.onnx + test_data_set_*/{input,output}_N.pb)
// through rt.loadModel, as they are. A case whose scale / zero point / weight inputs are fed as graph inputs (ONNX's
// QLinearConv, QLinearMatMul, ConvInteger, ... cases feed every input) is also run with those inputs made
// initializers of the values its test set gives, which is how a real model carries them: i8conv plans a model once
// and needs them at load time. Every case that loads must give ONNX's expected outputs (integers exactly, floats
// within ONNX's rtol 1e-3 / atol 1e-7); the quantized cases the issue names and a list of float ones must load.
// Cases i8conv refuses are counted with their error code and listed.
import { loadModelSync } from '../src/model/load.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { readOnnxModel, readTensor } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';

const TESTDATA = '/usr/share/libonnx-testdata/data/node';
const haveTestdata = existsSync(TESTDATA);

const REQUIRED = [
  'test_qlinearconv', 'test_qlinearmatmul_2D', 'test_qlinearmatmul_3D', 'test_quantizelinear', 'test_quantizelinear_axis',
  'test_dequantizelinear', 'test_dequantizelinear_axis', 'test_basic_convinteger', 'test_convinteger_with_padding',
  'test_convinteger_without_padding', 'test_matmulinteger',
  // float ops the runtime runs on the host between a DequantizeLinear and a QuantizeLinear
  'test_relu', 'test_sigmoid', 'test_add', 'test_add_bcast', 'test_mul', 'test_div', 'test_sub', 'test_clip', 'test_softmax_axis_1',
  'test_maxpool_2d_default', 'test_averagepool_2d_default', 'test_globalaveragepool', 'test_transpose_default', 'test_concat_2d_axis_0',
  'test_reshape_reordered_all_dims', 'test_conv_with_strides_padding', 'test_gemm_default_single_elem_vector_bias', 'test_matmul_2d',
  'test_hardsigmoid', 'test_hardswish', 'test_leakyrelu', 'test_tanh', 'test_convtranspose', 'test_reduce_mean_default_axes_keepdims_example',
];

/** Cases whose expected outputs are not what onnxruntime computes (i8conv follows onnxruntime): not run. */
const NOT_ONNXRUNTIME: Record<string, string> = {
  test_resize_downsample_scales_linear_align_corners: "ONNX's expected value takes align_corners from in * scale, onnxruntime from the integer output length",
};

type Arr = ArrayLike<number | bigint>;

function readSet(dir: string, kind: 'input' | 'output'): Tensor[] {
  return readdirSync(dir).filter((f) => f.startsWith(`${kind}_`))
    .sort((a, b) => parseInt(a.slice(kind.length + 1)) - parseInt(b.slice(kind.length + 1)))
    .map((f) => readTensor(readFileSync(join(dir, f))));
}

/** The model with every fed input but the first made an initializer of the test set's value. */
function withConstants(g: Graph, feeds: Map<string, Tensor>): Graph {
  const fed = g.inputs.filter((v) => !g.initializers.has(v.name));
  const keep = new Set([fed[0]?.name]);
  const inits = new Map(g.initializers);
  for (const v of fed) if (!keep.has(v.name)) inits.set(v.name, { ...feeds.get(v.name)!, name: v.name });
  return { ...g, initializers: inits, inputs: g.inputs.filter((v) => keep.has(v.name) || g.initializers.has(v.name)) };
}

function close(got: Arr, want: Arr, float: boolean): string | null {
  if (got.length !== want.length) return `length ${got.length} != ${want.length}`;
  for (let i = 0; i < got.length; i++) {
    const a = got[i], b = want[i];
    if (!float) {
      if (a !== b) return `element ${i}: ${a} != ${b}`;
      continue;
    }
    const x = Number(a), y = Number(b);
    if (Number.isNaN(y) ? !Number.isNaN(x) : !(Math.abs(x - y) <= 1e-7 + 1e-3 * Math.abs(y))) return `element ${i}: ${x} != ${y}`;
  }
  return null;
}

describe("rt.loadModel on ONNX's conformance cases (Debian libonnx-testdata)", () => {
  let rt: Runtime;
  afterAll(() => rt?.dispose());
  it.skipIf(!haveTestdata)('every case that loads gives the expected outputs; the named ones load', async () => {
    rt = await createRuntime();
    const passed: string[] = [];
    const refused = new Map<string, string[]>();
    const failures: string[] = [];
    for (const d of readdirSync(TESTDATA).sort()) {
      const file = join(TESTDATA, d, 'model.onnx');
      if (!existsSync(file) || d in NOT_ONNXRUNTIME) continue;
      const bytes = readFileSync(file);
      let g: Graph;
      try {
        g = readOnnxModel(bytes);
      } catch {
        refused.set('BAD_MODEL', [...(refused.get('BAD_MODEL') ?? []), d]);
        continue;
      }
      const sets = readdirSync(join(TESTDATA, d)).filter((s) => s.startsWith('test_data_set_')).sort();
      let ok = true;
      let refusal: string | null = null;
      for (const set of sets) {
        const dir = join(TESTDATA, d, set);
        let inputs: Tensor[], outputs: Tensor[];
        try {
          inputs = readSet(dir, 'input');
          outputs = readSet(dir, 'output');
        } catch (e) {
          if (!(e instanceof I8ConvError)) throw e;
          refusal = `test data of a type the reader refuses (${e.code})`;
          break;
        }
        const fed = g.inputs.filter((v) => !g.initializers.has(v.name));
        if (inputs.length !== fed.length) {
          refusal = 'optional inputs left out';
          break;
        }
        const feeds = new Map(fed.map((v, i) => [v.name, inputs[i]] as [string, Tensor]));
        let model;
        let usedFeeds = feeds;
        try {
          model = loadModelSync(rt, bytes);
        } catch (e) {
          if (!(e instanceof I8ConvError)) throw e;
          // the same model with its parameters as initializers, as real models carry them
          try {
            const cg = withConstants(g, feeds);
            model = loadModelSync(rt, writeOnnxModel(cg));
            usedFeeds = new Map([...feeds].filter(([n]) => cg.inputs.some((v) => v.name === n)));
          } catch (e2) {
            if (!(e2 instanceof I8ConvError)) throw e2;
            refusal = e2.code;
            break;
          }
        }
        try {
          const out = model.run(Object.fromEntries([...usedFeeds].map(([n, t]) => [n, t.data])) as never);
          g.outputs.forEach((o, i) => {
            const got = out[o.name] as Arr;
            const why = close(got, outputs[i].data as Arr, outputs[i].type === 'float32');
            if (why) {
              ok = false;
              failures.push(`${d}/${set} output ${o.name}: ${why}`);
            }
          });
        } catch (e) {
          if (!(e instanceof I8ConvError)) throw e;
          refusal = e.code;
          break;
        } finally {
          model.dispose();
        }
      }
      if (refusal) refused.set(refusal, [...(refused.get(refusal) ?? []), d]);
      else if (ok) passed.push(d);
    }
    console.log(`loadModel ran ${passed.length} ONNX node cases; refused: ${[...refused].map(([c, l]) => `${c} ${l.length}`).join(', ')}`);
    console.log(`refused UNSUPPORTED_OP: ${(refused.get('UNSUPPORTED_OP') ?? []).join(' ')}`);
    expect(failures).toEqual([]);
    for (const r of REQUIRED) expect(passed, r).toContain(r);
  }, 300_000);
});
