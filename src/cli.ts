#!/usr/bin/env node
/**
 * The `i8conv` command (package.json "bin"; Node 20+, `deno run -A`):
 *
 *   i8conv quantize IN.onnx OUT.onnx (--random N [--seed S] | --calibrate DIR [--size HxW] [--mean A,B,C]
 *     [--std A,B,C] [--scale 1/255] [--fit stretch|pad] [--channels rgb|bgr|gray]) [--input NAME:D0,D1,...]
 *     [--activations uint8|int8] [--weights per-channel|per-tensor] [--observer auto|histogram|minmax|ema|tqt]
 *     [--ops default|all|convs] [--keep-float NODE,NODE] [--target-sqnr DB] [--executor onnxruntime-web|reference]
 *     [--elementwise table|quantize] [--equalize on|off]
 *
 * quantize: a float ONNX model -> a QDQ int8 model (src/quantize/, docs/model.md "Quantizing a float model"),
 * calibrated on N seeded inputs (each float input: uniform in [-1, 1], from a 32-bit xorshift seeded by S + the sample
 * index, so a run is reproducible). Prints a progress line per run (phase, i/n), then the per-tensor table (range,
 * scale, zero point, SQNR on the calibration data), per output the QDQ model's error (run by i8conv's rt.loadModel:
 * max |error|, SQNR, cosine, verdict), the overall verdict, the five layers that harm the outputs most, the nodes left
 * float and the notes; writes OUT. --exclude is the earlier name of --keep-float. The executor: onnxruntime-web (the default, an optional peer dependency) or the
 * scalar reference executor ('i8conv/reference', slow; no dependency).
 *
 * --calibrate DIR: one sample per PNG / JPEG file of DIR (by extension .png .jpg .jpeg, any case; not recursive;
 * in name order), decoded by src/image/ (PNG: own decoder; JPEG: jpeg-js, imported on the first JPEG), resized
 * bilinearly to H x W and normalized `(v * scale - mean[c]) / std[c]` into NCHW float32 (src/image/tensor.ts; --fit
 * pad: PaddleOCR's keep-the-ratio-and-pad-right rule; --channels bgr: OpenCV's order, as PaddleOCR's models
 * expect). The model must have one float input, 4-D [N, C, H, W] with N 1 and C 3 (or 1 with --channels gray);
 * H x W: --size, else the input's declared dims; --size binds symbolic ones. Defaults: scale 1/255, mean 0, std 1,
 * rgb, stretch. A file that is not a PNG / JPEG the decoder reads: BAD_IMAGE naming it, before any run.
 *
 *   i8conv run MODEL.onnx [--iter N] [--warmup N] [--threads N|auto] [--build auto|simd128|relaxed] [--layout auto|nchw]
 *     [--input NAME:D0,D1,...] [--input NAME=FILE.npy|IMAGE] [--seed S] [--fast-run] [--algo-cache FILE]
 *     [--profile [FILE.json]] [--model-info] [--io-dump DIR] [--compare-ort]
 *
 * run: load a model, run it N times, print each run's time and the statistics (src/cli-run.ts says what each flag
 * does).
 *
 *   i8conv --help | -h | help [COMMAND], i8conv COMMAND --help
 *
 * help: the commands, or a command's usage, flags and examples, on stdout (exit 0).
 *
 * Exit codes: 0 done; 1 an I8ConvError (its code and message on stderr) or an unreadable / unwritable file; 2 bad usage.
 */
import { I8ConvError } from './errors.js';
import { createRuntime } from './index.js';
import { readOnnxModel } from './model/graph/onnx/reader.js';
import { decodeImage } from './image/decode.js';
import { imageToTensor, type ImageTensorOptions } from './image/tensor.js';
import { quantizeModel, type QuantizeModelOptions, type QuantizeReport } from './quantize/index.js';
import { RUN_USAGE, RunUsageError, runCommand, xorshift32 } from './cli-run.js';
import { importOrt } from './quantize/executors.js';

const QUANTIZE_USAGE = `usage: i8conv quantize IN.onnx OUT.onnx (--random N [--seed S] | --calibrate DIR [--size HxW]
         [--mean A,B,C] [--std A,B,C] [--scale 1/255] [--fit stretch|pad] [--channels rgb|bgr|gray])
         [--input NAME:D0,D1,...] [--activations uint8|int8] [--weights per-channel|per-tensor]
         [--observer auto|histogram|minmax|ema|tqt] [--ops default|all|convs] [--keep-float NODE,...]
         [--target-sqnr DB] [--executor onnxruntime-web|reference] [--elementwise table|quantize] [--equalize on|off]`;

class UsageError extends Error {}
const USAGE = `${QUANTIZE_USAGE}\n${RUN_USAGE.replace('usage: ', '       ')}`;

/** `i8conv --help` (also -h, `i8conv help`): the commands and where each one's help is. */
export const HELP = `i8conv: int8 inference for the web platform, from the command line.

usage: i8conv <command> [arguments]

commands:
  run MODEL         load an int8 ONNX (QDQ or QOperator) or TFLite model, run it, print its times and statistics
  quantize IN OUT   quantize a float ONNX model to a QDQ int8 model, calibrated on images or seeded random inputs
  help [COMMAND]    this text, or a command's flags and examples (also: i8conv COMMAND --help)

examples:
  npx i8conv run model.onnx --iter 20 --threads auto
  npx i8conv quantize float.onnx int8.onnx --calibrate images/ --mean 0.5 --std 0.5 --executor reference

Exit codes: 0 done; 1 an I8ConvError (its code and message) or a file that cannot be read or written; 2 bad usage.`;

/** `i8conv quantize --help`: its usage, every flag and examples. */
export const QUANTIZE_HELP = `${QUANTIZE_USAGE}

Quantizes a float ONNX model to a QDQ int8 model (i8conv/quantize's quantizeModel), prints the per-tensor ranges,
each output's error against the float model, a verdict and the most harmful layers, and writes OUT.

calibration (one of):
  --random N            N seeded inputs, uniform in [-1, 1]:
    --seed S              their seed (default 1)
  --calibrate DIR       every PNG / JPEG file of DIR, resized and normalized into the model's [1, C, H, W] input:
    --size HxW            the image size (default: the input's declared dims; binds symbolic ones)
    --mean A,B,C          per channel, subtracted after --scale (default 0)
    --std A,B,C           per channel, divided by after --mean (default 1)
    --scale 1/255         multiplies each 0-255 value first (default 1/255)
    --fit stretch|pad     resize to H x W, or keep the ratio and pad on the right (default stretch)
    --channels rgb|bgr|gray   channel order (default rgb)
options:
  --input NAME:D0,D1,...    binds an input's shape (its symbolic dims)
  --activations uint8|int8  activation type (default uint8)
  --weights per-channel|per-tensor   weight scales (default per-channel)
  --observer auto|histogram|minmax|ema|tqt   how activation ranges are chosen (default auto: histogram ranges,
                            min / max where that measures better on an output)
  --ops default|all|convs   which operators are quantized: i8conv's rules, onnxruntime's quantizer's list, or
                            Conv / MatMul / Gemm only (default: default)
  --keep-float NODE,...     nodes left float (--exclude is its earlier name)
  --target-sqnr DB          keeps the most harmful layers float until every output's SQNR reaches DB
  --executor onnxruntime-web|reference   the float executor of calibration (default onnxruntime-web, an optional
                            peer dependency: npm install onnxruntime-web; reference: the scalar reference
                            executor of i8conv/reference, slower, no dependency)
  --elementwise table|quantize   an element-wise chain rounded once where it ends, or each op with its own range
                            (default: table with --ops default, else quantize)
  --equalize on|off         equalizes each Conv -> depthwise Conv pair's ranges first (default on, per-channel
                            weights only)

examples:
  i8conv quantize model.onnx model-int8.onnx --random 8 --executor reference
  i8conv quantize det.onnx det-int8.onnx --calibrate images/ --size 640x640 --mean 0.485,0.456,0.406 \\
    --std 0.229,0.224,0.225`;

/** `i8conv run --help`: its usage, every flag and examples. */
export const RUN_HELP = `${RUN_USAGE}

Loads an int8 ONNX model (QDQ or QOperator) or a TFLite model, runs it --warmup times and then --iter times on the
same feeds, and prints each run's time and their statistics (mean, deviation, min, max, median) with the build, the
relaxed dot flavour and the threads used.

  --iter N              timed runs (default 10)
  --warmup N            untimed runs first (default 1)
  --threads N|auto      createRuntime's threads (default 1)
  --build auto|simd128|relaxed   the wasm build (default auto: the engine's probe chooses)
  --layout auto|nchw    loadModel's layout (default auto)
  --input NAME:D0,D1,...   binds an input's shape (its symbolic dims; 1x3x224x224 works too)
  --input NAME=FILE     feeds an input from a .npy array, or from a PNG / JPEG image for a float [1, C, H, W]
                        input (resized, values / 255, RGB); other inputs get seeded random data
  --seed S              the random data's seed (default 0)
  --fast-run            profiled algorithm selection: each convolution's algorithms timed at load, the fastest kept
  --algo-cache FILE     --fast-run, starting from FILE's selection cache when it exists, and saving it there
  --profile [FILE.json]   one more run, timed per step and per op type; with FILE.json also written as JSON
  --model-info          inputs, outputs, steps by op type, multiply-adds, memoryBytes
  --io-dump DIR         writes the last run's inputs and outputs as DIR/input_NAME.npy and DIR/output_NAME.npy
  --compare-ort         also runs the model in onnxruntime-web (an optional peer dependency: npm install
                        onnxruntime-web): its load time, its statistics, the largest output difference

examples:
  i8conv run model.onnx --iter 20 --threads auto
  i8conv run det.onnx --input x:1,3,640,640 --profile steps.json
  i8conv run model.onnx --input x=photo.png --io-dump out/ --compare-ort`;

const COMMAND_HELP: Record<string, string> = { quantize: QUANTIZE_HELP, run: RUN_HELP };
const isHelpFlag = (a: string) => a === '--help' || a === '-h';

interface Io {
  args: string[];
  readFile(path: string): Promise<Uint8Array>;
  /** the names of the entries of a folder (for --calibrate) */
  listDir(path: string): Promise<string[]>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** creates a folder and its parents (run --io-dump) */
  mkdir(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  out(line: string): void;
  err(line: string): void;
}

interface QuantizeArgs {
  input: string;
  output: string;
  /** --random N, or null with --calibrate */
  random: number | null;
  seed: number;
  calibrate: { dir: string; size: [number, number] | null; image: Omit<ImageTensorOptions, 'height' | 'width'> } | null;
  shapes: Record<string, number[]>;
  options: Omit<QuantizeModelOptions, 'calibration'>;
  executor: 'onnxruntime-web' | 'reference';
}

function parseQuantize(args: string[]): QuantizeArgs {
  const pos: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const v = args[i + 1];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      if (flags.has(a) && a !== '--input') throw new UsageError(`${a} given twice`);
      flags.set(a, a === '--input' && flags.has(a) ? `${flags.get(a)};${v}` : v);
      i++;
    } else pos.push(a);
  }
  if (pos.length !== 2) throw new UsageError(`expected IN.onnx and OUT.onnx, got ${pos.length} file argument(s)`);
  const known = new Set([
    '--random',
    '--seed',
    '--input',
    '--activations',
    '--weights',
    '--observer',
    '--exclude',
    '--keep-float',
    '--target-sqnr',
    '--ops',
    '--executor',
    '--elementwise',
    '--equalize',
    '--calibrate',
    '--size',
    '--mean',
    '--std',
    '--scale',
    '--fit',
    '--channels',
  ]);
  for (const k of flags.keys()) if (!known.has(k)) throw new UsageError(`unknown flag ${k}`);
  const int = (k: string, dflt: number | null, min: number): number => {
    const v = flags.get(k);
    if (v === undefined) {
      if (dflt === null) throw new UsageError(`${k} N is required`);
      return dflt;
    }
    if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${k}: expected an integer >= ${min}, got '${v}'`);
    return Number(v);
  };
  const oneOf = <T extends string>(k: string, values: readonly T[]): T | undefined => {
    const v = flags.get(k);
    if (v !== undefined && !values.includes(v as T))
      throw new UsageError(`${k}: expected one of ${values.join(', ')}, got '${v}'`);
    return v as T | undefined;
  };
  const shapes: Record<string, number[]> = {};
  for (const spec of (flags.get('--input') ?? '').split(';').filter((x) => x)) {
    const m = /^([^:]+):(\d+(?:,\d+)*)$/.exec(spec);
    if (!m) throw new UsageError(`--input: expected NAME:D0,D1,..., got '${spec}'`);
    shapes[m[1]] = m[2].split(',').map(Number);
  }
  const options: Omit<QuantizeModelOptions, 'calibration'> = {};
  const act = oneOf('--activations', ['uint8', 'int8'] as const);
  if (act) options.activations = act;
  const w = oneOf('--weights', ['per-channel', 'per-tensor'] as const);
  if (w) options.weights = w;
  const ob = oneOf('--observer', ['auto', 'histogram', 'minmax', 'ema', 'tqt'] as const);
  if (ob) options.observer = ob;
  const ops = oneOf('--ops', ['default', 'all', 'convs'] as const);
  if (ops) options.ops = ops;
  const target = flags.get('--target-sqnr');
  if (target !== undefined) {
    if (!/^-?\d+(\.\d+)?$/.test(target))
      throw new UsageError(`--target-sqnr: expected a number of dB, got '${target}'`);
    options.targetSqnr = Number(target);
  }
  if (flags.has('--keep-float'))
    options.keepFloat = flags
      .get('--keep-float')!
      .split(',')
      .filter((x) => x);
  const ew = oneOf('--elementwise', ['table', 'quantize'] as const);
  if (ew) options.elementwise = ew;
  const eq = oneOf('--equalize', ['on', 'off'] as const);
  if (eq) options.equalize = eq === 'on';
  if (flags.has('--exclude'))
    options.exclude = flags
      .get('--exclude')!
      .split(',')
      .filter((x) => x);
  if (Object.keys(shapes).length) options.inputShapes = shapes;
  const imageFlags = ['--size', '--mean', '--std', '--scale', '--fit', '--channels'].filter((k) => flags.has(k));
  if (flags.has('--calibrate') === flags.has('--random'))
    throw new UsageError('give one of --random N and --calibrate DIR');
  if (flags.has('--calibrate') && flags.has('--seed'))
    throw new UsageError('--seed goes with --random, not --calibrate');
  if (!flags.has('--calibrate') && imageFlags.length)
    throw new UsageError(`${imageFlags.join(', ')}: only with --calibrate DIR`);
  let calibrate: QuantizeArgs['calibrate'] = null;
  if (flags.has('--calibrate')) {
    const numbers = (k: string): number[] | undefined => {
      const v = flags.get(k);
      if (v === undefined) return undefined;
      const xs = v.split(',').map((x) => x.trim());
      if (!xs.every((x) => /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(x)))
        throw new UsageError(`${k}: expected numbers separated by commas, got '${v}'`);
      return xs.map(Number);
    };
    let size: [number, number] | null = null;
    if (flags.has('--size')) {
      const m = /^(\d+)x(\d+)$/.exec(flags.get('--size')!);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
        throw new UsageError(`--size: expected HxW (e.g. 48x320), got '${flags.get('--size')}'`);
      size = [Number(m[1]), Number(m[2])];
    }
    let scale = 1 / 255;
    if (flags.has('--scale')) {
      const v = flags.get('--scale')!;
      const m = /^([-+]?\d*\.?\d+(?:e[-+]?\d+)?)(?:\/(\d*\.?\d+))?$/i.exec(v);
      if (!m || (m[2] !== undefined && Number(m[2]) === 0))
        throw new UsageError(`--scale: expected a number or A/B (e.g. 1/255), got '${v}'`);
      scale = m[2] === undefined ? Number(m[1]) : Number(m[1]) / Number(m[2]);
    }
    const image: Omit<ImageTensorOptions, 'height' | 'width'> = { scale };
    const mean = numbers('--mean');
    const std = numbers('--std');
    if (std?.some((x) => x === 0)) throw new UsageError('--std: a standard deviation of 0');
    if (mean) image.mean = mean;
    if (std) image.std = std;
    image.fit = oneOf('--fit', ['stretch', 'pad'] as const);
    image.channels = oneOf('--channels', ['rgb', 'bgr', 'gray'] as const);
    calibrate = { dir: flags.get('--calibrate')!, size, image };
  }
  return {
    input: pos[0],
    output: pos[1],
    random: calibrate ? null : int('--random', null, 1),
    seed: int('--seed', 1, 0),
    shapes,
    options,
    calibrate,
    executor: oneOf('--executor', ['onnxruntime-web', 'reference'] as const) ?? 'onnxruntime-web',
  };
}

/** N seeded feeds: every float input, uniform in [-1, 1] (xorshift32 seeded by seed + sample index). */
function randomFeeds(
  bytes: Uint8Array,
  shapes: Record<string, number[]>,
  n: number,
  seed: number,
): Record<string, Float32Array>[] {
  const g = readOnnxModel(bytes);
  const inits = new Set(g.initializers.keys());
  const inputs = g.inputs.filter((v) => !inits.has(v.name));
  const sizes = inputs.map((v) => {
    if (v.type !== 'float32')
      throw new I8ConvError(
        'INVALID_PARAM',
        `input '${v.name}' is ${v.type}: --random makes float32 inputs only`,
        'random',
      );
    const dims = shapes[v.name] ?? v.shape?.map((d) => (typeof d === 'number' ? d : NaN));
    if (!dims || dims.some((d) => !Number.isInteger(d) || d < 0)) {
      throw new I8ConvError(
        'BAD_SHAPE',
        `input '${v.name}' has a symbolic or unknown dimension: give it with --input ${v.name}:D0,D1,...`,
        'inputShapes',
      );
    }
    return dims.reduce((a, b) => a * b, 1);
  });
  return Array.from({ length: n }, (_, s) => {
    const next = xorshift32((seed + s + 1) * 0x9e3779b1);
    return Object.fromEntries(
      inputs.map((v, i) => [v.name, Float32Array.from({ length: sizes[i] }, () => 2 * next() - 1)]),
    );
  });
}

const IMAGE_FILE = /\.(png|jpe?g)$/i;

/**
 * The feeds of --calibrate DIR (see the header): every PNG / JPEG of the folder, decoded and checked before the
 * first run. Binds the input's shape (and so `inputShapes`) to [1, C, H, W].
 */
async function imageFeeds(io: Io, bytes: Uint8Array, a: QuantizeArgs): Promise<Record<string, Float32Array>[]> {
  const c = a.calibrate!;
  const g = readOnnxModel(bytes);
  const inits = new Set(g.initializers.keys());
  const inputs = g.inputs.filter((v) => !inits.has(v.name));
  if (inputs.length !== 1 || inputs[0].type !== 'float32') {
    throw new I8ConvError(
      'INVALID_PARAM',
      `--calibrate feeds one float32 image input; the model has ${inputs.map((v) => `'${v.name}' (${v.type})`).join(', ') || 'none'}`,
      'calibrate',
    );
  }
  const v = inputs[0];
  const declared = a.shapes[v.name] ?? v.shape;
  if (!declared || declared.length !== 4)
    throw new I8ConvError(
      'BAD_SHAPE',
      `input '${v.name}' is not 4-D [N, C, H, W] (${declared ? `[${declared.join(', ')}]` : 'no shape'}): --calibrate makes NCHW images`,
      'inputShapes',
    );
  const [n, ch] = declared;
  const gray = c.image.channels === 'gray';
  if ((typeof n === 'number' && n !== 1) || (typeof ch === 'number' && ch !== (gray ? 1 : 3))) {
    throw new I8ConvError(
      'BAD_SHAPE',
      `input '${v.name}' is [${declared.join(', ')}]: --calibrate makes [1, ${gray ? 1 : 3}, H, W]${gray ? '' : ' (--channels gray for one channel)'}`,
      'inputShapes',
    );
  }
  const hw = c.size ?? declared.slice(2);
  if (!hw.every((d) => typeof d === 'number' && d > 0)) {
    throw new I8ConvError(
      'BAD_SHAPE',
      `input '${v.name}' has a symbolic height or width ([${declared.join(', ')}]): give the image size with --size HxW`,
      'inputShapes',
    );
  }
  const [H, W] = hw as number[];
  if (typeof declared[2] === 'number' && typeof declared[3] === 'number' && (declared[2] !== H || declared[3] !== W)) {
    throw new I8ConvError(
      'BAD_SHAPE',
      `--size ${H}x${W} does not fit input '${v.name}' [${declared.join(', ')}]`,
      'inputShapes',
    );
  }
  const shape = [1, gray ? 1 : 3, H, W];
  a.shapes[v.name] = shape;
  a.options.inputShapes = { ...a.options.inputShapes, [v.name]: shape };
  const names = (await io.listDir(c.dir)).filter((f) => IMAGE_FILE.test(f)).sort();
  if (!names.length)
    throw new I8ConvError(
      'INVALID_PARAM',
      `--calibrate ${c.dir}: no .png, .jpg or .jpeg file in the folder`,
      'calibrate',
    );
  const feeds: Record<string, Float32Array>[] = [];
  for (const f of names) {
    const path = `${c.dir.replace(/\/+$/, '')}/${f}`;
    let img;
    try {
      img = await decodeImage(await io.readFile(path));
    } catch (e) {
      if (e instanceof I8ConvError)
        throw new I8ConvError(e.code, `${path}: ${e.message.replace(/^\[[A-Z_]+\] /, '')}`, 'calibrate');
      throw e;
    }
    io.out(`read ${path} (${img.width}x${img.height})`);
    feeds.push({ [v.name]: imageToTensor(img, { ...c.image, height: H, width: W }) });
  }
  return feeds;
}

const num = (v: number) => (Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : v.toFixed(4));

function printReport(r: QuantizeReport, out: (s: string) => void): void {
  out(
    `\nquantized with observer ${r.observer}, activations ${r.activations}, weights ${r.weights}, ${r.samples} samples, executor ${r.executor}`,
  );
  out(
    'tensor'.padEnd(40) +
      'kind'.padEnd(11) +
      'min'.padStart(12) +
      'max'.padStart(12) +
      'scale'.padStart(12) +
      'zp'.padStart(6) +
      'SQNR dB'.padStart(9),
  );
  for (const t of r.tensors) {
    const scale = typeof t.scale === 'number' ? num(t.scale) : `${t.scale.length} ch`;
    out(
      t.name.slice(0, 39).padEnd(40) +
        t.kind.padEnd(11) +
        num(t.min).padStart(12) +
        num(t.max).padStart(12) +
        scale.padStart(12) +
        String(t.zeroPoint).padStart(6) +
        t.sqnrDb.toFixed(1).padStart(9),
    );
  }
  out(`\noutputs (the QDQ model on ${r.qdqExecutor} against the float model, on the calibration inputs):`);
  for (const o of r.outputs)
    out(
      `  ${o.name}: max |error| ${num(o.maxAbsError)}, SQNR ${o.sqnrDb.toFixed(1)} dB, cosine ${o.cosine.toFixed(4)}, ${o.verdict}${o.minmaxSqnrDb !== undefined ? ` (min / max ranges: ${o.minmaxSqnrDb.toFixed(1)} dB)` : ''}`,
    );
  out(`verdict: ${r.verdict.level}: ${r.verdict.text}`);
  if (r.layers.length) {
    out('most harmful layers (the worst output SQNR with the layer alone quantized):');
    for (const l of r.layers.slice(0, 5)) out(`  ${l.node} (${l.opType}): ${l.sqnrDb.toFixed(1)} dB on ${l.output}`);
  }
  if (r.target)
    out(
      `target ${r.target.sqnrDb} dB ${r.target.reached ? 'reached' : 'not reached'}, kept float: ${r.target.added.join(', ') || 'none'}`,
    );
  if (r.floatNodes.length) {
    out(`left float (${r.floatNodes.length}):`);
    for (const n of r.floatNodes) out(`  ${n.name} (${n.opType}): ${n.reason}`);
  }
  for (const n of r.notes) out(`note: ${n}`);
}

async function quantizeCommand(io: Io, args: string[]): Promise<number> {
  const a = parseQuantize(args);
  // the default executor's package first (an optional peer dependency): missing, the message names its install and
  // the flag that does without it, before any file is read
  if (a.executor === 'onnxruntime-web')
    await importOrt('onnxruntime-web', 'run with --executor reference (slower; no dependency)');
  const bytes = await io.readFile(a.input);
  const feeds = a.calibrate ? await imageFeeds(io, bytes, a) : randomFeeds(bytes, a.shapes, a.random!, a.seed);
  const executor =
    a.executor === 'reference'
      ? ((await import('i8conv/reference' as string)) as { referenceInterpreter: QuantizeModelOptions['executor'] })
          .referenceInterpreter
      : 'onnxruntime-web';
  const rt = await createRuntime();
  try {
    const t0 = performance.now();
    const { model, report } = await quantizeModel(bytes, {
      ...a.options,
      calibration: feeds,
      executor,
      runtime: rt,
      onProgress: (i, n, phase) => io.out(`${phase} ${i}/${n}  ${((performance.now() - t0) / 1000).toFixed(1)} s`),
    });
    printReport(report, io.out);
    await io.writeFile(a.output, model);
    io.out(`\nwrote ${a.output} (${model.length} bytes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    rt.dispose();
  }
}

function help(io: Io, text: string): number {
  io.out(text);
  return 0;
}

/** Runs the command line `args` (without the program name); returns the exit code. */
export async function main(io: Io): Promise<number> {
  const [cmd, ...rest] = io.args;
  try {
    // help: on stdout, exit 0 (an unknown command in `help CMD` is a usage error like any other)
    if (cmd !== undefined && isHelpFlag(cmd)) return help(io, HELP);
    if (cmd === 'help') {
      if (rest.length === 0) return help(io, HELP);
      if (rest.length === 1 && Object.hasOwn(COMMAND_HELP, rest[0])) return help(io, COMMAND_HELP[rest[0]]);
      throw new UsageError(`help: unknown command '${rest.join(' ')}' (commands: run, quantize)`);
    }
    if (Object.hasOwn(COMMAND_HELP, cmd) && rest.some(isHelpFlag)) return help(io, COMMAND_HELP[cmd]);
    if (cmd === 'quantize') return await quantizeCommand(io, rest);
    if (cmd === 'run') return await runCommand(io, rest);
    throw new UsageError(
      cmd === undefined
        ? 'no command (i8conv --help lists them)'
        : `unknown command '${cmd}' (commands: run, quantize; i8conv --help)`,
    );
  } catch (e) {
    if (e instanceof UsageError || e instanceof RunUsageError) {
      io.err(`i8conv: ${e.message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof I8ConvError) {
      io.err(`i8conv: ${e.code}: ${e.message.replace(/^\[[A-Z_0-9]+\] /, '')}`);
      return 1;
    }
    const code = (e as { code?: string }).code;
    if (
      code === 'ENOENT' ||
      code === 'EACCES' ||
      code === 'EISDIR' ||
      code === 'ENOTDIR' ||
      (e as Error).name === 'NotFound'
    ) {
      io.err(`i8conv: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}

// Run when this file is the program (Deno: import.meta.main; Node: process.argv[1], symlinks resolved as npx's bin
// link needs).
const g = globalThis as {
  process?: { argv: string[]; exitCode?: number };
  Deno?: { args: string[]; exit(c: number): never };
};
async function isProgram(): Promise<boolean> {
  if (g.Deno) return (import.meta as { main?: boolean }).main === true;
  const argv1 = g.process?.argv[1];
  if (typeof argv1 !== 'string') return false;
  const [{ pathToFileURL }, { realpathSync }] = await Promise.all([import('node:url'), import('node:fs')]);
  try {
    return pathToFileURL(realpathSync(argv1)).href === import.meta.url;
  } catch {
    return false;
  }
}
const isMain = await isProgram();
if (isMain) {
  const fs = await import('node:fs/promises');
  const code = await main({
    args: g.Deno ? g.Deno.args : g.process!.argv.slice(2),
    readFile: async (p) => new Uint8Array(await fs.readFile(p)),
    listDir: (p) => fs.readdir(p),
    writeFile: (p, d) => fs.writeFile(p, d),
    mkdir: async (p) => {
      await fs.mkdir(p, { recursive: true });
    },
    exists: async (p) =>
      fs.access(p).then(
        () => true,
        () => false,
      ),
    out: (s) => console.log(s),
    err: (s) => console.error(s),
  });
  if (g.Deno) g.Deno.exit(code);
  else g.process!.exitCode = code;
}
