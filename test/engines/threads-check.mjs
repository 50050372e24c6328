// Threaded convolutions against the oracle and against one thread, in whatever engine runs this file (Node,
// Deno, a browser page). Prints / returns { engine, threading, cases, threadedCases, failures, algorithms }.
// Used by test/threads.test.ts.
import { createRuntime } from '../../dist/src/index.js';
import { reference } from '../../dist/kernels-ref/index.js';
import { rng } from '../../dist-bench/fixtures/rng.js';

const ri = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));

/** Shapes every algorithm claims, large enough to run threaded, with odd task counts and more threads than tasks. */
export function threadCases() {
  const q = {
    srcType: 'uint8',
    srcZeroPoint: 120,
    srcScale: 0.03,
    dstType: 'uint8',
    dstZeroPoint: 100,
    dstScale: 0.6,
    biasMode: 'channel',
  };
  const pc = (oc) => Float32Array.from({ length: oc }, (_, o) => 0.002 + 0.0003 * (o % 7));
  return [
    [
      'WASMDOTS8DIRECT_NCHW44',
      {
        format: 'NCHW44',
        n: 1,
        ic: 32,
        ih: 23,
        iw: 29,
        oc: 20,
        fh: 3,
        fw: 3,
        pad: 1,
        filterScale: pc(20),
        nonlinearity: 'relu',
        ...q,
      },
    ],
    // Winograd: tile-row panels (a big plane) and output-channel parts (a 7x7 plane of 16 tiles)
    [
      'WASMS8_WINOGRAD_F23_NCHW44',
      {
        format: 'NCHW44',
        n: 1,
        ic: 24,
        ih: 37,
        iw: 45,
        oc: 20,
        fh: 3,
        fw: 3,
        pad: 1,
        filterScale: pc(20),
        nonlinearity: 'relu',
        ...q,
      },
    ],
    [
      'WASMS8_WINOGRAD_F23_NCHW44',
      { format: 'NCHW44', n: 1, ic: 64, ih: 7, iw: 7, oc: 44, fh: 3, fw: 3, pad: 1, filterScale: 0.004, ...q },
    ],
    [
      'WASMDOTS8DIRECT_NCHW44',
      {
        format: 'NCHW44',
        n: 3,
        ic: 16,
        ih: 5,
        iw: 40,
        oc: 12,
        fh: 5,
        fw: 5,
        stride: 2,
        pad: 2,
        filterScale: 0.004,
        ...q,
      },
    ],
    [
      'WASMDOTS8_NCHW_NCHW44',
      {
        format: 'NCHW_NCHW44',
        n: 1,
        ic: 3,
        ih: 61,
        iw: 57,
        oc: 16,
        fh: 7,
        fw: 7,
        stride: 2,
        pad: 3,
        filterScale: pc(16),
        ...q,
      },
    ],
    [
      'WASMDOTS8PAIRS_NCHW_NCHW44',
      {
        format: 'NCHW_NCHW44',
        n: 2,
        ic: 3,
        ih: 61,
        iw: 57,
        oc: 20,
        fh: 7,
        fw: 7,
        stride: 2,
        pad: 3,
        filterScale: pc(20),
        ...q,
      },
    ],
    [
      'WASMS8_CONV1x1_GEMM',
      {
        format: 'NCHW44',
        n: 1,
        ic: 64,
        ih: 33,
        iw: 35,
        oc: 36,
        fh: 1,
        fw: 1,
        filterScale: pc(36),
        nonlinearity: 'relu6',
        ...q,
      },
    ],
    [
      'WASMS8_CONV1x1_GEMM',
      { format: 'NCHW', n: 2, ic: 45, ih: 7, iw: 7, oc: 150, fh: 1, fw: 1, filterScale: pc(150), ...q },
    ],
    [
      'WASMS8_CHANWISE',
      {
        format: 'NCHW44',
        n: 1,
        ic: 44,
        ih: 41,
        iw: 43,
        oc: 44,
        group: 44,
        fh: 3,
        fw: 3,
        pad: 1,
        filterScale: pc(44),
        ...q,
      },
    ],
    [
      'WASMS8_CHANWISE',
      {
        format: 'NCHW',
        n: 1,
        ic: 13,
        ih: 60,
        iw: 61,
        oc: 13,
        group: 13,
        fh: 5,
        fw: 5,
        stride: 2,
        pad: 2,
        filterScale: 0.01,
        ...q,
      },
    ],
    [
      'WASMDOTS8DIRECT_NCHW',
      { format: 'NCHW', n: 1, ic: 21, ih: 31, iw: 33, oc: 19, fh: 3, fw: 3, pad: 1, filterScale: pc(19), ...q },
    ],
    [
      'WASMS8_IM2COL_GEMM',
      {
        format: 'NCHW',
        n: 1,
        ic: 17,
        ih: 29,
        iw: 31,
        oc: 23,
        fh: 3,
        fw: 2,
        dilation: [2, 1],
        stride: [1, 2],
        pad: [1, 0, 2, 1],
        filterScale: pc(23),
        ...q,
      },
    ],
    [
      'WASMDOTS8STRD1_NCHW',
      { format: 'NCHW', n: 1, ic: 5, ih: 40, iw: 41, oc: 7, fh: 3, fw: 3, pad: 1, filterScale: 0.01, ...q },
    ],
    [
      'WASMDOTS8STRD2_NCHW',
      { format: 'NCHW', n: 1, ic: 3, ih: 40, iw: 45, oc: 5, fh: 5, fw: 5, stride: 2, pad: 2, filterScale: 0.01, ...q },
    ],
    [
      'WASM_NAIVE',
      { format: 'NCHW', n: 1, ic: 6, ih: 30, iw: 30, oc: 3, fh: 3, fw: 3, pad: 1, filterScale: 0.01, ...q },
    ],
    // fewer tasks than threads: one image, one group, a plane of one panel / one row tile
    [
      'WASMS8_CONV1x1_GEMM',
      { format: 'NCHW44', n: 1, ic: 512, ih: 3, iw: 3, oc: 512, fh: 1, fw: 1, filterScale: 0.003, ...q },
    ],
  ];
}

function runOne(rt, p, seed) {
  const r = rng(seed);
  const conv = rt.convBias(p, { minThreadedMacs: 0 });
  const s = conv.params;
  const src = Uint8Array.from({ length: s.srcLength }, () => ri(r, 0, 255));
  const w = Int8Array.from({ length: s.filterLength }, () => ri(r, -128, 127));
  const bias = Int32Array.from({ length: s.biasLength }, () => ri(r, -2000, 2000));
  conv.setFilter(w);
  conv.setBias(bias);
  const dst = new Uint8Array(s.dstLength);
  conv.exec(src, dst);
  const threaded = conv.threaded;
  const guards = conv.checkGuards();
  conv.dispose();
  return { dst, threaded, guards, src, w, bias };
}

export async function checkThreads(threads = 2) {
  const rt = await createRuntime({ threads });
  const one = await createRuntime({ threads: 1 });
  const failures = [];
  const algorithms = new Set();
  let cases = 0;
  let threadedCases = 0;
  threadCases().forEach(([algo, p0], i) => {
    const p = { ...p0, algo };
    const a = runOne(rt, p, 100 + i);
    const b = runOne(one, p, 100 + i);
    const want = reference.convBias(p, a.src, a.w, a.bias);
    let bad = 0;
    let diff1 = 0;
    for (let k = 0; k < want.length; k++) {
      if (a.dst[k] !== want[k]) bad++;
      if (a.dst[k] !== b.dst[k]) diff1++;
    }
    cases++;
    if (a.threaded) threadedCases++;
    algorithms.add(algo);
    if (bad || diff1 || !a.guards || !b.guards) failures.push({ algo, i, bad, diff1, guards: a.guards && b.guards });
  });
  const threading = rt.threading;
  rt.dispose();
  one.dispose();
  return { threading, cases, threadedCases, failures, algorithms: [...algorithms].sort() };
}

const isMain =
  typeof Deno !== 'undefined' || (typeof process !== 'undefined' && process.argv[1]?.endsWith('threads-check.mjs'));
if (isMain) {
  const t = Number((typeof Deno !== 'undefined' ? Deno.args[0] : process.argv[2]) ?? 2);
  const engine = typeof Deno !== 'undefined' ? `deno ${Deno.version.deno}` : `node ${process.version}`;
  console.log(JSON.stringify({ engine, ...(await checkThreads(t)) }));
}
