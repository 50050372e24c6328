/// <reference types="@webgpu/types" />
/**
 * One forced run with its output bound between two guard regions inside a poisoned buffer, and the inputs of the
 * digit-based families: shared by the GPU tests (SwiftShader) and bench/gpu/check.ts (the kernels only a real GPU runs).
 */
import { encodeDispatch, type GpuRuntime, type LowMemoryConvParams } from '../../src/gpu/index.js';

/** Bytes before and after the output binding (minStorageBufferOffsetAlignment). */
export const GUARD = 256;
/** A NaN pattern no kernel writes. */
export const SENTINEL = 0x7fc0dead;

/**
 * Runs `p` with the given quantized weights through dispatchFor with the output bound between two guard regions,
 * the whole buffer poisoned first. Returns the output; throws if a guard was overwritten or an element not written.
 */
export async function runGuarded(device: GPUDevice, gpu: GpuRuntime, p: LowMemoryConvParams,
  q: { data: Uint8Array; scales: Float32Array; offsets?: Float32Array }, bias: Float32Array, x: Float32Array):
    Promise<{ out: Float32Array; variant: string }> {
  const conv = gpu.lowMemoryConv(p);
  try {
    conv.setWeights(q.data, q.scales, q.offsets, bias);
    const outBytes = conv.shape.n * conv.shape.oc * conv.shape.oh * conv.shape.ow * 4;
    const inBuf = device.createBuffer({ size: x.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(inBuf, 0, new Float32Array(x));
    const total = GUARD + outBytes + GUARD;
    const outBuf = device.createBuffer({ size: total, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(outBuf, 0, new Uint32Array(total / 4).fill(SENTINEL));
    const d = await conv.dispatchFor(inBuf, outBuf, { output: GUARD });
    const read = device.createBuffer({ size: total, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    encodeDispatch(pass, d);
    pass.end();
    enc.copyBufferToBuffer(outBuf, 0, read, 0, total);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const all = new Uint32Array(read.getMappedRange().slice(0));
    read.unmap();
    read.destroy(); inBuf.destroy(); outBuf.destroy();
    const g = GUARD / 4;
    for (let i = 0; i < g; i++) {
      if (all[i] !== SENTINEL || all[all.length - 1 - i] !== SENTINEL) throw new Error(`${d.variant}: guard region overwritten`);
    }
    const body = all.subarray(g, all.length - g);
    const unwritten = body.findIndex((v) => v === SENTINEL);
    if (unwritten >= 0) throw new Error(`${d.variant}: output element ${unwritten} never written`);
    return { out: new Float32Array(body.buffer, body.byteOffset, body.length), variant: d.variant };
  } finally {
    conv.dispose();
  }
}

/**
 * Batch-row inputs [n][ic] whose 32-channel blocks differ by orders of magnitude (up to 10^41), with a block of
 * zeros and one near the float minimum: the digits' power of two is per block (dot and mma families).
 */
export function blockyInput(n: number, ic: number, seed: number): Float32Array<ArrayBuffer> {
  const x = new Float32Array(n * ic);
  for (let m = 0; m < n; m++) for (let c = 0; c < ic; c++) {
    const mag = [1, 1e3, 1e-3, 0, 37.5, 1e-38, 2.5e-2][((c >> 5) + m + seed) % 7];
    x[m * ic + c] = mag * Math.sin(1.7 * c + 0.31 * m + seed) * (1 + (c % 5) / 7);
  }
  return x;
}
