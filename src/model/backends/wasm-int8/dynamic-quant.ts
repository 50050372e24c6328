/**
 * DynamicQuantizeLinear (opset 11, float32 -> uint8 with the scale and zero point of the tensor's own range) as the
 * model executor runs it (wasm: assembly/model/dynamic-quant.ts), bit-exact to onnxruntime-web and to the TypeScript
 * operator (../host/quant.ts, dynamicQuantizeHost; docs/int8-ops.md, DynamicQuantizeLinear), in two passes on the
 * pool's threads with the host between them:
 *   1. dqlRangeTask: each task's min and max over its elements that are not NaN, and whether a NaN lies among its
 *      elements in whole groups of 4 (those are the tensor's first n - n % 4 elements, where onnxruntime lets a NaN
 *      through; among the last n % 4 it is skipped);
 *   2. the host combines the tasks' parts and computes the scale and zero point (dynamicQuantFromRange), writes them
 *      to outputs 1 and 2 and into the record;
 *   3. dqlQuantizeTask: y = RNE(clamp(x / s, -zp, 255 - zp)) + zp, 0 where x / s is NaN.
 * Neither pass depends on the order of the elements, so the step runs in its input's layout, NCHW or NCHW44 (C % 4 == 0,
 * so n % 4 == 0 and there is no skipping tail), and y is in the same layout: the ConvInteger after it reads NCHW44.
 */
import type { WasmRuntimeCore } from '../../../runtime.js';
import { JOB, runJob, writeJob, type ExecPointers, type KernelDispatch } from '../../../threads/protocol.js';
import { dynamicQuantFromRange } from '../../numerics/quantize.js';
import type { Lower, StepImpl } from '../../executor/step.js';
import { DST, ELEM_CTX as F, ELEM_TASK_ELEMS, ElemKernel, NONE, SRC, checkLength } from './elem-common.js';
import { THREADED_BYTES, c4, follow } from './lower-common.js';

/** The two passes of one DynamicQuantizeLinear: input f32[length] -> output uint8[length], scale, zero point. */
export class DynamicQuantizeKernel extends ElemKernel {
  readonly algorithm = 'dynamic-quantize-simd';
  /** the range pass (the dispatch of the ElemKernel is the quantize pass) */
  readonly rangeDispatch: readonly KernelDispatch[];
  private readonly tasks: number;

  /** Throws BAD_SHAPE / TOO_LARGE (length), OUT_OF_MEMORY. */
  constructor(core: WasmRuntimeCore, length: number) {
    const n = checkLength(length, 'DynamicQuantizeLinear.length');
    const tasks = Math.ceil(n / ELEM_TASK_ELEMS);
    super(core, 16 * Math.max(1, tasks));
    this.tasks = tasks;
    this.setI32(F.DY_PARTS, this.extra);
    this.plan('dqlQuantizeTask', n, [SRC, NONE, DST]);
    this.rangeDispatch = tasks > 0 ? [{ fn: 'dqlRangeTask', range: [tasks], args: [SRC, NONE, NONE] }] : [];
  }

  /**
   * After the range pass: combines the tasks' parts (min and max of the values that are not NaN; a NaN among whole
   * groups of 4 makes the range NaN), writes the scale and zero point into the record for the quantize pass, and
   * returns them.
   */
  combine(): { scale: number; zeroPoint: number } {
    const f = this.core.f32();
    const i = this.core.i32();
    let mn = 3.4028234663852886e38,
      mx = -3.4028234663852886e38,
      nan = false;
    for (let t = 0; t < this.tasks; t++) {
      const w = (this.extra >> 2) + 4 * t;
      if (f[w] < mn) mn = f[w];
      if (mx < f[w + 1]) mx = f[w + 1];
      nan ||= i[w + 2] !== 0;
    }
    const p = dynamicQuantFromRange(mn, mx, nan);
    this.setF32(F.DY_SCALE, p.scale);
    this.setF32(F.DY_LO, 0 - p.zeroPoint);
    this.setF32(F.DY_HI, 255 - p.zeroPoint);
    this.setI32(F.DY_ZP, p.zeroPoint);
    return p;
  }
}

/** Runs dispatches on the pool's threads when asked and awake, else on the calling thread. */
function runDispatches(
  core: WasmRuntimeCore,
  ds: readonly KernelDispatch[],
  e: ExecPointers,
  job: Int32Array,
  threaded: boolean,
): void {
  const pool = core.pool;
  for (const d of ds) {
    if (threaded && pool && pool.awake) {
      pool.run(core.exports, d, e);
      continue;
    }
    writeJob(job, d, e);
    job[JOB.NEXT] = 0;
    runJob(core.exports, job, 0, 1);
  }
}

/** The step of a DynamicQuantizeLinear kernel: input x -> outputs y, y_scale, y_zero_point. */
export function dynamicQuantizeStep(core: WasmRuntimeCore, k: DynamicQuantizeKernel, threaded: boolean): StepImpl {
  const job = new Int32Array(JOB.SIZE);
  return {
    algorithm: k.algorithm,
    bytes: k.bytes,
    scratchBytes: 0,
    macs: 0,
    run(p) {
      const e = { ctx: k.ctx, src: p.inputs[0], slices: 0, dst: p.outputs[0] };
      runDispatches(core, k.rangeDispatch, e, job, threaded);
      const q = k.combine();
      core.f32()[p.outputs[1] >> 2] = q.scale;
      core.u8()[p.outputs[2]] = q.zeroPoint;
      runDispatches(core, k.dispatch, e, job, threaded);
    },
    dispose: () => k.dispose(),
  };
}

/**
 * DynamicQuantizeLinear of a computed float32 tensor with a uint8 output (the operator table's wasm implementation),
 * in the input's layout.
 */
export const lowerDynamicQuantizeLinear: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0]);
  const y = values.get(node.outputs[0]);
  if (!x || x.constant || x.type !== 'float32' || y?.type !== 'uint8') return undefined;
  if (node.outputs.length !== 3 || node.outputs.some((o) => o === '')) return undefined;
  const n = x.dims.reduce((a, b) => a * b, 1);
  return {
    name,
    op: node.opType,
    node,
    inputs: [node.inputs[0]],
    outputs: [...node.outputs],
    rule: follow(c4(x)),
    build: (env) => dynamicQuantizeStep(env.core, new DynamicQuantizeKernel(env.core, n), n >= THREADED_BYTES),
  };
};
