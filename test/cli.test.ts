// The `i8conv` command (src/cli.ts): `quantize` on seeded inputs end to end, its usage errors (exit 2), bad files and
// bad models (exit 1, the error code printed), and the built binary (dist/src/cli.js, package.json "bin").
// `--calibrate DIR` on real images (test/data/ocr/, PNG, and a JPEG made here) with the reference executor. Help
// (`--help`, `-h`, `help [COMMAND]`, `COMMAND --help`: stdout, exit 0) and unknown commands (exit 2). Without
// onnxruntime-web (an optional peer dependency; its import mocked to fail here), `quantize` and `run --compare-ort`
// exit 1 before reading anything, naming `npm install onnxruntime-web` and the flag that does without it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { describe, expect, it, vi } from 'vitest';
import { GraphBuilder, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { HELP, QUANTIZE_HELP, RUN_HELP, main } from '../src/cli.js';
import { I8ConvError } from '../src/errors.js';
import { RUN_USAGE } from '../src/cli-run.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { rng } from './helpers/rng.js';

/** x [1, 3, 6, 6] -> Conv 3x3 pad 1 (4 ch) -> Relu -> Conv 1x1 (2 ch) = y. */
function tinyNet(dims: (number | string)[] = [1, 3, 6, 6]): Uint8Array {
  const r = rng(5);
  const b = new GraphBuilder('tiny');
  b.inputs.push(valueInfo('x', 'float32', dims as number[]));
  b.init(
    f32(
      'w1',
      [4, 3, 3, 3],
      Float32Array.from({ length: 108 }, () => r() - 0.5),
    ),
  );
  b.init(f32('b1', [4], [0.1, -0.1, 0.2, 0]));
  b.init(
    f32(
      'w2',
      [2, 4, 1, 1],
      Float32Array.from({ length: 8 }, () => r() - 0.5),
    ),
  );
  b.node(
    'Conv',
    ['x', 'w1', 'b1'],
    ['c1'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'conv1' },
  );
  b.node('Relu', ['c1'], ['r1'], {}, { name: 'relu' });
  b.node('Conv', ['r1', 'w2'], ['y'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  b.outputs.push(valueInfo('y', 'float32', [1, 2, 6, 6]));
  return writeOnnxModel(b.graph());
}

async function run(args: string[], files: Record<string, Uint8Array> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, Uint8Array> = {};
  const code = await main({
    args,
    readFile: async (p) => {
      // what node:fs/promises throws for a missing file (a Node system error, not an I8ConvError)
      if (!(p in files))
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { ['code']: 'ENOENT' });
      return files[p];
    },
    // a folder: the names of the files under `p/`
    listDir: async (p) => {
      const dir = p.replace(/\/+$/, '');
      const names = Object.keys(files)
        .filter((f) => f.startsWith(`${dir}/`))
        .map((f) => f.slice(dir.length + 1));
      if (!names.length)
        throw Object.assign(new Error(`ENOENT: no such file or directory, scandir '${p}'`), { ['code']: 'ENOENT' });
      return names;
    },
    writeFile: async (p, d) => void (written[p] = d),
    mkdir: async () => {},
    exists: async (p) => p in files,
    out: (s) => out.push(s),
    err: (s) => err.push(s),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), written };
}

describe('i8conv quantize', () => {
  it('quantizes a float model on seeded inputs: progress, the per-tensor table, the output error, the QDQ file', async () => {
    const r = await run(
      ['quantize', 'in.onnx', 'out.onnx', '--random', '3', '--observer', 'minmax', '--executor', 'reference'],
      { 'in.onnx': tinyNet() },
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/calibrate 1\/3/);
    expect(r.out).toMatch(/calibrate 3\/3/);
    expect(r.out).toMatch(/report 3\/3/);
    expect(r.out).toMatch(/observer minmax, activations uint8, weights per-channel, 3 samples, executor reference/);
    expect(r.out).toMatch(/^x\s+activation\s/m);
    expect(r.out).toMatch(/^w1\S*\s+weight\s/m);
    expect(r.out).toMatch(/ {2}y: max \|error\| \S+, SQNR \d+\.\d dB/);
    const q = r.written['out.onnx'];
    expect(q).toBeInstanceOf(Uint8Array);
    const g = readOnnxModel(q);
    expect(g.nodes.filter((n) => n.opType === 'QuantizeLinear').length).toBeGreaterThan(0);
    expect(g.nodes.filter((n) => n.opType === 'Relu')).toHaveLength(0); // absorbed into conv1's output range
    const rt = await createRuntime();
    try {
      const m = loadModelSync(rt, q, {});
      expect(m.run({ x: new Float32Array(108).fill(0.25) }).y).toHaveLength(72);
      m.dispose();
    } finally {
      rt.dispose();
    }
  });

  it('--keep-float, --target-sqnr, --ops and --observer auto reach quantizeModel; the report prints verdicts and layers', async () => {
    const base = ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--executor', 'reference'];
    const r = await run(
      [...base, '--observer', 'auto', '--keep-float', 'conv2', '--ops', 'convs', '--target-sqnr', '0'],
      {
        'in.onnx': tinyNet(),
      },
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^calibrate 2\/2 /m);
    expect(r.out).toMatch(/^report 2\/2 /m);
    expect(r.out).toMatch(/ {2}y: max \|error\| \S+, SQNR \d+\.\d dB, cosine \d\.\d{4}, (good|fair|poor)/);
    expect(r.out).toMatch(/^verdict: (good|fair|poor): /m);
    expect(r.out).toMatch(/^ {2}conv1 \(Conv\): \S+ dB on y$/m);
    expect(r.out).toMatch(/^target 0 dB reached, kept float: none$/m);
    expect(r.out).toMatch(/^ {2}conv2 \(Conv\): kept float \(options\.keepFloat\)$/m);
    const bad = await run([...base, '--keep-float', 'nope'], { 'in.onnx': tinyNet() });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/INVALID_PARAM: keepFloat: "nope" names no node/);
  });

  it('--elementwise quantize and --equalize off reach quantizeModel (the same model as its options write)', async () => {
    const base = [
      'quantize',
      'in.onnx',
      'out.onnx',
      '--random',
      '2',
      '--observer',
      'minmax',
      '--executor',
      'reference',
    ];
    const a = await run([...base, '--elementwise', 'quantize', '--equalize', 'off'], { 'in.onnx': tinyNet() });
    expect(a.code, a.err).toBe(0);
    const b = await run([...base, '--elementwise', 'table', '--equalize', 'on'], { 'in.onnx': tinyNet() });
    expect(b.code, b.err).toBe(0);
    const c = await run(base, { 'in.onnx': tinyNet() });
    expect(Buffer.from(c.written['out.onnx']).equals(Buffer.from(b.written['out.onnx']))).toBe(true);
  });

  it('the same seed gives the same model; another seed another one', async () => {
    const args = (seed: string) => [
      'quantize',
      'in.onnx',
      'out.onnx',
      '--random',
      '2',
      '--seed',
      seed,
      '--observer',
      'minmax',
      '--executor',
      'reference',
    ];
    const a = await run(args('7'), { 'in.onnx': tinyNet() });
    const b = await run(args('7'), { 'in.onnx': tinyNet() });
    const c = await run(args('8'), { 'in.onnx': tinyNet() });
    expect(Buffer.from(a.written['out.onnx']).equals(Buffer.from(b.written['out.onnx']))).toBe(true);
    expect(Buffer.from(a.written['out.onnx']).equals(Buffer.from(c.written['out.onnx']))).toBe(false);
  });

  it('a symbolic input dimension needs --input; with it the model quantizes', async () => {
    const sym = tinyNet(['N', 3, 6, 6]);
    const r1 = await run(
      ['quantize', 'in.onnx', 'out.onnx', '--random', '1', '--executor', 'reference', '--observer', 'minmax'],
      { 'in.onnx': sym },
    );
    expect(r1.code).toBe(1);
    expect(r1.err).toMatch(/BAD_SHAPE: .*--input x:/);
    const r2 = await run(
      [
        'quantize',
        'in.onnx',
        'out.onnx',
        '--random',
        '1',
        '--executor',
        'reference',
        '--observer',
        'minmax',
        '--input',
        'x:1,3,6,6',
      ],
      { 'in.onnx': sym },
    );
    expect(r2.err).toBe('');
    expect(r2.code).toBe(0);
  });

  it('usage errors exit 2 with the usage; bad files and models exit 1 with the error', async () => {
    const usage = [
      [],
      ['frobnicate'],
      ['quantize', 'in.onnx'],
      ['quantize', 'in.onnx', 'out.onnx'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '0'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', 'two'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--observer', 'kl'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--elementwise', 'float'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--equalize', 'yes'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--bits', '4'],
      ['quantize', 'in.onnx', 'out.onnx', '--random'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--input', 'x=1,3'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--ops', 'some'],
      ['quantize', 'in.onnx', 'out.onnx', '--random', '2', '--target-sqnr', 'high'],
    ];
    for (const args of usage) {
      const r = await run(args, { 'in.onnx': tinyNet() });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(/usage: i8conv quantize/);
    }
    const missing = await run(['quantize', 'nope.onnx', 'out.onnx', '--random', '1', '--executor', 'reference']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/no such file or directory, open 'nope\.onnx'/);
    const bad = await run(['quantize', 'in.onnx', 'out.onnx', '--random', '1', '--executor', 'reference'], {
      'in.onnx': Uint8Array.of(1, 2, 3, 4, 5),
    });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/BAD_MODEL/);
    expect(bad.written).toEqual({});
  });

  it.skipIf(!existsSync('dist/src/cli.js'))('the built binary runs (dist/src/cli.js, package.json "bin")', () => {
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['dist/src/cli.js', 'quantize'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      status = (e as { status: number }).status;
      stderr = String((e as { stderr: string }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/usage: i8conv quantize/);
  });
});

describe('i8conv quantize --calibrate DIR', () => {
  const line = (i: number) => new Uint8Array(readFileSync(`test/data/ocr/lines/0${i}.png`));
  const jpegOf = (png: { width: number; height: number; data: Uint8Array }) =>
    new Uint8Array(jpeg.encode({ width: png.width, height: png.height, data: png.data }, 90).data);
  const base = ['quantize', 'in.onnx', 'out.onnx', '--executor', 'reference', '--observer', 'minmax'];

  it('calibrates on the PNG / JPEG files of the folder (resized, normalized): progress, report, a QDQ model', async () => {
    const files = {
      'in.onnx': tinyNet(),
      'cal/a.png': line(1),
      'cal/b.PNG': line(2),
      'cal/notes.txt': Uint8Array.of(65),
    };
    const r = await run([...base, '--calibrate', 'cal', '--mean', '0.5', '--std', '0.5'], files);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/read cal\/a\.png \(\d+x\d+\)/);
    expect(r.out).toMatch(/read cal\/b\.PNG/);
    expect(r.out).not.toMatch(/notes/);
    expect(r.out).toMatch(/calibrate 2\/2/);
    expect(r.out).toMatch(/report 2\/2/);
    expect(r.out).toMatch(/observer minmax, activations uint8, weights per-channel, 2 samples/);
    // (v / 255 - 0.5) / 0.5 of light paper and dark ink: the input's range reaches both ends of [-1, 1]
    const x = /^x\s+activation\s+(\S+)\s+(\S+)/m.exec(r.out)!;
    expect(Number(x[1])).toBeLessThan(-0.3);
    expect(Number(x[2])).toBeGreaterThan(0.5);
    expect(Number(x[2])).toBeLessThanOrEqual(1);
    expect(readOnnxModel(r.written['out.onnx']).nodes.some((n) => n.opType === 'QuantizeLinear')).toBe(true);
  });

  it('a JPEG decodes (jpeg-js); --size binds a symbolic height and width; --channels bgr and --scale A/B', async () => {
    const { decodePng } = await import('../src/image/png.js');
    const files = {
      'in.onnx': tinyNet(['N', 3, 'H', 'W']),
      'cal/a.jpg': jpegOf(await decodePng(line(3))),
      'cal/b.png': line(4),
    };
    const r = await run(
      [...base, '--calibrate', 'cal/', '--size', '8x20', '--channels', 'bgr', '--scale', '2/255'],
      files,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/read cal\/a\.jpg \(\d+x\d+\)/);
    const x = /^x\s+activation\s+(\S+)\s+(\S+)/m.exec(r.out)!;
    expect(Number(x[2])).toBeGreaterThan(1.5); // scale 2/255: white is 2
    const noSize = await run([...base, '--calibrate', 'cal'], files);
    expect(noSize.code).toBe(1);
    expect(noSize.err).toMatch(/BAD_SHAPE: .*--size HxW/);
  });

  it('a bad or unsupported image file, an empty folder, a wrong size: exit 1 with the error, nothing written', async () => {
    const cases: [Record<string, Uint8Array>, string[], RegExp][] = [
      [
        { 'cal/a.png': line(1), 'cal/b.png': Uint8Array.of(1, 2, 3) },
        [],
        /BAD_IMAGE: .*cal\/b\.png: not a PNG or JPEG file/,
      ],
      [{ 'cal/a.png': line(1).slice(0, 200) }, [], /BAD_IMAGE: .*cal\/a\.png: PNG: /],
      [{ 'cal/a.jpg': Uint8Array.of(0x47, 0x49, 0x46, 0x38, 0x39, 0x61) }, [], /BAD_IMAGE: .*a GIF file/],
      [{ 'cal/a.jpg': Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0) }, [], /BAD_IMAGE: .*cal\/a\.jpg: JPEG: /],
      [{ 'cal/readme.txt': Uint8Array.of(65) }, [], /INVALID_PARAM: .*no \.png, \.jpg or \.jpeg file/],
      [{ 'cal/a.png': line(1) }, ['--size', '8x8'], /BAD_SHAPE: .*--size 8x8 does not fit/],
      [{ 'cal/a.png': line(1) }, ['--channels', 'gray'], /BAD_SHAPE: .*\[1, 1, H, W\]/],
    ];
    for (const [dir, extra, want] of cases) {
      const r = await run([...base, '--calibrate', 'cal', ...extra], { 'in.onnx': tinyNet(), ...dir });
      expect(r.code, String(want)).toBe(1);
      expect(r.err, String(want)).toMatch(want);
      expect(r.written).toEqual({});
    }
    const missing = await run([...base, '--calibrate', 'nowhere'], { 'in.onnx': tinyNet() });
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/no such file or directory, scandir 'nowhere'/);
  });

  it('usage errors: both or neither of --random / --calibrate, image flags without --calibrate, bad values', async () => {
    const usage = [
      ['--random', '2', '--calibrate', 'cal'],
      ['--random', '2', '--size', '6x6'],
      ['--calibrate', 'cal', '--seed', '3'],
      ['--calibrate', 'cal', '--size', '6'],
      ['--calibrate', 'cal', '--size', '0x6'],
      ['--calibrate', 'cal', '--mean', '0.5,x'],
      ['--calibrate', 'cal', '--std', '0'],
      ['--calibrate', 'cal', '--scale', '1/0'],
      ['--calibrate', 'cal', '--scale', 'tiny'],
      ['--calibrate', 'cal', '--fit', 'crop'],
      ['--calibrate', 'cal', '--channels', 'rgba'],
    ];
    for (const extra of usage) {
      const r = await run([...base, ...extra], { 'in.onnx': tinyNet(), 'cal/a.png': line(1) });
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.err, extra.join(' ')).toMatch(/usage: i8conv quantize/);
    }
  });
});

describe('i8conv help', () => {
  it('--help, -h and help print the commands and examples on stdout, exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.err, args.join(' ')).toBe('');
      expect(r.out).toBe(HELP);
    }
    expect(HELP).toMatch(/^ {2}run MODEL /m);
    expect(HELP).toMatch(/^ {2}quantize IN OUT /m);
    expect(HELP).toMatch(/^examples:\n {2}npx i8conv run /m);
  });

  it('COMMAND --help, COMMAND -h and help COMMAND print its usage, every flag and examples, exit 0', async () => {
    const cases: Array<[string[], string]> = [
      [['quantize', '--help'], QUANTIZE_HELP],
      [['quantize', 'in.onnx', 'out.onnx', '-h'], QUANTIZE_HELP],
      [['help', 'quantize'], QUANTIZE_HELP],
      [['run', '--help'], RUN_HELP],
      [['run', 'model.onnx', '--iter', '3', '-h'], RUN_HELP],
      [['help', 'run'], RUN_HELP],
    ];
    for (const [args, text] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.err, args.join(' ')).toBe('');
      expect(r.out, args.join(' ')).toBe(text);
    }
    // every flag the usage names has a line of its own that describes it, and each help ends with examples
    for (const [text, usage] of [
      [QUANTIZE_HELP, QUANTIZE_HELP.slice(0, QUANTIZE_HELP.indexOf('\n\n'))],
      [RUN_HELP, RUN_USAGE],
    ]) {
      const flags = [...new Set(usage.match(/--[a-z-]+/g))];
      expect(flags.length).toBeGreaterThan(8);
      for (const f of flags) expect(text, f).toMatch(new RegExp(`^ +${f}\\b.* {2,}\\S`, 'm'));
      expect(text).toMatch(/\nexamples:\n( {2}i8conv .*\n?)+/);
    }
  });

  it('unknown commands and help topics still fail: exit 2, the message and the usage on stderr', async () => {
    for (const [args, msg] of [
      [['frobnicate'], /unknown command 'frobnicate' \(commands: run, quantize; i8conv --help\)/],
      [['help', 'frobnicate'], /help: unknown command 'frobnicate'/],
      [['toString', '--help'], /unknown command 'toString'/],
      [[], /no command/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(msg);
      expect(r.err).toMatch(/usage: i8conv quantize/);
    }
  });

  it.skipIf(!existsSync('dist/src/cli.js'))('the built binary prints the help (node dist/src/cli.js --help)', () => {
    const out = execFileSync(process.execPath, ['dist/src/cli.js', '--help'], { encoding: 'utf8', stdio: 'pipe' });
    expect(out.trimEnd()).toBe(HELP);
  });
});

describe('i8conv without onnxruntime-web (its import fails)', () => {
  it('quantize (default executor) and run --compare-ort exit 1 naming npm install onnxruntime-web and the flag', async () => {
    vi.doMock('onnxruntime-web', () => {
      throw new Error("Cannot find package 'onnxruntime-web'");
    });
    try {
      const q = await run(['quantize', 'in.onnx', 'out.onnx', '--random', '1'], { 'in.onnx': tinyNet() });
      expect(q.code).toBe(1);
      expect(q.err).toMatch(/^i8conv: INVALID_PARAM: /);
      expect(q.err).toContain('npm install onnxruntime-web');
      expect(q.err).toContain('--executor reference');
      expect(q.err).not.toContain('referenceInterpreter');
      expect(q.out).toBe(''); // nothing read or run before the check
      expect(q.written).toEqual({});

      const r = await run(['run', 'in.onnx', '--iter', '1', '--compare-ort'], { 'in.onnx': tinyNet() });
      expect(r.code).toBe(1);
      expect(r.err).toContain('npm install onnxruntime-web');
      expect(r.err).toContain('without --compare-ort');
      expect(r.err).not.toContain('referenceInterpreter');
      expect(r.out).toBe('');

      // the API's message names the option instead (quantizeModel's default executor)
      const { quantizeModel } = await import('../src/quantize/index.js');
      const e = await quantizeModel(tinyNet(), { calibration: [{ x: new Float32Array(108) }] }).catch((x) => x);
      expect(e).toBeInstanceOf(I8ConvError);
      expect(e.code).toBe('INVALID_PARAM');
      expect(e.param).toBe('executor');
      expect(e.message).toContain('npm install onnxruntime-web');
      expect(e.message).toContain(
        "executor: referenceInterpreter (import { referenceInterpreter } from 'i8conv/reference')",
      );
    } finally {
      vi.doUnmock('onnxruntime-web');
    }
  });
});
