/**
 * The one error type of i8conv, and the one table of its codes. `code` is a stable string that callers can switch
 * on; `param` names the parameter (or option, or argument) that is wrong, and the message says why. Every check
 * that throws it runs before any side effect (an output byte written, a worker started, a GPU adapter requested),
 * and leaves the runtime usable.
 *
 * Every part of the library (convolution, relayout, WebGPU; later the model runtime) raises codes of this table
 * only, one code per kind of mistake: a wrong option value is INVALID_PARAM whichever API it was given to, a typed
 * array of the wrong class or length is BAD_BUFFER. The README's error table is checked against this one by
 * test/errors.test.ts, both ways.
 */
export const ERROR_CODES = {
  // any API
  INVALID_PARAM: 'a parameter or option has the wrong type, or a value the API does not take',
  BAD_BUFFER: 'a typed array or GPU buffer argument has the wrong class, length or usage, or overlaps another',
  BAD_SHAPE:
    'a tensor shape argument is not an array of positive integers of the rank the operation needs, or the input shapes of a model do not bind or its shapes do not infer',
  TOO_LARGE: 'a tensor or buffer exceeds a size limit of the API or of the device',
  OUT_OF_MEMORY: 'the operator or its buffers cannot fit in the wasm memory',
  DISPOSED: 'the operator or its runtime was disposed',
  BAD_TUNING_CACHE: 'a saved tuning cache (rt.selectionCache(), gpu.tuningCache()) is not valid JSON of its format',
  // the engine and the runtime
  NO_SIMD: 'the engine has no WebAssembly SIMD128, which i8conv requires',
  NO_RELAXED_SIMD: "build: 'relaxed' on an engine whose relaxed-SIMD dot is absent or fails the exactness probe",
  RUNTIME_BUSY: 'an execAsync of this runtime is still running',
  WASM_ABORT: 'a wasm kernel aborted (an internal bug)',
  // convolution (rt.convBias)
  UNSUPPORTED_FORMAT: 'the format is unknown, or the forced algorithm does not run it',
  UNSUPPORTED_FILTER: 'the forced algorithm does not run this filter size',
  UNSUPPORTED_STRIDE: 'the forced algorithm does not run this stride',
  UNSUPPORTED_DILATION: 'the forced algorithm does not run this dilation',
  UNSUPPORTED_NONLINEARITY: 'the nonlinearity is unknown, or not available with this output type or path',
  CHANNELS_NOT_MULTIPLE_OF_4:
    'the NCHW44 layout (or the forced algorithm) needs channel counts that are multiples of 4',
  TOO_MANY_CHANNELS:
    'the forced algorithm is exact only up to a number of input channels per group, and the convolution has more',
  GROUP_MISMATCH: 'the group does not divide the channel counts, or does not fit the forced algorithm',
  INVALID_SCALE: 'a quantization scale is not a finite positive float32, or per-channel scales have the wrong length',
  BIAS_LENGTH: 'the bias has the wrong number of elements for the bias mode (or the bias mode takes none)',
  FILTER_NOT_SET: 'the operator ran before its weights were set (setFilter, setWeights)',
  BIAS_NOT_SET: 'the operator ran before its bias was set (setBias)',
  UNKNOWN_ALGORITHM: 'algo names no algorithm of the pack',
  UNKNOWN_KERNEL: 'kernel names no micro-kernel the chosen algorithm can run for this shape',
  NO_ALGORITHM: 'no algorithm runs this convolution within the workspace limit',
  WORKSPACE_TOO_LARGE: 'the forced algorithm needs more workspace than the workspace limit',
  // relayout (rt.relayout*)
  UNKNOWN_MODE: 'mode names no relayout mode',
  BAD_CHANNELS: "a channel count or packed axis of the source does not fit the relayout mode's alignment",
  NO_KERNEL: "impl: 'wasm' where no wasm kernel covers the mode, dtype and shape",
  // WebGPU (createGpuRuntime, gpu.lowMemoryConv)
  UNSUPPORTED_GROUP: 'the WebGPU convolution runs group 1 only',
  UNSUPPORTED_BITS: 'weightBits is not 4 or 8',
  UNKNOWN_VARIANT: 'variant names no WebGPU kernel variant',
  VARIANT_NOT_USABLE: 'the forced WebGPU variant cannot run this shape on this device',
  NO_ADAPTER: 'no GPU device was given and navigator.gpu offers no adapter',
  GPU_COMPILE: 'the device could not compile a generated WGSL kernel',
  // models (the ONNX reader, src/model/)
  BAD_MODEL:
    'the model bytes are not an ONNX model i8conv reads: malformed protobuf, a bad field or size, an operand of an element type its operator does not take, external data',
  UNSUPPORTED_OP:
    'the model has operators (or attributes, types) the runtime does not run; the message lists every such node',
  BAD_FEED:
    'a model input is missing, unknown, or fed with the wrong typed-array class or length, or with dims the model does not take',
  LOAD_FAILED:
    'the model source could not be read: a network error, an HTTP status other than 2xx, a file that cannot be read, a stream that errors',
  FLOAT_MODEL:
    "loadModel with onFloatModel: 'error' was given a float model (no int8 convolution or matrix product): quantize it first",
  // image files (i8conv/quantize: decodeImage, i8conv quantize --calibrate)
  BAD_IMAGE:
    'the bytes are not a PNG or JPEG file the decoder reads: a bad signature, chunk, CRC, header field or compressed stream',
} as const;

/** Every code an I8ConvError can carry. */
export type ErrorCode = keyof typeof ERROR_CODES;

export class I8ConvError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  constructor(code: ErrorCode, message: string, param?: string) {
    super(`[${code}] ${message}`);
    this.name = 'I8ConvError';
    this.code = code;
    this.param = param;
  }
}

/**
 * Throws I8ConvError(code, message, param) unless cond holds. A message that quotes values is passed as a function,
 * called only on failure (a template built at every call, JSON.stringify included, was a large part of a model
 * load's allocations).
 */
export function check(cond: unknown, code: ErrorCode, param: string, message: string | (() => string)): asserts cond {
  if (!cond) throw new I8ConvError(code, `${param}: ${typeof message === 'string' ? message : message()}`, param);
}

export function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}

export function isNonNegativeInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
