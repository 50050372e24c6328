// Element-wise int8 kernels of the model executor, bit-exact to onnxruntime-web's wasm build (MLAS's scalar C++
// branches; docs/int8-ops.md states each operator's arithmetic) and to kernels-ref/model/ops/:
//
//   quantizeTask     QuantizeLinear f32 -> uint8 / int8, per tensor:
//                      y = RNE(f32(x / s)) + zp, saturated; NaN -> 0.
//                    Computed as RNE(clamp(f32(x / s), lo - zp, hi - zp)) + zp, which is the same integer: the bounds
//                    are integers, so clamping before or after rounding agrees, and RNE(q) + zp is exact in f32 for
//                    every q that is not clamped.
//   dequantizeTask   DequantizeLinear uint8 / int8 -> f32, per tensor: y = f32(float(x - zp) * s).
//   qlinearBinaryTask  com.microsoft QLinearAdd / QLinearMul (the float formula):
//                      A' = f32(sA * float(a - zA)), B' likewise; c = f32(f32(A' op B') / sC);
//                      c = min(max(c, lo - zC), hi - zC) (C++ std::max / std::min: NaN stays);
//                      y = RNE(f32(c + zC)), NaN -> 0.
//                    A (p0) has the output's shape; B (p1) is the same shape, a scalar, or broadcast per channel
//                    (elem-ctx.ts QB_MODE). onnxruntime's A' + B' and B' + A' are the same float, so the host may
//                    hand the larger operand in as A whichever input it is.
//                    An add of two same-shaped operands may run an integer form instead (QB_INT: the host found at
//                    load that u = clamp((ua * MA + ub * MB + K) >> SHIFT, 0, 255) gives the float formula's byte for
//                    every one of the 65536 byte pairs but at most 8 listed exceptions, which are patched in): the
//                    same bytes without the float conversions and the four divisions per 16 bytes.
//
// Layout: flat arrays of elements; the only layout-aware index is B's in the channel modes:
//   NCHW   ([.., C, H, W] viewed as [outer, MID, INNER]):  B index = (i / INNER) % MID
//   NCHW44 ([N][C/4][H][W][4], INNER = H * W):             B index = ((i >> 2) / INNER % (MID / 4)) * 4 + (i & 3)
// One task: elements [t * grain, t * grain + grain) of the output (elem-ctx.ts); 16 per vector step, then a scalar
// tail with the same float steps. Vector loads never reach past an operand's last element.
//
// Bytes are computed in the unsigned domain (int8 bytes ^ 0x80 = value + 128, elem-ctx.ts), so one code path serves
// both types. C++ std::max(c, lo) is (c < lo) ? lo : c, which is f32x4.pmax(c, lo); std::min(c, hi) is
// (hi < c) ? hi : c, which is f32x4.pmin(c, hi): NaN passes both, as in onnxruntime, and is then sent to byte 0.
import {
  EL_N, EL_GRAIN, EL_INXOR, EL_OUTXOR, QZ_SCALE, QZ_LO, QZ_HI, QZ_ZPU, DQ_ZPU, DQ_SCALE, QB_OP, QB_MODE, QB_INNER,
  QB_MID, QB_ASCALE, QB_AZPU, QB_BSCALE, QB_BZPU, QB_CSCALE, QB_LO, QB_HI, QB_ZPF, QB_OUTADD, QB_INT, QB_MA, QB_MB,
  QB_K, QB_SHIFT, QB_NEXC, QB_EXC, CT_TABLE, CT_C, GT_MUL, GT_ADD, GT_IDENT,
} from './elem-ctx';
import { MAGIC_BITS, packBytes, packMasks, roundAdd, taskEnd, taskStart, widen0, widen1, widen2, widen3 } from './elem-simd';

// ---- QuantizeLinear ---------------------------------------------------------------------------------------------

/** Four floats -> four rounded, offset int32 (garbage where x / s is NaN: the caller masks those). */
// @ts-ignore: decorator
@inline
export function quant4(x: v128, s: v128, lo: v128, hi: v128, bias: v128): v128 {
  return roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x, s), lo), hi), bias);
}

/** Task t of QuantizeLinear: src f32[n] -> dst bytes[n]. */
export function quantizeTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const sc = load<f32>(ctx, QZ_SCALE);
  const lo = load<f32>(ctx, QZ_LO);
  const hi = load<f32>(ctx, QZ_HI);
  const zpu = load<i32>(ctx, QZ_ZPU);
  const xor = load<i32>(ctx, EL_OUTXOR);
  const sv = f32x4.splat(sc);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const bias = i32x4.splat(MAGIC_BITS - zpu);
  const xv = i8x16.splat(<i8>xor);
  let i = s;
  for (; i + 16 <= e; i += 16) {
    const p = src + (<usize>i << 2);
    const x0 = v128.load(p, 0);
    const x1 = v128.load(p, 16);
    const x2 = v128.load(p, 32);
    const x3 = v128.load(p, 48);
    const y = packBytes(quant4(x0, sv, lov, hiv, bias), quant4(x1, sv, lov, hiv, bias), quant4(x2, sv, lov, hiv, bias), quant4(x3, sv, lov, hiv, bias), xv);
    // x / s is NaN exactly where x is (s is finite and positive): those bytes become 0
    v128.store(dst + <usize>i, v128.and(y, packMasks(f32x4.eq(x0, x0), f32x4.eq(x1, x1), f32x4.eq(x2, x2), f32x4.eq(x3, x3))));
  }
  for (; i < e; i++) {
    const q: f32 = load<f32>(src + (<usize>i << 2)) / sc;
    let y: i32 = 0;
    if (q == q) {
      let c = q < lo ? lo : q;
      c = hi < c ? hi : c;
      y = (<i32>nearest<f32>(c) + zpu) ^ xor;
    }
    store<u8>(dst + <usize>i, <u8>y);
  }
}

// ---- DequantizeLinear -------------------------------------------------------------------------------------------

/** Task t of DequantizeLinear: src bytes[n] -> dst f32[n]. */
export function dequantizeTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const xor = load<i32>(ctx, EL_INXOR);
  const zpu = load<i32>(ctx, DQ_ZPU);
  const sc = load<f32>(ctx, DQ_SCALE);
  const xv = i8x16.splat(<i8>xor);
  const zv = i32x4.splat(zpu);
  const sv = f32x4.splat(sc);
  let i = s;
  for (; i + 16 <= e; i += 16) {
    const u = v128.xor(v128.load(src + <usize>i), xv);
    const p = dst + (<usize>i << 2);
    v128.store(p, f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(widen0(u), zv)), sv), 0);
    v128.store(p, f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(widen1(u), zv)), sv), 16);
    v128.store(p, f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(widen2(u), zv)), sv), 32);
    v128.store(p, f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(widen3(u), zv)), sv), 48);
  }
  for (; i < e; i++) {
    store<f32>(dst + (<usize>i << 2), <f32>((<i32>load<u8>(src + <usize>i) ^ xor) - zpu) * sc);
  }
}

// ---- QLinearAdd / QLinearMul ------------------------------------------------------------------------------------

const MODE_REPEAT = 0;
const MODE_SCALAR = 1;
const MODE_CHANNEL = 2;
const MODE_CHANNEL44 = 3;

/** B' of the unsigned-domain byte at p (the scalar formula every path uses). */
// @ts-ignore: decorator
@inline
function deqAt(p: usize, xor: i32, zpu: i32, sc: f32): f32 {
  return sc * <f32>((<i32>load<u8>(p) ^ xor) - zpu);
}

/** c = f32(f32(A' op B') / sC) of four lanes. */
// @ts-ignore: decorator
@inline
function combine4(a: v128, b: v128, mul: bool, cs: v128): v128 {
  return f32x4.div(mul ? f32x4.mul(a, b) : f32x4.add(a, b), cs);
}

/**
 * One run of len elements: A from a, B' per lane from bv (broadcast modes) or from b bytes (bMem), output to d.
 * The scalar tail takes B' of element k from byte bp + (k & laneMask) (broadcast) or b + k (bMem).
 */
// @ts-ignore: decorator
@inline
function binaryRun(ctx: usize, a: usize, b: usize, d: usize, len: i32, bv: v128, bp: usize, laneMask: i32, bMem: bool, mul: bool, nanMask: bool): void {
  const xor = load<i32>(ctx, EL_INXOR);
  const outXor = load<i32>(ctx, EL_OUTXOR);
  const as = load<f32>(ctx, QB_ASCALE);
  const azpu = load<i32>(ctx, QB_AZPU);
  const bs = load<f32>(ctx, QB_BSCALE);
  const bzpu = load<i32>(ctx, QB_BZPU);
  const cs = load<f32>(ctx, QB_CSCALE);
  const lo = load<f32>(ctx, QB_LO);
  const hi = load<f32>(ctx, QB_HI);
  const zpf = load<f32>(ctx, QB_ZPF);
  const outAdd = load<i32>(ctx, QB_OUTADD);
  const xv = i8x16.splat(<i8>xor);
  const asv = f32x4.splat(as);
  const azv = i16x8.splat(<i16>azpu);
  const bsv = f32x4.splat(bs);
  const bzv = i16x8.splat(<i16>bzpu);
  const csv = f32x4.splat(cs);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const zpv = f32x4.splat(zpf);
  const bias = i32x4.splat(MAGIC_BITS - outAdd);
  const oxv = i8x16.splat(<i8>outXor);
  let k: i32 = 0;
  for (; k + 16 <= len; k += 16) {
    // a - zA in i16 (|a - zA| <= 255), then to i32 and float: the same integers as widening first
    const u = v128.xor(v128.load(a + <usize>k), xv);
    const ul = i16x8.sub(i16x8.extend_low_i8x16_u(u), azv);
    const uh = i16x8.sub(i16x8.extend_high_i8x16_u(u), azv);
    const a0 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(ul)), asv);
    const a1 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(ul)), asv);
    const a2 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(uh)), asv);
    const a3 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(uh)), asv);
    let b0 = bv, b1 = bv, b2 = bv, b3 = bv;
    if (bMem) {
      const w = v128.xor(v128.load(b + <usize>k), xv);
      const wl = i16x8.sub(i16x8.extend_low_i8x16_u(w), bzv);
      const wh = i16x8.sub(i16x8.extend_high_i8x16_u(w), bzv);
      b0 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(wl)), bsv);
      b1 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(wl)), bsv);
      b2 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(wh)), bsv);
      b3 = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(wh)), bsv);
    }
    const c0 = combine4(a0, b0, mul, csv);
    const c1 = combine4(a1, b1, mul, csv);
    const c2 = combine4(a2, b2, mul, csv);
    const c3 = combine4(a3, b3, mul, csv);
    const r0 = roundAdd(f32x4.add(f32x4.pmin(f32x4.pmax(c0, lov), hiv), zpv), bias);
    const r1 = roundAdd(f32x4.add(f32x4.pmin(f32x4.pmax(c1, lov), hiv), zpv), bias);
    const r2 = roundAdd(f32x4.add(f32x4.pmin(f32x4.pmax(c2, lov), hiv), zpv), bias);
    const r3 = roundAdd(f32x4.add(f32x4.pmin(f32x4.pmax(c3, lov), hiv), zpv), bias);
    // c is NaN only where A' or B' overflowed to infinity (scales near FLT_MAX): those bytes become 0 (nanMask:
    // the caller found such scales; otherwise no lane can be NaN and the mask is left out)
    const out = packBytes(r0, r1, r2, r3, oxv);
    if (nanMask) v128.store(d + <usize>k, v128.and(out, packMasks(f32x4.eq(c0, c0), f32x4.eq(c1, c1), f32x4.eq(c2, c2), f32x4.eq(c3, c3))));
    else v128.store(d + <usize>k, out);
  }
  for (; k < len; k++) {
    const x = deqAt(a + <usize>k, xor, azpu, as);
    const z = bMem ? deqAt(b + <usize>k, xor, bzpu, bs) : deqAt(bp + <usize>(k & laneMask), xor, bzpu, bs);
    const c: f32 = (mul ? x * z : x + z) / cs;
    let y: i32 = 0;
    if (c == c) {
      let v = c < lo ? lo : c;
      v = hi < v ? hi : v;
      y = (<i32>nearest<f32>(v + zpf) + outAdd) ^ outXor;
    }
    store<u8>(d + <usize>k, <u8>y);
  }
}

/** B from memory (equal shapes, repeat). */
function binaryRunMemAdd(ctx: usize, a: usize, b: usize, d: usize, len: i32, nan: bool): void {
  if (nan) binaryRun(ctx, a, b, d, len, v128.splat<i32>(0), 0, 0, true, false, true);
  else binaryRun(ctx, a, b, d, len, v128.splat<i32>(0), 0, 0, true, false, false);
}
function binaryRunMemMul(ctx: usize, a: usize, b: usize, d: usize, len: i32, nan: bool): void {
  if (nan) binaryRun(ctx, a, b, d, len, v128.splat<i32>(0), 0, 0, true, true, true);
  else binaryRun(ctx, a, b, d, len, v128.splat<i32>(0), 0, 0, true, true, false);
}
/** B' broadcast: bv per lane, the tail's B' from bp + (k & laneMask). */
function binaryRunBcastAdd(ctx: usize, a: usize, d: usize, len: i32, bv: v128, bp: usize, laneMask: i32, nan: bool): void {
  if (nan) binaryRun(ctx, a, 0, d, len, bv, bp, laneMask, false, false, true);
  else binaryRun(ctx, a, 0, d, len, bv, bp, laneMask, false, false, false);
}
function binaryRunBcastMul(ctx: usize, a: usize, d: usize, len: i32, bv: v128, bp: usize, laneMask: i32, nan: bool): void {
  if (nan) binaryRun(ctx, a, 0, d, len, bv, bp, laneMask, false, true, true);
  else binaryRun(ctx, a, 0, d, len, bv, bp, laneMask, false, true, false);
}

/** Whether some lane of c can be NaN: only when A' or B' can overflow to infinity (|x - zp| <= 255). */
// @ts-ignore: decorator
@inline
function nanPossible(ctx: usize): bool {
  const a = load<f32>(ctx, QB_ASCALE) * <f32>255;
  const b = load<f32>(ctx, QB_BSCALE) * <f32>255;
  return !(a < Infinity) || !(b < Infinity);
}

// @ts-ignore: decorator
@inline
function runMem(ctx: usize, a: usize, b: usize, d: usize, len: i32, mul: bool): void {
  if (mul) binaryRunMemMul(ctx, a, b, d, len, nanPossible(ctx));
  else binaryRunMemAdd(ctx, a, b, d, len, nanPossible(ctx));
}
// @ts-ignore: decorator
@inline
function runBcast(ctx: usize, a: usize, d: usize, len: i32, bv: v128, bp: usize, laneMask: i32, mul: bool): void {
  if (mul) binaryRunBcastMul(ctx, a, d, len, bv, bp, laneMask, nanPossible(ctx));
  else binaryRunBcastAdd(ctx, a, d, len, bv, bp, laneMask, nanPossible(ctx));
}

/**
 * One run of len elements of an add of two same-shaped operands by the integer form (elem-ctx.ts QB_INT), which the
 * host checked against the float formula on every byte pair: u = clamp((ua * MA + ub * MB + K) >> SHIFT, 0, 255) of
 * the unsigned-domain bytes (the saturating narrows clamp), then the listed exception pairs get their bytes. The
 * scalar tail runs the float formula (the same bytes, by that check).
 */
function binaryRunInt(ctx: usize, a: usize, b: usize, d: usize, len: i32): void {
  const xv = i8x16.splat(<i8>load<i32>(ctx, EL_INXOR));
  const oxv = i8x16.splat(<i8>load<i32>(ctx, EL_OUTXOR));
  const ma = i32x4.splat(load<i32>(ctx, QB_MA));
  const mb = i32x4.splat(load<i32>(ctx, QB_MB));
  const kv = i32x4.splat(load<i32>(ctx, QB_K));
  const sh = load<i32>(ctx, QB_SHIFT);
  const nexc = load<i32>(ctx, QB_NEXC);
  let k: i32 = 0;
  for (; k + 16 <= len; k += 16) {
    const ra = v128.load(a + <usize>k);
    const rb = v128.load(b + <usize>k);
    const ua = v128.xor(ra, xv);
    const ub = v128.xor(rb, xv);
    const al = i16x8.extend_low_i8x16_u(ua);
    const ah = i16x8.extend_high_i8x16_u(ua);
    const bl = i16x8.extend_low_i8x16_u(ub);
    const bh = i16x8.extend_high_i8x16_u(ub);
    const t0 = i32x4.add(i32x4.add(i32x4.mul(i32x4.extend_low_i16x8_u(al), ma), i32x4.mul(i32x4.extend_low_i16x8_u(bl), mb)), kv);
    const t1 = i32x4.add(i32x4.add(i32x4.mul(i32x4.extend_high_i16x8_u(al), ma), i32x4.mul(i32x4.extend_high_i16x8_u(bl), mb)), kv);
    const t2 = i32x4.add(i32x4.add(i32x4.mul(i32x4.extend_low_i16x8_u(ah), ma), i32x4.mul(i32x4.extend_low_i16x8_u(bh), mb)), kv);
    const t3 = i32x4.add(i32x4.add(i32x4.mul(i32x4.extend_high_i16x8_u(ah), ma), i32x4.mul(i32x4.extend_high_i16x8_u(bh), mb)), kv);
    let out = packBytes(i32x4.shr_s(t0, sh), i32x4.shr_s(t1, sh), i32x4.shr_s(t2, sh), i32x4.shr_s(t3, sh), oxv);
    for (let e = 0; e < nexc; e++) {
      const x = load<i32>(ctx + <usize>(e << 2), QB_EXC);
      const m = v128.and(i8x16.eq(ra, i8x16.splat(<i8>x)), i8x16.eq(rb, i8x16.splat(<i8>(x >> 8))));
      out = v128.bitselect(i8x16.splat(<i8>(x >> 16)), out, m);
    }
    v128.store(d + <usize>k, out);
  }
  if (k < len) binaryRunMemAdd(ctx, a + <usize>k, b + <usize>k, d + <usize>k, len - k, nanPossible(ctx));
}

/**
 * A QLinearAdd record's add of len same-shaped bytes, a and b -> d (d may be a: each step reads before it writes): the
 * integer form where the record has one, else the float formula. What a convolution with a residual add fused into it
 * (assembly/common/finish.ts) runs over the output bytes it has just stored.
 */
export function residualAddRun(rec: usize, a: usize, b: usize, d: usize, len: i32): void {
  if (load<i32>(rec, QB_INT) != 0) binaryRunInt(rec, a, b, d, len);
  else binaryRunMemAdd(rec, a, b, d, len, nanPossible(rec));
}

/** Task t of QLinearAdd (QB_OP 0) / QLinearMul (1): a (output-shaped), b (per QB_MODE) -> dst, all bytes. */
export function qlinearBinaryTask(ctx: usize, a: usize, b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const mul = load<i32>(ctx, QB_OP) == 1;
  const mode = load<i32>(ctx, QB_MODE);
  const inner = load<i32>(ctx, QB_INNER);
  const mid = load<i32>(ctx, QB_MID);
  const xor = load<i32>(ctx, EL_INXOR);
  const bzpu = load<i32>(ctx, QB_BZPU);
  const bs = load<f32>(ctx, QB_BSCALE);
  let i = s;
  if (mode == MODE_REPEAT) {
    const integer = load<i32>(ctx, QB_INT) != 0;
    while (i < e) {
      const j = i % mid;
      let len = mid - j;
      if (len > e - i) len = e - i;
      if (integer) binaryRunInt(ctx, a + <usize>i, b + <usize>j, dst + <usize>i, len);
      else runMem(ctx, a + <usize>i, b + <usize>j, dst + <usize>i, len, mul);
      i += len;
    }
  } else if (mode == MODE_SCALAR) {
    runBcast(ctx, a + <usize>i, dst + <usize>i, e - i, f32x4.splat(deqAt(b, xor, bzpu, bs)), b, 0, mul);
  } else if (mode == MODE_CHANNEL) {
    while (i < e) {
      const q = i / inner;
      let len = inner - (i - q * inner);
      if (len > e - i) len = e - i;
      const bp = b + <usize>(q % mid);
      runBcast(ctx, a + <usize>i, dst + <usize>i, len, f32x4.splat(deqAt(bp, xor, bzpu, bs)), bp, 0, mul);
      i += len;
    }
  } else if (mode == MODE_CHANNEL44) {
    // runs of one 4-channel block: 4 * INNER bytes, starting on a multiple of 4 (the grain is a multiple of 16)
    const run = inner << 2;
    const blocks = mid >> 2;
    while (i < e) {
      const q = i / run;
      let len = run - (i - q * run);
      if (len > e - i) len = e - i;
      const bp = b + <usize>((q % blocks) << 2);
      let bv = f32x4.splat(deqAt(bp, xor, bzpu, bs));
      bv = f32x4.replace_lane(bv, 1, deqAt(bp + 1, xor, bzpu, bs));
      bv = f32x4.replace_lane(bv, 2, deqAt(bp + 2, xor, bzpu, bs));
      bv = f32x4.replace_lane(bv, 3, deqAt(bp + 3, xor, bzpu, bs));
      runBcast(ctx, a + <usize>i, dst + <usize>i, len, bv, bp, 3, mul);
      i += len;
    }
  }
}

// ---- ChannelGate tables -----------------------------------------------------------------------------------------

/**
 * Task t of ChannelGate's table build (src/model/backends/wasm-int8/lut.ts ChannelGateKernel), channels [16 t, 16 t + 16):
 * table row c = for every raw byte v of x, y = QLinearAdd(v, QLinearMul(v, g[c])) (or the product alone where the
 * ctx has no add record), as raw bytes. The rows are computed by the same run functions as qlinearBinaryTask, on the
 * 256 bytes 0..255 as A, with each step's own record: the same floats, so the same bytes, as running the two steps.
 */
export function gateTableTask(ctx: usize, _a: usize, g: usize, _d: usize, _i0: i32, _i1: i32, t: i32): void {
  const C = load<i32>(ctx, CT_C);
  const c0 = t << 4;
  const c1 = min(C, c0 + 16);
  const table = <usize>load<i32>(ctx, CT_TABLE);
  const mulCtx = <usize>load<i32>(ctx, GT_MUL);
  const addCtx = <usize>load<i32>(ctx, GT_ADD);
  const ident = <usize>load<i32>(ctx, GT_IDENT);
  const xor = load<i32>(mulCtx, EL_INXOR);
  const bzpu = load<i32>(mulCtx, QB_BZPU);
  const bs = load<f32>(mulCtx, QB_BSCALE);
  const mulNan = nanPossible(mulCtx);
  const addNan = addCtx != 0 && nanPossible(addCtx);
  for (let c = c0; c < c1; c++) {
    const row = table + (<usize>c << 8);
    const gp = g + <usize>c;
    binaryRunBcastMul(mulCtx, ident, row, 256, f32x4.splat(deqAt(gp, xor, bzpu, bs)), gp, 0, mulNan);
    // in place: each 16-byte step reads A and B before it stores
    if (addCtx != 0) binaryRunMemAdd(addCtx, ident, row, row, 256, addNan);
  }
}
