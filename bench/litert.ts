/**
 * The XNNPACK peer of the benchmark, through LiteRT.js (@litertjs/core): backend `xnnpack-litert`.
 *
 * LiteRT.js's high-level `Tensor` / `loadAndCompile` wrappers reject int8 ("Element type INT8 is not
 * supported"), so this file drives the Wasm-level API those wrappers call: `loadModel` on the bytes of a
 * one-operator TFLite model (bench/tflite-model.ts), `compileModel` for the CPU ('wasm' accelerator: XNNPACK) with
 * one thread, a host-memory int8 input buffer (`LiteRtTensorBuffer.createManaged`), and `run(0, [input])`.
 *
 * What `run()` times: the NHWC int8 source (converted from the problem's NCHW once, in prepare) copied from a JS
 * array into the input tensor buffer, the compiled model's run, and the int8 NHWC output copied into a
 * preallocated JS array: the same "JS array in, JS array out" boundary as the other backends, in LiteRT's
 * native layout. `output()` converts the last output to NCHW44 for the oracle (not timed).
 *
 * The Wasm module is loaded by the caller (the page: bench/browser-page.ts; the test) and handed in, since how
 * it is loaded differs between a page and Node. No Node built-ins here.
 */
import type { Backend } from './backends.js';
import { nchwToNchw44, type ProblemData } from './data.js';
import { buildTfliteConvModel, tfliteSkipReason, type TfliteConvModel } from './tflite-model.js';

// ---- the part of LiteRT.js's Wasm-level API used here (see @litertjs/core dist/index.d.ts, LiteRtWasm) ----------

interface Deletable {
  delete(): void;
}
interface EnumValue<T extends number = number> {
  value: T;
}
interface WasmVector<T> extends Deletable {
  size(): number;
  get(i: number): T;
}
export interface LtLayout extends Deletable {
  dimensions(): WasmVector<number>;
}
export interface LtRankedTensorType extends Deletable {
  elementType(): EnumValue;
  layout(): LtLayout;
  bytes(): number;
}
export interface LtTensorBuffer extends Deletable {
  lock(mode: EnumValue): number;
  unlock(): void;
  size(): number;
}
export interface LtModel extends Deletable {
  getNumSignatures(): number;
  getInputTensorType(signature: number, index: number): LtRankedTensorType;
  getOutputTensorType(signature: number, index: number): LtRankedTensorType;
}
export interface LtCompiledModel extends Deletable {
  run(signature: number, inputs: LtTensorBuffer[]): LtTensorBuffer[] | Promise<LtTensorBuffer[]>;
  isFullyAccelerated(): boolean;
}
export type LtEnvironment = Deletable;
export interface LiteRtWasmLike {
  HEAPU8: Uint8Array;
  _malloc(n: number): number;
  _free(p: number): void;
  setupLogging?(): void;
  LiteRtEnvironment: { create(webGpuDevice: null): LtEnvironment };
  loadModel(env: LtEnvironment, ptr: number, size: number): LtModel;
  compileModel(env: LtEnvironment, model: LtModel, options: object): LtCompiledModel | Promise<LtCompiledModel>;
  LiteRtTensorBuffer: { createManaged(env: LtEnvironment, type: EnumValue, tensorType: LtRankedTensorType, size: number): LtTensorBuffer };
  LiteRtTensorBufferType: { HOST_MEMORY: EnumValue };
  LiteRtTensorBufferLockMode: { READ: EnumValue; WRITE: EnumValue };
}

/** litert::ElementType values (the Wasm enum, not TFLite's TensorType). */
export const LT_ELEMENT = { FLOAT32: 1, INT32: 2, INT8: 9 } as const;

/** A loaded LiteRT.js Wasm module and which file it came from. */
export interface LiteRtModule {
  wasm: LiteRtWasmLike;
  /** The .wasm file that runs, e.g. 'litert_wasm_internal.wasm' (relaxed SIMD). */
  file: string;
  /** 'relaxed' (litert_wasm_internal, litert_wasm_threaded_internal) or 'simd128' (litert_wasm_compat_internal). */
  simd: 'relaxed' | 'simd128';
  version: string;
}

/** The .js loader file of each single-threaded LiteRT.js build (the .wasm file has the same name). */
export const LITERT_FILES = { relaxed: 'litert_wasm_internal', simd128: 'litert_wasm_compat_internal', threaded: 'litert_wasm_threaded_internal' } as const;

/** The smallest module using a relaxed-SIMD instruction (i8x16.relaxed_swizzle of two splats): validates only
 * where the engine has relaxed SIMD. */
const RELAXED_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // header
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type: () -> v128
  0x03, 0x02, 0x01, 0x00, // one function of that type
  0x0a, 0x0f, 0x01, 0x0d, 0x00, 0x41, 0x01, 0xfd, 0x0f, 0x41, 0x02, 0xfd, 0x0f, 0xfd, 0x80, 0x02, 0x0b,
]);

export function hasRelaxedSimd(): boolean {
  try {
    return WebAssembly.validate(RELAXED_PROBE);
  } catch {
    return false;
  }
}

/** A classic <script> in the page's head. */
function appendScript(url: string): Promise<void> {
  return new Promise<void>((ok, fail) => {
    const s = document.createElement('script');
    s.src = url;
    s.onload = () => ok();
    s.onerror = () => fail(new Error(`could not load ${url}`));
    document.head.appendChild(s);
  });
}

/**
 * Loads a LiteRT.js build into a page: its Emscripten loader as a classic script (it defines `ModuleFactory`),
 * then the factory, which fetches the .wasm of the same name from `dir` (the package's wasm/ folder, e.g.
 * /node_modules/@litertjs/core/wasm/). Single-threaded: the relaxed-SIMD build where the engine validates relaxed
 * SIMD, else the SIMD128 "compat" build; `threaded`: the threaded build (relaxed SIMD, cross-origin isolation).
 * `loadScript` replaces the <script> element (a worker has none: it evaluates the loader's text instead). LiteRT's log lines (INFO/WARNING on stdout/stderr) go to `log`, not the
 * console, so that the driver does not count them as page errors.
 */
export async function loadLiteRtInPage(dir: string, opts: { simd?: 'relaxed' | 'simd128'; threaded?: boolean; log?: string[]; loadScript?: (url: string) => Promise<void> } = {}): Promise<LiteRtModule> {
  // the threaded build uses relaxed SIMD (it does not validate without it) and needs a cross-origin isolated page
  const simd = opts.threaded ? 'relaxed' : opts.simd ?? (hasRelaxedSimd() ? 'relaxed' : 'simd128');
  const name = opts.threaded ? LITERT_FILES.threaded : LITERT_FILES[simd];
  const base = dir.endsWith('/') ? dir : `${dir}/`;
  const g = globalThis as unknown as { ModuleFactory?: (arg: object) => Promise<LiteRtWasmLike> };
  const url = `${base}${name}.js`;
  await (opts.loadScript ?? appendScript)(url);
  const factory = g.ModuleFactory;
  g.ModuleFactory = undefined;
  if (typeof factory !== 'function') throw new Error(`${name}.js did not define ModuleFactory`);
  const log = opts.log ?? [];
  const wasm = await factory({
    locateFile: (f: string) => `${base}${f}`,
    // the script the threaded build's own workers load (in a worker, the loader cannot tell its own URL)
    mainScriptUrlOrBlob: url,
    print: (t: string) => log.push(t),
    printErr: (t: string) => log.push(t),
  });
  let version = 'unknown';
  try {
    version = ((await (await fetch(`${base}../package.json`)).json()) as { version?: string }).version ?? version;
  } catch {
    // the version is for the report only
  }
  return { wasm, file: `${name}.wasm`, simd, version };
}

/** A tensor type's element type and dimensions, as plain values. */
export function describeTensorType(t: LtRankedTensorType): { elementType: number; shape: number[]; bytes: number } {
  const layout = t.layout();
  const dims = layout.dimensions();
  const shape: number[] = [];
  for (let i = 0; i < dims.size(); i++) shape.push(dims.get(i));
  dims.delete();
  layout.delete();
  return { elementType: t.elementType().value, shape, bytes: t.bytes() };
}

/** Loaded and compiled model bytes; `delete()` frees everything in the right order. */
export interface CompiledTflite {
  model: LtModel;
  compiled: LtCompiledModel;
  delete(): void;
}

/** loadModel + compileModel on the CPU (XNNPACK), `numThreads` threads (the single-threaded builds ignore more). */
export async function compileTflite(lt: LiteRtModule, env: LtEnvironment, bytes: Uint8Array, numThreads = 1): Promise<CompiledTflite> {
  const w = lt.wasm;
  const ptr = w._malloc(bytes.byteLength);
  w.HEAPU8.set(bytes, ptr);
  let model: LtModel | undefined;
  try {
    model = w.loadModel(env, ptr, bytes.byteLength);
    const compiled = await w.compileModel(env, model, { accelerator: 'wasm', cpuOptions: { numThreads }, gpuOptions: {}, webNNOptions: {} });
    const m = model;
    return {
      model: m,
      compiled,
      delete() {
        compiled.delete();
        m.delete();
        w._free(ptr);
      },
    };
  } catch (e) {
    model?.delete();
    w._free(ptr);
    throw e;
  }
}

/** NCHW {1, C, H, W} -> NHWC {1, H, W, C} (int8 codes, or a float input). */
export function nchwToNhwc<T extends Int8Array | Float32Array>(x: T, c: number, h: number, w: number): T {
  const out = new (x.constructor as new (n: number) => T)(x.length);
  const hw = h * w;
  for (let ch = 0; ch < c; ch++) for (let p = 0; p < hw; p++) out[p * c + ch] = x[ch * hw + p];
  return out;
}

/** NHWC {1, H, W, C} -> NCHW {1, C, H, W}. */
export function nhwcToNchw(x: Int8Array, c: number, h: number, w: number): Int8Array {
  const out = new Int8Array(x.length);
  const hw = h * w;
  for (let p = 0; p < hw; p++) for (let ch = 0; ch < c; ch++) out[ch * hw + p] = x[p * c + ch];
  return out;
}

/**
 * A compiled one-convolution model with its int8 host-memory input buffer. `run(x, y)` copies the NHWC input `x`
 * from the JS array into the input tensor buffer, runs the model, and copies its NHWC output into `y`; it stays
 * synchronous where the build's `run` is (the non-JSPI builds).
 */
export interface TfliteRunner {
  model: TfliteConvModel;
  /** The model's input and output tensor types as LiteRT reports them. */
  input: { elementType: number; shape: number[]; bytes: number };
  output: { elementType: number; shape: number[]; bytes: number };
  run(x: Int8Array, y: Int8Array): void | Promise<void>;
  delete(): void;
}

/** Tensor types as plain values: `input` (input 0), `outputs` (the first `numOutputs`). */
type TensorDesc = ReturnType<typeof describeTensorType>;

/**
 * The part both runners share: the compiled model, its tensor types (checked by `check`, which throws to refuse), a
 * host-memory input buffer, and `run(x, sink)`: `x`'s bytes into the input buffer, the run, then `sink(k, view)` for
 * each output with a view of its bytes in the Wasm heap (valid until `sink` returns).
 */
async function openTflite(lt: LiteRtModule, env: LtEnvironment, bytes: Uint8Array, numOutputs: number, numThreads: number,
  check: (input: TensorDesc, outputs: TensorDesc[], xnnpack: boolean) => void) {
  const w = lt.wasm;
  const c = await compileTflite(lt, env, bytes, numThreads);
  const xnnpack = c.compiled.isFullyAccelerated();
  let inBuf: LtTensorBuffer;
  let input: TensorDesc;
  const outputs: TensorDesc[] = [];
  try {
    for (let k = 0; k < numOutputs; k++) {
      const t = c.model.getOutputTensorType(0, k);
      outputs.push(describeTensorType(t));
      t.delete();
    }
    const inType = c.model.getInputTensorType(0, 0);
    try {
      input = describeTensorType(inType);
      check(input, outputs, xnnpack);
      inBuf = w.LiteRtTensorBuffer.createManaged(env, w.LiteRtTensorBufferType.HOST_MEMORY, inType, input.bytes);
    } finally {
      inType.delete();
    }
  } catch (e) {
    c.delete();
    throw e;
  }
  const READ = w.LiteRtTensorBufferLockMode.READ;
  const WRITE = w.LiteRtTensorBufferLockMode.WRITE;
  const finish = (outs: LtTensorBuffer[], sink: (k: number, view: Uint8Array) => void) => {
    try {
      outs.forEach((o, k) => {
        const p = o.lock(READ);
        // HEAPU8 is read again: the Wasm memory may have grown (a new ArrayBuffer) during the run
        sink(k, new Uint8Array(w.HEAPU8.buffer, p, outputs[k]?.bytes ?? 0));
        o.unlock();
      });
    } finally {
      for (const o of outs) o.delete();
    }
  };
  return {
    xnnpack, input, outputs,
    run(x: ArrayBufferView, sink: (k: number, view: Uint8Array) => void): void | Promise<void> {
      if (x.byteLength !== input.bytes) throw new Error(`run: ${x.byteLength} input bytes, the model takes ${input.bytes}`);
      const p = inBuf.lock(WRITE);
      w.HEAPU8.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), p);
      inBuf.unlock();
      const outs = c.compiled.run(0, [inBuf]);
      return outs instanceof Promise ? outs.then((o) => finish(o, sink)) : finish(outs, sink);
    },
    delete() {
      inBuf.delete();
      c.delete();
    },
  };
}

export async function createTfliteRunner(lt: LiteRtModule, env: LtEnvironment, model: Pick<TfliteConvModel, 'bytes' | 'inputShape' | 'outputShape'>, opts: { requireXnnpack?: boolean } = {}): Promise<TfliteRunner & { xnnpack: boolean }> {
  const dims = (s: number[]) => s.join('x');
  const r = await openTflite(lt, env, model.bytes, 1, 1, (input, [output], xnnpack) => {
    if (!xnnpack && opts.requireXnnpack !== false) throw new Error('LiteRT did not put the whole model on the CPU accelerator (XNNPACK)');
    for (const [what, got, want] of [['input', input, model.inputShape], ['output', output, model.outputShape]] as const) {
      if (got.elementType !== LT_ELEMENT.INT8 || dims(got.shape) !== dims(want)) {
        throw new Error(`${what} tensor is element type ${got.elementType} ${dims(got.shape)}, expected int8 (${LT_ELEMENT.INT8}) ${dims(want)}`);
      }
    }
  });
  return {
    model: model as TfliteConvModel,
    xnnpack: r.xnnpack,
    input: r.input,
    output: r.outputs[0],
    run(x, y) {
      if (y.length !== r.outputs[0].bytes) throw new Error(`run: ${x.length} -> ${y.length} bytes, the model takes ${r.input.bytes} -> ${r.outputs[0].bytes}`);
      return r.run(x, (_, view) => y.set(new Int8Array(view.buffer, view.byteOffset, y.length)));
    },
    delete: () => r.delete(),
  };
}

/** A compiled TFLite model with float32 input and outputs (a whole model: QUANTIZE first, DEQUANTIZE last). */
export interface TfliteFloatRunner {
  /** Whether LiteRT put every operator on XNNPACK. */
  xnnpack: boolean;
  input: { elementType: number; shape: number[]; bytes: number };
  outputs: { elementType: number; shape: number[]; bytes: number }[];
  /** Copies `x` (NHWC) into the input buffer, runs, and returns each output copied into a new Float32Array. */
  run(x: Float32Array): Float32Array[] | Promise<Float32Array[]>;
  delete(): void;
}

/** The float-in, float-out runner of a whole model with `numOutputs` outputs, on `numThreads` threads (the threaded
 * build; the single-threaded ones run one). */
export async function createTfliteFloatRunner(lt: LiteRtModule, env: LtEnvironment, bytes: Uint8Array, numOutputs: number, numThreads = 1): Promise<TfliteFloatRunner> {
  const r = await openTflite(lt, env, bytes, numOutputs, numThreads, (input, outputs) => {
    for (const [what, t] of [['input', input], ...outputs.map((o, k) => [`output ${k}`, o] as const)] as const) {
      if (t.elementType !== LT_ELEMENT.FLOAT32) throw new Error(`${what} is element type ${t.elementType}, expected float32`);
    }
  });
  return {
    xnnpack: r.xnnpack,
    input: r.input,
    outputs: r.outputs,
    run(x) {
      const ys = r.outputs.map((o) => new Float32Array(o.bytes / 4));
      const done = r.run(x, (k, view) => new Uint8Array(ys[k].buffer).set(view));
      return done instanceof Promise ? done.then(() => ys) : ys;
    },
    delete: () => r.delete(),
  };
}

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
        ic: shape.ic, oc: shape.oc, ih: shape.h, iw: shape.h, k: shape.k, stride: shape.s, pad: shape.pad, group: shape.group,
        srcScale: params.srcScale, filterScale, dstScale: params.dstScale,
        weights: pb.weights, bias: pb.bias, forcePadOp: opts.forcePadOp,
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
