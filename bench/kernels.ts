/**
 * Kernel level: every micro-kernel variant of the kernel table (src/algos/kernel-table.generated.ts), timed on a
 * fixed problem on which it is the only micro-kernel the NCHW44 algorithm runs:
 *   ic = 64 (16 input blocks: a long reduction), oc = the variant's oc tile (so no tail tile is needed),
 *   filter and stride of the variant, no padding, OH = 8, OW = 64 rounded up to the variant's pixel tile.
 * It runs through the public API with the NCHW44 algorithm and the variant forced (`rt.convBias(p, { kernel })`),
 * on the runtime whose wasm build has the variant's ISA (relaxed-SIMD variants only where the engine passed the
 * relaxed probe). The conv's `kernels` list must name this variant and no other kernel able to run a tile of it,
 * otherwise the row is listed as not measured.
 * The figure therefore includes what runs around the micro-kernel in a task (widening the input rows,
 * requantizing), which weighs most on the narrow tail tiles; it says how fast each variant is in use, and it
 * ranks variants against each other and against the ceiling.
 * Outputs are checked against the oracle like the operator level.
 */
import { i8convBackend, type RuntimeLike } from './backends.js';
import { compareOutputs, makeProblem, nchw44ToNchw } from './data.js';
import type { KernelResult } from './schema.js';
import { shapeFromId } from './shapes.js';
import { measure, type SampleOptions } from './stats.js';
import type { Oracle } from './suite.js';

/** The fields of a kernel-table row that the benchmark reads. */
export interface KernelRow {
  name: string;
  fw: number;
  stride: number;
  nb: number;
  npix: number;
  role?: string;
  isa: string;
}

const IC = 64;
const OH = 8;
const OW_TARGET = 64;

/** The wasm build a kernel-table ISA needs: the relaxed build runs the relaxed kernels, SIMD128 the others. */
export function buildForIsa(isa: string): 'simd128' | 'relaxed' {
  return isa.includes('relaxed') ? 'relaxed' : 'simd128';
}

export async function runKernelBench(
  runtimes: Partial<Record<'simd128' | 'relaxed', RuntimeLike>>,
  kernels: readonly KernelRow[],
  algo: string,
  sampling: SampleOptions,
  oracle: Oracle | null,
): Promise<KernelResult[]> {
  const out: KernelResult[] = [];
  for (const k of kernels) {
    const ow = Math.ceil(OW_TARGET / k.npix) * k.npix;
    const iw = (ow - 1) * k.stride + k.fw;
    const ih = (OH - 1) * k.stride + k.fw;
    const base = shapeFromId(`${IC}-${k.nb * 4}-${Math.max(ih, iw)}-k${k.fw}s${k.stride}`);
    // Same parameter object as the operator level, with the exact sizes and no padding.
    const shape = { ...base, h: ih, pad: 0, oh: OH, macs: k.nb * 4 * IC * k.fw * k.fw * OH * ow };
    const pb = makeProblem(shape);
    const params = { ...pb.params, ih, iw, pad: [0, 0] as [number, number] };
    // makeProblem sized its source for the square base shape; this one is ih x iw, any values will do.
    const src = new Int8Array(IC * ih * iw);
    for (let i = 0; i < src.length; i++) src[i] = (Math.imul(i, 2654435761) >>> 24) - 128;
    const problem = { ...pb, params, src, srcNCHW: nchw44ToNchw(src, IC, ih, iw), dstLength: k.nb * 4 * OH * ow };
    const row: KernelResult = {
      name: k.name,
      filter: k.fw,
      stride: k.stride,
      tile: `oc${k.nb * 4}x${k.npix}`,
      isa: k.isa,
      problem: `ic=${IC} oc=${k.nb * 4} ${ih}x${iw} -> ${OH}x${ow}`,
      macs: shape.macs,
      gmacs: NaN,
      ms: NaN,
      spread: NaN,
      pctCeiling: NaN,
      check: 'unchecked',
    };
    out.push(row);
    const rt = runtimes[buildForIsa(k.isa)];
    if (!rt) {
      row.error = `not run: needs the ${buildForIsa(k.isa)} build, which this engine did not load`;
      continue;
    }
    try {
      const prepared = await i8convBackend(rt, `kernel:${k.name}`, algo, undefined, k.name).prepare(problem);
      try {
        // The plan lists the kernels it may run; one whose oc tile is wider than the problem's oc has no whole
        // tile to compute (the plan names the main kernel even when only the tail runs).
        const ran = prepared.info.kernels;
        const others = (ran ?? []).filter(
          (n) => n !== k.name && (kernels.find((x) => x.name === n)?.nb ?? 0) * 4 <= k.nb * 4,
        );
        if (ran && (!ran.includes(k.name) || others.length)) {
          // Timing it would report other kernels' speed under this variant's name.
          row.error = `not measured: for this problem the plan runs ${ran.join(', ')}`;
          continue;
        }
        await prepared.run();
        if (oracle) row.check = compareOutputs(k.name, prepared.output(), oracle(problem)) ? 'mismatch' : 'ok';
        const t = await measure(() => prepared.run(), sampling);
        Object.assign(row, { gmacs: shape.macs / t.ms / 1e6, ms: t.ms, spread: t.spread });
      } finally {
        prepared.dispose();
      }
    } catch (e) {
      row.error = String(e);
    }
  }
  return out;
}
