// A/B of DynamicQuantizeLinear -> ConvInteger with uint8 weights and a zero point (quantize_dynamic's form) on two
// builds of the library in one process, 1 thread: per shape ic -> oc, 3x3, pads 1, h x h, the median step times over
// interleaved rounds (the run's profile) of the base build and the new build with weights of which one channel does
// not fit int8 after subtracting the zero point (shifted weights, window sums and correction on the new build), and of
// the new build with weights that all fit (one convolution). The outputs of both builds must be equal.
// Usage: node tools/ab-conv-zp.mjs <base dist> <new dist> ["ic,oc,h;ic,oc,h" = "32,32,256;64,64,128"] [rounds = 7]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseDir, newDir, shapesArg, roundsArg] = process.argv.slice(2);
if (!newDir) throw new Error('usage: node tools/ab-conv-zp.mjs <base dist> <new dist> [shapes] [rounds]');
const shapes = (shapesArg ?? '32,32,256;64,64,128').split(';').map((s) => s.split(',').map(Number));
const rounds = Number(roundsArg ?? 7);
const mods = {};
for (const [k, d] of [
  ['base', baseDir],
  ['new', newDir],
]) {
  const m = await import(pathToFileURL(resolve(d, 'src/index.js')).href);
  const w = await import(pathToFileURL(resolve(d, 'src/model/graph/onnx/writer.js')).href);
  mods[k] = { rt: await m.createRuntime({ threads: 1 }), write: w.writeOnnxModel };
}
/** The graph x (float32) -> DynamicQuantizeLinear -> ConvInteger (uint8 weights, zero point 143) -> y (int32). */
function graph(ic, oc, h, fit) {
  let s = 7;
  const r = () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
  const w = new Uint8Array(oc * ic * 9);
  for (let i = 0; i < w.length; i++) w[i] = 143 - 100 + Math.floor(r() * 200);
  if (!fit) w[5] = 2; // 2 - 143 < -128: channel 0 does not fit
  const ints = (v) => ({ kind: 'ints', value: v });
  return {
    name: 'ab',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: [1, ic, h, h] }],
    outputs: [{ name: 'y', type: 'int32', onnxElemType: 6, shape: null }],
    initializers: new Map([
      ['w', { name: 'w', type: 'uint8', dims: [oc, ic, 3, 3], data: w }],
      ['wzp', { name: 'wzp', type: 'uint8', dims: [], data: Uint8Array.of(143) }],
    ]),
    valueInfo: new Map(),
    nodes: [
      {
        name: 'dql',
        opType: 'DynamicQuantizeLinear',
        domain: '',
        inputs: ['x'],
        outputs: ['xq', 'xs', 'xz'],
        attributes: new Map(),
      },
      {
        name: 'conv',
        opType: 'ConvInteger',
        domain: '',
        inputs: ['xq', 'w', 'xz', 'wzp'],
        outputs: ['y'],
        attributes: new Map([
          ['kernel_shape', ints([3, 3])],
          ['pads', ints([1, 1, 1, 1])],
        ]),
      },
    ],
  };
}
const med = (a) => {
  const b = [...a].sort((p, q) => p - q);
  return b[b.length >> 1];
};
console.log(`node ${process.version}, build ${mods.new.rt.core.build}`);
for (const [ic, oc, h] of shapes) {
  const x = new Float32Array(ic * h * h);
  for (let i = 0; i < x.length; i++) x[i] = Math.sin(i * 0.01) * 2 + 0.5;
  const variants = {
    base: await mods.base.rt.loadModel(mods.base.write(graph(ic, oc, h, false))),
    new: await mods.new.rt.loadModel(mods.new.write(graph(ic, oc, h, false))),
    'new, weights that fit': await mods.new.rt.loadModel(mods.new.write(graph(ic, oc, h, true))),
  };
  const t = {};
  const total = {};
  let first;
  for (let r = 0; r < rounds; r++)
    for (const [k, m] of Object.entries(variants)) {
      const t0 = performance.now();
      const out = m.run({ x }, { profile: true }).y;
      (total[k] ??= []).push(performance.now() - t0);
      if (k !== 'new, weights that fit') {
        if (!first) first = out;
        else if (out.some((v, i) => v !== first[i])) throw new Error('the outputs of base and new differ');
      }
      for (const p of m.lastProfile) (t[`${k}: ${p.op} ${p.algorithm}`] ??= []).push(p.ms);
    }
  console.log(`-- ${ic} -> ${oc}, 3x3, ${h}x${h}: median ms of ${rounds} rounds (outputs of base and new equal)`);
  for (const [k, v] of Object.entries(total)) console.log(`  ${k}: run ${med(v).toFixed(2)}`);
  for (const [k, v] of Object.entries(t))
    console.log(`    ${k}: ${med(v).toFixed(2)} (min ${Math.min(...v).toFixed(2)})`);
}
