/// <reference types="@webgpu/types" />
/**
 * Fixed synthetic data for the tuning aids (ablate.ts, probe.ts, twins.ts), which time kernels but do not check them:
 * weights, scales, bias, and input/output buffers of a convolution's sizes. Non-zero and varied, since zeros
 * can run faster than real data.
 */
import { hostSizes, upload, type LowMemoryConv } from '../../src/gpu/index.js';

/** Sets synthetic weights on `conv`: floats for the float twin, else quantized bytes with scales 0.01. */
export function syntheticWeights(conv: LowMemoryConv): void {
  const s = conv.shape;
  const sz = hostSizes(s);
  if (s.bits === 32)
    conv.setWeights(
      new Float32Array(sz.weightCount).map((_, i) => ((i * 7919) % 255) / 255 - 0.5),
      new Float32Array(s.oc),
    );
  else {
    conv.setWeights(
      new Uint8Array(sz.weightBytes).map((_, i) => (i * 37) & 255),
      new Float32Array(s.oc * s.nBlk).fill(0.01),
      undefined,
      new Float32Array(s.oc),
    );
  }
}

/** An input buffer filled with synthetic data and an output buffer, both of `conv`'s sizes (the same for its
 * int4, int8 and float32 kernels, so one pair can serve all of them). */
export function syntheticIo(device: GPUDevice, conv: LowMemoryConv): { inBuf: GPUBuffer; outBuf: GPUBuffer } {
  const sz = hostSizes(conv.shape);
  const inBuf = upload(
    device,
    new Float32Array(sz.input).map((_, i) => ((i * 31) % 97) / 97),
  );
  const outBuf = device.createBuffer({ size: sz.output * 4, usage: GPUBufferUsage.STORAGE });
  return { inBuf, outBuf };
}

/** Both: synthetic weights on `conv`, and its own input and output buffers. */
export function syntheticSetup(device: GPUDevice, conv: LowMemoryConv): { inBuf: GPUBuffer; outBuf: GPUBuffer } {
  syntheticWeights(conv);
  return syntheticIo(device, conv);
}
