/**
 * The XNNPACK peer of the benchmark, through LiteRT.js (@litertjs/core): backend `xnnpack-litert`, on the harness of
 * fixtures/litert.ts (the Wasm-level API, one thread) and a one-operator TFLite model per shape
 * (fixtures/tflite-model.ts).
 *
 * What `run()` times: the NHWC int8 source (converted from the problem's NCHW once, in prepare) copied from a JS
 * array into the input tensor buffer, the compiled model's run, and the int8 NHWC output copied into a
 * preallocated JS array: the same "JS array in, JS array out" boundary as the other backends, in LiteRT's
 * native layout. `output()` converts the last output to NCHW44 for the oracle (not timed).
 *
 * The Wasm module is loaded by the caller (the page: bench/browser-page.ts; the test) and handed in. No Node
 * built-ins here.
 */
import {
  createTfliteRunner,
  nchwToNhwc,
  nhwcToNchw,
  type LiteRtModule,
  type LtEnvironment,
} from '../fixtures/litert.js';
import { buildTfliteConvModel, tfliteSkipReason } from '../fixtures/tflite-model.js';
import type { Backend } from './backends.js';
import { nchwToNchw44, type ProblemData } from './data.js';

/**
 * The backend. One LiteRT environment for all shapes; per shape one model, one compiled model and one input
 * buffer. `params.filterScale` may also be per channel (an array of OC scales; the suite's problems are
 * per-tensor). `forcePadOp` writes PAD + VALID even where SAME would do (for tests).
 */
export function litertBackend(lt: LiteRtModule, opts: { forcePadOp?: boolean } = {}): Backend {
  let env: LtEnvironment | null = null;
  return {
    name: 'xnnpack-litert',
    skipReason: (shape) => tfliteSkipReason(shape),
    async prepare(pb: ProblemData) {
      const { shape, params } = pb;
      env ??= lt.wasm.LiteRtEnvironment.create(null);
      const filterScale: number | ArrayLike<number> = params.filterScale;
      const model = buildTfliteConvModel({
        ic: shape.ic,
        oc: shape.oc,
        ih: shape.h,
        iw: shape.h,
        k: shape.k,
        stride: shape.s,
        pad: shape.pad,
        group: shape.group,
        srcScale: params.srcScale,
        filterScale,
        dstScale: params.dstScale,
        weights: pb.weights,
        bias: pb.bias,
        forcePadOp: opts.forcePadOp,
      });
      const r = await createTfliteRunner(lt, env, model);
      // NCHW -> NHWC once, here (not timed); the output stays NHWC until output() is asked for.
      const x = nchwToNhwc(pb.srcNCHW, shape.ic, shape.h, shape.h);
      const y = new Int8Array(shape.oc * shape.oh * shape.oh);
      let ran = false;
      return {
        run: () => {
          ran = true;
          return r.run(x, y);
        },
        output: () => {
          if (!ran) throw new Error('no output yet');
          return nchwToNchw44(nhwcToNchw(y, shape.oc, shape.oh, shape.oh), shape.oc, shape.oh, shape.oh);
        },
        info: {
          algo: `${model.op} ${model.padding}`,
          build: `${lt.file} (${lt.simd === 'relaxed' ? 'relaxed SIMD' : 'SIMD128'}), @litertjs/core ${lt.version}, XNNPACK, numThreads 1`,
        },
        dispose: () => r.delete(),
      };
    },
  };
}
