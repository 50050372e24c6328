// The float32 LSTM kernel (assembly/model/lstm-f32.ts) against the TypeScript operator it replaces
// (src/model/backends/host/rnn.ts), in one process, on 1 thread: a one-node model on the kernel vs the operator
// called directly, median of 5 rounds. Build first (npm run build); node tools/bench-lstm-kernel.mjs
const { createRuntime } = await import('../dist-bench/src/index.js');
const { writeOnnxModel } = await import('../dist-bench/src/model/graph/onnx/writer.js');
const { LSTM } = await import('../dist-bench/src/model/backends/host/rnn.js');

const SHAPES = [
  // [seq, batch, input, hidden, direction]: Silero's LSTM, then larger ones
  [1, 1, 128, 128, 'forward'],
  [1, 1, 64, 64, 'forward'],
  [16, 1, 256, 256, 'forward'],
  [8, 4, 300, 100, 'bidirectional'],
];
const rand = (n, s) => Float32Array.from({ length: n }, () => (Math.random() * 2 - 1) * s);
const median = (f, reps) => {
  const r = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) f();
    r.push((performance.now() - t0) / reps);
  }
  return r.sort((a, b) => a - b)[2];
};
const rt = await createRuntime({ threads: 1 });
for (const [seq, batch, K, H, direction] of SHAPES) {
  const dirs = direction === 'bidirectional' ? 2 : 1;
  const t = (name, dims, data) => ({ name, type: 'float32', dims, data });
  const X = t('X', [seq, batch, K], rand(seq * batch * K, 1));
  const W = t('W', [dirs, 4 * H, K], rand(dirs * 4 * H * K, 1 / Math.sqrt(K)));
  const R = t('R', [dirs, 4 * H, H], rand(dirs * 4 * H * H, 1 / Math.sqrt(H)));
  const B = t('B', [dirs, 8 * H], rand(dirs * 8 * H, 1));
  const attributes = new Map([
    ['hidden_size', { kind: 'int', value: H }],
    ['direction', { kind: 'string', value: direction }],
  ]);
  const node = {
    name: 'l',
    opType: 'LSTM',
    domain: '',
    inputs: ['X', 'W', 'R', 'B'],
    outputs: ['Y', 'Y_h', 'Y_c'],
    attributes,
  };
  const vi = (name, dims) => ({ name, type: 'float32', onnxElemType: 1, shape: dims });
  const graph = {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([['', 14]]),
    inputs: [vi('X', X.dims)],
    outputs: ['Y', 'Y_h', 'Y_c'].map((n) => vi(n, null)),
    initializers: new Map([W, R, B].map((x) => [x.name, x])),
    valueInfo: new Map(),
    nodes: [node],
  };
  const m = await rt.loadModel(writeOnnxModel(graph));
  const algo = m.nodes[0].algorithm;
  const info = (x) => ({ type: 'float32', dims: x.dims, constant: { type: 'float32', dims: x.dims, data: x.data } });
  const yDims = [seq, dirs, batch, H],
    sDims = [dirs, batch, H];
  const outs = [yDims, sDims, sDims].map((dims) => ({ type: 'float32', dims }));
  const op = LSTM(node, [{ type: 'float32', dims: X.dims }, info(W), info(R), info(B)], outs, 14);
  const outT = outs.map((o) => ({ ...o, data: new Float32Array(o.dims.reduce((a, d) => a * d, 1)) }));
  const ins = [X, W, R, B].map((x) => ({ type: 'float32', dims: x.dims, data: x.data }));
  const reps = Math.max(3, Math.floor(2e7 / (seq * batch * dirs * 4 * H * (K + H))));
  const tk = median(() => m.run({ X: X.data }), reps);
  const ts = median(() => op(ins, outT), Math.max(1, reps >> 3));
  console.log(
    `LSTM seq ${seq} batch ${batch} K ${K} H ${H} ${direction}: kernel (${algo}) ${(tk * 1000).toFixed(1)} us, TypeScript ${(ts * 1000).toFixed(1)} us: ${(ts / tk).toFixed(1)}x`,
  );
  m.dispose();
}
rt.dispose();
