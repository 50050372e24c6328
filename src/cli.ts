#!/usr/bin/env node
/**
 * The `i8conv` command (package.json "bin"; Node 20+, `deno run -A`):
 *
 *   i8conv quantize IN.onnx OUT.onnx --random N [--seed S] [--input NAME:D0,D1,...] [--activations uint8|int8]
 *     [--weights per-channel|per-tensor] [--observer histogram|minmax|ema|tqt] [--exclude NODE,NODE]
 *     [--executor onnxruntime-web|reference]
 *
 * quantize: a float ONNX model -> a QDQ int8 model (src/quantize/, docs/model.md "Quantizing a float model"),
 * calibrated on N seeded inputs (each float input: uniform in [-1, 1], from a 32-bit xorshift seeded by S + the sample
 * index, so a run is reproducible). Prints a progress line per sample, then the per-tensor table (range, scale, zero
 * point, SQNR on the calibration data), the per-output error of the QDQ model (run by i8conv's rt.loadModel) and the
 * nodes left float; writes OUT. The executor: onnxruntime-web (the default, an optional peer dependency) or the
 * scalar reference executor ('i8conv/reference', slow; no dependency).
 * Calibration from image files (PNG/JPEG) is not implemented yet.
 *
 * Exit codes: 0 done; 1 an I8ConvError (its code and message on stderr) or an unreadable / unwritable file; 2 bad usage.
 */
import { I8ConvError } from './errors.js';
import { createRuntime } from './index.js';
import { readOnnxModel } from './model/onnx/reader.js';
import { quantizeModel, type QuantizeModelOptions, type QuantizeReport } from './quantize/index.js';

const USAGE = `usage: i8conv quantize IN.onnx OUT.onnx --random N [--seed S] [--input NAME:D0,D1,...]
         [--activations uint8|int8] [--weights per-channel|per-tensor] [--observer histogram|minmax|ema|tqt]
         [--exclude NODE,...] [--executor onnxruntime-web|reference]`;

class UsageError extends Error {}

interface Io {
  args: string[];
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  out(line: string): void;
  err(line: string): void;
}

interface QuantizeArgs {
  input: string;
  output: string;
  random: number;
  seed: number;
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
  const known = new Set(['--random', '--seed', '--input', '--activations', '--weights', '--observer', '--exclude', '--executor']);
  for (const k of flags.keys()) if (!known.has(k)) throw new UsageError(`unknown flag ${k}`);
  const int = (k: string, dflt: number | null, min: number): number => {
    const v = flags.get(k);
    if (v === undefined) {
      if (dflt === null) throw new UsageError(`${k} N is required (calibration from image files is not implemented yet)`);
      return dflt;
    }
    if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${k}: expected an integer >= ${min}, got '${v}'`);
    return Number(v);
  };
  const oneOf = <T extends string>(k: string, values: readonly T[]): T | undefined => {
    const v = flags.get(k);
    if (v !== undefined && !values.includes(v as T)) throw new UsageError(`${k}: expected one of ${values.join(', ')}, got '${v}'`);
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
  const ob = oneOf('--observer', ['histogram', 'minmax', 'ema', 'tqt'] as const);
  if (ob) options.observer = ob;
  if (flags.has('--exclude')) options.exclude = flags.get('--exclude')!.split(',').filter((x) => x);
  if (Object.keys(shapes).length) options.inputShapes = shapes;
  return {
    input: pos[0], output: pos[1], random: int('--random', null, 1), seed: int('--seed', 1, 0), shapes, options,
    executor: oneOf('--executor', ['onnxruntime-web', 'reference'] as const) ?? 'onnxruntime-web',
  };
}

/** N seeded feeds: every float input, uniform in [-1, 1] (xorshift32 seeded by seed + sample index). */
function randomFeeds(bytes: Uint8Array, shapes: Record<string, number[]>, n: number, seed: number): Record<string, Float32Array>[] {
  const g = readOnnxModel(bytes);
  const inits = new Set(g.initializers.keys());
  const inputs = g.inputs.filter((v) => !inits.has(v.name));
  const sizes = inputs.map((v) => {
    if (v.type !== 'float32') throw new I8ConvError('INVALID_PARAM', `input '${v.name}' is ${v.type}: --random makes float32 inputs only`, 'random');
    const dims = shapes[v.name] ?? v.shape?.map((d) => (typeof d === 'number' ? d : NaN));
    if (!dims || dims.some((d) => !Number.isInteger(d) || d < 0)) {
      throw new I8ConvError('BAD_SHAPE', `input '${v.name}' has a symbolic or unknown dimension: give it with --input ${v.name}:D0,D1,...`, 'inputShapes');
    }
    return dims.reduce((a, b) => a * b, 1);
  });
  return Array.from({ length: n }, (_, s) => {
    let x = (seed + s + 1) * 0x9e3779b1 >>> 0 || 1;
    const next = () => {
      x ^= x << 13; x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5; x >>>= 0;
      return x / 0x100000000;
    };
    return Object.fromEntries(inputs.map((v, i) => [v.name, Float32Array.from({ length: sizes[i] }, () => 2 * next() - 1)]));
  });
}

const num = (v: number) => (Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(3) : v.toFixed(4));

function printReport(r: QuantizeReport, out: (s: string) => void): void {
  out(`\nquantized with observer ${r.observer}, activations ${r.activations}, weights ${r.weights}, ${r.samples} samples, executor ${r.executor}`);
  out('tensor'.padEnd(40) + 'kind'.padEnd(11) + 'min'.padStart(12) + 'max'.padStart(12) + 'scale'.padStart(12) + 'zp'.padStart(6) + 'SQNR dB'.padStart(9));
  for (const t of r.tensors) {
    const scale = typeof t.scale === 'number' ? num(t.scale) : `${t.scale.length} ch`;
    out(t.name.slice(0, 39).padEnd(40) + t.kind.padEnd(11) + num(t.min).padStart(12) + num(t.max).padStart(12) + scale.padStart(12) + String(t.zeroPoint).padStart(6) + t.sqnrDb.toFixed(1).padStart(9));
  }
  out(`\noutputs (the QDQ model on ${r.qdqExecutor} against the float model, on the calibration inputs):`);
  for (const o of r.outputs) out(`  ${o.name}: max |error| ${num(o.maxAbsError)}, SQNR ${o.sqnrDb.toFixed(1)} dB`);
  if (r.floatNodes.length) {
    out(`left float (${r.floatNodes.length}):`);
    for (const n of r.floatNodes) out(`  ${n.name} (${n.opType}): ${n.reason}`);
  }
}

async function quantizeCommand(io: Io, args: string[]): Promise<number> {
  const a = parseQuantize(args);
  const bytes = await io.readFile(a.input);
  const feeds = randomFeeds(bytes, a.shapes, a.random, a.seed);
  const executor = a.executor === 'reference'
    ? (await import('i8conv/reference' as string) as { referenceInterpreter: QuantizeModelOptions['executor'] }).referenceInterpreter
    : 'onnxruntime-web';
  const rt = await createRuntime();
  try {
    const t0 = performance.now();
    const { model, report } = await quantizeModel(bytes, {
      ...a.options, calibration: feeds, executor, runtime: rt,
      onProgress: (i, n) => io.out(`${i <= n / 2 ? 'calibrate' : 'report'} ${i <= n / 2 ? i : i - n / 2}/${n / 2}  ${((performance.now() - t0) / 1000).toFixed(1)} s`),
    });
    printReport(report, io.out);
    await io.writeFile(a.output, model);
    io.out(`\nwrote ${a.output} (${model.length} bytes) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    rt.dispose();
  }
}

/** Runs the command line `args` (without the program name); returns the exit code. */
export async function main(io: Io): Promise<number> {
  const [cmd, ...rest] = io.args;
  try {
    if (cmd === 'quantize') return await quantizeCommand(io, rest);
    throw new UsageError(cmd === undefined ? 'no command' : `unknown command '${cmd}'`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`i8conv: ${e.message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof I8ConvError) {
      io.err(`i8conv: ${e.code}: ${e.message}`);
      return 1;
    }
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || (e as Error).name === 'NotFound') {
      io.err(`i8conv: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}

// Run when this file is the program (Deno: import.meta.main; Node: process.argv[1], symlinks resolved as npx's bin
// link needs).
const g = globalThis as { process?: { argv: string[]; exitCode?: number }; Deno?: { args: string[]; exit(c: number): never } };
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
    writeFile: (p, d) => fs.writeFile(p, d),
    out: (s) => console.log(s),
    err: (s) => console.error(s),
  });
  if (g.Deno) g.Deno.exit(code);
  else g.process!.exitCode = code;
}
