// `i8conv run` (src/cli-run.ts, the seed's load_and_run): timed runs and their statistics, the model info, the
// profile (table and JSON), --io-dump (the .npy files hold the run's exact inputs and outputs, and feeding the dumped
// input back gives the same output), --input (shapes, .npy, images), the algorithm cache saved and reloaded,
// --compare-ort (onnxruntime-web on the same file and feeds: no output differs on an exact model), --build and
// --threads; usage errors exit 2, bad files, models and feeds exit 1 with their code. Also src/npy.ts on its own.
import { buildTfliteConvModel } from '../fixtures/tflite-model.js';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { readNpy, writeNpy } from '../src/npy.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convChain } from './helpers/model-builders.js';
import { AT, le, writeModel, type TensorSpec } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';

/** A QOperator chain: uint8 x [1, 4, 10, 10] -> 3x3 (8 ch) -> 1x1 (4 ch), MACs 4*8*9*100 + 8*4*100. */
const CHAIN = convChain(3, 'uint8', 4, 10, [
  { oc: 8, k: 3, stride: 1, pad: 1 },
  { oc: 4, k: 1, stride: 1, pad: 0 },
]);
const CHAIN_MACS = 4 * 8 * 9 * 100 + 8 * 4 * 100;

/** uint8 x [N, 4, 9, 9] with a symbolic N -> QLinearConv 1x1 (4 ch) -> y; `bad`: two unsupported nodes after it. */
function symbolicModel(bad = false): Uint8Array {
  const q = (name: string, v: number): TensorSpec => ({ name, dataType: DT_OF.uint8, dims: [], raw: Uint8Array.of(v) });
  const f = (name: string, v: number): TensorSpec => ({
    name,
    dataType: DT_OF.float32,
    dims: [],
    raw: le(Float32Array.of(v)),
  });
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'sym',
      nodes: [
        {
          opType: 'QLinearConv',
          inputs: ['x', 'sx', 'zx', 'w', 'sw', 'zw', 'sy', 'zy'],
          outputs: [bad ? 'c' : 'y'],
          attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [1, 1] }],
        },
        // MaxPool with storage_order 1 (a second output's layout) is a node the runtime does not run
        ...(bad
          ? ['c', 'd'].map((x, k) => ({
              name: `odd${k + 1}`,
              opType: 'MaxPool',
              inputs: [x],
              outputs: [k ? 'y' : 'd'],
              attributes: [
                { name: 'kernel_shape', type: AT.INTS, ints: [2, 2] },
                { name: 'storage_order', type: AT.INT, i: 1 },
              ],
            }))
          : []),
      ],
      initializers: [
        f('sx', 0.02),
        q('zx', 128),
        {
          name: 'w',
          dataType: DT_OF.int8,
          dims: [4, 4, 1, 1],
          raw: Int8Array.from({ length: 16 }, (_, i) => i * 7 - 50) as unknown as Uint8Array,
        },
        f('sw', 0.01),
        { name: 'zw', dataType: DT_OF.int8, dims: [], raw: Int8Array.of(0) as unknown as Uint8Array },
        f('sy', 0.03),
        q('zy', 120),
      ],
      inputs: [{ name: 'x', elemType: DT_OF.uint8, shape: ['N', 4, 9, 9] }],
      outputs: [{ name: 'y', elemType: DT_OF.uint8 }],
    },
  });
}

/** float32 img [1, 3, 8, 8] -> QuantizeLinear -> uint8 (an image-fed input). */
function imageModel(): Uint8Array {
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'img',
      nodes: [{ opType: 'QuantizeLinear', inputs: ['img', 's', 'z'], outputs: ['q'] }],
      initializers: [
        { name: 's', dataType: DT_OF.float32, dims: [], raw: le(Float32Array.of(1 / 255)) },
        { name: 'z', dataType: DT_OF.uint8, dims: [], raw: Uint8Array.of(0) },
      ],
      inputs: [{ name: 'img', elemType: DT_OF.float32, shape: [1, 3, 8, 8] }],
      outputs: [{ name: 'q', elemType: DT_OF.uint8 }],
    },
  });
}

async function run(args: string[], files: Record<string, Uint8Array> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, Uint8Array> = {};
  const dirs: string[] = [];
  const code = await main({
    args: ['run', ...args],
    readFile: async (p) => {
      const f = written[p] ?? files[p];
      if (!f) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { ['code']: 'ENOENT' });
      return f;
    },
    listDir: async () => [],
    writeFile: async (p, d) => void (written[p] = d),
    mkdir: async (p) => void dirs.push(p),
    exists: async (p) => p in files || p in written,
    out: (s) => out.push(s),
    err: (s) => err.push(s),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), written, dirs };
}

describe('i8conv run', () => {
  it('loads, warms up, times N runs and prints their statistics with the build, flavour and threads', async () => {
    const r = await run(['m.onnx', '--iter', '3', '--warmup', '2'], { 'm.onnx': CHAIN });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^i8conv: build (simd128|relaxed), isa \w+, relaxed dot flavour .+, threads 1/m);
    expect(r.out).toMatch(/^load model: \d+\.\d{3} ms$/m);
    expect(r.out.match(/^warm up \d: \d+\.\d{3} ms$/gm)).toHaveLength(2);
    expect(r.out.match(/^iter \d\/3: \d+\.\d{3} ms$/gm)).toHaveLength(3);
    const m = /^avg (\S+) ms \/ std (\S+) ms \/ min (\S+) ms \/ max (\S+) ms \/ median (\S+) ms$/m.exec(r.out)!;
    const [avg, std, min, max, median] = m.slice(1).map(Number);
    const iters = [...r.out.matchAll(/^iter \d\/3: (\S+) ms$/gm)].map((x) => Number(x[1]));
    expect(min).toBe(Math.min(...iters));
    expect(max).toBe(Math.max(...iters));
    expect(median).toBe([...iters].sort((a, b) => a - b)[1]);
    expect(avg).toBeCloseTo(iters.reduce((a, b) => a + b, 0) / 3, 2);
    expect(std).toBeGreaterThanOrEqual(0);
    expect(r.out).toMatch(/^\(build \w+, relaxed dot flavour .+, threads 1, layout auto\)$/m);
  });

  it('--model-info, --profile FILE.json and --io-dump: the model, the per-step table, exact dumps', async () => {
    const r = await run(['m.onnx', '--iter', '1', '--model-info', '--profile', 'p.json', '--io-dump', 'dump/'], {
      'm.onnx': CHAIN,
    });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}input {2}x: uint8 \[1, 4, 10, 10\]$/m);
    expect(r.out).toMatch(/^ {2}output c1_y: uint8 \[1, 4, 10, 10\]$/m);
    expect(r.out).toMatch(/^ {2}steps: \d+ \(.*QLinearConv 2/m);
    expect(r.out).toContain(`multiply-adds: ${(CHAIN_MACS / 1e6).toFixed(1)} M`);
    expect(r.out).toMatch(/^ {2}memoryBytes: \d+ /m);
    expect(r.out).toMatch(/^ {4}QLinearConv\s+2\s+\d+\.\d{3}\s+\d+\.\d%/m);
    const prof = JSON.parse(new TextDecoder().decode(r.written['p.json'])) as {
      totalMs: number;
      steps: { op: string; macs: number }[];
      ops: { op: string; count: number; share: number; macs: number }[];
    };
    expect(prof.steps.filter((s) => s.op === 'QLinearConv').reduce((a, s) => a + s.macs, 0)).toBe(CHAIN_MACS);
    expect(prof.ops.reduce((a, o) => a + o.share, 0)).toBeCloseTo(1, 6);
    expect(r.dirs).toEqual(['dump/']);
    const x = readNpy(r.written['dump/input_x.npy']);
    const y = readNpy(r.written['dump/output_c1_y.npy']);
    expect(x.shape).toEqual([1, 4, 10, 10]);
    expect(x.data).toBeInstanceOf(Uint8Array);
    expect(y.shape).toEqual([1, 4, 10, 10]);
    // the dumped input fed back (and by --threads 2, --layout nchw, --build simd128): the same output bytes
    for (const extra of [[], ['--threads', '2'], ['--layout', 'nchw'], ['--build', 'simd128']]) {
      const again = await run(['m.onnx', '--iter', '1', '--input', 'x=in.npy', '--io-dump', 'd2', ...extra], {
        'm.onnx': CHAIN,
        'in.npy': r.written['dump/input_x.npy'],
      });
      expect(again.code, extra.join(' ')).toBe(0);
      expect(Array.from(readNpy(again.written['d2/output_c1_y.npy']).data as Uint8Array), extra.join(' ')).toEqual(
        Array.from(y.data as Uint8Array),
      );
      if (extra[0] === '--build') expect(again.out).toMatch(/^i8conv: build simd128/m);
    }
    // another seed, other random inputs
    const other = await run(['m.onnx', '--iter', '1', '--seed', '7', '--io-dump', 'd3'], { 'm.onnx': CHAIN });
    expect(Array.from(readNpy(other.written['d3/input_x.npy']).data as Uint8Array)).not.toEqual(
      Array.from(x.data as Uint8Array),
    );
  });

  it('--input NAME:SHAPE binds a symbolic dim (and a .npy feed binds it too); without it: BAD_SHAPE', async () => {
    const files = { 's.onnx': symbolicModel() };
    const no = await run(['s.onnx'], files);
    expect(no.code).toBe(1);
    expect(no.err).toMatch(/BAD_SHAPE/);
    const yes = await run(['s.onnx', '--iter', '2', '--input', 'x:2x4x9x9', '--model-info'], files);
    expect(yes.code).toBe(0);
    expect(yes.out).toContain('input  x: uint8 [2, 4, 9, 9]');
    const npy = writeNpy(
      Uint8Array.from({ length: 3 * 4 * 81 }, (_, i) => i % 251),
      [3, 4, 9, 9],
    );
    const fed = await run(['s.onnx', '--iter', '1', '--input', 'x=x.npy', '--model-info'], { ...files, 'x.npy': npy });
    expect(fed.code).toBe(0);
    expect(fed.out).toContain('input  x: uint8 [3, 4, 9, 9]');
  });

  it('an image feeds a float [1, 3, H, W] input (resized, / 255)', async () => {
    // one of the repository's rendered text images (test/data/ocr/)
    const png = new Uint8Array(
      readFileSync(
        `test/data/ocr/lines/${
          readdirSync('test/data/ocr/lines')
            .filter((f) => f.endsWith('.png'))
            .sort()[0]
        }`,
      ),
    );
    const r = await run(['i.onnx', '--iter', '1', '--input', 'img=a.png', '--io-dump', 'd'], {
      'i.onnx': imageModel(),
      'a.png': png,
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const x = readNpy(r.written['d/input_img.npy']);
    expect(x.shape).toEqual([1, 3, 8, 8]);
    const v = x.data as Float32Array;
    expect(v.every((t) => t >= 0 && t <= 1)).toBe(true);
    const bad = await run(['m.onnx', '--input', 'x=a.png'], { 'm.onnx': CHAIN, 'a.png': png });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/BAD_FEED.*an image feeds a float32/);
  });

  it('--algo-cache FILE: profiled selection, the cache written, then reloaded', async () => {
    const first = await run(['m.onnx', '--iter', '1', '--algo-cache', 'c.json'], { 'm.onnx': CHAIN });
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/load model: .* \(fast-run: algorithms profiled\)/);
    const cache = JSON.parse(new TextDecoder().decode(first.written['c.json'])) as { entries: Record<string, string> };
    const n = Object.keys(cache.entries).length;
    expect(n).toBeGreaterThan(0);
    const second = await run(['m.onnx', '--iter', '1', '--algo-cache', 'c.json'], {
      'm.onnx': CHAIN,
      'c.json': first.written['c.json'],
    });
    expect(second.code).toBe(0);
    expect(second.out).toContain(`algorithm cache c.json (${n} entries)`);
  });

  it('--compare-ort: onnxruntime-web on the same file and feeds, its statistics, no output value differs', async () => {
    const r = await run(['m.onnx', '--iter', '2', '--compare-ort'], { 'm.onnx': CHAIN });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^onnxruntime-web: load model: \S+ ms \(wasm, numThreads 1\)$/m);
    expect(r.out).toMatch(/^onnxruntime-web: avg \S+ ms \/ std /m);
    expect(r.out).toMatch(/^i8conv \/ onnxruntime-web: \d+\.\d\dx the time/m);
    expect(r.out).toContain('output c1_y: max |i8conv - onnxruntime-web| 0, 0 of 400 values differ');
  });

  it('usage errors exit 2 with the usage; a missing file, a bad model, unsupported ops, bad feeds exit 1', async () => {
    for (const args of [
      [],
      ['a.onnx', 'b.onnx'],
      ['m.onnx', '--iter', '0'],
      ['m.onnx', '--iter'],
      ['m.onnx', '--frobnicate'],
      ['m.onnx', '--threads', 'many'],
      ['m.onnx', '--build', 'fast'],
      ['m.onnx', '--layout', 'nhwc'],
      ['m.onnx', '--input', 'x'],
      ['m.onnx', '--input', 'x:1,a'],
      ['m.onnx', '--warmup', '1', '--warmup', '2'],
    ]) {
      const r = await run(args, { 'm.onnx': CHAIN });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(/i8conv run MODEL\.onnx/);
    }
    const missing = await run(['nope.onnx']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/ENOENT/);
    const garbage = await run(['g.onnx'], { 'g.onnx': new Uint8Array([8, 7, 0x7a, 0xff, 0xff, 1, 2, 3]) });
    expect(garbage.code).toBe(1);
    expect(garbage.err).toMatch(/^i8conv: BAD_MODEL: (?!\[)/);
    const unsupported = await run(['u.onnx', '--input', 'x:1,4,9,9'], { 'u.onnx': symbolicModel(true) });
    expect(unsupported.code).toBe(1);
    expect(unsupported.err).toMatch(/UNSUPPORTED_OP/);
    expect(unsupported.err).toContain('odd1');
    expect(unsupported.err).toContain('odd2');
    const tflite = await run(['m.tflite'], { 'm.tflite': new Uint8Array(8) });
    expect(tflite.code).toBe(1);
    expect(tflite.err).toMatch(/^i8conv: BAD_MODEL: .*TFLite/);
    const conv = buildTfliteConvModel({
      ic: 8,
      oc: 8,
      ih: 9,
      iw: 9,
      k: 3,
      stride: 1,
      pad: 1,
      group: 1,
      srcScale: 0.02,
      filterScale: 0.01,
      dstScale: 0.05,
      weights: new Int8Array(576).fill(3),
      bias: new Int32Array(8),
    }).bytes;
    const ok = await run(['c.tflite', '--iter', '2', '--model-info'], { 'c.tflite': conv });
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/iter 2\/2: /);
    expect(ok.out).toMatch(/QLinearConv/);
    const ort = await run(['c.tflite', '--compare-ort'], { 'c.tflite': conv });
    expect(ort.code).toBe(2);
    expect(ort.err).toMatch(/--compare-ort runs ONNX models/);
    const notNpy = await run(['m.onnx', '--input', 'x=x.npy'], { 'm.onnx': CHAIN, 'x.npy': new Uint8Array(32) });
    expect(notNpy.code).toBe(1);
    expect(notNpy.err).toMatch(/BAD_FEED.*x\.npy/);
    const wrongType = await run(['m.onnx', '--input', 'x=x.npy'], {
      'm.onnx': CHAIN,
      'x.npy': writeNpy(new Float32Array(400), [1, 4, 10, 10]),
    });
    expect(wrongType.code).toBe(1);
    expect(wrongType.err).toMatch(/BAD_FEED/);
  });
});

describe('.npy files (src/npy.ts)', () => {
  it('write and read back every dtype and shape (0-D, 1-D, 4-D), the data 64-byte aligned', () => {
    const cases = [
      [Float32Array.of(1.5, -2, NaN, Infinity), [4]],
      [Uint8Array.of(0, 255, 7), [3]],
      [Int8Array.of(-128, 127), [2, 1]],
      [Int32Array.of(-5, 2 ** 31 - 1), [1, 2]],
      [BigInt64Array.of(-1n, 2n ** 40n), [2]],
      [Float32Array.of(3), []],
      [new Uint8Array(24), [1, 2, 3, 4]],
    ] as const;
    for (const [data, shape] of cases) {
      const bytes = writeNpy(data, shape);
      expect((bytes.length - data.byteLength) % 64).toBe(0);
      const back = readNpy(bytes);
      expect(back.shape).toEqual([...shape]);
      expect(back.data.constructor).toBe(data.constructor);
      expect(Array.from(back.data as ArrayLike<number>).map(String)).toEqual(
        Array.from(data as ArrayLike<number>).map(String),
      );
    }
  });

  it('reads a version 2.0 header; refuses Fortran order, big-endian and other dtypes, truncation', () => {
    const v1 = writeNpy(Float32Array.of(1, 2), [2]);
    const hlen = v1[8] | (v1[9] << 8);
    const v2 = new Uint8Array(v1.length + 2);
    v2.set(v1.subarray(0, 8));
    v2[6] = 2;
    new DataView(v2.buffer).setUint32(8, hlen, true);
    v2.set(v1.subarray(10), 12);
    expect(Array.from(readNpy(v2).data as Float32Array)).toEqual([1, 2]);
    const edit = (from: string, to: string) => {
      const t = new TextDecoder().decode(v1).replace(from, to);
      return new Uint8Array([
        ...v1.subarray(0, 10),
        ...new TextEncoder().encode(t.slice(10, 10 + hlen)),
        ...v1.subarray(10 + hlen),
      ]);
    };
    expect(() => readNpy(edit("'fortran_order': False", "'fortran_order': True "))).toThrow(/Fortran/);
    expect(() => readNpy(edit("'<f4'", "'>f4'"))).toThrow(/dtype '>f4'/);
    expect(() => readNpy(edit("'<f4'", "'<f2'"))).toThrow(/dtype '<f2'/);
    // float64 is read (a double model input): the same header with 8-byte elements needs twice the data
    expect(() => readNpy(edit("'<f4'", "'<f8'"))).toThrow(/need 16 bytes/);
    const d = writeNpy(Float64Array.of(1.5, -(2 ** 60)), [2]);
    expect(Array.from(readNpy(d).data as Float64Array)).toEqual([1.5, -(2 ** 60)]);
    expect(() => readNpy(v1.subarray(0, v1.length - 1))).toThrow(/need 8 bytes/);
    expect(() => readNpy(v1.subarray(0, 20))).toThrow(/header runs past/);
    expect(() => readNpy(new Uint8Array(12))).toThrow(/signature/);
  });
});

describe('the built command (dist/src/cli.js) in Node and Deno', () => {
  const deno = 'node_modules/@deno/linux-x64-glibc/deno';
  const dir = mkdtempSync(join(tmpdir(), 'i8conv-run-'));
  writeFileSync(join(dir, 'm.onnx'), CHAIN);
  for (const [engine, argv] of [
    ['Node', [process.execPath]],
    ['Deno', [deno, 'run', '-A']],
  ] as const) {
    it(`${engine}: i8conv run m.onnx --iter 2 --io-dump: exit 0, the statistics, the dumped output`, () => {
      expect(existsSync('dist/src/cli.js'), 'npm run build first').toBe(true);
      if (engine === 'Deno') expect(existsSync(deno), 'the deno npm package').toBe(true);
      const out = execFileSync(
        argv[0],
        [
          ...argv.slice(1),
          'dist/src/cli.js',
          'run',
          join(dir, 'm.onnx'),
          '--iter',
          '2',
          '--io-dump',
          join(dir, engine),
        ],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      expect(out).toMatch(/^iter 2\/2: \S+ ms$/m);
      expect(out).toMatch(/^avg \S+ ms \/ std /m);
      expect(readNpy(new Uint8Array(readFileSync(join(dir, engine, 'output_c1_y.npy')))).shape).toEqual([1, 4, 10, 10]);
    });
  }
  it('Node and Deno compute the same output on the same seeded input', () => {
    const a = readFileSync(join(dir, 'Node', 'output_c1_y.npy'));
    const b = readFileSync(join(dir, 'Deno', 'output_c1_y.npy'));
    expect(Buffer.compare(a, b)).toBe(0);
  });
});
