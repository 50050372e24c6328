/**
 * The isa rules, in one place: which kernels a runtime's isa runs in each kernel family, and what the relaxed dot8
 * kernels expect of the activations. Every algorithm file asks here instead of comparing isa strings itself.
 *
 * A runtime's isa (`rt.features.isa`) is its wasm build plus, for the relaxed build, the relaxed dot's flavour
 * (src/features.ts):
 *   'wasmsimd'        SIMD128 (i32x4.dot_i16x8_s on activations widened to i16)
 *   'wasmrelaxedsimd' relaxed build on an engine whose relaxed dot saturates: activations split into a 7-bit and
 *                     a 1-bit part, exact on every engine (only the NCHW44 dot kernels have such a variant)
 *   'wasmusdot'       one relaxed dot per 16 multiply-adds, second operand unsigned: b = xs ^ 0x80 = xs + 128
 *   'wasmsdot'        one relaxed dot per 16 multiply-adds, both operands signed: b = xs
 * The kernel tables (kernel-table.generated.ts) name a kernel's isa as the instructions it uses: 'wasmsimd',
 * 'wasmrelaxedsimd' (the split), 'wasmrelaxeddot' (the dot8 kernels, for both usdot and sdot) or 'scalar'.
 */

import { I8ConvError } from '../errors.js';
import type { DotFlavour } from '../features.js';

export type Isa = 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmusdot' | 'wasmsdot';

/** The isa a kernel of the tables is written for. */
export type KernelIsa = 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmrelaxeddot' | 'scalar';

/** Kernel families, as the tables' `family` field names them. */
export type KernelFamily = 'conv-nchw44-dot' | 'gemm' | 'chanwise' | 'conv-nchw-dot' | 'naive';

/**
 * The relaxed build's isa for the relaxed dot's flavour the probe found (src/features.ts): the dot8 kernels where
 * full 8-bit lanes are exact ('usdot', 'sdot'), the 7-bit split everywhere else.
 */
export function relaxedIsa(flavour: DotFlavour): Isa {
  return flavour === 'usdot' ? 'wasmusdot' : flavour === 'sdot' ? 'wasmsdot' : 'wasmrelaxedsimd';
}

/** Whether the runtime runs the one-dot-per-16-multiply-adds kernels (the usdot / sdot flavours). */
export function runsDot8(isa: Isa): boolean {
  return isa === 'wasmusdot' || isa === 'wasmsdot';
}

/**
 * The kernel isa a runtime runs in a family: the dot8 kernels for usdot / sdot in every family but the scalar one;
 * the split kernels only in the NCHW44 dot family (the others run their SIMD128 kernels on such engines).
 */
export function kernelIsa(isa: Isa, family: KernelFamily): KernelIsa {
  if (family === 'naive') return 'scalar';
  if (runsDot8(isa)) return 'wasmrelaxeddot';
  return family === 'conv-nchw44-dot' ? (isa as 'wasmsimd' | 'wasmrelaxedsimd') : 'wasmsimd';
}

/**
 * The packed-input mode a kernel of isa `k` reads, the context record's `relaxed` field: 0 SIMD128 i16 pairs, 1 the
 * relaxed 7-bit split, 2 the dot8 bytes.
 */
export function packedInputMode(k: KernelIsa): 0 | 1 | 2 {
  return k === 'wasmrelaxeddot' ? 2 : k === 'wasmrelaxedsimd' ? 1 : 0;
}

/** The context record's `dotXor`: a raw activation byte ^ srcXor ^ dotXor is the dot8 kernels' b. */
export function dotXor(isa: Isa): 0 | 0x80 {
  return isa === 'wasmusdot' ? 0x80 : 0;
}

/**
 * What the relaxed kernels add to an activation before multiplying (b = xs + offset, padding b = zp + offset), so
 * that the accumulator start subtracts (zp + offset) * sum of w: 128 for the unsigned second operand of usdot and
 * of the split kernels, 0 for sdot.
 */
export function activationOffset(isa: Isa): 0 | 128 {
  return isa === 'wasmsdot' ? 0 : 128;
}

/**
 * The one kernel of a single-kernel family (channel-wise, NCHW direct dot, naive) that a plan runs: the row of
 * `table` with the runtime's kernel isa for `family` that `fits` the shape. A forced name (`kernel`) must name
 * exactly that row; anything else is UNKNOWN_KERNEL, raised at plan time (before the operator exists).
 */
export function pickSingleKernel<K extends { name: string; isa: KernelIsa }>(
  table: readonly K[],
  isa: Isa,
  family: KernelFamily,
  fits: (k: K) => boolean,
  forced: string | undefined,
): K {
  const want = kernelIsa(isa, family);
  const k = table.find((x) => x.isa === want && fits(x));
  if (!k) throw new Error(`no ${want} ${family} kernel for this shape`); // the algorithm's usable() excludes it
  if (forced !== undefined && forced !== k.name) {
    const known = table.some((x) => x.name === forced);
    throw new I8ConvError(
      'UNKNOWN_KERNEL',
      known
        ? `kernel: '${forced}' does not run this shape on this runtime (isa ${isa}); this algorithm runs '${k.name}' here`
        : `kernel: '${forced}' is not a ${family} kernel (${table.map((x) => x.name).join(', ')})`,
      'kernel',
    );
  }
  return k;
}
