/**
 * Relayout bandwidth: each hot mode's wasm kernels timed on int8 tensors already in wasm memory, next to a
 * wasm `memory.copy` of the same bytes between the same two buffers, measured in the same run (interleaved
 * samples, so a neighbour's burst of CPU use hits both alike). GB/s = bytes of the source tensor / time; the
 * ratio relayout / memcpy is what the target reads (NCHW->NCHW44 and NCHW44->NCHW >= 0.5).
 *
 * Runs in Node and in a browser page (no Node built-ins). `runRelayoutBench` is called by the suite
 * (bench/setup.ts); bench/relayout-main.ts is the standalone entry (`npm run bench:relayout`).
 */
import { createRuntime } from '../src/index.js';
import type { WasmRuntimeCore } from '../src/runtime.js';
import { allocWasmBuffers, planRelayout, releaseWasmBuffers, runKernelCalls } from '../src/relayout/api.js';
import { relayoutRef } from '../kernels-ref/relayout.js';

export interface RelayoutBenchRow {
  mode: string;
  shape: number[];
  bytes: number;
  gbps: number;
  memcpyGbps: number;
  ratio: number;
}

/** The activation shapes of the relayout benchmark (int8 NCHW) and the 3x3 weights of the same channel counts. */
const CHANNELS = [64, 256];
const HW = 56;

/** (mode, source shape) for one channel count: every hot mode (the ones a convolution network needs), int8. */
export function relayoutBenchCases(c: number): Array<{ mode: string; shape: number[] }> {
  return [
    { mode: 'NCHW_NCHW44', shape: [1, c, HW, HW] },
    { mode: 'NCHW44_NCHW', shape: [1, c / 4, HW, HW, 4] },
    { mode: 'NCHW_NCHW88', shape: [1, c, HW, HW] },
    { mode: 'NCHW88_NCHW', shape: [1, c / 8, HW, HW, 8] },
    { mode: 'NCHW_NHWC', shape: [1, c, HW, HW] },
    { mode: 'NHWC_NCHW', shape: [1, HW, HW, c] },
    { mode: 'NCHW4_CHWN4', shape: [1, c / 4, HW, HW, 4] },
    { mode: 'CHWN4_NCHW4', shape: [c / 4, HW, HW, 1, 4] },
    { mode: 'WEIGHT_NCHW_TO_NCHW44_DOT_DENSE', shape: [c, c, 3, 3] },
  ];
}

/** Median per-call time (ms) of a and b, sampled alternately; each sample runs enough calls to last >= minMs. */
function timePair(a: () => void, b: () => void, samples: number, minMs: number): [number, number] {
  const calls = (f: () => void) => {
    let n = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) f();
      const dt = performance.now() - t0;
      if (dt >= minMs) return n;
      n = Math.max(n * 2, Math.ceil((n * minMs) / Math.max(dt, 1e-3)));
    }
  };
  // Warm up first: V8 runs a wasm function in its baseline tier until it has used up a tiering budget, then
  // swaps in optimized code compiled in the background, and a running call cannot switch tiers. 20 calls /
  // 20 ms were not enough here (NCHW->NCHW44 measured 25% slow); 300 calls and 100 ms are.
  for (const f of [a, b]) {
    const t0 = performance.now();
    for (let i = 0; i < 300 || performance.now() - t0 < 100; i++) f();
  }
  const na = calls(a),
    nb = calls(b);
  const ta: number[] = [],
    tb: number[] = [];
  for (let s = 0; s < samples; s++) {
    let t0 = performance.now();
    for (let i = 0; i < na; i++) a();
    ta.push((performance.now() - t0) / na);
    t0 = performance.now();
    for (let i = 0; i < nb; i++) b();
    tb.push((performance.now() - t0) / nb);
  }
  const median = (v: number[]) => v.sort((x, y) => x - y)[v.length >> 1];
  return [median(ta), median(tb)];
}

function benchOne(
  core: WasmRuntimeCore,
  mode: string,
  shape: number[],
  samples: number,
  minMs: number,
): RelayoutBenchRow {
  const r = planRelayout(mode, shape, { dtype: 'int8', impl: 'wasm' });
  const calls = r.plan.wasm!;
  const bufs = allocWasmBuffers(core, r);
  try {
    const bytes = r.srcElems;
    const src = new Int8Array(bytes);
    let x = 12345;
    for (let i = 0; i < bytes; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      src[i] = x >>> 24;
    }
    core.i8().set(src, bufs.src);
    // Time only correct kernels: one run checked against the oracle first.
    runKernelCalls(core, calls, bufs, 1);
    const want = relayoutRef(mode, src, shape).data as Int8Array;
    const got = core.i8().subarray(bufs.dst, bufs.dst + want.length);
    for (let i = 0; i < want.length; i++) {
      if (got[i] !== want[i]) throw new Error(`relayout bench: ${mode} {${shape}} differs from the oracle at ${i}`);
    }
    // Time the kernel calls themselves: arguments resolved and bound once, so the relayout and the copy pay
    // the same JS-to-wasm call cost (a few percent of a 4 us kernel call otherwise).
    const bound = calls.map((c) => {
      const args = c.args.map((v) => (typeof v === 'number' ? v : bufs[v.buf] + v.off));
      return (core.exports[c.kernel] as (...a: number[]) => void).bind(null, ...args);
    });
    const relayoutOnce =
      bound.length === 1
        ? bound[0]
        : () => {
            for (const f of bound) f();
          };
    const n = Math.min(bytes, r.dstElems);
    const copyOnce = (core.exports.relayout_copy_b8 as (d: number, s: number, n: number) => void).bind(
      null,
      bufs.dst,
      bufs.src,
      n,
    );
    const [tRel, tCopy] = timePair(relayoutOnce, copyOnce, samples, minMs);
    const gbps = bytes / tRel / 1e6;
    const memcpyGbps = bytes / tCopy / 1e6;
    return { mode, shape, bytes, gbps, memcpyGbps, ratio: gbps / memcpyGbps };
  } finally {
    releaseWasmBuffers(core, bufs);
  }
}

export async function runRelayoutBench(opts: { quick?: boolean } = {}): Promise<RelayoutBenchRow[]> {
  const rt = await createRuntime({ threads: 1 });
  // Many short samples: on a shared machine a sample that a context switch hits is an outlier the median
  // drops, and a sample of ~0.25 ms is rarely hit (performance.now() resolves microseconds in Node).
  const samples = opts.quick ? 41 : 201;
  const minMs = 0.25;
  const rows: RelayoutBenchRow[] = [];
  for (const c of CHANNELS) {
    for (const k of relayoutBenchCases(c)) rows.push(benchOne(rt.core, k.mode, k.shape, samples, minMs));
  }
  return rows;
}
