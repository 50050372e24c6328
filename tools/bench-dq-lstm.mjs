// DynamicQuantizeLSTM (what onnxruntime's quantize_dynamic writes for an LSTM) on i8conv's wasm kernel against
// onnxruntime-web, one-node models, 1 thread each, in one process: the ratio of i8conv's time to onnxruntime-web's
// (median of 5 rounds, alternated). Build first (npm run build); node tools/bench-dq-lstm.mjs
const { createRuntime } = await import('../dist-bench/src/index.js');
const { writeOnnxModel } = await import('../dist-bench/src/model/graph/onnx/writer.js');
const { loadModelSync } = await import('../dist-bench/src/model/load.js');
const ort = await import('onnxruntime-web');
ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

const SHAPES = [
  // [seq, input, hidden, directions]: a Silero-sized step, a short sequence, a longer one, bidirectional
  [1, 128, 128, 1],
  [4, 64, 64, 1],
  [16, 128, 128, 1],
  [8, 100, 96, 2],
];
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const i8 = (n) => Int8Array.from({ length: n }, () => Math.floor(rnd() * 255) - 127);
function model(S, I, H, D) {
  const t = (name, type, dims, data) => ({ name, type, dims, data });
  const inits = [
    t('W', 'int8', [D, I, 4 * H], i8(D * I * 4 * H)),
    t('R', 'int8', [D, H, 4 * H], i8(D * H * 4 * H)),
    t(
      'B',
      'float32',
      [D, 8 * H],
      Float32Array.from({ length: D * 8 * H }, () => rnd() - 0.5),
    ),
    t('ws', 'float32', [D], new Float32Array(D).fill(0.004)),
    t('wz', 'int8', [D], new Int8Array(D)),
    t('rs', 'float32', [D], new Float32Array(D).fill(0.006)),
    t('rz', 'int8', [D], new Int8Array(D)),
  ];
  const vi = (name, dims) => ({ name, type: 'float32', onnxElemType: 1, shape: dims });
  return writeOnnxModel({
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([
      ['', 14],
      ['com.microsoft', 1],
    ]),
    inputs: [vi('X', [S, 1, I])],
    outputs: [vi('Y', null), vi('Yh', null)],
    initializers: new Map(inits.map((x) => [x.name, x])),
    valueInfo: new Map(),
    nodes: [
      {
        name: 'lstm',
        opType: 'DynamicQuantizeLSTM',
        domain: 'com.microsoft',
        inputs: ['X', 'W', 'R', 'B', '', '', '', '', 'ws', 'wz', 'rs', 'rz'],
        outputs: ['Y', 'Yh'],
        attributes: new Map([
          ['hidden_size', { kind: 'int', value: H }],
          ['direction', { kind: 'string', value: D === 2 ? 'bidirectional' : 'forward' }],
        ]),
      },
    ],
  });
}
const rt = await createRuntime({ threads: 1 });
console.log('| seq, input, hidden, dirs | algorithm | i8conv us | onnxruntime-web us | ratio | outputs equal |');
console.log('|---|---|---|---|---|---|');
for (const [S, I, H, D] of SHAPES) {
  const bytes = model(S, I, H, D);
  const m = loadModelSync(rt, bytes);
  const s = await ort.InferenceSession.create(bytes);
  const X = Float32Array.from({ length: S * I }, () => rnd() * 2 - 1);
  const feeds = { X: new ort.Tensor('float32', X, [S, 1, I]) };
  const ours = m.run({ X }, { profile: true });
  const algorithm = m.lastProfile[0].algorithm;
  const theirs = await s.run(feeds);
  const equal = ['Y', 'Yh'].every((k) => ours[k].every((v, i) => Object.is(v, theirs[k].data[i])));
  const reps = Math.max(20, Math.round(20000 / ((S * H * (I + H) * D * 4) / 1000 + 1)));
  const a = [],
    b = [];
  for (let round = 0; round < 5; round++) {
    let t0 = performance.now();
    for (let i = 0; i < reps; i++) m.run({ X });
    a.push(((performance.now() - t0) / reps) * 1000);
    t0 = performance.now();
    for (let i = 0; i < reps; i++) await s.run(feeds);
    b.push(((performance.now() - t0) / reps) * 1000);
  }
  const med = (v) => v.sort((x, y) => x - y)[2];
  console.log(
    `| ${S}, ${I}, ${H}, ${D} | ${algorithm} | ${med(a).toFixed(1)} | ${med(b).toFixed(1)} | ${(med(a) / med(b)).toFixed(2)} | ${equal ? 'yes' : 'NO'} |`,
  );
  m.dispose();
  await s.release();
}
rt.dispose();
