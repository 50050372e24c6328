// Runs the NCHW44 dot convolution on the given wasm build against the oracle, in whatever engine runs this
// file (Deno, a browser page, Node). Prints one JSON line: { engine, build, features, cases, failures }.
// Used by test/conv-engines.test.ts to check the relaxed-SIMD kernels, which Node 20 cannot run.
import {
  createRuntime,
  KERNELS,
  GEMM_KERNELS,
  CHANWISE_KERNELS,
  NCHW_DOT_KERNELS,
  WINOGRAD_KERNELS,
  Runtime,
} from '../../dist/src/index.js';
import { instantiateCore } from '../../dist/src/runtime.js';
import { reference } from '../../dist/kernels-ref/index.js';
import { rng } from '../../dist-bench/fixtures/rng.js';
// the alternative tiles (kernel table rows with lab: true) are in the lab build only (lab/index.ts)
import { createLabRuntime } from '../../dist-bench/lab/index.js';

const ri = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));

/**
 * `forceIsa` (tests only) runs the relaxed build with other kernels than the probe chose. Kernels for a flavour
 * this engine does not have ('wasmsdot' on a usdot engine) are then checked on activations and zero points in
 * [0, 127] (signed domain), where every flavour computes the same products.
 */
export async function checkBuild(build, count = 150, forceIsa = undefined) {
  const rt = forceIsa
    ? new Runtime(await instantiateCore({ build }, { isa: forceIsa }))
    : await createRuntime({ build });
  const labRt = await createLabRuntime({ build }, forceIsa ? { isa: forceIsa } : {});
  const labKernels = new Set(
    [...KERNELS, ...GEMM_KERNELS, ...WINOGRAD_KERNELS].filter((k) => k.lab).map((k) => k.name),
  );
  const runIsa = rt.features.isa;
  const isa = runIsa === 'wasmusdot' || runIsa === 'wasmsdot' ? 'wasmrelaxeddot' : runIsa;
  const flavourOf = { wasmusdot: 'usdot', wasmsdot: 'sdot' };
  const nonNegative =
    forceIsa !== undefined && flavourOf[forceIsa] !== undefined && flavourOf[forceIsa] !== rt.features.dotFlavour;
  const failures = [];
  let cases = 0;
  const seen = new Set();
  const one = (p0, seed, kernel) => {
    const r = rng(seed);
    const p = { ...p0 };
    if (nonNegative) p.srcZeroPoint = p.srcType === 'uint8' ? ri(r, 128, 255) : ri(r, 0, 127);
    const conv = (labKernels.has(kernel) ? labRt : rt).convBias(p, { kernel });
    const s = conv.params;
    const src =
      s.srcType === 'uint8'
        ? Uint8Array.from({ length: s.srcLength }, () => ri(r, nonNegative ? 128 : 0, 255))
        : Int8Array.from({ length: s.srcLength }, () => ri(r, nonNegative ? 0 : -128, 127));
    const w = Int8Array.from({ length: s.filterLength }, () => ri(r, -128, 127));
    const bias = s.biasLength ? Int32Array.from({ length: s.biasLength }, () => ri(r, -5000, 5000)) : undefined;
    conv.setFilter(w);
    if (bias) conv.setBias(bias);
    const dst = new { int8: Int8Array, uint8: Uint8Array, int32: Int32Array }[s.dstType](s.dstLength);
    conv.exec(src, dst);
    const want = reference.convBias(p, src, w, bias);
    let bad = 0;
    for (let i = 0; i < want.length; i++) if (dst[i] !== want[i]) bad++;
    if (bad || !conv.checkGuards()) failures.push({ p, bad });
    for (const k of conv.kernels) seen.add(k);
    algorithms.add(conv.algorithm);
    conv.dispose();
    cases++;
  };
  const algorithms = new Set();
  // the quantization options of the API (README): uint8 / int8 sources and outputs with zero points, per-channel scales (oc > 0), relu6
  const quant = (r, oc) => {
    const dstType = ['int8', 'uint8', 'int32'][ri(r, 0, 2)];
    const srcType = r() < 0.5 ? 'int8' : 'uint8';
    return {
      srcType,
      srcZeroPoint: srcType === 'uint8' ? ri(r, 0, 255) : ri(r, -128, 127),
      dstType,
      dstScale: dstType === 'int32' ? undefined : 0.05 + r() * 2,
      dstZeroPoint: dstType === 'int32' ? undefined : dstType === 'uint8' ? ri(r, 0, 255) : ri(r, -128, 127),
      filterScale: oc > 0 && r() < 0.5 ? Float32Array.from({ length: oc }, () => 0.002 + r() * 0.05) : 0.01 + r() * 0.1,
      nonlinearity: (dstType === 'int32' ? ['identity', 'relu', 'hswish'] : ['identity', 'relu', 'hswish', 'relu6'])[
        ri(r, 0, dstType === 'int32' ? 2 : 3)
      ],
    };
  };
  // every variant of this ISA, with the oc remainder and odd widths
  for (const k of KERNELS.filter((k) => k.isa === isa)) {
    for (const ow of [1, 5, 9, 17]) {
      one(
        {
          format: 'NCHW44',
          n: 1,
          ic: 8,
          ih: 4,
          iw: (ow - 1) * k.stride + 1,
          oc: 4 * k.nb * 2 + 4,
          fh: k.fw,
          fw: k.fw,
          stride: k.stride,
          pad: k.fw >> 1,
          srcScale: 0.1,
          filterScale: 0.01,
          dstScale: 0.3,
          biasMode: 'channel',
        },
        ow * 31 + k.id,
        k.role !== 'tail' ? k.name : undefined,
      );
    }
  }
  const r = rng(99);
  for (let t = 0; t < count; t++) {
    const hybrid = r() < 0.15;
    const k = [2, 3, 5, 7][ri(r, 0, 3)];
    const g = hybrid ? 1 : [1, 1, 2, 3][ri(r, 0, 3)];
    const ph = ri(r, 0, k + 1);
    const pw = ri(r, 0, k + 1);
    one(
      {
        format: hybrid ? 'NCHW_NCHW44' : 'NCHW44',
        n: ri(r, 1, 2),
        ic: hybrid ? ri(r, 1, 3) : 4 * g * ri(r, 1, 4),
        ih: Math.max(ri(r, 1, 12), k - 2 * ph),
        iw: Math.max(ri(r, 1, 19), k - 2 * pw),
        oc: 4 * g * ri(r, 1, 5),
        fh: k,
        fw: k,
        stride: ri(r, 1, 2),
        pad: [ph, pw],
        group: g,
        srcScale: 0.01 + r(),
        filterScale: 0.01 + r() * 0.1,
        dstScale: r() < 0.25 ? undefined : 0.05 + r() * 2,
        ...(t % 2 ? quant(r, 0) : {}),
        biasMode: (hybrid ? ['none', 'channel'] : ['none', 'channel', 'full'])[ri(r, 0, hybrid ? 1 : 2)],
        nonlinearity: ['identity', 'relu', 'hswish'][ri(r, 0, 2)],
        rounding: r() < 0.5 ? 'half-away' : 'half-even',
      },
      1000 + t,
    );
  }
  // every GEMM micro-kernel of the runtime's GEMM ISA, forced: 1x1 (direct, strided, NCHW) and im2col, with channel
  // remainders (1-3 channels of a block) and panels ending in 1-4 pixels
  const gemmIsa = isa === 'wasmrelaxeddot' ? 'wasmrelaxeddot' : 'wasmsimd';
  const gq = rng(11);
  for (const k of GEMM_KERNELS.filter((k) => k.isa === gemmIsa && k.role !== 'tail')) {
    for (const [format, fh, stride, pad, hw] of [
      ['NCHW44', 1, 1, 0, 7],
      ['NCHW44', 1, 2, 0, 9],
      ['NCHW', 1, 1, 0, 5],
      ['NCHW44', 3, 1, 1, 6],
      ['NCHW', 3, 2, 1, 11],
    ]) {
      const ic = format === 'NCHW' ? ri(gq, 1, 13) : 4 * ri(gq, 1, 5);
      one(
        {
          format,
          n: ri(gq, 1, 2),
          ic,
          oc: format === 'NCHW' ? ri(gq, 1, 11) : 4 * ri(gq, 1, 4),
          ih: hw,
          iw: hw + ri(gq, 0, 3),
          fh,
          fw: fh,
          stride,
          pad,
          algo: fh === 1 ? 'WASMS8_CONV1x1_GEMM' : 'WASMS8_IM2COL_GEMM',
          srcScale: 0.02,
          biasMode: 'channel',
          ...quant(gq, 0),
        },
        3000 + k.id * 10 + fh + stride,
        k.name,
      );
    }
  }
  // the Winograd F(2, 3) algorithm (SIMD128 pairs GEMM kernels in every build), each main kernel forced: 3x3, 5x5 and
  // 7x7 filters, output widths and heights 1-25 (tile and micro-tile tails), padding 0..f-1 per side, groups
  const wq = rng(19);
  for (const k of WINOGRAD_KERNELS.filter((v) => v.npg > 1)) {
    for (let t = 0; t < 8; t++) {
      const g = t % 4 === 3 ? 2 : 1;
      const f = [3, 5, 3, 7][t % 4];
      const pad = [ri(wq, 0, f - 1), ri(wq, 0, f - 1), ri(wq, 0, f - 1), ri(wq, 0, f - 1)];
      const oh = ri(wq, 1, 17);
      const ow = [1, 2, 5, 8, 13, 17, 24, 25][t];
      one(
        {
          format: 'NCHW44',
          n: ri(wq, 1, 2),
          ic: 4 * g * ri(wq, 1, 9),
          oc: 4 * g * ri(wq, 1, 4),
          group: g,
          fh: f,
          fw: f,
          pad,
          ih: Math.max(1, oh + f - 1 - pad[0] - pad[2]),
          iw: Math.max(1, ow + f - 1 - pad[1] - pad[3]),
          srcScale: 0.01 + wq(),
          algo: 'WASMS8_WINOGRAD_F23_NCHW44',
          biasMode: ['none', 'channel', 'full'][ri(wq, 0, 2)],
          rounding: wq() < 0.5 ? 'half-away' : 'half-even',
          ...quant(wq, 0),
        },
        4200 + k.id * 10 + t,
        k.name,
      );
    }
  }
  // the channel-wise kernel of this isa: filter widths 1-9 (quads / pairs and their zero taps), strides 1-3 (the
  // compact stride-2 rows), output widths 1-13 (the 4-pixel trips' tails), NCHW with channels past a block of 4
  const cw = rng(13);
  for (let t = 0; t < 48; t++) {
    const format = t % 2 ? 'NCHW' : 'NCHW44';
    const c = format === 'NCHW' ? ri(cw, 1, 11) : 4 * ri(cw, 1, 3);
    const fh = ri(cw, 1, 7);
    const fw = 1 + (t % 9);
    const stride = [1 + (t % 3), ri(cw, 1, 3)];
    const pad = [ri(cw, 0, 3), ri(cw, 0, 3), ri(cw, 0, 3), ri(cw, 0, 3)];
    const ow = ri(cw, 1, 13);
    one(
      {
        format,
        n: ri(cw, 1, 2),
        ic: c,
        oc: c,
        group: c,
        fh,
        fw,
        stride,
        pad,
        algo: 'WASMS8_CHANWISE',
        ih: Math.max(1, fh + ri(cw, 0, 6) - pad[0] - pad[2]),
        iw: Math.max(1, (ow - 1) * stride[1] + fw - pad[1] - pad[3]),
        srcScale: 0.01 + cw(),
        biasMode: ['none', 'channel', 'full'][ri(cw, 0, 2)],
        rounding: cw() < 0.5 ? 'half-away' : 'half-even',
        ...quant(cw, c),
      },
      4000 + t,
    );
  }
  // the NCHW direct dot kernels of this isa (every filter size and stride), forced: one or several input channels
  // per group, output widths 1-17 (the 8-column trips' tails), uneven padding
  const nd = rng(17);
  for (const k of [2, 3, 5, 7]) {
    for (const stride of [1, 2]) {
      for (let t = 0; t < 3; t++) {
        const g = t === 2 ? 2 : 1;
        const icpg = t === 0 ? 1 : ri(nd, 2, 3);
        const pad = [ri(nd, 0, k - 1), ri(nd, 0, k - 1), ri(nd, 0, k - 1), ri(nd, 0, k - 1)];
        const ow = [1, 6, 17][t];
        one(
          {
            format: 'NCHW',
            n: ri(nd, 1, 2),
            ic: g * icpg,
            oc: g * ri(nd, 1, 5),
            group: g,
            fh: k,
            fw: k,
            stride,
            pad,
            algo: `WASMDOTS8STRD${stride}_NCHW`,
            ih: Math.max(1, k + ri(nd, 0, 5) - pad[0] - pad[2]),
            iw: Math.max(1, (ow - 1) * stride + k - pad[1] - pad[3]),
            srcScale: 0.01 + nd(),
            biasMode: ['none', 'channel', 'full'][ri(nd, 0, 2)],
            ...quant(nd, 0),
          },
          4500 + k * 10 + stride * 3 + t,
        );
      }
    }
  }
  // every algorithm through the heuristic: 1x1, depthwise, NCHW of any channel count, rectangular / dilated shapes
  const q = rng(7);
  for (let t = 0; t < count; t++) {
    const format = ['NCHW44', 'NCHW', 'NCHW_NCHW44'][t % 3];
    let kind = t % 5; // 0 1x1, 1 depthwise, 2 square dense, 3 rectangular / dilated, 4 square dense with groups
    if (format === 'NCHW_NCHW44' && (kind === 1 || kind === 4)) kind = 2;
    const g = format === 'NCHW_NCHW44' ? 1 : kind === 1 ? 4 * ri(q, 1, 3) : kind === 4 ? 2 : 1;
    const m = format === 'NCHW' ? 1 : 4;
    const ic = format === 'NCHW_NCHW44' ? ri(q, 1, 3) : kind === 1 ? g : g * m * ri(q, 1, 3);
    const oc = kind === 1 ? g : format === 'NCHW' ? g * ri(q, 1, 9) : 4 * g * ri(q, 1, 3);
    const k = kind === 0 ? 1 : [2, 3, 5, 7][ri(q, 0, 3)];
    const fw = kind === 3 ? ri(q, 1, 4) : k;
    const dilation = kind === 3 ? [ri(q, 1, 2), ri(q, 1, 2)] : [1, 1];
    const pad = [ri(q, 0, 2), ri(q, 0, 2), ri(q, 0, 2), ri(q, 0, 2)];
    one(
      {
        format,
        n: ri(q, 1, 2),
        ic,
        oc,
        group: g,
        fh: k,
        fw,
        dilation,
        pad,
        stride: [ri(q, 1, 2), ri(q, 1, 2)],
        ih: (k - 1) * dilation[0] + ri(q, 1, 9),
        iw: (fw - 1) * dilation[1] + ri(q, 1, 11),
        srcScale: 0.01 + q(),
        biasMode: ['none', 'channel', 'full'][ri(q, 0, 2)],
        rounding: q() < 0.5 ? 'half-away' : 'half-even',
        ...quant(q, oc),
      },
      5000 + t,
    );
  }
  const missing = [
    ...KERNELS.filter((k) => k.isa === isa),
    ...GEMM_KERNELS.filter((k) => k.isa === gemmIsa),
    ...WINOGRAD_KERNELS,
  ]
    .map((k) => k.name)
    .concat([...CHANWISE_KERNELS, ...NCHW_DOT_KERNELS].filter((k) => k.isa === gemmIsa).map((k) => k.name))
    .filter((name) => !seen.has(name));
  return {
    build,
    isa: runIsa,
    nonNegative,
    features: rt.features,
    cases,
    failures: failures.slice(0, 5),
    failureCount: failures.length,
    missing,
    algorithms: [...algorithms].sort(),
  };
}

const isMain =
  typeof Deno !== 'undefined' || (typeof process !== 'undefined' && process.argv[1]?.endsWith('conv-check.mjs'));
if (isMain) {
  const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
  const build = args[0] ?? 'relaxed';
  const engine =
    typeof Deno !== 'undefined' ? `deno ${Deno.version.deno} (v8 ${Deno.version.v8})` : `node ${process.version}`;
  console.log(JSON.stringify({ engine, ...(await checkBuild(build, 150, args[1])) }));
}
