// The published types as a consumer meets them: the packed tarball installed into a fresh project
// (test/helpers/installed-package.ts), a consumer .ts that uses the main API of the three entries (`i8conv`,
// `i8conv/quantize`, `i8conv/reference`: createRuntime, loadModel, run / runAsync, convBias, quantizeModel with
// referenceInterpreter, the image helpers, the GPU runtime types), type-checked by this repository's TypeScript with
// `strict` and without skipLibCheck (every shipped .d.ts is checked) under module resolution node16, nodenext and
// bundler, each twice: a Node-only program (lib ES2022 and @types/node, no DOM: where @webgpu/types cannot load, the
// WebGPU and WebAssembly types the .d.ts name are their own empty declarations) and a browser one (lib DOM, and
// @webgpu/types referenced by the consumer, whose GPUDevice the GPU runtime then takes and gives back). Every error
// is printed. Also: without onnxruntime-web (an optional peer, not installed here) the installed CLI and
// quantizeModel say how to get it. Needs `npm run build` first.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBuilder, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { ROOT, installPackedProduct, type InstalledPackage } from './helpers/installed-package.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** Uses every entry's main API; compiled, never run. */
const CONSUMER = `import {
  createGpuRuntime,
  createRuntime,
  ERROR_CODES,
  I8ConvError,
  type ConvBiasParams,
  type ErrorCode,
  type GpuRuntime,
  type GpuRuntimeOptions,
  type LoadModelOptions,
  type LowMemoryConv,
  type LowMemoryConvParams,
  type Model,
  type ModelArray,
  type ModelIO,
  type Runtime,
  type Threading,
} from 'i8conv';
import { decodeImage, imageToTensor, quantizeModel, type QuantizeReport } from 'i8conv/quantize';
import { reference, referenceInterpreter } from 'i8conv/reference';

export async function classify(modelBytes: Uint8Array, imageBytes: Uint8Array): Promise<number> {
  const rt: Runtime = await createRuntime({ threads: 'auto' });
  const threading: Threading = rt.threading;
  const opts: LoadModelOptions = { inputShapes: { x: [1, 3, 32, 32] }, layout: 'auto', selection: 'heuristic' };
  const model: Model = await rt.loadModel(modelBytes, opts);
  const input: ModelIO = model.inputs[0];
  const image = await decodeImage(imageBytes);
  const x = imageToTensor(image, { height: input.shape[2], width: input.shape[3], mean: [0.5], std: [0.5] });
  const out: Record<string, ModelArray> = model.run({ [input.name]: x }, { profile: true });
  const again: Record<string, ModelArray> = await model.runAsync({ [input.name]: x });
  const logits = out[model.outputs[0].name];
  let best = 0;
  for (let i = 1; i < logits.length; i++) if (Number(logits[i]) > Number(logits[best])) best = i;
  console.log(threading.enabled, threading.reason, model.lastProfile?.length, Object.keys(again), model.memoryBytes);
  model.dispose();
  rt.dispose();
  return best;
}

export function conv(rt: Runtime): Int8Array {
  const params: ConvBiasParams = {
    format: 'NCHW',
    n: 1,
    ic: 3,
    ih: 8,
    iw: 8,
    oc: 4,
    fh: 3,
    fw: 3,
    stride: [1, 1],
    pad: [1, 1],
    dilation: [1, 1],
    group: 1,
    srcScale: 0.02,
    srcZeroPoint: 0,
    filterScale: 0.01,
    dstScale: 0.05,
    dstZeroPoint: 0,
  };
  const op = rt.convBias(params);
  const weights = new Int8Array(4 * 3 * 3 * 3);
  op.setFilter(weights, 'OIHW');
  op.setBias(new Int32Array(4));
  const src = new Int8Array(3 * 8 * 8);
  const dst = new Int8Array(op.dstShape.reduce((a, b) => a * b, 1));
  op.exec(src, dst);
  const want = reference.convBias(params, src, weights, new Int32Array(4));
  console.log(op.algorithm, op.workspaceBytes, rt.algorithms(params).length, want.length);
  op.dispose();
  return dst;
}

export async function quantize(floatModel: Uint8Array, x: Float32Array): Promise<Uint8Array> {
  const { model, report }: { model: Uint8Array; report: QuantizeReport } = await quantizeModel(floatModel, {
    calibration: [{ x }],
    executor: referenceInterpreter,
    observer: 'minmax',
  });
  console.log(report.verdict.level, report.outputs.map((o) => o.sqnrDb));
  return model;
}

export function codeOf(e: unknown): ErrorCode | null {
  if (e instanceof I8ConvError) return e.code;
  return null;
}
export const codes: readonly string[] = Object.keys(ERROR_CODES);

export async function gpu(opts: GpuRuntimeOptions): Promise<LowMemoryConv> {
  const g: GpuRuntime = await createGpuRuntime(opts);
  const params: LowMemoryConvParams = { n: 1, ic: 8, ih: 4, iw: 4, oc: 8, fh: 1, fw: 1, weightBits: 8 };
  return g.lowMemoryConv(params);
}
`;

/** A browser program's extra file: @webgpu/types' GPUDevice goes into createGpuRuntime and comes back. */
const WEBGPU_CONSUMER = `/// <reference types="@webgpu/types" />
import { createGpuRuntime, type GpuRuntime } from 'i8conv';

export async function onDevice(device: GPUDevice): Promise<GPUBuffer> {
  const g: GpuRuntime = await createGpuRuntime({ device, tuning: 'none' });
  const same: GPUDevice = g.device;
  return same.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
}
`;

interface Program {
  name: string;
  module: string;
  moduleResolution: string;
  dom: boolean;
}
const PROGRAMS: Program[] = ['node16', 'nodenext', 'bundler'].flatMap((r) =>
  [false, true].map((dom) => ({
    name: `${r}-${dom ? 'dom' : 'node'}`,
    module: r === 'bundler' ? 'esnext' : r,
    moduleResolution: r,
    dom,
  })),
);

let pkg: InstalledPackage;
const results = new Map<string, { code: number; out: string }>();

beforeAll(async () => {
  pkg = installPackedProduct({ extra: ['@types/node'], name: 'types' });
  writeFileSync(join(pkg.project, 'consumer.ts'), CONSUMER);
  writeFileSync(join(pkg.project, 'webgpu-consumer.ts'), WEBGPU_CONSUMER);
  for (const p of PROGRAMS) {
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: p.module,
      moduleResolution: p.moduleResolution,
      lib: p.dom ? ['ES2022', 'DOM'] : ['ES2022'],
      types: ['node'],
    };
    const files = p.dom ? ['consumer.ts', 'webgpu-consumer.ts'] : ['consumer.ts'];
    writeFileSync(join(pkg.project, `tsconfig.${p.name}.json`), JSON.stringify({ compilerOptions, files }, null, 2));
  }
  // two compilers at a time (CI has 2 cores)
  const run = promisify(execFile);
  const queue = [...PROGRAMS];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const r = await run(process.execPath, [TSC, '-p', `tsconfig.${p.name}.json`, '--pretty', 'false'], {
        cwd: pkg.project,
        encoding: 'utf8',
      }).then(
        (o) => ({ code: 0, out: o.stdout + o.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
      results.set(p.name, r);
    }
  };
  await Promise.all([worker(), worker()]);
}, 300_000);
afterAll(() => pkg?.remove());

describe('the packed product in a fresh project (strict tsc, no skipLibCheck)', () => {
  it('ships the .d.ts of the three entries and no onnxruntime-web', () => {
    for (const f of ['dist/src/index.d.ts', 'dist/src/quantize/index.d.ts', 'dist/kernels-ref/index.d.ts'])
      expect(pkg.files, f).toContain(f);
  });

  for (const p of PROGRAMS) {
    it(`${p.name}: module ${p.module}, moduleResolution ${p.moduleResolution}, lib ${p.dom ? 'ES2022 + DOM, @webgpu/types' : 'ES2022, @types/node only'}: no error`, () => {
      const r = results.get(p.name)!;
      const errors = r.out.split('\n').filter((l) => /error TS\d+/.test(l));
      // the whole compiler output when it fails, so that every error shows
      expect(errors, r.out).toEqual([]);
      expect(r.code, r.out).toBe(0);
    });
  }
});

/** x [1, 3, 8, 8] -> Conv 3x3 (4 ch) -> y: a float model for the quantizer. */
function floatModel(): Uint8Array {
  const b = new GraphBuilder('tiny');
  b.inputs.push(valueInfo('x', 'float32', [1, 3, 8, 8]));
  b.init(
    f32(
      'w',
      [4, 3, 3, 3],
      Array.from({ length: 108 }, (_, i) => ((i * 37) % 17) / 17 - 0.5),
    ),
  );
  b.node('Conv', ['x', 'w'], ['y'], { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) });
  b.outputs.push(valueInfo('y', 'float32', [1, 4, 8, 8]));
  return writeOnnxModel(b.graph());
}

describe('the installed product without onnxruntime-web (an optional peer dependency)', () => {
  beforeAll(() => writeFileSync(join(pkg.project, 'float.onnx'), floatModel()));
  const cli = (args: string[]) => {
    try {
      execFileSync(process.execPath, [join('node_modules/i8conv/dist/src/cli.js'), ...args], {
        cwd: pkg.project,
        encoding: 'utf8',
        stdio: 'pipe',
      });
      return { status: 0, stderr: '' };
    } catch (e) {
      return e as { status: number; stderr: string };
    }
  };

  it('package.json declares it: an optional peer dependency', () => {
    const manifest = JSON.parse(readFileSync(join(pkg.pkgDir, 'package.json'), 'utf8'));
    expect(manifest.peerDependencies?.['onnxruntime-web']).toMatch(/^\^1\.\d+\.\d+$/);
    expect(manifest.peerDependenciesMeta?.['onnxruntime-web']).toEqual({ optional: true });
    expect(manifest.dependencies?.['onnxruntime-web']).toBeUndefined();
  });

  it('i8conv quantize names `npm install onnxruntime-web` and --executor reference; run --compare-ort its install', () => {
    const q = cli(['quantize', 'float.onnx', 'int8.onnx', '--random', '1']);
    expect(q.status).toBe(1);
    expect(q.stderr).toMatch(/^i8conv: INVALID_PARAM: /);
    expect(q.stderr).toContain('npm install onnxruntime-web');
    expect(q.stderr).toContain('--executor reference');
    expect(q.stderr).not.toContain('referenceInterpreter');
    const r = cli(['run', 'float.onnx', '--iter', '1', '--compare-ort']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm install onnxruntime-web');
    expect(r.stderr).toContain('without --compare-ort');
    // with the reference executor, quantize needs nothing more
    const ok = cli(['quantize', 'float.onnx', 'int8.onnx', '--random', '1', '--executor', 'reference']);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
  });

  it("quantizeModel's default executor names the install and the referenceInterpreter option", () => {
    const script = `import { readFileSync } from 'node:fs';
import { quantizeModel } from 'i8conv/quantize';
try {
  await quantizeModel(new Uint8Array(readFileSync('float.onnx')), { calibration: [{ x: new Float32Array(192) }] });
  console.log('no error');
} catch (e) {
  console.log(JSON.stringify({ code: e.code, param: e.param, message: e.message }));
}
`;
    writeFileSync(join(pkg.project, 'quantize-default.mjs'), script);
    const out = execFileSync(process.execPath, ['quantize-default.mjs'], { cwd: pkg.project, encoding: 'utf8' });
    const e = JSON.parse(out) as { code: string; param: string; message: string };
    expect(e.code).toBe('INVALID_PARAM');
    expect(e.param).toBe('executor');
    expect(e.message).toContain('npm install onnxruntime-web');
    expect(e.message).toContain('executor: referenceInterpreter');
  });
});
