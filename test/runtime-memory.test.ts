// The runtime's wasm memory (issue 50, item 6): rt.memoryBytes (the linear memories held: they grow, never shrink)
// and rt.memoryInUse (the blocks of live models and operators); a disposed runtime's memory is garbage once it is
// unreferenced (no worker, cache or module-level singleton keeps it), and a new runtime starts small. Worker threads
// start under `node --expose-gc` (a V8 flag, which a worker refuses in an explicit execArgv), with a script file and
// with `--input-type=module -e`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
// the built library (dist/): the worker threads load its JavaScript
import { createRuntime } from '../dist/src/index.js';
import { convChain } from './helpers/model-builders.js';

const lib = new URL('../dist/src/index.js', import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'i8conv-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const model = () =>
  convChain(31, 'uint8', 3, 13, [
    { oc: 8, k: 3, stride: 2, pad: 1 },
    { oc: 16, k: 1, stride: 1, pad: 0 },
  ]);

/** Runs `script` (an ES module) in a child `node --expose-gc`, from a file or with -e; its last line is JSON. */
function child(script: string, how: 'file' | 'eval'): unknown {
  const file = join(dir, `child-${how}.mjs`);
  writeFileSync(file, script);
  const args = how === 'file' ? ['--expose-gc', file] : ['--expose-gc', '--input-type=module', '-e', script];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 });
  expect(r.status, `${r.stderr}\n${r.stdout}`).toBe(0);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

describe('rt.memoryBytes, rt.memoryInUse', () => {
  it('a model takes blocks (memoryInUse) and gives them back on dispose; the memory itself stays', async () => {
    for (const threads of [1, 2]) {
      const rt = await createRuntime({ threads });
      expect(rt.threading.enabled).toBe(threads > 1);
      const bytes0 = rt.memoryBytes;
      const use0 = rt.memoryInUse;
      expect(bytes0).toBeGreaterThan(0);
      const m = await rt.loadModel(model());
      expect(rt.memoryInUse - use0).toBeGreaterThanOrEqual(m.memoryBytes);
      // a large operator grows the memory
      const big = rt.convBias({
        format: 'NCHW',
        n: 1,
        ic: 64,
        ih: 256,
        iw: 256,
        oc: 64,
        fh: 3,
        fw: 3,
        pad: 1,
        srcScale: 0.1,
        filterScale: 0.1,
        dstScale: 0.1,
      });
      const grown = rt.memoryBytes;
      expect(grown).toBeGreaterThan(bytes0 + 8 * 2 ** 20);
      big.dispose();
      m.dispose();
      expect(rt.memoryInUse).toBe(use0);
      expect(rt.memoryBytes, 'a wasm memory never shrinks').toBe(grown);
      rt.dispose();
    }
  });
});

describe('node --expose-gc', () => {
  const script = `
import { createRuntime } from ${JSON.stringify(lib)};
const bytes = Uint8Array.from(${JSON.stringify(Array.from(model()))});
const refs = [];
const out = {};
async function use(threads) {
  const rt = await createRuntime({ threads });
  out['threading' + threads] = rt.threading;
  const m = await rt.loadModel(bytes);
  const x = new Uint8Array(m.inputs[0].shape.reduce((a, b) => a * b, 1));
  m.run({ x });
  await m.runAsync({ x });
  const big = rt.convBias({ format: 'NCHW', n: 1, ic: 64, ih: 256, iw: 256, oc: 64, fh: 3, fw: 3, pad: 1,
    srcScale: 0.1, filterScale: 0.1, dstScale: 0.1 });
  out['grown' + threads] = rt.memoryBytes;
  big.dispose();
  refs.push(new WeakRef(rt.core.memory), new WeakRef(rt));
  if (rt.core.serial) refs.push(new WeakRef(rt.core.serial.memory));
  m.dispose();
  rt.dispose();
}
await use(2);
await use(1);
// each gc in a job of its own: a WeakRef's target stays alive to the end of the job that made or read it
for (let i = 0; i < 20; i++) {
  await new Promise((r) => setTimeout(r, 20));
  globalThis.gc();
}
out.alive = refs.filter((r) => r.deref() !== undefined).length;
out.refs = refs.length;
const fresh = await createRuntime({ threads: 2 });
out.fresh = fresh.memoryBytes;
out.freshThreading = fresh.threading;
fresh.dispose();
console.log(JSON.stringify(out));
`;
  for (const how of ['file', 'eval'] as const) {
    it(`${how === 'file' ? 'a script file' : '--input-type=module -e'}: the workers start; a disposed runtime's memory is collected`, () => {
      const r = child(script, how) as Record<string, unknown>;
      expect(r.threading2).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
      expect(r.freshThreading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
      expect(r.refs).toBe(5);
      expect(r.alive, 'memories and runtimes still reachable after dispose').toBe(0);
      expect(r.fresh as number).toBeLessThan((r.grown2 as number) / 4);
    });
  }
});
