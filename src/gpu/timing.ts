/// <reference types="@webgpu/types" />
/**
 * GPU timing shared by the tuner and the benchmark. With the `timestamp-query` feature every dispatch runs
 * in its own compute pass whose begin/end timestamps are written to a query set (kernel time, no host
 * overhead); without it, the dispatches are submitted back to back and timed on the host around
 * `onSubmittedWorkDone` (wall time / reps, which includes launch overhead).
 */

// The WebGPU types this file's declarations name, declared empty as in runtime.ts (for a program without
// @webgpu/types; they merge with its declarations where it has them).
declare global {
  interface GPUDevice {}
  interface GPUComputePipeline {}
  interface GPUBindGroup {}
  interface GPUComputePassEncoder {}
}

export interface Dispatch {
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  groups: [number, number, number?];
  /** a dispatch that must follow in the same pass (the slice sum of K-sliced variants); timed with this one */
  next?: Dispatch;
}

/** Encodes `d` and the dispatches chained after it, in order, into `pass`. */
export function encodeDispatch(pass: GPUComputePassEncoder, d: Dispatch): void {
  for (let c: Dispatch | undefined = d; c; c = c.next) {
    pass.setPipeline(c.pipeline);
    pass.setBindGroup(0, c.bindGroup);
    pass.dispatchWorkgroups(c.groups[0], c.groups[1], c.groups[2] ?? 1);
  }
}

/** Submits `d` `times` times in one compute pass and waits until the queue has done it. */
export async function runAndWait(device: GPUDevice, d: Dispatch, times = 1): Promise<void> {
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  for (let i = 0; i < times; i++) encodeDispatch(pass, d);
  pass.end();
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
}

/** Kernel times in microseconds of `reps` runs of `d` (after one warm-up), one entry per run. */
export async function timeDispatch(
  device: GPUDevice,
  d: Dispatch,
  reps: number,
): Promise<{ us: number[]; timestamps: boolean }> {
  // warm-up: first-use costs (pipeline upload, caches) stay out of the numbers
  await runAndWait(device, d);
  if (device.features.has('timestamp-query')) return { us: await passTimes(device, d, 1, reps), timestamps: true };
  const us: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    await runAndWait(device, d);
    us.push((performance.now() - t0) * 1000);
  }
  return { us, timestamps: false };
}

/**
 * Back-to-back time in microseconds of `d`: `k` copies in one timestamped pass, divided by `k`, median over `reps`
 * passes. This leaves out the per-pass cost that `timeDispatch` includes (tuning aids compare the two). Needs the
 * `timestamp-query` feature.
 */
export async function timeInPass(device: GPUDevice, d: Dispatch, k: number, reps: number): Promise<number> {
  return median(await passTimes(device, d, k, reps));
}

/** `reps` timestamped passes of `k` copies of `d` each, submitted together: microseconds per copy, one per pass. */
async function passTimes(device: GPUDevice, d: Dispatch, k: number, reps: number): Promise<number[]> {
  const count = 2 * reps;
  const qs = device.createQuerySet({ type: 'timestamp', count });
  const resolve = device.createBuffer({
    size: count * 8,
    usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
  });
  const read = device.createBuffer({ size: count * 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    const pass = enc.beginComputePass({
      timestampWrites: { querySet: qs, beginningOfPassWriteIndex: 2 * r, endOfPassWriteIndex: 2 * r + 1 },
    });
    for (let i = 0; i < k; i++) encodeDispatch(pass, d);
    pass.end();
  }
  enc.resolveQuerySet(qs, 0, count, resolve, 0);
  enc.copyBufferToBuffer(resolve, 0, read, 0, count * 8);
  device.queue.submit([enc.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const t = new BigInt64Array(read.getMappedRange().slice(0));
  read.unmap();
  read.destroy();
  resolve.destroy();
  qs.destroy();
  const us: number[] = [];
  for (let r = 0; r < reps; r++) us.push(Number(t[2 * r + 1] - t[2 * r]) / 1000 / k);
  return us;
}

/**
 * Keeps the GPU busy with `d`, back to back, for about `ms` milliseconds of wall time. GPUs drop to an idle
 * clock within a fraction of a second without work (the H200 here: 1980 -> 345 MHz) and take a while of
 * sustained load to come back, so kernels timed right after host-side work run several times slower than
 * in steady use. The tuner and the benchmark call this before timing. `first`: dispatches in the first batch
 * (1 where a slow kernel, on a software adapter, must not cost several runs for a short warm-up).
 */
export async function heat(device: GPUDevice, d: Dispatch, ms: number, first = 4): Promise<void> {
  const t0 = performance.now();
  let batch = first;
  while (performance.now() - t0 < ms) {
    const b0 = performance.now();
    await runAndWait(device, d, batch);
    // grow batches until one takes ~10 ms, so host round trips leave no idle gaps worth counting
    if (performance.now() - b0 < 10 && batch < 4096) batch *= 2;
  }
}

export function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}
