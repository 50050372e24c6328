/// <reference types="@webgpu/types" />
/**
 * Tuning aid (not part of the suite): times chosen variants on chosen shapes, each at its best work-group
 * size, after heating the GPU, two ways: one dispatch per timestamped pass (what the tuner and the bench
 * report) and `--inpass K` dispatches in one timestamped pass divided by K (back-to-back throughput, which
 * leaves out the per-pass cost). `--overhead` first times empty kernels the same two ways, which is the floor
 * of any kernel time here. Outputs are not checked (the tests and the bench do that).
 *
 * `--split` also times the two dispatches of a pre-pass or K-sliced variant each on its own.
 *
 * Usage: node dist-bench/bench/gpu/probe.js [--overhead] [--split] [--reps N] [--inpass K]
 *          --case "n,ic,ih,iw,oc,k,pad,stride:bits:blk:variant1+variant2|all" ...
 */
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import { createGpuRuntime, heat, median, timeDispatch, timeInPass, type Dispatch } from '../../src/gpu/index.js';
import { syntheticSetup } from './synthetic.js';
import { args, arg } from './cli.js';

const reps = Number(arg('--reps') ?? 30);
const inpass = Number(arg('--inpass') ?? 20);
const cases = args.flatMap((a, i) => (a === '--case' ? [args[i + 1]] : []));

/** Both timings (per pass, back to back) of a one-binding kernel `code` over `groups` work-groups, after heating. */
async function timeKernel(
  device: GPUDevice,
  code: string,
  dst: GPUBuffer,
  groups: number,
): Promise<{ one: number; many: number }> {
  const pipe = device.createComputePipeline({
    layout: 'auto',
    compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
  });
  const bg = device.createBindGroup({
    layout: pipe.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: dst } }],
  });
  return timeBoth(device, { pipeline: pipe, bindGroup: bg, groups: [groups, 1] }, 200);
}

/** `d` timed alone in a timestamped pass (median) and back to back `inpass` a pass, after `heatMs` of load. */
async function timeBoth(device: GPUDevice, d: Dispatch, heatMs: number): Promise<{ one: number; many: number }> {
  await heat(device, d, heatMs);
  return {
    one: median((await timeDispatch(device, d, reps)).us),
    many: await timeInPass(device, d, inpass, Math.max(5, reps >> 2)),
  };
}

/**
 * A kernel of `t` threads a work-group running `iters` iterations of op(0..15) on 16 independent chains: i32
 * a0..a15 and f32 f0..f15, with b (u32) and bf (f32) changing every iteration so nothing folds; the sums are
 * stored only for an impossible value, so the work stays live.
 */
function chainKernel(t: number, iters: number, op: (i: number) => string): string {
  const ch = Array.from({ length: 16 }, (_, i) => i);
  return `@group(0) @binding(0) var<storage, read_write> D: array<f32>;
@compute @workgroup_size(${t}) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  ${ch.map((i) => `var a${i} = i32(g.x + ${i}u); var f${i} = f32(g.x + ${i}u) * 1e-3;`).join(' ')}
  for (var i = 0u; i < ${iters}u; i++) {
    let b = (i * 0x01010101u) ^ g.x; let bf = bitcast<f32>(0x3f7f0000u + (i & 255u));
    ${ch.map(op).join(' ')}
  }
  let r = f32(${ch.map((i) => `a${i}`).join(' + ')}) + ${ch.map((i) => `f${i}`).join(' + ')};
  if (r == -1.0) { D[g.x & 1023u] = r; }
}`;
}

async function main() {
  const { device } = await createNodeDevice();
  const gpu = await createGpuRuntime({ device, tuning: 'full', tuneReps: 10, tuneWarmupMs: 150 });
  if (args.includes('--overhead')) {
    const dst = device.createBuffer({ size: 1 << 20, usage: GPUBufferUsage.STORAGE });
    for (const [groups, body] of [
      [1, ''],
      [1024, ''],
      [1024, 'if (g.x == 0xffffffffu) { D[0] = 1.0; }'],
    ] as const) {
      const code = `@group(0) @binding(0) var<storage, read_write> D: array<f32>;
@compute @workgroup_size(128) fn main(@builtin(global_invocation_id) g: vec3<u32>) { _ = &D; ${body} }`;
      const { one, many } = await timeKernel(device, code, dst, groups);
      console.log(
        `empty kernel ${groups} groups${body ? ' (guarded store)' : ''}: ${one.toFixed(2)} us per pass, ${many.toFixed(2)} us per dispatch at ${inpass} a pass`,
      );
    }
  }
  if (args.includes('--dp4')) {
    // packed int8 dot products (dot4I8Packed: 4 multiply-adds each) against multiply-adds, 16 independent chains
    const dst = device.createBuffer({ size: 1 << 20, usage: GPUBufferUsage.STORAGE });
    for (const [kind, op] of [
      ['dp4', (i: number) => `a${i} += dot4I8Packed(b, ${(0x01020304 * (i + 1)) >>> 0}u);`],
      ['fma', (i: number) => `f${i} = fma(f${i}, bf, ${(i + 1) * 0.001});`],
    ] as const) {
      try {
        const { one, many } = await timeKernel(device, chainKernel(128, 576, op), dst, 4224);
        const ops = 4224 * 128 * 576 * 16;
        console.log(
          `${kind} calib: ${one.toFixed(1)} us per pass, ${many.toFixed(1)} us in pass = ${(ops / many / 1e6).toFixed(1)} T instr/s`,
        );
      } catch (e) {
        console.log(`${kind} calib: ${(e as Error).message}`);
      }
    }
  }
  if (args.includes('--calib')) {
    // pure FMA throughput at low occupancy: G work-groups of T threads, each 16 independent scalar chains
    // with a multiplier that changes every iteration (nothing to fold), 9216 FMAs per thread
    const dst = device.createBuffer({ size: 1 << 20, usage: GPUBufferUsage.STORAGE });
    for (const [groups, t, iters] of [
      [98, 128, 576],
      [132, 128, 576],
      [98, 256, 288],
      [392, 32, 576],
      [1056, 128, 576],
    ] as const) {
      const code = chainKernel(t, iters, (i) => `f${i} = fma(f${i}, bf, ${(i + 1) * 0.001});`);
      const { one, many } = await timeKernel(device, code, dst, groups);
      const fmas = groups * t * iters * 16;
      console.log(
        `FMA calib ${groups}x${t} threads, ${iters * 16} FMA/thread: ${one.toFixed(1)} us per pass, ${many.toFixed(1)} us in pass = ${(fmas / many / 1e6).toFixed(1)} TFMA/s`,
      );
    }
  }
  for (const spec of cases) {
    const [shp, bitsS, blkS, vs] = spec.split(':');
    const [n, ic, ih, iw, oc, k, pad = 0, stride = 1] = shp.split(',').map(Number);
    const bits = Number(bitsS) as 4 | 8 | 32;
    const p = {
      n,
      ic,
      ih,
      iw,
      oc,
      fh: k,
      fw: k,
      pad: [pad, pad],
      stride: [stride, stride],
      blockSize: bits === 32 ? 0 : Number(blkS),
      asymmetric: false,
      nonlinearity: 'relu' as const,
    };
    const probeConv = bits === 32 ? gpu.floatConv(p) : gpu.lowMemoryConv({ ...p, weightBits: bits });
    const names = vs === 'all' ? probeConv.variants : vs.split('+');
    probeConv.dispose();
    for (const vn of names) {
      let conv;
      try {
        conv =
          bits === 32
            ? gpu.floatConv({ ...p, variant: vn })
            : gpu.lowMemoryConv({ ...p, weightBits: bits, variant: vn });
      } catch (e) {
        console.log(`${shp} ${vn}: ${(e as Error).message}`);
        continue;
      }
      const { inBuf, outBuf } = syntheticSetup(device, conv);
      let line: string;
      try {
        // forced variant, tuning 'full': the tuner picks its best work-group size
        const d = await conv.dispatchFor(inBuf, outBuf);
        const { one, many } = await timeBoth(device, d, 400);
        line = `wg ${String(d.wg).padEnd(7)} ${one.toFixed(1).padStart(7)} us per pass  ${many.toFixed(1).padStart(7)} us at ${inpass} a pass`;
        if (args.includes('--split') && d.next) {
          // the two dispatches of a two-dispatch variant timed on their own (the second reads what the first left)
          const a = await timeBoth(device, { ...d, next: undefined }, 150);
          const b = await timeBoth(device, d.next, 150);
          line += `; first alone ${a.one.toFixed(1)} / ${a.many.toFixed(1)}, second alone ${b.one.toFixed(1)} / ${b.many.toFixed(1)}`;
        }
      } catch (e) {
        line = `ERROR ${(e as Error).message.split('\n')[0]}`;
      }
      console.log(`${shp} ${bits === 32 ? 'f32' : `int${bits} blk${blkS}`} ${vn.padEnd(22)} ${line}`);
      inBuf.destroy();
      outBuf.destroy();
      conv.dispose();
    }
  }
  device.destroy();
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
