// What test/arm64.test.ts checks on ARM64 V8 (Node 24 for linux arm64, run under qemu-user on an x86 machine), in one
// process (qemu's start costs seconds): the probe's answer; the relaxed dot on crafted inputs (lane 0 of
// i32x4.relaxed_dot_i8x16_i7x16_add_s, so that the test can tell how the engine sums the products); the convolution
// engine check (conv-check.mjs) on the SIMD128 build and on the relaxed build with its 7-bit split kernels forced,
// `count` random cases each; and a model (a file, its float32 input) on both, its output bytes in hex.
// Usage: node arm64-check.mjs COUNT MODEL_FILE INPUT_FILE. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { createRuntime, Runtime } from '../../dist/src/index.js';
import { instantiateCore } from '../../dist/src/runtime.js';
import { probeFeatures } from '../../dist/src/features.js';
import { checkBuild } from './conv-check.mjs';

const [countArg, modelFile, inputFile] = process.argv.slice(2);
const count = Number(countArg ?? 20);

// (module (memory (export "m") 1)
//   (func (export "dot") (param i32) (result i32)
//     (i32x4.extract_lane 0 (i32x4.relaxed_dot_i8x16_i7x16_add_s
//       (v128.load (i32.const 0)) (v128.load (i32.const 16)) (i32x4.splat (local.get 0))))))
const DOT_MODULE = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f, 0x03, 0x02, 0x01,
  0x00, 0x05, 0x03, 0x01, 0x00, 0x01, 0x07, 0x0b, 0x02, 0x01, 0x6d, 0x02, 0x00, 0x03, 0x64, 0x6f, 0x74, 0x00, 0x00,
  0x0a, 0x1a, 0x01, 0x18, 0x00, 0x41, 0x00, 0xfd, 0x00, 0x04, 0x00, 0x41, 0x10, 0xfd, 0x00, 0x04, 0x00, 0x20, 0x00,
  0xfd, 0x11, 0xfd, 0x93, 0x02, 0xfd, 0x1b, 0x00, 0x0b,
]);

/** Lane 0 of the relaxed dot for each case [a0..a3, b0..b3, c]; each case on its first calls and once hot. */
async function dotCases() {
  const { instance } = await WebAssembly.instantiate(DOT_MODULE);
  const mem = new Int8Array(instance.exports.m.buffer);
  const dot = instance.exports.dot;
  const cases = [
    [-128, -128, -128, -128, -128, -128, -128, -128, 9],
    [-128, -128, 1, 1, -128, -128, 1, 1, 0],
    [-128, 127, 0, 0, -128, 127, 0, 0, 0],
    [-128, -128, 0, 0, -128, 127, 0, 0, 0],
    [1, 1, 1, 1, -1, -1, -1, -1, 5],
    [127, 127, 127, 127, 127, 127, 127, 127, 0],
    [-128, -127, -128, -127, -127, -128, -127, -128, 1],
  ];
  let s = 12345;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return ((s >>> 16) & 0xff) - 128;
  };
  for (let k = 0; k < 200; k++) cases.push([...Array.from({ length: 8 }, next), next() * 1000]);
  const run = (c) => {
    mem.fill(0, 0, 32);
    mem.set(c.slice(0, 4), 0);
    mem.set(c.slice(4, 8), 16);
    return dot(c[8]);
  };
  const cold = cases.map(run);
  for (let k = 0; k < 20000; k++) run(cases[k % cases.length]);
  const hot = cases.map(run);
  return { cases, cold, hot };
}

/** The model's output bytes (hex) on a runtime. */
async function modelOut(rt, bytes, x) {
  const m = await rt.loadModel(bytes);
  try {
    const out = m.run({ [m.inputs[0].name]: x });
    return Object.fromEntries(
      Object.entries(out).map(([k, v]) => [k, Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')]),
    );
  } finally {
    m.dispose();
  }
}

const t0 = performance.now();
const features = await probeFeatures();
const dot = await dotCases();
const simd128 = await checkBuild('simd128', count);
const split = await checkBuild('relaxed', count, 'wasmrelaxedsimd');
const models = {};
if (modelFile) {
  const bytes = new Uint8Array(readFileSync(modelFile));
  const raw = readFileSync(inputFile);
  const x = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  const def = await createRuntime();
  models.default = { build: def.features.build, isa: def.features.isa, out: await modelOut(def, bytes, x) };
  const s = await createRuntime({ build: 'simd128' });
  models.simd128 = { build: s.features.build, isa: s.features.isa, out: await modelOut(s, bytes, x) };
  const r = new Runtime(await instantiateCore({ build: 'relaxed' }, { isa: 'wasmrelaxedsimd' }));
  models.split = { build: r.features.build, isa: r.features.isa, out: await modelOut(r, bytes, x) };
}
console.log(
  JSON.stringify({
    engine: `node ${process.version} ${process.arch}`,
    features,
    dot,
    simd128,
    split,
    models,
    ms: Math.round(performance.now() - t0),
  }),
);
