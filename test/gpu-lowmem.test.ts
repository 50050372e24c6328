/**
 * WebGPU weight-only conv on Dawn (the `webgpu` package) over SwiftShader: MNN's grids (docs/testing.md, C.1-C.3)
 * at sizes that keep the run short, every variant forced, E.6's edge cases, the tuner and its cache, guard
 * regions around outputs, and the typed errors. SwiftShader runs work-group barriers slowly, so the tiled
 * and gemv variants get small shapes; the whole C.1 grid runs through `npm run test:gpu-full`.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeDevice, TEST_TOGGLES } from '../fixtures/gpu/node-device.js';
import { SENTINEL, blockyInput, runGuarded as runGuardedOn } from '../fixtures/gpu/guarded.js';
import {
  createGpuRuntime,
  mnnAlphaToScaleOffset,
  slices,
  variantsForPath,
  VARIANTS,
  deriveShape,
  tuneKey,
  generateWgsl,
  type DotVariant,
  type GpuRuntime,
  type LowMemoryConvParams,
} from '../src/gpu/index.js';
import { I8ConvError } from '../src/errors.js';
import { dotPrepass } from '../src/gpu/wgsl.js';
import {
  dispatchSize,
  findVariant,
  mmaGeometry,
  mmaPrepassSize,
  preferred,
  usable,
  wgCandidates,
  type Variant,
} from '../src/gpu/variants.js';
import { packMmaWeights } from '../src/gpu/pack.js';
import {
  dequantizeLowMem,
  lowMemConvRef,
  maxRelError,
  mnnC1Data,
  mnnC2Data,
  quantAt,
  quantizeMnn,
  refOutSize,
  refShapeOf,
} from '../kernels-ref/lowmem-conv.js';

const FULL = process.env.I8CONV_GPU_FULL === '1';
type Act = 'identity' | 'relu' | 'relu6';
const ACTS: Act[] = ['identity', 'relu', 'relu6'];
const QUANTS: [4 | 8, boolean][] = [
  [8, true],
  [8, false],
  [4, true],
  [4, false],
];

let device: GPUDevice;
let gpu: GpuRuntime;
/** set when the current device was lost (a driver fault, or destroyed after a failed case) */
let lost = false;

/** A fresh device and runtime for the cases that follow; the old device, if any, is destroyed. */
async function openDevice(): Promise<void> {
  device?.destroy();
  const d = (await createNodeDevice({ toggles: TEST_TOGGLES })).device;
  device = d;
  lost = false;
  void d.lost.then(() => {
    if (device === d) lost = true;
  });
  gpu = await createGpuRuntime({ device, tuning: 'none' });
}

// One stuck or faulty case must not take the cases after it down: every case has a time limit (vitest's,
// CASE_MS; pipelines compile asynchronously, so the limit fires even while the driver compiles), and after a
// case fails, or the device is lost, the next case gets a new device.
const CASE_MS = FULL ? 3_600_000 : 90_000;
vi.setConfig({ testTimeout: CASE_MS });
beforeAll(openDevice);
beforeEach(async () => {
  if (lost) await openDevice();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await openDevice();
});
afterAll(() => {
  device?.destroy();
});

/** A forced run with the output between guard regions (fixtures/gpu/guarded.ts), on this file's device. */
function runGuarded(
  p: LowMemoryConvParams,
  q: { data: Uint8Array; scales: Float32Array; offsets?: Float32Array },
  bias: Float32Array,
  x: Float32Array,
): Promise<{ out: Float32Array; variant: string }> {
  return runGuardedOn(device, gpu, p, q, bias, x);
}

/**
 * Runs entry point `entry` of WGSL `code` once over `groups` work-groups, with storage buffers bound by number:
 * `inputs` (binding -> data) and the output at binding `out` (`words` u32 long, filled with SENTINEL first, so
 * what the kernel left unwritten shows); returns the output's words.
 */
async function runKernel(
  code: string,
  entry: string,
  groups: [number, number],
  inputs: Record<number, Float32Array<ArrayBuffer>>,
  out: { binding: number; words: number },
): Promise<Uint32Array> {
  const pipeline = await device.createComputePipelineAsync({
    layout: 'auto',
    compute: { module: device.createShaderModule({ code }), entryPoint: entry },
  });
  const ins = Object.entries(inputs).map(([b, data]) => {
    const buffer = device.createBuffer({
      size: data.byteLength,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    });
    device.queue.writeBuffer(buffer, 0, data);
    return { binding: Number(b), resource: { buffer } };
  });
  const bytes = out.words * 4;
  const ob = device.createBuffer({
    size: bytes,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  });
  device.queue.writeBuffer(ob, 0, new Uint32Array(out.words).fill(SENTINEL));
  const rb = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(
    0,
    device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [...ins, { binding: out.binding, resource: { buffer: ob } }],
    }),
  );
  pass.dispatchWorkgroups(groups[0], groups[1]);
  pass.end();
  enc.copyBufferToBuffer(ob, 0, rb, 0, bytes);
  device.queue.submit([enc.finish()]);
  await rb.mapAsync(GPUMapMode.READ);
  const words = new Uint32Array(rb.getMappedRange().slice(0));
  rb.unmap();
  rb.destroy();
  ob.destroy();
  for (const e of ins) e.resource.buffer.destroy();
  return words;
}

interface CaseSpec {
  p: Omit<LowMemoryConvParams, 'weightBits' | 'asymmetric' | 'nonlinearity' | 'variant'>;
  bits: 4 | 8;
  asym: boolean;
  act: Act;
  blockSize: number;
  variant?: string;
}

/** C.1 data and check: |out - ref| <= 0.001*errorScale*max|ref| (errorScale 50 for big int4). */
async function checkC1(c: CaseSpec): Promise<void> {
  const s = deriveShape({ ...c.p, weightBits: c.bits, blockSize: c.blockSize });
  const d = mnnC1Data(s.n, s.oc, s.ic, s.ih, s.fh, s.fw);
  // C.1 draws square inputs; non-square shapes use the same generator over the flat index
  const xs = s.n * s.ic * s.ih * s.iw;
  const x =
    xs === d.input.length
      ? d.input
      : mnnC1Data(s.n, s.oc, s.ic, Math.ceil(Math.sqrt(s.ih * s.iw)) + 1, s.fh, s.fw).input.subarray(0, xs);
  const q = quantizeMnn(d.weight, s.oc, s.ic, s.fh, s.fw, { bits: c.bits, asymmetric: c.asym, blockSize: c.blockSize });
  const ref = lowMemConvRef(refShapeOf(c.p, c.act), x, q.dequantized, d.bias);
  const p: LowMemoryConvParams = {
    ...c.p,
    weightBits: c.bits,
    asymmetric: c.asym,
    nonlinearity: c.act,
    blockSize: c.blockSize,
    variant: c.variant,
  };
  const { out, variant } = await runGuarded(p, q, d.bias, x);
  const errorScale = c.bits === 4 && s.oc * s.ic * s.fh * s.fw > 10000 ? 50 : 1;
  const err = maxRelError(out, ref);
  expect(
    err,
    `${JSON.stringify(c.p)} int${c.bits}${c.asym ? 'a' : 's'} blk${c.blockSize} ${c.act} ${variant}`,
  ).toBeLessThanOrEqual(0.001 * errorScale);
}

/** The C.1 grid (docs/testing.md#c1-the-weight-only-grid): returns every (shape) case; quant and activation are assigned by the caller. */
function c1Grid(): CaseSpec['p'][] {
  const out: CaseSpec['p'][] = [];
  for (const b of [1, 2])
    for (const oc of [1, 3, 10, 17])
      for (const ic of [4, 1, 3, 8, 11])
        for (const is of [1, 7, 9]) {
          for (const kw of [1, 3]) {
            if (kw > is) continue;
            const kh = 1;
            for (const d of [1, 2])
              for (const s of [1, 2]) {
                if (d > is || d * (kw - 1) + 1 > is || d * (kh - 1) + 1 > is) continue;
                const base = { n: b, ic, ih: is, iw: is, oc, fh: kh, fw: kw, stride: [s, s], dilation: [d, d] };
                for (const p of [0, 1]) out.push({ ...base, pad: [p, p] }); // CAFFE pad 0/1
                // SAME: pad = ((O-1)*S + (K-1)*D + 1 - I)/2 with O = ceil(I/S) (MNN's convolutionPad), per axis
                const same = (k: number) =>
                  Math.max(0, Math.floor(((Math.ceil(is / s) - 1) * s + (k - 1) * d + 1 - is) / 2));
                out.push({ ...base, pad: [same(kh), same(kw)] });
              }
          }
        }
  return out;
}

describe('oracle and encoder (docs/gpu.md#dequantization, docs/testing.md C.1)', () => {
  it("reads nibbles high-first with q = nibble - 8, and int8 bytes as two's complement", () => {
    const d = new Uint8Array([0x3f, 0x80]);
    expect([0, 1, 2, 3].map((e) => quantAt(4, d, e))).toEqual([-5, 7, 0, -8]);
    expect(quantAt(8, new Uint8Array([0xfb]), 0)).toBe(-5);
  });
  it('dequantizes the docs/gpu.md asymmetric example: nibble 3, min -0.4, scale 0.05 -> -0.25', () => {
    const { scales, offsets } = mnnAlphaToScaleOffset(new Float32Array([-0.4, 0.05]), true, -8);
    expect(offsets![0]).toBeCloseTo(0, 6);
    const w = dequantizeLowMem(4, 1, 1, 1, 1, 0, new Uint8Array([0x30]), scales, offsets);
    expect(w[0]).toBeCloseTo(-0.25, 6);
  });
  it('keeps the legacy clampMin = -128 when aMin == 0 (even for 4-bit data)', () => {
    const { offsets } = mnnAlphaToScaleOffset(new Float32Array([-0.4, 0.05]), true, 0);
    expect(offsets![0]).toBeCloseTo(-0.4 + 128 * 0.05, 5);
    expect(mnnAlphaToScaleOffset(new Float32Array([0.5]), false, 0).offsets).toBeUndefined();
  });
  it('encodes within half a step of the float weights (int4/int8, sym/asym, blocks)', () => {
    const w = mnnC1Data(1, 5, 8, 3, 1, 3).weight.map((v, i) => v * 1000 * Math.sin(i + 1));
    for (const [bits, asym] of QUANTS)
      for (const bs of [0, 4]) {
        const q = quantizeMnn(w, 5, 8, 1, 3, { bits, asymmetric: asym, blockSize: bs });
        const deq = dequantizeLowMem(bits, 5, 8, 1, 3, bs, q.data, q.scales, q.offsets);
        for (let e = 0; e < w.length; e++) {
          expect(deq[e]).toBeCloseTo(q.dequantized[e], 5);
          const o = Math.floor(e / 24),
            b = bs ? Math.floor((Math.floor(e / 3) % 8) / bs) : 0;
          expect(Math.abs(deq[e] - w[e])).toBeLessThanOrEqual(q.scales[o * (bs ? 2 : 1) + b] * 0.5 + 1e-6);
        }
      }
  });
});

describe('C.1 weighti8i4conv2d grid (direct MNN variants forced)', () => {
  const grid = c1Grid();
  // the full run: every shape x 4 quantizations x every direct variant of its path. The default run: a fixed
  // stride through the grid (every path, tail and pad kind), each shape with one quantization and one direct
  // variant in turn, so that every quantization and every direct variant still runs on several shapes.
  const pick = FULL ? grid : grid.filter((_, i) => i % 89 === 0);
  it(`${pick.length} of ${grid.length} shapes x ${FULL ? "4 quantizations x the path's direct variants" : 'one quantization and one direct variant each, in turn'}`, async () => {
    let k = 0;
    const turn = new Map<string, number>();
    const wanted = new Set<string>();
    const ran = new Set<string>();
    for (const [i, p] of pick.entries()) {
      const path = deriveShape({ ...p, weightBits: 8 }).path;
      const direct = VARIANTS.filter((v) => v.family === 'direct' && v.paths.includes(path)).map((v) => v.name);
      const t = turn.get(path) ?? 0;
      turn.set(path, t + 1);
      for (const v of direct) wanted.add(v);
      for (const [bits, asym] of FULL ? QUANTS : [QUANTS[i % 4]]) {
        for (const variant of FULL ? direct : [direct[t % direct.length]]) {
          await checkC1({ p, bits, asym, act: ACTS[k++ % 3], blockSize: 0, variant });
          ran.add(variant);
        }
      }
    }
    // a path sampled fewer times than it has direct variants: the rest run on its first sampled shape
    for (const variant of [...wanted].filter((v) => !ran.has(v))) {
      const p = pick.find((q) =>
        VARIANTS.find((v) => v.name === variant)!.paths.includes(deriveShape({ ...q, weightBits: 8 }).path),
      )!;
      const [bits, asym] = QUANTS[k % 4];
      await checkC1({ p, bits, asym, act: ACTS[k++ % 3], blockSize: 0, variant });
      ran.add(variant);
    }
    expect([...ran].sort(), 'every direct variant of the paths sampled ran').toEqual([...wanted].sort());
  });
});

describe('every variant forced on shapes that hit every tail (docs/testing.md E.6)', () => {
  // OC%4 in {1,2,3} and OC%8 in {1..4}; IC%4 != 0; odd element counts; dilation with padding on both axes;
  // odd batch for the 2-row kernels; nBlk > 1 with OC%16 != 0 (block size 4 and 8).
  const shapes: Record<string, CaseSpec['p'][]> = {
    // KB = 4 (paired int4 loads, per-channel), KB = 4 with 2-tile blocks, KB = 5 (odd: single-tile loads, 1-tile blocks)
    gemm: [
      { n: 3, ic: 13, ih: 1, iw: 1, oc: 10, fh: 1, fw: 1 },
      { n: 5, ic: 16, ih: 1, iw: 1, oc: 9, fh: 1, fw: 1 },
      { n: 2, ic: 20, ih: 1, iw: 1, oc: 6, fh: 1, fw: 1 },
    ],
    conv1x1: [
      { n: 1, ic: 7, ih: 3, iw: 6, oc: 9, fh: 1, fw: 1 },
      { n: 2, ic: 8, ih: 2, iw: 5, oc: 6, fh: 1, fw: 1 },
    ],
    general: [
      { n: 2, ic: 5, ih: 6, iw: 7, oc: 11, fh: 3, fw: 2, stride: [2, 1], pad: [2, 1], dilation: [2, 3] },
      { n: 1, ic: 8, ih: 1, iw: 5, oc: 7, fh: 1, fw: 3, pad: [0, 3], dilation: [1, 2] },
    ],
  };
  for (const [path, list] of Object.entries(shapes)) {
    // the dot variants take int4 with per-channel or 32-channel-multiple blocks only: their own tests below
    // (mma variants need subgroup matrices: their own tests below)
    const forced = variantsForPath(path as 'gemm').filter(
      (n) => !['dot', 'mma'].includes(VARIANTS.find((v) => v.name === n)!.family),
    );
    for (const [vi, variant] of forced.entries()) {
      // the default run forces a variant that serves several paths on one of them, the paths taken in turn (each
      // path still runs about a third of the mm kernels, and every one of its own); the full run on each
      // (b32 variants take gemm / conv1x1: on the general path SwiftShader compiles them for ~10 s a case, and C.3
      // below runs the general path's default, mm_m32n32t4x4k4b32, there)
      const all = VARIANTS.find((v) => v.name === variant)!.paths.filter((x) => x in shapes);
      const cheap = variant.includes('b32') ? all.filter((x) => x !== 'general') : all;
      const paths = cheap.length ? cheap : all;
      const ownPath = paths[VARIANTS.findIndex((v) => v.name === variant) % paths.length];
      if (!FULL && path !== ownPath) continue;
      it(`${path}: ${variant}`, async () => {
        // the full run: every shape of the path. The default run: one shape per variant, the shapes taken in turn
        // (variant i starts at shape i), so that every tail shape still runs on several variants of each family;
        // SwiftShader compiles and runs these kernels slowly (seconds a case on 2 cores)
        const order = list.map((_, j) => list[(j + vi) % list.length]);
        // a variant that cannot run a shape on this device (work-group size or memory limits, wide windows)
        // must say so with VARIANT_NOT_USABLE; it then takes the next shape
        let ran = 0;
        let k = vi;
        for (const p of order) {
          if (!FULL && ran > 0) break;
          const ic = p.ic;
          const [bits, asym] = QUANTS[(k + variant.length) % 4];
          const blockSize = ic % 8 === 0 ? 8 : ic % 4 === 0 ? 4 : 0;
          try {
            await checkC1({ p, bits, asym, act: ACTS[k % 3], blockSize, variant });
            ran++;
          } catch (e) {
            if ((e as { code?: string }).code !== 'VARIANT_NOT_USABLE') throw e;
          }
          k++;
        }
        expect(ran, `${variant} ran on none of the ${path} shapes`).toBeGreaterThan(0);
      });
    }
  }
});

describe('mm and win kernels with block-wise scales, every quantization (raw-register and hoisted scale paths)', () => {
  // the E.6 shapes above reach block-wise scales only for a few variant/quantization pairs; these do all four
  const p = { n: 1, ic: 24, ih: 5, iw: 6, oc: 10, fh: 3, fw: 3, pad: [1, 1] as [number, number] };
  // mm: the first variant of each (buffering, place of the block-wise scale read) in the table
  const mmKinds = new Map<string, string>();
  for (const v of VARIANTS)
    if (v.family === 'mm' && !mmKinds.has(`${v.db} ${v.bs ?? 'load'}`))
      mmKinds.set(`${v.db} ${v.bs ?? 'load'}`, v.name);
  for (const variant of [...mmKinds.values(), 'win_h8w8n32b16k2']) {
    it(variant, async () => {
      // block-wise scales are this test's subject; per-channel ones (block 0) only in the full run, the other
      // describes run them on every variant
      for (const [bits, asym] of QUANTS) {
        for (const blockSize of FULL ? [8, 0] : [8]) await checkC1({ p, bits, asym, act: 'relu6', blockSize, variant });
      }
    });
  }
});

describe('the raw zero word', () => {
  // mm and win stage the raw word WZ for a weight row they do not load (past IC, OC or the last step) and,
  // where no offset or per-row scale needs the flag, decode it like any row: it must decode to four zero weights
  it('WZ decodes to four zero weights for every row position, int4, int8 and float32', async () => {
    const p = {
      n: 1,
      ic: 8,
      ih: 4,
      iw: 4,
      oc: 8,
      fh: 3,
      fw: 3,
      pad: [1, 1] as [number, number],
      stride: [1, 1] as [number, number],
    };
    for (const bits of [4, 8, 32] as const) {
      const s = deriveShape({ ...p, weightBits: bits as 4 | 8, blockSize: 0 }, true);
      const code = `${generateWgsl(s, findVariant('win_h8w8n32b8')!, [2, 64])}
@group(0) @binding(9) var<storage, read_write> ZT: array<vec4<f32>>;
@compute @workgroup_size(1) fn wz() { for (var i = 0u; i < 4u; i++) { ZT[i] = wdec(WZ, i); } }`;
      const words = await runKernel(code, 'wz', [1, 1], {}, { binding: 9, words: 16 });
      expect(Array.from(new Float32Array(words.buffer)), `bits ${bits}`).toEqual(new Array(16).fill(0));
    }
  });
});

describe('an infinite block scale stays in its own channel', () => {
  // rows a kernel does not load are staged as zero; with per-row (block-wise) scales the scale read for such a
  // row belongs to another channel, so the row must not become 0 * inf = NaN in the sums of this one
  it('mm and win with block-wise scales, IC not a multiple of the step: channel 0 block 0 scale infinite, the other channels exact', async () => {
    const p = { n: 1, ic: 12, ih: 5, iw: 6, oc: 8, fh: 3, fw: 3, pad: [1, 1] as [number, number] };
    const s = deriveShape({ ...p, weightBits: 8, blockSize: 4 });
    const d = mnnC1Data(s.n, s.oc, s.ic, s.ih, s.fh, s.fw);
    const x = mnnC1Data(s.n, s.oc, s.ic, 8, s.fh, s.fw).input.subarray(0, s.n * s.ic * s.ih * s.iw);
    const q = quantizeMnn(d.weight, s.oc, s.ic, s.fh, s.fw, { bits: 8, asymmetric: false, blockSize: 4 });
    const scales = q.scales.slice();
    scales[0] = Infinity;
    const ref = lowMemConvRef(
      refShapeOf(p, 'identity'),
      x,
      dequantizeLowMem(8, s.oc, s.ic, s.fh, s.fw, 4, q.data, scales),
      d.bias,
    );
    const ohw = s.oh * s.ow;
    for (const variant of ['mm_m64n32t4x4', 'mm_m64n32t4x4d', 'win_h8w8n32b8', 'win_h8w8n32b16k2']) {
      const { out } = await runGuarded(
        { ...p, weightBits: 8, blockSize: 4, asymmetric: false, nonlinearity: 'identity', variant },
        { ...q, scales },
        d.bias,
        x,
      );
      expect(
        out.subarray(0, ohw).some((v) => !Number.isFinite(v)),
        variant,
      ).toBe(true);
      expect(maxRelError(out.subarray(ohw), ref.subarray(ohw)), variant).toBeLessThanOrEqual(1e-5);
    }
  });
});

describe('vec4 output stores (OH*OW % 4 == 0 for mm, OW % 4 == 0 for win) with OC % 4 != 0 and a partial last tile', () => {
  // the E.6 shapes above have OH*OW % 4 != 0 and take the scalar stores; these take the vector ones
  // (win on the first shape has OW = 6 and keeps scalar stores, so both of its epilogues run here)
  const shapes: CaseSpec['p'][] = [
    { n: 2, ic: 12, ih: 6, iw: 6, oc: 10, fh: 3, fw: 3, pad: [1, 1] },
    { n: 2, ic: 9, ih: 5, iw: 12, oc: 7, fh: 3, fw: 3, pad: [1, 1] },
  ];
  const conv1x1: CaseSpec['p'] = { n: 2, ic: 8, ih: 4, iw: 5, oc: 6, fh: 1, fw: 1 };
  // (also: every mm variant the table marks lateScale, storeLast or selAfter — the scale read in the epilogue, K
  // sliced: on each slice's partial sums; the next step stored on the last step too; rows past IC/OC zeroed after
  // the mid-step decode (the second shape, int8 symmetric per channel) — mm_m64n64t4x4d unrolled; k4d decoding
  // mid-step; conv_2d_c4h1w4 with the next tap's weights prefetched, per-channel scales deferred)
  const marked = VARIANTS.filter((v) => v.family === 'mm' && (v.lateScale || v.storeLast || v.selAfter)).map(
    (v) => v.name,
  );
  for (const variant of [
    ...new Set([
      'mm_m32n32t4x4k4d',
      'mm_m64n64t4x4',
      ...marked,
      'win_h8w8n32b16k2',
      'win_h8w8n32p8b16k4',
      'win_h8w8n32b8',
      'conv_2d_c4h1w4',
    ]),
  ]) {
    it(variant, async () => {
      let k = 0;
      for (const p of variant.startsWith('mm') ? [...shapes, conv1x1] : shapes) {
        const [bits, asym] = QUANTS[k % 4];
        await checkC1({ p, bits, asym, act: ACTS[k % 3], blockSize: 0, variant });
        k++;
      }
    });
  }
});

describe('K sliced over work-groups (second dispatch adds the slices): every slice has work', () => {
  // IC 52..72: mm 5..36 K steps, win 4..7, so every slice of s2/s4/s8 has steps (slices of unequal length,
  // block-wise scales crossing slice borders; the E.6 shapes above give empty slices); OH*OW % 4 == 0 and != 0
  // take the vec4 and scalar sums
  const shapes: Record<string, CaseSpec['p'][]> = {
    gemm: [{ n: 3, ic: 72, ih: 1, iw: 1, oc: 9, fh: 1, fw: 1 }],
    conv1x1: [{ n: 2, ic: 72, ih: 4, iw: 4, oc: 7, fh: 1, fw: 1 }],
    general: [
      { n: 2, ic: 56, ih: 6, iw: 7, oc: 10, fh: 3, fw: 3, pad: [1, 1] },
      { n: 1, ic: 52, ih: 8, iw: 8, oc: 6, fh: 3, fw: 3, pad: [1, 1], stride: [1, 1] },
    ],
  };
  for (const v of VARIANTS.filter((x) => slices(x) > 1)) {
    it(v.name, async () => {
      let k = 0;
      for (const path of v.paths) {
        for (const p of shapes[path]) {
          const [bits, asym] = QUANTS[(k + v.name.length) % 4];
          await checkC1({ p, bits, asym, act: ACTS[k % 3], blockSize: k % 2 ? 0 : 4, variant: v.name });
          k++;
        }
      }
      expect(k).toBeGreaterThan(0);
    });
  }
});

describe('dot variants (int4 through packed int8 dot products on input digits)', () => {
  // Inputs whose 32-channel blocks differ by orders of magnitude (the digits' common power of two is per block),
  // a block of zeros, denormal-range values, and IC tails: 1..31 channels past the last whole block, block counts
  // that are not a multiple of 8 (the layout's groups), smaller than the lanes or several times their number,
  // OC % 4 = 1..3.
  const input = blockyInput;
  const dots = VARIANTS.filter((v) => v.family === 'dot') as DotVariant[];
  const dotNames = dots.map((v) => v.name);
  const [first, last] = [dots[0], dots[dots.length - 1]];
  const cases: { n: number; ic: number; oc: number; blockSize: number; asym: boolean; act: Act }[] = [
    { n: 1, ic: 4, oc: 5, blockSize: 0, asym: false, act: 'identity' },
    { n: 3, ic: 33, oc: 10, blockSize: 0, asym: true, act: 'relu' },
    { n: 2, ic: 96, oc: 17, blockSize: 32, asym: false, act: 'relu6' },
    { n: 1, ic: 320, oc: 7, blockSize: 64, asym: true, act: 'identity' },
    { n: 2, ic: 301, oc: 12, blockSize: 0, asym: false, act: 'identity' },
    { n: 1, ic: 576, oc: 6, blockSize: 32, asym: true, act: 'relu' },
    // more blocks than lanes (the loop and its prefetch of the next block): 515 and 257 blocks, 2..9 per lane
    { n: 2, ic: 16480, oc: 6, blockSize: 32, asym: false, act: 'identity' },
    { n: 1, ic: 8200, oc: 9, blockSize: 0, asym: true, act: 'relu6' },
  ];
  for (const name of dotNames) {
    it(`${name}: ${cases.length} shapes, float64 oracle within 1e-5 of max|ref|`, async () => {
      let k = 0;
      for (const c of cases) {
        const d = mnnC1Data(1, c.oc, c.ic, 1, 1, 1);
        const q = quantizeMnn(
          d.weight.map((v, i) => v * Math.cos(i)),
          c.oc,
          c.ic,
          1,
          1,
          { bits: 4, asymmetric: c.asym, blockSize: c.blockSize },
        );
        const x = input(c.n, c.ic, k++);
        const ref = lowMemConvRef(
          refShapeOf({ n: c.n, ic: c.ic, ih: 1, iw: 1, oc: c.oc, fh: 1, fw: 1 }, c.act),
          x,
          q.dequantized,
          d.bias,
        );
        const p: LowMemoryConvParams = {
          n: c.n,
          ic: c.ic,
          ih: 1,
          iw: 1,
          oc: c.oc,
          fh: 1,
          fw: 1,
          weightBits: 4,
          asymmetric: c.asym,
          nonlinearity: c.act,
          blockSize: c.blockSize,
          variant: name,
        };
        const { out, variant } = await runGuarded(p, q, d.bias, x);
        expect(variant).toBe(name);
        expect(maxRelError(out, ref), `${JSON.stringify(c)} ${name}`).toBeLessThanOrEqual(1e-5);
      }
    });
  }
  it('two output blocks a work-group (work-group size 2x the lanes, from a tuning cache), batch rows past one', async () => {
    const c = { n: 3, ic: 200, oc: 21 };
    const p: LowMemoryConvParams = {
      ...c,
      ih: 1,
      iw: 1,
      fh: 1,
      fw: 1,
      weightBits: 4,
      blockSize: 0,
      asymmetric: false,
      nonlinearity: 'relu',
      variant: first.name,
    };
    const key = `${tuneKey(deriveShape(p))}|${first.name}`;
    const rt = await createGpuRuntime({
      device,
      tuning: 'none',
      tuningCache: { version: 1, entries: { [key]: { variant: first.name, wg: [2 * first.l, 1], us: 1 } } },
    });
    const conv = rt.lowMemoryConv(p);
    const d = mnnC1Data(1, c.oc, c.ic, 1, 1, 1);
    const q = quantizeMnn(d.weight, c.oc, c.ic, 1, 1, { bits: 4, asymmetric: false, blockSize: 0 });
    conv.setWeights(q.data, q.scales, undefined, d.bias);
    const x = input(c.n, c.ic, 3);
    const out = (await conv.run(x)) as Float32Array;
    expect(conv.workgroupSize).toEqual([2 * first.l, 1]);
    expect(maxRelError(out, lowMemConvRef(refShapeOf(p, 'relu'), x, q.dequantized, d.bias))).toBeLessThanOrEqual(1e-5);
    conv.dispose();
  });
  it('is not offered for int8, for blocks that are not a multiple of 32, or outside the gemm path', () => {
    const base = { n: 1, ic: 64, ih: 1, iw: 1, oc: 8, fh: 1, fw: 1 };
    expect(gpu.lowMemoryConv({ ...base, weightBits: 4, blockSize: 32 }).variants).toEqual(
      expect.arrayContaining(dotNames),
    );
    expect(gpu.lowMemoryConv({ ...base, weightBits: 8 }).variants.some((n) => dotNames.includes(n))).toBe(false);
    expect(
      gpu.lowMemoryConv({ ...base, weightBits: 4, blockSize: 16 }).variants.some((n) => dotNames.includes(n)),
    ).toBe(false);
    expect(() => gpu.lowMemoryConv({ ...base, weightBits: 8, variant: first.name })).toThrow(
      expect.objectContaining({ code: 'VARIANT_NOT_USABLE' }),
    );
    expect(() => gpu.lowMemoryConv({ ...base, ih: 3, iw: 3, weightBits: 4, variant: last.name })).toThrow(
      expect.objectContaining({ code: 'VARIANT_NOT_USABLE' }),
    );
  });
  it('preferred for int4 at batch 1 with K >= 8192 and blocks of 0 or a multiple of 32: the variant with digits a block ahead', () => {
    const sh = (o: Partial<LowMemoryConvParams>) =>
      deriveShape({
        n: 1,
        ic: 16384,
        ih: 1,
        iw: 1,
        oc: 64,
        fh: 1,
        fw: 1,
        weightBits: 4,
        blockSize: 32,
        ...o,
      } as LowMemoryConvParams);
    expect(findVariant('gemv_dp4_l128d')).toMatchObject({ family: 'dot', l: 128, pd: true });
    expect(preferred(sh({}))).toBe('gemv_dp4_l128d');
    expect(preferred(sh({ blockSize: 0 }))).toBe('gemv_dp4_l128d');
    expect(preferred(sh({ ic: 4096 }))).not.toMatch(/dp4/);
    expect(preferred(sh({ weightBits: 8 }))).not.toMatch(/dp4/);
    expect(preferred(sh({ n: 2 }))).not.toMatch(/dp4/);
  });
  it('pre-pass by subgroup shuffles (what devices with subgroup matrices run): no work-group memory or barriers, and valid WGSL where the adapter has subgroups', async () => {
    // SwiftShader's subgroups have 4 lanes, so the shuffles (groups of 8) cannot run correctly here: this checks
    // the generated code compiles; check.js runs it against the oracle on a GPU with 32-lane subgroups
    const shapes = [
      { n: 1, ic: 64, bs: 32, asym: false },
      { n: 3, ic: 37, bs: 0, asym: true },
      { n: 2, ic: 300, bs: 0, asym: false },
    ];
    const sgGpu = await createNodeDevice({ features: ['subgroups'], toggles: TEST_TOGGLES });
    const canCompile = sgGpu.device.features.has('subgroups');
    for (const c of shapes) {
      const s = deriveShape({
        n: c.n,
        ic: c.ic,
        ih: 1,
        iw: 1,
        oc: 8,
        fh: 1,
        fw: 1,
        weightBits: 4,
        blockSize: c.bs,
        asymmetric: c.asym,
      });
      const code = dotPrepass(s, 'dot', true);
      expect(code).toMatch(/^enable subgroups;/m);
      expect(code).toContain('subgroupShuffleXor');
      expect(code).not.toMatch(/workgroupBarrier|var<workgroup>/);
      expect(dotPrepass(s, 'dot', false)).toContain('workgroupBarrier');
      // the mma layout ignores the option
      expect(dotPrepass(s, 'mma', true)).toBe(dotPrepass(s, 'mma', false));
      if (canCompile) {
        const module = sgGpu.device.createShaderModule({ code });
        const errors = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
        expect(
          errors.map((m) => m.message),
          JSON.stringify(c),
        ).toEqual([]);
        await expect(
          sgGpu.device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } }),
          JSON.stringify(c),
        ).resolves.toBeDefined();
      }
    }
    sgGpu.device.destroy();
  });
  it('a NaN or infinite input makes its batch row NaN (not a wrong finite number)', async () => {
    const c = { n: 2, ic: 64, oc: 4 };
    const d = mnnC1Data(1, c.oc, c.ic, 1, 1, 1);
    const q = quantizeMnn(d.weight, c.oc, c.ic, 1, 1, { bits: 4, asymmetric: false, blockSize: 0 });
    const x = input(c.n, c.ic, 1);
    x[5] = Number.NaN;
    x[c.ic + 40] = Number.POSITIVE_INFINITY;
    const { out } = await runGuarded(
      {
        ...c,
        ih: 1,
        iw: 1,
        fh: 1,
        fw: 1,
        weightBits: 4,
        blockSize: 0,
        asymmetric: false,
        nonlinearity: 'identity',
        variant: first.name,
      },
      q,
      d.bias,
      x,
    );
    expect(Array.from(out).every((v) => Number.isNaN(v))).toBe(true);
  });
});

describe('mma variants (tensor cores through subgroup matrices; digits of the input from a pre-pass)', () => {
  const mmaNames = VARIANTS.filter((v) => v.family === 'mma').map((v) => v.name);
  // inputs whose 32-channel blocks differ by orders of magnitude (the digits' power of two is per block)
  const input = blockyInput;

  it('pre-pass (mma layout): three signed-byte digit planes and per-block powers of two that give back x rounded to 23 bits; padded rows and channels zero; block sums of x', async () => {
    for (const [n, ic, asym] of [
      [3, 70, true],
      [1, 32, false],
      [5, 4, true],
    ] as [number, number, boolean][]) {
      const s = deriveShape({ n, ic, ih: 1, iw: 1, oc: 4, fh: 1, fw: 1, weightBits: 4, asymmetric: asym });
      const g = mmaGeometry(s);
      const x = input(n, ic, n);
      const words = await runKernel(
        dotPrepass(s, 'mma'),
        'main',
        mmaPrepassSize(s),
        { 0: x },
        { binding: 4, words: g.digitWords },
      );
      expect(words.indexOf(SENTINEL), 'every word written').toBe(-1);
      const dg = new Int8Array(words.buffer, 0, g.exo * 4);
      const f = new Float32Array(words.buffer);
      for (let m = 0; m < g.mp; m++)
        for (let b = 0; b < g.nb; b++) {
          const e = f[g.exo + b * g.mp + m];
          let sum = 0,
            abs = 0;
          for (let k = 32 * b; k < 32 * b + 32; k++) {
            const d = [0, 1, 2].map((p) => dg[(p * g.mp + m) * g.kp + k]);
            expect(Math.abs(d[2])).toBeLessThanOrEqual(64);
            const v = (d[0] + 256 * d[1] + 65536 * d[2]) * e;
            const xv = m < n && k < ic ? x[m * ic + k] : 0;
            sum += xv;
            abs += Math.abs(xv);
            if (m >= n || k >= ic) expect(d).toEqual([0, 0, 0]);
            // the block's largest |x| sets e; every value within half a step of 2^(e - 148) scaled units
            // (an adapter may flush subnormal inputs to zero)
            else expect(Math.abs(v - xv)).toBeLessThanOrEqual(0.5 * e + (Math.abs(xv) < 1.2e-38 ? Math.abs(xv) : 0));
          }
          if (asym)
            expect(Math.abs(f[g.exo + (g.nb + b) * g.mp + m] - sum)).toBeLessThanOrEqual(
              1e-6 * abs + (abs < 4e-37 ? abs : 0),
            );
        }
    }
  });

  it('offered (with subgroup matrices in the caps) for the gemm path only, int4/int8 with blocks of 0 or a multiple of 32; preferred from 96 batch rows; dispatch covers every tile', () => {
    // limits of a discrete GPU (SwiftShader's own caps allow 256 invocations a work-group)
    const caps = {
      ...gpu.caps,
      subgroupMatrix: true,
      maxWorkgroupStorage: 65536,
      maxInvocations: 1024,
      maxSizeX: 1024,
    };
    const shape = (o: Partial<LowMemoryConvParams>) =>
      deriveShape({
        n: 128,
        ic: 4096,
        ih: 1,
        iw: 1,
        oc: 4096,
        fh: 1,
        fw: 1,
        weightBits: 4,
        blockSize: 32,
        ...o,
      } as LowMemoryConvParams);
    const ok = (v: string, s: ReturnType<typeof deriveShape>, c = caps) =>
      wgCandidates(findVariant(v)!, 'full').some((wg) => usable(findVariant(v)!, s, wg, c));
    for (const name of mmaNames) {
      expect(ok(name, shape({})), name).toBe(true);
      expect(ok(name, shape({ weightBits: 8, blockSize: 0, asymmetric: true })), name).toBe(true);
      expect(ok(name, shape({}), { ...caps, subgroupMatrix: false }), name).toBe(false);
      expect(ok(name, shape({ blockSize: 16 })), name).toBe(false);
      expect(ok(name, shape({ ih: 2, iw: 2 })), name).toBe(false); // conv1x1 path
      expect(
        ok(name, deriveShape({ n: 128, ic: 64, ih: 1, iw: 1, oc: 64, fh: 1, fw: 1, weightBits: 32 as 8 }, true)),
        name,
      ).toBe(false);
      const v = findVariant(name) as Extract<Variant, { family: 'mma' }>;
      const s = shape({ n: 130, oc: 70 });
      const [x, y] = dispatchSize(v, s, [32 * v.wm * v.wn * v.ks, 1]);
      expect(x * 16 * v.fn * v.wn).toBeGreaterThanOrEqual(70);
      expect(y * 16 * v.fm * v.wm).toBeGreaterThanOrEqual(130);
      expect(x * 16 * v.fn * v.wn).toBeLessThanOrEqual(mmaGeometry(s).np);
      expect(y * 16 * v.fm * v.wm).toBeLessThanOrEqual(mmaGeometry(s).mp);
    }
    // work-group memory counted: int8 keeps two result tiles, so the 32x32-per-subgroup variant needs 41 KB
    expect(
      ok('mma_m64n64t32x32', shape({ weightBits: 8, asymmetric: true }), { ...caps, maxWorkgroupStorage: 32768 }),
    ).toBe(false);
    expect(ok('mma_m64n64t32x32', shape({}), { ...caps, maxWorkgroupStorage: 32768 })).toBe(true);
    expect(preferred(shape({}), caps)).toBe('mma_m32n128t16x32');
    expect(preferred(shape({ n: 64 }), caps)).not.toMatch(/^mma/);
    expect(preferred(shape({}), { subgroupMatrix: false })).not.toMatch(/^mma/);
  });

  it('weights (mma layout): q as a signed byte at n*KP + k, zero past OC and IC', () => {
    const s = deriveShape({ n: 2, ic: 37, ih: 1, iw: 1, oc: 5, fh: 1, fw: 1, weightBits: 4 });
    const q = new Uint8Array(Math.ceil((5 * 37) / 2)).map((_, i) => (i * 37 + 11) & 255);
    const g = mmaGeometry(s);
    const bytes = new Int8Array(packMmaWeights(s, q).buffer);
    expect(bytes.length).toBe(g.np * g.kp);
    for (let o = 0; o < g.np; o++)
      for (let c = 0; c < g.kp; c++) {
        expect(bytes[o * g.kp + c]).toBe(o < 5 && c < 37 ? quantAt(4, q, o * 37 + c) : 0);
      }
  });

  it('forced: with subgroup matrices every variant matches the float64 oracle within 1e-5 of max|ref| on tail shapes; without (SwiftShader) none is offered and forcing one is VARIANT_NOT_USABLE', async () => {
    const cases = [
      { n: 3, ic: 33, oc: 10, bits: 8 as const, blockSize: 0, asym: true, act: 'relu' as Act },
      { n: 17, ic: 96, oc: 17, bits: 4 as const, blockSize: 32, asym: false, act: 'relu6' as Act },
      { n: 65, ic: 128, oc: 129, bits: 4 as const, blockSize: 64, asym: true, act: 'identity' as Act },
    ];
    for (const c of cases) {
      const p: LowMemoryConvParams = {
        n: c.n,
        ic: c.ic,
        ih: 1,
        iw: 1,
        oc: c.oc,
        fh: 1,
        fw: 1,
        weightBits: c.bits,
        asymmetric: c.asym,
        nonlinearity: c.act,
        blockSize: c.blockSize,
      };
      if (!gpu0HasMma()) {
        expect(gpu.lowMemoryConv(p).variants.some((n) => mmaNames.includes(n))).toBe(false);
        for (const name of mmaNames) {
          expect(() => gpu.lowMemoryConv({ ...p, variant: name })).toThrow(
            expect.objectContaining({ code: 'VARIANT_NOT_USABLE' }),
          );
        }
        continue;
      }
      const d = mnnC1Data(1, c.oc, c.ic, 1, 1, 1);
      const q = quantizeMnn(
        d.weight.map((v, i) => v * Math.cos(i)),
        c.oc,
        c.ic,
        1,
        1,
        { bits: c.bits, asymmetric: c.asym, blockSize: c.blockSize },
      );
      const x = input(c.n, c.ic, c.n);
      const ref = lowMemConvRef(refShapeOf(p, c.act), x, q.dequantized, d.bias);
      for (const name of gpu.lowMemoryConv(p).variants.filter((n) => mmaNames.includes(n))) {
        const { out, variant } = await runGuarded({ ...p, variant: name }, q, d.bias, x);
        expect(variant).toBe(name);
        expect(maxRelError(out, ref), `${JSON.stringify(c)} ${name}`).toBeLessThanOrEqual(1e-5);
      }
    }
  });
});

/** Whether the test device runs the mma variants (subgroup matrices; not on SwiftShader). */
function gpu0HasMma(): boolean {
  return gpu?.caps.subgroupMatrix === true;
}

/** C.2/C.3 data and check: max|ref - out| / max(0.001, max|ref|) <= 0.1. */
async function checkC2(p: CaseSpec['p'], bits: 4 | 8, blockSize: number, variant?: string): Promise<string> {
  const s = deriveShape({ ...p, weightBits: bits, blockSize });
  const d = mnnC2Data(bits, s.n, s.ic, s.oc, s.ih, s.iw, s.fh, s.fw);
  const q = quantizeMnn(d.weight, s.oc, s.ic, s.fh, s.fw, { bits, asymmetric: false, blockSize });
  const ref = lowMemConvRef(refShapeOf(p, 'identity'), d.input, q.dequantized, d.bias);
  const { out, variant: used } = await runGuarded({ ...p, weightBits: bits, blockSize, variant }, q, d.bias, d.input);
  expect(out.length).toBe(ref.length);
  expect(maxRelError(out, ref), `${JSON.stringify(p)} int${bits} blk${blockSize} ${used}`).toBeLessThanOrEqual(0.1);
  return used;
}

describe('C.2 lowMemory/HybridConv (gemm path, input 1x1)', () => {
  const cases: [4 | 8, number, number, number][] = FULL
    ? [8, 4].flatMap((bits) =>
        (bits === 8
          ? [
              [7, 9],
              [2048, 54],
              [1, 10],
              [20, 153],
              [9, 18],
            ]
          : [
              [2048, 54],
              [8, 8],
              [8, 9],
              [8, 16],
            ]
        ).flatMap(([ic, oc]) => [1, 23, 149, 38, 29].map((b) => [bits, ic, oc, b] as [4 | 8, number, number, number])),
      )
    : [
        [8, 7, 9, 1],
        [8, 2048, 54, 23],
        [8, 1, 10, 149],
        [8, 20, 153, 38],
        [8, 9, 18, 29],
        [4, 2048, 54, 1],
        [4, 8, 8, 23],
        [4, 8, 9, 29],
        [4, 8, 16, 38],
      ];
  it(`${cases.length} cases with the default choice, plus gemm_conv / gemm_conv_b2 forced`, async () => {
    for (const [bits, ic, oc, b] of cases) {
      const p = { n: b, ic, ih: 1, iw: 1, oc, fh: 1, fw: 1 };
      await checkC2(p, bits, 0);
      if (b <= 29 || FULL) await checkC2(p, bits, 0, b === 1 ? 'gemm_conv' : 'gemm_conv_b2');
    }
  });
});

describe('C.3 lowMemory/DenseConv (general path: 1x1 / 1x3 filters, dilation y=3, pad y=3, input 1x131)', () => {
  const all: { ic: number; oc: number; kw: number; kh: number; b: number; bits: 4 | 8; blk: number }[] = [];
  for (const [ic, oc] of [
    [4, 256],
    [512, 128],
    [1, 8],
    [7, 9],
  ])
    for (const [kw, kh] of [
      [1, 1],
      [1, 3],
    ]) {
      for (const b of [1, 13])
        for (const bits of [4, 8] as const)
          for (const blk of kw === 1 && kh === 1 && ic === 512 ? [0, 32] : [0]) {
            all.push({ ic, oc, kw, kh, b, bits, blk });
          }
    }
  // the full run takes all; the default run one case per (ic, oc), the filter (1x1, 1x3), batch and bits
  // alternating (SwiftShader compiles each shape's kernels anew: ~5-25 s a case on 2 cores)
  const seen = new Set<string>();
  const pick = FULL
    ? all
    : all.filter((c) => {
        const key = `${c.ic}_${c.oc}`;
        const i = seen.size;
        const want = { b: i % 2 ? 13 : 1, bits: i % 2 ? 4 : 8, kh: (i >> 1) % 2 ? 3 : 1 };
        if (seen.has(key) || c.b !== (c.ic === 512 ? 1 : want.b) || c.bits !== want.bits || c.kh !== want.kh)
          return false;
        seen.add(key);
        return true;
      });
  it(
    `${pick.length} of ${all.length} cases`,
    async () => {
      const used = new Set<string>();
      for (const c of pick) {
        const p = { n: c.b, ic: c.ic, ih: 131, iw: 1, oc: c.oc, fh: c.kh, fw: c.kw, pad: [3, 0], dilation: [3, 1] };
        used.add(await checkC2(p, c.bits, c.blk, c.ic === 512 ? 'conv_2d_c8h4w1' : undefined));
      }
      // the general path's b32 kernel runs here (E.6 above forces the b32 variants on the other paths)
      expect([...used]).toContain('mm_m32n32t4x4k4b32');
    },
    FULL ? 1_800_000 : 180_000,
  ); // SwiftShader on 2 cores: ~60 s (4 cases) in the default run
});

describe('API: run() on arrays and GPU buffers, tuning and its cache', () => {
  const p: LowMemoryConvParams = {
    n: 1,
    ic: 6,
    ih: 5,
    iw: 5,
    oc: 5,
    fh: 3,
    fw: 3,
    pad: [1, 1],
    weightBits: 4,
    asymmetric: true,
    nonlinearity: 'relu6',
    blockSize: 0,
  };
  const s = deriveShape(p);
  const d = mnnC1Data(s.n, s.oc, s.ic, s.ih, s.fh, s.fw);
  const w = d.weight.map((v, i) => v * 1000 * Math.cos(i));
  const x = d.input.map((v, i) => v - 0.5 + 0.01 * i);
  const q = quantizeMnn(w, s.oc, s.ic, s.fh, s.fw, { bits: 4, asymmetric: true });
  const ref = lowMemConvRef(refShapeOf(p, 'relu6'), x, q.dequantized, d.bias);

  it('tunes (fast), caches by declared inputs, and a runtime loaded with the cache skips timing', async () => {
    // on the gemm path (a 1x1 input): SwiftShader compiles its kernels in a fraction of the general path's time
    const p: LowMemoryConvParams = {
      n: 3,
      ic: 24,
      ih: 1,
      iw: 1,
      oc: 5,
      fh: 1,
      fw: 1,
      weightBits: 8,
      asymmetric: true,
      nonlinearity: 'relu6',
      blockSize: 0,
    };
    const s = deriveShape(p);
    const d = mnnC1Data(s.n, s.oc, s.ic, 1, 1, 1);
    const x = d.input.subarray(0, s.n * s.ic).map((v, i) => v - 0.5 + 0.01 * i);
    const q = quantizeMnn(
      d.weight.map((v, i) => v * 1000 * Math.cos(i)),
      s.oc,
      s.ic,
      1,
      1,
      { bits: 8, asymmetric: true },
    );
    const ref = lowMemConvRef(refShapeOf(p, 'relu6'), x, q.dequantized, d.bias);
    const t = await createGpuRuntime({ device, tuning: 'fast', tuneReps: 1, tuneWarmupMs: 20 });
    const conv = t.lowMemoryConv(p);
    // every gemm variant but the dot (int4 only) and mma (subgroup matrices) families
    expect(conv.variants).toEqual(
      variantsForPath('gemm').filter((n) => !['dot', 'mma'].includes(VARIANTS.find((v) => v.name === n)!.family)),
    );
    conv.setWeights(q.data, q.scales, q.offsets, d.bias);
    const out = (await conv.run(x)) as Float32Array;
    expect(maxRelError(out, ref)).toBeLessThanOrEqual(1e-3);
    expect(conv.tuneLog.length).toBeGreaterThan(3);
    expect(conv.tuneLog.every((l) => Number.isFinite(l.us) && l.us > 0)).toBe(true);
    const json = t.tuningCache();
    const cached = JSON.parse(json).entries;
    expect(Object.keys(cached)).toHaveLength(1);
    expect(Object.values(cached)[0]).toMatchObject({ variant: conv.variant });
    // a new runtime with the cache: same choice, no timing
    const t2 = await createGpuRuntime({ device, tuning: 'full', tuningCache: json });
    const conv2 = t2.lowMemoryConv(p);
    expect(conv2.variant).toBe(conv.variant);
    conv2.setWeights(q.data, q.scales, q.offsets, d.bias);
    const out2 = (await conv2.run(x)) as Float32Array;
    expect(conv2.tuneLog).toHaveLength(0);
    expect(maxRelError(out2, ref)).toBeLessThanOrEqual(1e-3);
    // a different activation is a different key: not served from the cache
    const conv3 = t2.lowMemoryConv({ ...p, nonlinearity: 'relu' });
    expect(Object.keys(JSON.parse(t2.tuningCache()).entries)).toHaveLength(1);
    conv.dispose();
    conv2.dispose();
    conv3.dispose();
  }, 300_000); // compiles and times every variant of the path on SwiftShader

  it('takes a STORAGE GPUBuffer and returns a GPUBuffer with the same values; reruns give the same output', async () => {
    const conv = gpu.lowMemoryConv({ ...p, variant: 'conv_2d_c4h4w1' });
    conv.setWeights(q.data, q.scales, q.offsets, d.bias);
    const a = (await conv.run(x)) as Float32Array;
    const b = (await conv.run(x)) as Float32Array;
    expect(Array.from(b)).toEqual(Array.from(a));
    const inBuf = device.createBuffer({ size: x.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(inBuf, 0, new Float32Array(x));
    const outBuf = (await conv.run(inBuf)) as GPUBuffer;
    expect(outBuf.size).toBe(ref.length * 4);
    const read = device.createBuffer({ size: outBuf.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const enc = device.createCommandEncoder();
    enc.copyBufferToBuffer(outBuf, 0, read, 0, outBuf.size);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const c = new Float32Array(read.getMappedRange().slice(0));
    read.unmap();
    expect(Array.from(c)).toEqual(Array.from(a));
    expect(maxRelError(c, ref)).toBeLessThanOrEqual(1e-3);
    conv.dispose();
  });

  it('float32-weight twin computes the same convolution', async () => {
    const conv = gpu.floatConv({ ...p, variant: 'mm_m32n32t4x4k2' });
    const wf = Float32Array.from(q.dequantized);
    conv.setWeights(wf, d.bias);
    const out = (await conv.run(x)) as Float32Array;
    expect(maxRelError(out, ref)).toBeLessThanOrEqual(1e-5);
    conv.dispose();
  });
});

describe('typed errors before any dispatch', () => {
  const base: LowMemoryConvParams = { n: 1, ic: 8, ih: 4, iw: 4, oc: 4, fh: 3, fw: 3, pad: [1, 1], weightBits: 8 };
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(I8ConvError);
      return (e as I8ConvError).code + ':' + (e as I8ConvError).param;
    }
    return 'no error';
  };
  it('rejects bad parameters with a stable code naming the parameter', () => {
    expect(code(() => gpu.lowMemoryConv({ ...base, weightBits: 2 as 4 }))).toBe('UNSUPPORTED_BITS:weightBits');
    expect(code(() => gpu.lowMemoryConv({ ...base, blockSize: 6 }))).toBe('INVALID_PARAM:blockSize');
    expect(code(() => gpu.lowMemoryConv({ ...base, blockSize: 12 }))).toBe('INVALID_PARAM:blockSize');
    expect(code(() => gpu.lowMemoryConv({ ...base, group: 2 }))).toBe('UNSUPPORTED_GROUP:group');
    expect(code(() => gpu.lowMemoryConv({ ...base, ic: 0 }))).toBe('INVALID_PARAM:ic');
    expect(code(() => gpu.lowMemoryConv({ ...base, fh: 7, pad: [0, 0] }))).toBe('INVALID_PARAM:fh');
    expect(code(() => gpu.lowMemoryConv({ ...base, stride: [0, 1] }))).toBe('INVALID_PARAM:stride');
    expect(code(() => gpu.lowMemoryConv({ ...base, nonlinearity: 'gelu' as Act }))).toBe(
      'UNSUPPORTED_NONLINEARITY:nonlinearity',
    );
    expect(code(() => gpu.lowMemoryConv({ ...base, variant: 'nope' }))).toBe('UNKNOWN_VARIANT:variant');
    expect(code(() => gpu.lowMemoryConv({ ...base, variant: 'gemv_r1' }))).toBe('VARIANT_NOT_USABLE:variant');
  });
  it('rejects wrong weight, scale, offset, bias and input lengths, and run before setWeights', async () => {
    // a variant SwiftShader compiles quickly: the errors, not the kernel, are the subject here
    const conv = gpu.lowMemoryConv({ ...base, weightBits: 4, asymmetric: true, variant: 'conv_2d_c4h4w1' });
    const nW = 4 * 8 * 9;
    const ok = { q: new Uint8Array(nW / 2), s: new Float32Array(4), o: new Float32Array(4), b: new Float32Array(4) };
    await expect(conv.run(new Float32Array(128))).rejects.toMatchObject({ code: 'FILTER_NOT_SET' });
    expect(code(() => conv.setWeights(new Uint8Array(nW), ok.s, ok.o, ok.b))).toBe('BAD_BUFFER:quantized');
    expect(code(() => conv.setWeights(ok.q, new Float32Array(5), ok.o, ok.b))).toBe('BAD_BUFFER:scales');
    expect(code(() => conv.setWeights(ok.q, ok.s, undefined, ok.b))).toBe('BAD_BUFFER:offsets');
    expect(code(() => conv.setWeights(ok.q, ok.s, ok.o, new Float32Array(3)))).toBe('BIAS_LENGTH:bias');
    conv.setWeights(ok.q, ok.s, ok.o, ok.b);
    await expect(conv.run(new Float32Array(127))).rejects.toMatchObject({ code: 'BAD_BUFFER', param: 'input' });
    const noStorage = device.createBuffer({ size: 512, usage: GPUBufferUsage.COPY_DST });
    await expect(conv.run(noStorage)).rejects.toMatchObject({ code: 'BAD_BUFFER' });
    // the runtime stays usable after errors
    const out = (await conv.run(new Float32Array(128).fill(0.5))) as Float32Array;
    expect(out.length).toBe(4 * 16);
    conv.dispose();
    await expect(conv.run(new Float32Array(128))).rejects.toMatchObject({ code: 'DISPOSED' });
    const sym = gpu.lowMemoryConv(base);
    expect(code(() => sym.setWeights(new Uint8Array(4 * 8 * 9), ok.s, ok.o, ok.b))).toBe('BAD_BUFFER:offsets');
    sym.dispose();
  });
  it('rejects bad tuning options with INVALID_PARAM naming the option', async () => {
    await expect(createGpuRuntime({ device, tuneReps: 0 })).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      param: 'tuneReps',
    });
    await expect(createGpuRuntime({ device, tuneWarmupMs: -1 })).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      param: 'tuneWarmupMs',
    });
    await expect(createGpuRuntime({ device, tuneWarmupMs: Number.NaN })).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      param: 'tuneWarmupMs',
    });
  });
  it('reports NO_ADAPTER when there is no device and navigator.gpu has no adapter', async () => {
    const g = globalThis as { navigator?: unknown };
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', {
      value: { gpu: { requestAdapter: async () => null } },
      configurable: true,
      writable: true,
    });
    try {
      await expect(createGpuRuntime()).rejects.toMatchObject({ code: 'NO_ADAPTER' });
      Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true, writable: true });
      await expect(createGpuRuntime()).rejects.toMatchObject({ code: 'NO_ADAPTER' });
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else delete g.navigator;
    }
    void refOutSize;
  });
});
