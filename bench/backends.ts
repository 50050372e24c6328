/**
 * Backends of the operator-level benchmark: each one turns a problem (bench/data.ts) into a timed `run()` and an
 * int8 NCHW44 `output()` that the suite checks against the oracle.
 *
 *   i8conv             rt.convBias with the heuristic's choice (algo undefined)
 *   i8conv:NAME        the same, forced to algorithm NAME (every algorithm the runtime lists)
 *   i8conv-BUILD       the heuristic on the wasm build the runtime did not pick (i8conv-relaxed where the
 *                      engine runs relaxed SIMD exactly, i8conv-simd128 when relaxed is the default), so the
 *                      report shows both builds
 *   ort-web-int8       onnxruntime-web QLinearConv, int8 activations (zero point 0)
 *   ort-web-uint8      onnxruntime-web QLinearConv, uint8 activations (zero point 128: x + 128, y + 128)
 *   naive-js           bench/naive-conv.ts, small shapes only
 *
 * Nothing here imports Node built-ins: the same file runs in the browser page.
 */
import type * as Ort from 'onnxruntime-web';
import type { OrtModule } from '../fixtures/models/ort.js';
import { nchwToNchw44, type ConvParams, type ProblemData } from './data.js';
import { naiveConvNCHW } from './naive-conv.js';
import { buildQLinearConvModel } from '../fixtures/qlinearconv-model.js';
import type { BenchShape } from './shapes.js';

export interface PreparedRun {
  /** One convolution from source to output (what is timed). May return a promise. */
  run(): unknown;
  /** The int8 NCHW44 output of the last run (the oracle's layout). */
  output(): ArrayLike<number>;
  /** Extra facts for the report: the algorithm the heuristic chose, the wasm build. */
  info: { algo?: string; build?: string; kernels?: string[] };
  dispose(): void;
}

export interface Backend {
  name: string;
  /** A reason to skip the shape, or null when the backend takes it. */
  skipReason(shape: BenchShape): string | null;
  prepare(problem: ProblemData): Promise<PreparedRun>;
}

/** Above this many MACs the naive JavaScript convolution is skipped: it runs at ~1 GMAC/s at best. */
export const NAIVE_MAX_MACS = 30e6;

export const naiveBackend: Backend = {
  name: 'naive-js',
  skipReason: (shape) => (shape.macs > NAIVE_MAX_MACS ? `small shapes only (<= ${NAIVE_MAX_MACS / 1e6}M MACs)` : null),
  async prepare(pb) {
    const dst = new Int8Array(pb.dstLength);
    return {
      run: () => naiveConvNCHW(pb.params, pb.srcNCHW, pb.weights, pb.bias, dst),
      output: () => dst,
      info: {},
      dispose() {},
    };
  },
};

// ---- i8conv ---------------------------------------------------------------------------------------------------

/** The part of the public API the benchmark uses; typed here so the bench builds before every piece exists. */
export interface ConvLike {
  setFilter(w: Int8Array, layout: 'OIHW'): void;
  setBias(b: Int32Array): void;
  exec(src: Int8Array, dst: Int8Array): void;
  readonly algorithm: string;
  /** Names of the micro-kernels the plan runs (kernel-table names). */
  readonly kernels?: string[];
  dispose(): void;
}
export interface RuntimeLike {
  features: {
    build?: string;
    relaxedDotExact?: boolean;
    isa?: string;
    dotFlavour?: string | null;
    dotFlavourTiers?: readonly (string | null)[];
  };
  /** `opts.kernel` forces the main micro-kernel by its kernel-table name. */
  convBias?: (p: ConvParams, opts?: { kernel?: string }) => ConvLike;
}

/** Thrown when rt.convBias refuses the parameters (before any data is touched): a forced algorithm that cannot
 * run a shape is skipped, not counted as a failure. */
export class RefusedError extends Error {
  constructor(readonly cause: unknown) {
    super(
      cause instanceof Error ? `${(cause as { code?: string }).code ?? cause.name}: ${cause.message}` : String(cause),
    );
  }
}

/**
 * `algo` forces an algorithm by name; `formats` (from the algorithm's declaration) lets the suite skip shapes of
 * other formats without asking; `kernel` forces the micro-kernel (kernel level).
 */
export function i8convBackend(
  rt: RuntimeLike,
  name: string,
  algo?: string,
  formats?: readonly string[],
  kernel?: string,
): Backend {
  return {
    name,
    skipReason: (shape) =>
      typeof rt.convBias !== 'function'
        ? 'rt.convBias is not available in this build'
        : formats && !formats.includes(shape.format)
          ? `runs formats ${formats.join(', ')} only`
          : null,
    async prepare(pb) {
      let conv: ConvLike;
      try {
        conv = rt.convBias!({ ...pb.params, algo }, kernel === undefined ? undefined : { kernel });
      } catch (e) {
        throw new RefusedError(e);
      }
      try {
        conv.setFilter(pb.weights, 'OIHW');
        conv.setBias(pb.bias);
      } catch (e) {
        conv.dispose();
        throw e;
      }
      const dst = new Int8Array(pb.dstLength);
      return {
        run: () => conv.exec(pb.src, dst),
        output: () => dst,
        info: { algo: conv.algorithm, build: rt.features.build, kernels: conv.kernels },
        dispose: () => conv.dispose(),
      };
    },
  };
}

// ---- onnxruntime-web ------------------------------------------------------------------------------------------

export function ortBackend(ort: OrtModule, activation: 'int8' | 'uint8'): Backend {
  return {
    name: `ort-web-${activation}`,
    skipReason: () => null,
    async prepare(pb) {
      const { shape, params } = pb;
      const model = buildQLinearConvModel({
        activation,
        n: 1,
        ic: shape.ic,
        ih: shape.h,
        iw: shape.h,
        oc: shape.oc,
        fh: shape.k,
        fw: shape.k,
        stride: [shape.s, shape.s],
        pad: [shape.pad, shape.pad],
        group: shape.group,
        srcScale: params.srcScale,
        filterScale: params.filterScale,
        dstScale: params.dstScale,
        weights: pb.weights,
        bias: pb.bias,
      });
      const session = await ort.InferenceSession.create(model, {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      // uint8 activations with zero point 128 carry the same real values as int8 with zero point 0.
      const x = activation === 'int8' ? pb.srcNCHW : Uint8Array.from(pb.srcNCHW, (v) => v + 128);
      const input = new ort.Tensor(activation, x, [1, shape.ic, shape.h, shape.h]);
      let last: Ort.Tensor | undefined;
      return {
        run: async () => {
          const out = await session.run({ x: input });
          last?.dispose();
          last = out.y;
        },
        output: () => {
          if (!last) throw new Error('no output yet');
          const y = last.data as Int8Array | Uint8Array;
          const y8 = activation === 'int8' ? (y as Int8Array) : Int8Array.from(y as Uint8Array, (v) => v - 128);
          return nchwToNchw44(y8, shape.oc, shape.oh, shape.oh);
        },
        info: {},
        dispose: () => {
          last?.dispose();
          void session.release();
        },
      };
    },
  };
}
