/// <reference types="@webgpu/types" />
/**
 * `npm run bench:gpu`: the WebGPU weight-only convolution on whatever adapter Dawn finds (SwiftShader here,
 * the H200 on the device machine). For every case it tunes (tuning 'full': every variant and work-group
 * size, timed with timestamp queries where the adapter has them), checks the output against the float64
 * oracle, then reports the chosen kernel's time (median of timestamp-timed runs) and wall time per run.
 * Each quantized case is followed by the same kernels with float32 weights (the twin).
 *
 * Usage: node dist-bench/bench/gpu/main.js [--quick] [--out FILE] [--only SUBSTR] [--reps N]
 *   --quick : small shapes only (for CPU adapters); the default is the H200 table of docs/gpu.md#current-figures.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import {
  createGpuRuntime,
  heat,
  hostSizes,
  median,
  runAndWait,
  timeDispatch,
  upload,
  type GpuRuntime,
  type LowMemoryConv,
  type LowMemoryConvParams,
} from '../../src/gpu/index.js';
import { quantizeMnn, quantAt } from '../../kernels-ref/lowmem-conv.js';
import { convShapes } from './cases.js';
import { args, arg } from './cli.js';

interface Case {
  name: string;
  params: Omit<LowMemoryConvParams, 'weightBits'>;
  bits: 4 | 8 | 32;
  blockSize: number;
}

const quick = args.includes('--quick');
const only = arg('--only');
const reps = Number(arg('--reps') ?? (quick ? 5 : 50));
const outFile =
  arg('--out') ?? (process.env.OUT ? `${process.env.OUT}/gpu-bench.json` : 'bench/results/gpu-bench.json');

function gemmCases(): Case[] {
  const out: Case[] = [];
  const K = quick ? 256 : 4096;
  for (const m of quick ? [1, 16] : [1, 16, 128]) {
    const p = { n: m, ic: K, ih: 1, iw: 1, oc: K, fh: 1, fw: 1 };
    for (const bits of [4, 8] as const)
      for (const bs of [32, 0])
        out.push({ name: `gemm K=N=${K} M=${m} int${bits} blk${bs}`, params: p, bits, blockSize: bs });
    out.push({ name: `gemm K=N=${K} M=${m} f32`, params: p, bits: 32, blockSize: 0 });
  }
  const K2 = quick ? 1024 : 16384;
  const p2 = { n: 1, ic: K2, ih: 1, iw: 1, oc: K2, fh: 1, fw: 1 };
  out.push({ name: `gemm K=N=${K2} M=1 int4 blk32`, params: p2, bits: 4, blockSize: 32 });
  out.push({ name: `gemm K=N=${K2} M=1 int4 blk0`, params: p2, bits: 4, blockSize: 0 });
  out.push({ name: `gemm K=N=${K2} M=1 f32`, params: p2, bits: 32, blockSize: 0 });
  return out;
}

function convCases(): Case[] {
  const out: Case[] = [];
  for (const { name: nm, params: p } of convShapes(quick)) {
    for (const bits of [4, 8] as const) out.push({ name: `${nm} int${bits}`, params: p, bits, blockSize: 0 });
    out.push({ name: `${nm} f32`, params: p, bits: 32, blockSize: 0 });
  }
  return out;
}

/** Deterministic pseudo-random floats in [-1, 1) (never all zero: zeros can time faster). */
function rand(n: number, seed: number): Float32Array {
  const a = new Float32Array(n);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    a[i] = x / 2147483648 - 1;
  }
  return a;
}

/** Read bandwidth: each thread sums vec4s strided by the grid; one store per thread that never happens. */
async function readBandwidth(device: GPUDevice): Promise<{ gbps: number; bytes: number; us: number; config: string }> {
  const bytes =
    Math.min(quick ? 32 << 20 : 1 << 30, device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize) &
    ~0xfffff;
  const src = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const dst = device.createBuffer({ size: 4 << 20, usage: GPUBufferUsage.STORAGE });
  // fill with non-zero data once through a tiny kernel (createBuffer gives zeros)
  const fill = device.createComputePipeline({
    layout: 'auto',
    compute: {
      entryPoint: 'main',
      module: device.createShaderModule({
        code: `@group(0) @binding(0) var<storage, read_write> A: array<vec4<f32>>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
  let stride = nw.x * 256u;
  for (var i = g.x; i < arrayLength(&A); i += stride) { A[i] = vec4<f32>(f32(i & 1023u) * 0.001); }
}`,
      }),
    },
  });
  await runAndWait(device, {
    pipeline: fill,
    bindGroup: device.createBindGroup({
      layout: fill.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: { buffer: src } }],
    }),
    groups: [4096, 1],
  });
  let best = { gbps: 0, bytes, us: 0, config: '' };
  for (const [groups, unroll] of [
    [8192, 1],
    [16384, 2],
    [4096, 4],
    [32768, 1],
  ] as const) {
    const n4 = bytes / 16;
    const code = `@group(0) @binding(0) var<storage, read> A: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> D: array<f32>;
const NT = ${groups * 256}u; const N4 = ${n4}u;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  var s = vec4<f32>(0.0);
  for (var i = g.x; i < N4; i += NT * ${unroll}u) {
    ${Array.from({ length: unroll }, (_, k) => `if (i + ${k}u * NT < N4) { s += A[i + ${k}u * NT]; }`).join('\n    ')}
  }
  if (s.x == -1.0) { D[g.x % 1048576u] = s.y; }
}`;
    const pipe = device.createComputePipeline({
      layout: 'auto',
      compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
    });
    const bg = device.createBindGroup({
      layout: pipe.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: src } },
        { binding: 1, resource: { buffer: dst } },
      ],
    });
    const t = median(
      (await timeDispatch(device, { pipeline: pipe, bindGroup: bg, groups: [groups, 1] }, Math.max(5, reps >> 2))).us,
    );
    const gbps = bytes / (t * 1e-6) / 1e9;
    if (gbps > best.gbps) best = { gbps, bytes, us: t, config: `${groups}x256 unroll ${unroll}` };
  }
  src.destroy();
  dst.destroy();
  return best;
}

/**
 * FMA loop: every thread runs 8 independent vec4 FMA chains. Run at the start (after half a second of load) and
 * again right after each case's timing: the ratio of the two rates tells whether the case ran at full clock.
 */
let peakTflops = 1;
let fmaPipe: { pipe: GPUComputePipeline; bg: GPUBindGroup; dst: GPUBuffer } | undefined;
const FMA_ITERS = 2048;
async function fmaBurst(device: GPUDevice, groups: number): Promise<{ tflops: number; us: number }> {
  if (!fmaPipe) {
    const code = `@group(0) @binding(0) var<storage, read_write> D: array<f32>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let s = f32(g.x & 255u) * 1e-6;
  var a0 = vec4<f32>(s); var a1 = a0 + 0.1; var a2 = a0 + 0.2; var a3 = a0 + 0.3;
  var a4 = a0 + 0.4; var a5 = a0 + 0.5; var a6 = a0 + 0.6; var a7 = a0 + 0.7;
  let m = vec4<f32>(0.999); let c = vec4<f32>(0.001);
  for (var i = 0u; i < ${FMA_ITERS}u; i++) {
    a0 = fma(a0, m, c); a1 = fma(a1, m, c); a2 = fma(a2, m, c); a3 = fma(a3, m, c);
    a4 = fma(a4, m, c); a5 = fma(a5, m, c); a6 = fma(a6, m, c); a7 = fma(a7, m, c);
  }
  let t = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
  if (t.x == -1.0) { D[g.x & 1023u] = t.y; }
}`;
    const pipe = device.createComputePipeline({
      layout: 'auto',
      compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
    });
    const dst = device.createBuffer({ size: 4096, usage: GPUBufferUsage.STORAGE });
    fmaPipe = {
      pipe,
      dst,
      bg: device.createBindGroup({
        layout: pipe.getBindGroupLayout(0),
        entries: [{ binding: 0, resource: { buffer: dst } }],
      }),
    };
  }
  const t = median(
    (await timeDispatch(device, { pipeline: fmaPipe.pipe, bindGroup: fmaPipe.bg, groups: [groups, 1] }, 5)).us,
  );
  return { tflops: (groups * 256 * FMA_ITERS * 8 * 4 * 2) / (t * 1e-6) / 1e12, us: t };
}

interface Row {
  name: string;
  variant: string;
  wg: [number, number];
  kernelUs: number;
  kernelMinUs: number;
  wallUs: number;
  maxRelErr: number;
  checked: number;
  ok: boolean;
  tuneLog: { variant: string; wg: [number, number]; us: number }[];
  weightBytes: number;
  gbps: number;
  gflops: number;
  timestamps: boolean;
  clock: number;
}

async function runCase(gpu: GpuRuntime, c: Case, device: GPUDevice): Promise<Row> {
  const pp = { ...c.params, blockSize: c.blockSize, asymmetric: false, nonlinearity: 'relu' as const };
  const conv: LowMemoryConv = c.bits === 32 ? gpu.floatConv(pp) : gpu.lowMemoryConv({ ...pp, weightBits: c.bits });
  const s = conv.shape;
  const sz = hostSizes(s);
  const wf = rand(sz.weightCount, 7 + s.ic);
  const bias = rand(s.oc, 3);
  const x = rand(sz.input, 11 + s.n);
  // reference weights as the kernel sees them
  let deqAt: (e: number) => number;
  let weightBytes: number;
  if (c.bits === 32) {
    conv.setWeights(wf, bias);
    deqAt = (e) => wf[e];
    weightBytes = sz.weightCount * 4;
  } else {
    const q = quantizeMnn(wf, s.oc, s.ic, s.fh, s.fw, {
      bits: c.bits,
      asymmetric: false,
      blockSize: c.blockSize,
      skipDequantized: true,
    });
    conv.setWeights(q.data, q.scales, undefined, bias);
    const area = s.fh * s.fw;
    const nBlk = s.nBlk;
    deqAt = (e) => {
      const o = Math.floor(e / (s.ic * area));
      const ic = Math.floor(e / area) % s.ic;
      const b = c.blockSize ? Math.floor(ic / c.blockSize) : 0;
      return quantAt(c.bits as 4 | 8, q.data, e) * q.scales[o * nBlk + b];
    };
    weightBytes = sz.weightBytes + q.scales.length * 4;
  }
  await conv.tune();
  const inBuf = upload(device, x);
  const outBuf = device.createBuffer({ size: sz.output * 4, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const d = await conv.dispatchFor(inBuf, outBuf);
  // the GPU idles (and clocks down) while the host packs weights and compiles: bring it back before timing
  await heat(device, d, quick ? 0 : 300);
  const t = await timeDispatch(device, d, reps);
  // clock check: the FMA loop right after, against its rate at the start of the run (1.0 = same clock)
  const clock = quick ? 1 : (await fmaBurst(device, 1024)).tflops / peakTflops;
  // wall time: submit + wait per run, as a page would see it
  const w0 = performance.now();
  const wr = Math.max(3, reps >> 2);
  for (let r = 0; r < wr; r++) await runAndWait(device, d);
  const wallUs = ((performance.now() - w0) * 1000) / wr;
  // check: read back and compare sampled outputs (all when there are few) with the float64 oracle
  const read = device.createBuffer({ size: sz.output * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = device.createCommandEncoder();
  enc.copyBufferToBuffer(outBuf, 0, read, 0, sz.output * 4);
  device.queue.submit([enc.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const out = new Float32Array(read.getMappedRange().slice(0));
  read.unmap();
  const nCheck = Math.min(sz.output, 4096);
  const step = sz.output / nCheck;
  let maxRef = 0,
    maxDiff = 0;
  for (let k = 0; k < nCheck; k++) {
    const idx = Math.floor(k * step);
    const ow = idx % s.ow,
      oh = Math.floor(idx / s.ow) % s.oh,
      o = Math.floor(idx / (s.ow * s.oh)) % s.oc,
      n = Math.floor(idx / (s.ow * s.oh * s.oc));
    let acc = bias[o];
    for (let ic = 0; ic < s.ic; ic++)
      for (let ky = 0; ky < s.fh; ky++) {
        const iy = oh * s.sh - s.ph + ky * s.dh;
        if (iy < 0 || iy >= s.ih) continue;
        for (let kx = 0; kx < s.fw; kx++) {
          const ix = ow * s.sw - s.pw + kx * s.dw;
          if (ix < 0 || ix >= s.iw) continue;
          acc += x[((n * s.ic + ic) * s.ih + iy) * s.iw + ix] * deqAt(((o * s.ic + ic) * s.fh + ky) * s.fw + kx);
        }
      }
    acc = Math.max(acc, 0);
    maxRef = Math.max(maxRef, Math.abs(acc));
    const diff = Math.abs(out[idx] - acc);
    maxDiff = Number.isNaN(diff) ? Infinity : Math.max(maxDiff, diff);
  }
  const maxRelErr = maxDiff / Math.max(maxRef, 1e-3);
  const kernelUs = median(t.us);
  const flops = 2 * s.n * s.oh * s.ow * s.oc * s.ic * s.fh * s.fw;
  const row: Row = {
    name: c.name,
    variant: d.variant,
    wg: d.wg,
    kernelUs,
    kernelMinUs: Math.min(...t.us),
    wallUs,
    maxRelErr,
    checked: nCheck,
    ok: maxRelErr <= 1e-3,
    tuneLog: conv.tuneLog,
    weightBytes,
    gbps: weightBytes / (kernelUs * 1e-6) / 1e9,
    gflops: flops / (kernelUs * 1e-6) / 1e9,
    timestamps: t.timestamps,
    clock,
  };
  inBuf.destroy();
  outBuf.destroy();
  read.destroy();
  conv.dispose();
  return row;
}

function save(obj: unknown): void {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(obj, null, 1));
}

async function main() {
  const { device, adapterInfo, features } = await createNodeDevice();
  const gpu = await createGpuRuntime({
    device,
    tuning: 'full',
    tuneReps: quick ? 2 : 10,
    tuneWarmupMs: quick ? 0 : 500,
  });
  console.log(
    `adapter: ${adapterInfo.vendor} ${adapterInfo.architecture} ${adapterInfo.description} ${adapterInfo.device}`,
  );
  console.log(`features: ${features.join(' ')}`);
  const bw = await readBandwidth(device);
  console.log(
    `read bandwidth: ${bw.gbps.toFixed(0)} GB/s (${(bw.bytes / 2 ** 20).toFixed(0)} MiB in ${bw.us.toFixed(1)} us, ${bw.config})`,
  );
  if (!quick) for (let i = 0; i < 20; i++) await fmaBurst(device, 8192); // ~0.5 s of load: out of the idle clock
  const peak = await fmaBurst(device, quick ? 64 : 1024);
  peakTflops = peak.tflops;
  console.log(
    `FMA loop rate (clock reference only, not a chip peak): ${peak.tflops.toFixed(1)} TFLOP/s as counted (${peak.us.toFixed(0)} us)`,
  );
  const rows: Row[] = [];
  const cases = [...gemmCases(), ...convCases()].filter((c) => !only || c.name.includes(only));
  for (const c of cases) {
    try {
      const r = await runCase(gpu, c, device);
      rows.push(r);
      save({ adapter: adapterInfo, features, readBandwidth: bw, fmaPeak: peak, rows, partial: true });
      console.log(
        `${r.name.padEnd(34)} ${r.variant.padEnd(18)} wg ${String(r.wg).padEnd(7)} kernel ${r.kernelUs.toFixed(1).padStart(8)} us  ` +
          `wall ${r.wallUs.toFixed(0).padStart(6)} us  clock ${r.clock.toFixed(2)}  ${r.gbps.toFixed(0).padStart(5)} GB/s(w)  ${r.gflops.toFixed(0).padStart(6)} GFLOP/s  err ${r.maxRelErr.toExponential(1)} ${r.ok ? 'ok' : 'FAIL'}`,
      );
    } catch (e) {
      console.log(`${c.name}: ERROR ${(e as Error).message}`);
    }
  }
  // per-variant quantized vs float32 twin (best work-group size of each variant, from the tuner's timings)
  const best = (r: Row) => {
    const m = new Map<string, number>();
    for (const l of r.tuneLog) m.set(l.variant, Math.min(m.get(l.variant) ?? Infinity, l.us));
    return m;
  };
  const twinLines: string[] = [];
  for (const r of rows) {
    if (r.name.endsWith(' f32')) continue;
    const base = r.name.replace(/ int[48]( blk\d+)?$/, '');
    const f = rows.find((x) => x.name === `${base} f32`);
    if (!f) continue;
    const bq = best(r),
      bf = best(f);
    const slower = [...bq]
      .filter(([v, us]) => bf.has(v) && us > bf.get(v)!)
      .map(([v, us]) => `${v} ${us.toFixed(1)}>${bf.get(v)!.toFixed(1)}`);
    twinLines.push(
      `${r.name.padEnd(34)} tuned ${r.kernelUs.toFixed(1)} vs f32 ${f.kernelUs.toFixed(1)} us; variants slower than their f32 twin: ${slower.length ? slower.join(', ') : 'none'}`,
    );
  }
  console.log('\nquantized vs float32 twin:');
  for (const l of twinLines) console.log(l);
  save({
    adapter: adapterInfo,
    features,
    readBandwidth: bw,
    fmaPeak: peak,
    rows,
    tuningCache: JSON.parse(gpu.tuningCache()),
  });
  console.log(`\nwrote ${outFile}`);
  console.log(
    `${rows.filter((r) => r.ok).length} checked ok, ${rows.filter((r) => !r.ok).length + cases.length - rows.length} failed`,
  );
  device.destroy();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
