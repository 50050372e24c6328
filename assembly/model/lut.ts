// Table look-up of the model executor: y[i] = table[x[i]], x and y bytes, the table 256 bytes indexed by the raw
// input byte (int8 inputs: byte = value & 0xff). One kernel serves every 8-bit operator that maps each input byte to
// one output byte: QLinearSigmoid, QLinearLeakyRelu, the requantized inputs of QLinearConcat, and any float unary
// operator between a per-tensor DequantizeLinear and QuantizeLinear (src/model/backends/wasm-int8/lut.ts builds the tables).
// One task: elements [t * grain, t * grain + grain) (elem-ctx.ts).
//
// Why a scalar loop: four 32-bit words of input per step, each byte looked up and the four results assembled into
// one 32-bit store. Measured on 1 MB (AMD EPYC VM, best of 40 rounds of 10; ms per MB, lower is better):
//                                                     Node 20.20   Node 24.22
//   byte loop (load, look up, store each byte)          0.58         0.59
//   32-bit words, one per step                          0.44         0.45
//   32-bit words, four per step (this kernel)           0.42         0.39
//   16 i8x16.swizzle over the table's rows (x - 16k)    0.54         0.60
//   the same, the 16 rows held in locals                0.38         0.62
//   relaxed_swizzle of x & 15 + relaxed_laneselect
//     on (x >> 4) == k, 16 rows                         -            0.59
// i8x16.swizzle must zero indices >= 16, which V8 lowers to a saturating add before each x86 pshufb, and the relaxed
// form is exact only for indices < 16 (so each row needs a compare and a select): 16 rows cost about as much as 16
// scalar look-ups. The word loop is the fastest on Node 24 (the engine of the benchmarks and of Chromium) and within
// 10% of the best on Node 20, on both builds.
import {
  EL_N, EL_GRAIN, LUT_TABLE, CR_TABLE, CR_RUN, CR_TOTAL, CT_TABLE, CT_INNER, CT_C, CT_OUTBYTES, CT_LAYOUT, CT_QUANT, CT_QSCALE, CT_QLO, CT_QHI, CT_QZPU,
  CT_QXOR,
} from './elem-ctx';
import { MAGIC_BITS } from './elem-simd';
import { quant4 } from './elementwise';
import { taskEnd, taskStart } from './elem-simd';
import { look4 } from '../common/table';

/** Task t of Lut: src bytes[n] -> dst bytes[n] through the ctx's table. */
export function lutTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const tab = <usize>load<i32>(ctx, LUT_TABLE);
  let i = s;
  for (; i + 16 <= e; i += 16) {
    const p = src + <usize>i;
    const q = dst + <usize>i;
    store<u32>(q, look4(tab, load<u32>(p, 0)), 0);
    store<u32>(q, look4(tab, load<u32>(p, 4)), 4);
    store<u32>(q, look4(tab, load<u32>(p, 8)), 8);
    store<u32>(q, look4(tab, load<u32>(p, 12)), 12);
  }
  for (; i < e; i++) store<u8>(dst + <usize>i, load<u8>(tab + <usize>load<u8>(src + <usize>i)));
}

/**
 * Task t of a concat input of short rows (ConcatRows): rows [t * grain, + grain) of RUN bytes, x row r at r * RUN,
 * written to y + r * TOTAL, each byte through the table (CR_TABLE) or copied as it is.
 */
export function concatRowsTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const run = <usize>load<i32>(ctx, CR_RUN);
  const total = <usize>load<i32>(ctx, CR_TOTAL);
  const tab = <usize>load<i32>(ctx, CR_TABLE);
  let p = src + <usize>s * run;
  let q = dst + <usize>s * total;
  for (let r = s; r < e; r++, p += run, q += total) {
    let k: usize = 0;
    if (tab != 0) {
      for (; k + 4 <= run; k += 4) store<u32>(q + k, look4(tab, load<u32>(p + k)));
      for (; k < run; k++) store<u8>(q + k, load<u8>(tab + <usize>load<u8>(p + k)));
    } else {
      for (; k + 8 <= run; k += 8) store<u64>(q + k, load<u64>(p + k));
      for (; k < run; k++) store<u8>(q + k, load<u8>(p + k));
    }
  }
}

/**
 * Task t of i8conv:ChannelTable (made by src/model/graph/passes/fuse-channel-chains.ts, lowered by
 * src/model/backends/wasm-int8/lut.ts: a chain of per-channel element-wise steps on an 8-bit tensor, tabulated per
 * channel): dst[i] = table[c(i)][src byte i], c(i) = (i / INNER) % C, 1- or 4-byte entries; NCHW44
 * (CT_LAYOUT 1, 1-byte entries): c(i) = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3).
 */
export function channelTableTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const table = <usize>load<i32>(ctx, CT_TABLE);
  const inner = load<i32>(ctx, CT_INNER);
  const C = load<i32>(ctx, CT_C);
  const wide = load<i32>(ctx, CT_OUTBYTES) == 4;
  let i = s;
  if (load<i32>(ctx, CT_QUANT) == 1) {
    if (wide) channelTableQuant(ctx, src, dst, s, e, table, inner, C, true);
    else channelTableQuant(ctx, src, dst, s, e, table, inner, C, false);
    return;
  }
  if (load<i32>(ctx, CT_LAYOUT) == 1) {
    // runs of one 4-channel block (4 * INNER bytes, starting on a multiple of 4: the grain is a multiple of 16); each
    // 32-bit word is one pixel's 4 channels, byte k looked up in the table of channel 4 b + k
    const run = inner << 2;
    const blocks = C >> 2;
    while (i < e) {
      const q = i / run;
      let len = run - (i - q * run);
      if (len > e - i) len = e - i;
      const tc = table + (<usize>(q % blocks) << 10);
      const p = src + <usize>i;
      const o = dst + <usize>i;
      let k: i32 = 0;
      for (; k + 8 <= len; k += 8) {
        const w0 = load<u32>(p + <usize>k);
        const w1 = load<u32>(p + <usize>k, 4);
        store<u32>(o + <usize>k, look4c(tc, w0), 0);
        store<u32>(o + <usize>k, look4c(tc, w1), 4);
      }
      for (; k < len; k++) store<u8>(o + <usize>k, load<u8>(tc + (<usize>(k & 3) << 8) + <usize>load<u8>(p + <usize>k)));
      i += len;
    }
    return;
  }
  while (i < e) {
    const q = i / inner;
    let len = inner - (i - q * inner);
    if (len > e - i) len = e - i;
    const c = q % C;
    const p = src + <usize>i;
    if (wide) {
      const tc = table + <usize>(c << 10);
      const o = dst + (<usize>i << 2);
      let k: i32 = 0;
      for (; k + 4 <= len; k += 4) {
        const w = load<u32>(p + <usize>k);
        const ok = o + (<usize>k << 2);
        store<u32>(ok, load<u32>(tc + <usize>((w & 255) << 2)), 0);
        store<u32>(ok, load<u32>(tc + <usize>(((w >> 8) & 255) << 2)), 4);
        store<u32>(ok, load<u32>(tc + <usize>(((w >> 16) & 255) << 2)), 8);
        store<u32>(ok, load<u32>(tc + <usize>((w >> 24) << 2)), 12);
      }
      for (; k < len; k++) store<u32>(o + (<usize>k << 2), load<u32>(tc + (<usize>load<u8>(p + <usize>k) << 2)));
    } else {
      const tc = table + <usize>(c << 8);
      const o = dst + <usize>i;
      let k: i32 = 0;
      for (; k + 4 <= len; k += 4) store<u32>(o + <usize>k, look4(tc, load<u32>(p + <usize>k)));
      for (; k < len; k++) store<u8>(o + <usize>k, load<u8>(tc + <usize>load<u8>(p + <usize>k)));
    }
    i += len;
  }
}

/** Four looked-up bytes of the word w, byte k in the k-th of four consecutive 256-byte tables at t. */
// @ts-ignore: decorator
@inline
function look4c(t: usize, w: u32): u32 {
  return <u32>load<u8>(t + <usize>(w & 255)) | (<u32>load<u8>(t + <usize>((w >> 8) & 255), 256) << 8)
    | (<u32>load<u8>(t + <usize>((w >> 16) & 255), 512) << 16) | (<u32>load<u8>(t + <usize>(w >> 24), 768) << 24);
}

/**
 * ChannelTable over a float32 input (NCHW): each element is first quantized exactly as quantizeTask does
 * (docs/int8-ops.md: RNE(clamp(f32(x / s), lo - zp, hi - zp)) + zp, NaN -> raw byte 0), and that raw byte is looked
 * up in its channel's table. Elements [s, e).
 */
// @ts-ignore: decorator
@inline
function channelTableQuant(ctx: usize, src: usize, dst: usize, s: i32, e: i32, table: usize, inner: i32, C: i32, wide: bool): void {
  const sc = load<f32>(ctx, CT_QSCALE);
  const lo = load<f32>(ctx, CT_QLO);
  const hi = load<f32>(ctx, CT_QHI);
  const zpu = load<i32>(ctx, CT_QZPU);
  const xor = load<i32>(ctx, CT_QXOR);
  const sv = f32x4.splat(sc);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const bias = i32x4.splat(MAGIC_BITS - zpu);
  const xv = i32x4.splat(xor);
  const shift = wide ? 2 : 0;
  let i = s;
  while (i < e) {
    const q = i / inner;
    let len = inner - (i - q * inner);
    if (len > e - i) len = e - i;
    const tc = table + (<usize>(q % C) << (8 + shift));
    const p = src + (<usize>i << 2);
    const o = dst + (<usize>i << shift);
    let k: i32 = 0;
    for (; k + 4 <= len; k += 4) {
      const x = v128.load(p + (<usize>k << 2));
      // raw bytes in int32 lanes; lanes where x is NaN -> 0
      const r = v128.and(v128.xor(quant4(x, sv, lov, hiv, bias), xv), f32x4.eq(x, x));
      const a0 = <usize>i32x4.extract_lane(r, 0), a1 = <usize>i32x4.extract_lane(r, 1);
      const a2 = <usize>i32x4.extract_lane(r, 2), a3 = <usize>i32x4.extract_lane(r, 3);
      if (wide) {
        const ok = o + (<usize>k << 2);
        store<u32>(ok, load<u32>(tc + (a0 << 2)), 0);
        store<u32>(ok, load<u32>(tc + (a1 << 2)), 4);
        store<u32>(ok, load<u32>(tc + (a2 << 2)), 8);
        store<u32>(ok, load<u32>(tc + (a3 << 2)), 12);
      } else {
        store<u32>(o + <usize>k, <u32>load<u8>(tc + a0) | (<u32>load<u8>(tc + a1) << 8) | (<u32>load<u8>(tc + a2) << 16) | (<u32>load<u8>(tc + a3) << 24));
      }
    }
    for (; k < len; k++) {
      const v: f32 = load<f32>(p + (<usize>k << 2)) / sc;
      let y: i32 = 0;
      if (v == v) {
        let c = v < lo ? lo : v;
        c = hi < c ? hi : c;
        y = (<i32>nearest<f32>(c) + zpu) ^ xor;
      }
      if (wide) store<u32>(o + (<usize>k << 2), load<u32>(tc + (<usize>y << 2)));
      else store<u8>(o + <usize>k, load<u8>(tc + <usize>y));
    }
    i += len;
  }
}
