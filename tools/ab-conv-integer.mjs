// A/B of one quantize_dynamic layer on two builds of the library in one process, 1 thread: x (float32) ->
// DynamicQuantizeLinear -> ConvInteger (kxk, pads k/2, uint8 weights spread around zero point 140: W=100 leaves some
// beyond int8 after it, W=60 fits) -> Cast -> Mul (x scale * w scale) -> Add (bias) -> Relu. Per shape: the summed
// step times of ROUNDS alternated runs (minimum / median) and the ratio; the outputs of both builds must be equal.
// Usage: node tools/ab-conv-integer.mjs <base dist> <new dist> ["ic,oc,h[,k];..." = "64,64,256"] [rounds = 9]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const [a, b, shapesArg, roundsArg] = process.argv.slice(2);
const libs = [];
for (const d of [a, b])
  libs.push({
    lib: await import(pathToFileURL(resolve(d, 'src/index.js')).href),
    w: await import(pathToFileURL(resolve(d, 'src/model/graph/onnx/writer.js')).href),
  });
const ints = (v) => ({ kind: 'ints', value: v });
function graph(ic, oc, h, k) {
  let s = 7;
  const r = () => ((s = (s * 1103515245 + 12345) >>> 0), s / 2 ** 32);
  const W = Number(process.env.W ?? 100);
  const w = new Uint8Array(oc * ic * k * k);
  for (let i = 0; i < w.length; i++) w[i] = Math.min(255, Math.max(0, Math.round(140 + (r() + r() + r() - 1.5) * W)));
  const bb = new Float32Array(oc);
  for (let i = 0; i < oc; i++) bb[i] = r() - 0.5;
  const t = (name, type, dims, data) => [name, { name, type, dims, data }];
  const nd = (name, opType, inputs, outputs, attributes = new Map()) => ({
    name,
    opType,
    domain: '',
    inputs,
    outputs,
    attributes,
  });
  return {
    name: 'l',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: [1, ic, h, h] }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
    initializers: new Map([
      t('w', 'uint8', [oc, ic, k, k], w),
      t('wzp', 'uint8', [], Uint8Array.of(140)),
      t('ws', 'float32', [], Float32Array.of(0.01)),
      t('b', 'float32', [oc, 1, 1], bb),
    ]),
    valueInfo: new Map(),
    nodes: [
      nd('dql', 'DynamicQuantizeLinear', ['x'], ['xq', 'xs', 'xz']),
      nd('sm', 'Mul', ['xs', 'ws'], ['s']),
      nd(
        'conv',
        'ConvInteger',
        ['xq', 'w', 'xz', 'wzp'],
        ['acc'],
        new Map([
          ['kernel_shape', ints([k, k])],
          ['pads', ints([k >> 1, k >> 1, k >> 1, k >> 1])],
        ]),
      ),
      nd('cast', 'Cast', ['acc'], ['accf'], new Map([['to', { kind: 'int', value: 1 }]])),
      nd('mul', 'Mul', ['accf', 's'], ['m']),
      nd('add', 'Add', ['m', 'b'], ['a']),
      nd('relu', 'Relu', ['a'], ['y']),
    ],
  };
}
const rts = [];
for (const l of libs) rts.push(await l.lib.createRuntime({ threads: 1 }));
for (const [ic, oc, h, k = 3] of (shapesArg ?? '64,64,256').split(';').map((x) => x.split(',').map(Number))) {
  const x = new Float32Array(ic * h * h);
  for (let i = 0; i < x.length; i++) x[i] = Math.max(0, Math.sin(i * 0.013) * 2 + 0.3);
  const ms = [];
  for (let i = 0; i < 2; i++)
    ms.push(
      await rts[i].loadModel(libs[i].w.writeOnnxModel(graph(ic, oc, h, k)), { inputShapes: { x: [1, ic, h, h] } }),
    );
  const y0 = ms[0].run({ x }).y,
    y1 = ms[1].run({ x }).y;
  let bad = 0;
  for (let i = 0; i < y0.length; i++) if (!Object.is(y0[i], y1[i])) bad++;
  if (bad) process.exitCode = 1; // the builds disagree
  const t = [[], []],
    st = [[], []];
  for (let r = 0; r < Number(roundsArg ?? 9); r++)
    for (let i = 0; i < 2; i++) {
      const j = r % 2 ? 1 - i : i;
      const t0 = performance.now();
      ms[j].run({ x }, { profile: true });
      t[j].push(performance.now() - t0);
      st[j].push(ms[j].lastProfile.reduce((s, p) => s + p.ms, 0));
    }
  const min = (v) => Math.min(...v),
    med = (v) => [...v].sort((p, q) => p - q)[v.length >> 1];
  console.log(
    `${ic}->${oc} ${h}² ${bad ? `DIFF ${bad} ` : ''}steps base ${min(st[0]).toFixed(1)}/${med(st[0]).toFixed(1)} ms, new ${min(st[1]).toFixed(1)}/${med(st[1]).toFixed(1)} ms (min/med): new/base ${(min(st[1]) / min(st[0])).toFixed(3)} / ${(med(st[1]) / med(st[0])).toFixed(3)} | ${ms[1].lastProfile.map((p) => `${p.algorithm.replace('WASMS8_', '')} ${p.ms.toFixed(1)}`).join(', ')}`,
  );
  ms.forEach((m) => m.dispose());
}
