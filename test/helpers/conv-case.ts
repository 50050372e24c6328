/** Runs one ConvBias case through the runtime and the oracle, with guard bytes around dst. */
import type { Runtime } from '../../src/index.js';
import type { BiasMode, ConvBiasParams, Nonlinearity } from '../../src/params.js';
import { normalizeConvParams } from '../../src/params.js';
import { reference } from '../../kernels-ref/index.js';
import { rng, randInt, randInt8, randInt32 } from './rng.js';

export interface CaseResult {
  ok: boolean;
  mismatches: number;
  firstMismatch?: { index: number; got: number; want: number };
  guardsOk: boolean;
  algorithm: string;
  /** the micro-kernels the operator ran (conv.kernels) */
  kernels: string[];
}

const DST_GUARD = 32;

export interface CaseOptions {
  /** data range: int8 values for the weights and an int8 source; a uint8 source takes lo + 128 .. hi + 128 */
  lo?: number;
  hi?: number;
  threads?: number;
  biasRange?: number;
  kernel?: string;
  /** an 8-bit output's byte table (Conv.setOutputTable): the expected output is table[reference byte] */
  outputTable?: Uint8Array;
}

/** Random source data of the declared type. */
export function randSource(
  r: () => number,
  n: number,
  type: 'int8' | 'uint8',
  lo = -128,
  hi = 127,
): Int8Array | Uint8Array {
  const a = randInt8(r, n, lo, hi);
  return type === 'uint8' ? Uint8Array.from(a, (v) => v + 128) : a;
}

export function runCase(rt: Runtime, p: ConvBiasParams, seed: number, opts: CaseOptions = {}): CaseResult {
  const s = normalizeConvParams(p);
  const r = rng(seed);
  const lo = opts.lo ?? -128;
  const hi = opts.hi ?? 127;
  const src = randSource(r, s.srcLength, s.srcType, lo, hi);
  const w = randInt8(r, s.filterLength, lo, hi);
  const bias = s.biasLength ? randInt32(r, s.biasLength, -(opts.biasRange ?? 5000), opts.biasRange ?? 5000) : undefined;
  const want = reference.convBias(p, src, w, bias);
  const table = opts.outputTable;
  if (table)
    for (let i = 0; i < want.length; i++)
      want[i] = s.dstType === 'int8' ? (table[want[i] & 255] << 24) >> 24 : table[want[i]];
  const conv = rt.convBias(p, { threads: opts.threads, kernel: opts.kernel });
  try {
    conv.setFilter(w, 'OIHW');
    if (bias) conv.setBias(bias);
    if (table) conv.setOutputTable(table);
    const Ctor = { int8: Int8Array, uint8: Uint8Array, int32: Int32Array }[s.dstType];
    const big = new Ctor(s.dstLength + 2 * DST_GUARD).fill(0x5a);
    const dst = big.subarray(DST_GUARD, DST_GUARD + s.dstLength) as Int8Array | Uint8Array | Int32Array;
    conv.exec(src, dst);
    let guardsOk = conv.checkGuards();
    for (let i = 0; i < DST_GUARD; i++) {
      if (big[i] !== 0x5a || big[DST_GUARD + s.dstLength + i] !== 0x5a) guardsOk = false;
    }
    let mismatches = 0;
    let firstMismatch: CaseResult['firstMismatch'];
    for (let i = 0; i < s.dstLength; i++) {
      if (dst[i] !== want[i]) {
        if (!firstMismatch) firstMismatch = { index: i, got: dst[i], want: want[i] };
        mismatches++;
      }
    }
    return {
      ok: mismatches === 0 && guardsOk,
      mismatches,
      firstMismatch,
      guardsOk,
      algorithm: conv.algorithm,
      kernels: [...conv.kernels],
    };
  } finally {
    conv.dispose();
  }
}

/**
 * The quantization variant for case number i (test/conv-algos.test.ts, test/conv-winograd.test.ts): cycles through
 * int8 / uint8 sources and outputs with zero points, per-tensor and per-channel scales, activations, roundings and
 * bias modes. `seed` and the output scale's range [lo, lo + span) let a file draw its own values.
 */
export function quantVariant(
  i: number,
  oc: number,
  seed = 1000 + i,
  dstScale: [number, number] = [0.2, 2],
): Partial<ConvBiasParams> {
  const r = rng(seed);
  const dstType = (['int8', 'uint8', 'int32'] as const)[i % 3];
  const srcType = (['int8', 'uint8'] as const)[(i >> 1) % 2];
  // int32 outputs come every third i: their own counter k walks the activations and bias modes (i % 3 alone would
  // give them one activation and one bias mode only)
  const k = Math.floor(i / 3);
  const nl =
    dstType === 'int32'
      ? (['relu', 'identity', 'hswish'] as Nonlinearity[])[k % 3]
      : (['identity', 'relu', 'hswish', 'relu6'] as Nonlinearity[])[(i >> 2) % 4];
  return {
    srcType,
    srcZeroPoint: srcType === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127),
    srcScale: 0.02 + r() * 0.05,
    filterScale: i % 2 ? Float32Array.from({ length: oc }, () => 0.002 + r() * 0.02) : 0.005 + r() * 0.02,
    dstType,
    dstScale: dstType === 'int32' ? undefined : dstScale[0] + r() * dstScale[1],
    dstZeroPoint: dstType === 'int32' ? undefined : dstType === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127),
    nonlinearity: nl,
    rounding: i % 5 < 2 ? 'half-even' : 'half-away',
    biasMode: (['channel', 'none', 'full'] as BiasMode[])[
      dstType === 'int32' ? (k + 1 + Math.floor(k / 3)) % 3 : i % 3
    ],
  };
}
