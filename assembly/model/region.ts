// The float element-wise region kernel of the model executor: a chain (any DAG) of float32 element-wise operators
// run as one pass over memory, each block of up to RG_BLOCK consecutive output elements going through the whole
// program while it sits in the calling thread's registers (register r is RG_BLOCK float32 at regs + r * RG_REG_BYTES,
// the thread's slice of the model's scratch). The host (src/model/backends/wasm-float/region.ts) compiles the
// region's nodes into the program; the record, slot and instruction layouts and the opcodes are in region-ctx.ts.
//
// Every operation is the float32 operation the TypeScript operator of the node computes (src/model/backends/host/),
// one IEEE rounding per step, with plain SIMD128 ops only (no fused multiply-add, no relaxed ops), so every build
// gives the same bits:
//   loads       float32 as is; int32 and 8-bit (Cast) by exact conversion; DequantizeLinear f(float(x - zp) * s)
//   arithmetic  f32x4.add / sub / mul / div; pmax / pmin are C++ std::max(a, b) / std::min(a, b) (the first operand
//               passes a NaN of its own), which is how Relu and Clip compare; Max / Min pass a NaN of either operand
//               (a select on the second's NaN), a tie giving the first; floor / ceil / nearest are exact
//   MLAS        logistic, tanh and exp as src/model/numerics/float-math.ts writes them (multiply, then add)
//   Log         logf as onnxruntime-web's libc computes it (musl's table method in double, one lane at a time:
//               src/model/numerics/logf.ts)
//   Elu, Selu, Celu, Softplus: musl's expf and log1pf (./region-math.ts, one lane at a time), the selects and
//               the float32 steps around them as src/model/backends/host/activations.ts orders them
//   Erf         MLAS's erf, four lanes (./region-math.ts); ThresholdedRelu a compare and select
//   stores      float32 as is; QuantizeLinear RNE(clamp(f(x / s), lo - zp, hi - zp)) + zp, NaN -> byte 0
// Lanes past the block's end are computed on whatever the registers hold and never stored; loads and stores touch
// exactly the block's elements (the last partial vector lane by lane), so no tensor is read or written outside.
import {
  RG_N, RG_GRAIN, RG_MODE, RG_INNER, RG_C, RG_PRO, RG_NPRO, RG_BODY, RG_NBODY, RG_SLOTS, RG_MODE_RUNS,
  RG_MODE_RUNS44, RG_MODE_GATHER, RG_BLOCK, RG_REG_BYTES, RG_SLOT_BYTES, SL_PTR, SL_XOR, SL_SCALE, SL_ZP,
  RG_INSTR_BYTES, IN_OP, IN_DST, IN_A, IN_B, IN_F0, IN_F1, IN_UB, OP_LD_F32, OP_LD_I32, OP_LD_B8, OP_LD_DQ, OP_BC_SCALAR,
  OP_BC_CHANNEL, OP_ST_F32, OP_ST_Q, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_PMAX, OP_PMIN, OP_RELU, OP_LEAKY, OP_HSIG,
  OP_HSWISH, OP_SIGMOID, OP_TANH, OP_EXP, OP_NEG, OP_ABS, OP_SQRT, OP_MAXN, OP_MINN, OP_PRELU, OP_FLOOR, OP_CEIL,
  OP_ROUND, OP_SIGN, OP_LOG, OP_ELU, OP_SELU, OP_CELU, OP_SOFTPLUS, OP_THRELU, OP_ERF,
} from './region-ctx';
import { MAGIC_BITS, packBytes, roundAdd, taskEnd, taskStart, widen0, widen1, widen2, widen3 } from './elem-simd';
import { erf4, expf1, expf4, expfInRange4, log1pf1, log1pf4 } from './region-math';

// ---- logf: musl's table method (src/model/numerics/logf.ts), the constants as exact decimal doubles --------------

const LOG_INVC = memory.data<f64>([
  1.3989071621465281, 1.3403141896637998, 1.286432210124115, 1.2367150214269895, 1.1906977166711752,
  1.1479821020556429, 1.1082251448272158, 1.0711297413057381, 1.0364372789772831, 1.0, 0.9492859795739057,
  0.89510494286090037, 0.84768216203511026, 0.80503148516920009, 0.7664671008843108, 0.73142860331632797,
]);
const LOG_LOGC = memory.data<f64>([
  -0.33569133332882284, -0.29290405637740741, -0.2518726580937369, -0.21245868807117255, -0.17453945183745634,
  -0.1380057072319758, -0.10275976698545139, -0.068713924470205245, -0.035789138739822798, 0.0,
  0.052045177429294959, 0.11081431298787942, 0.16524952236951429, 0.21687389031699977, 0.26596350281213971,
  0.31275566640735569,
]);
const LOG_LN2: f64 = 0.69314718055994529;
const LOG_A0: f64 = -0.25089342214237154;
const LOG_A1: f64 = 0.33345676574406602;
const LOG_A2: f64 = -0.49999974858021029;

/** logf(x): x = 2^k z with z near 1, the sub-interval's tabulated 1/c and log(c), a cubic in r = z / c - 1. */
function logf1(x: f32): f32 {
  let ix = reinterpret<u32>(x);
  if (ix == 0x3f800000) return 0;
  if (ix - 0x00800000 >= 0x7f800000 - 0x00800000) {
    // below 2^-126 (zero, subnormal, negative), infinite or NaN
    if ((ix & 0x7fffffff) == 0) return <f32>-Infinity;
    if (ix == 0x7f800000) return x;
    if ((ix & 0x80000000) != 0 || ix >= 0x7f800000) return <f32>NaN;
    ix = reinterpret<u32>(x * <f32>8388608) - (23 << 23); // exact: a subnormal times 2^23 is normal
  }
  const tmp = ix - 0x3f330000;
  const i = <usize>((tmp >> 19) & 15);
  const k = <i32>tmp >> 23;
  const z = <f64>reinterpret<f32>(ix - (tmp & (0x1ff << 23)));
  const r = z * load<f64>(LOG_INVC + (i << 3)) - 1.0;
  const y0 = load<f64>(LOG_LOGC + (i << 3)) + <f64>k * LOG_LN2;
  const r2 = r * r;
  let y = LOG_A1 * r + LOG_A2;
  y = LOG_A0 * r2 + y;
  y = y * r2 + (y0 + r);
  return <f32>y;
}

// ---- MLAS's approximations, four lanes (the constants of src/model/numerics/float-math.ts) ------------------------

const LA9: f32 = 4.37031012579801e-11;
const LA7: f32 = 1.15627324459942e-7;
const LA5: f32 = 6.08574864600143e-5;
const LA3: f32 = 8.51377133304701e-3;
const LA1: f32 = 2.48287947061529e-1;
const LB10: f32 = 6.10247389755681e-13;
const LB8: f32 = 5.76102136993427e-9;
const LB6: f32 = 6.2910678501704e-6;
const LB4: f32 = 1.70198817374094e-3;
const LB2: f32 = 1.16817656904453e-1;
const LB0: f32 = 9.9315192102318e-1;

/** f(f(a * b) + c): MLAS's multiply-add on this build (two roundings). */
// @ts-ignore: decorator
@inline
function madd(a: v128, b: v128, c: v128): v128 {
  return f32x4.add(f32x4.mul(a, b), c);
}

/** MLAS logistic: v = clamp(x, -18, 18) (NaN kept), p / q of its polynomials + 0.5, clamped to [0, 1]. */
// @ts-ignore: decorator
@inline
export function logistic4(x: v128): v128 {
  const v = f32x4.pmin(f32x4.pmax(x, f32x4.splat(-18)), f32x4.splat(18));
  const v2 = f32x4.mul(v, v);
  let p = madd(v2, f32x4.splat(LA9), f32x4.splat(LA7));
  p = madd(p, v2, f32x4.splat(LA5));
  p = madd(p, v2, f32x4.splat(LA3));
  p = madd(p, v2, f32x4.splat(LA1));
  p = f32x4.mul(p, v);
  let q = madd(v2, f32x4.splat(LB10), f32x4.splat(LB8));
  q = madd(q, v2, f32x4.splat(LB6));
  q = madd(q, v2, f32x4.splat(LB4));
  q = madd(q, v2, f32x4.splat(LB2));
  q = madd(q, v2, f32x4.splat(LB0));
  const g = f32x4.add(f32x4.div(p, q), f32x4.splat(0.5));
  return f32x4.pmin(f32x4.pmax(g, f32x4.splat(0)), f32x4.splat(1));
}

const TA13: f32 = -2.76076847742355e-16;
const TA11: f32 = 2.00018790482477e-13;
const TA9: f32 = -8.60467152213735e-11;
const TA7: f32 = 5.12229709037114e-8;
const TA5: f32 = 1.48572235717979e-5;
const TA3: f32 = 6.37261928875436e-4;
const TA1: f32 = 4.89352455891786e-3;
const TB6: f32 = 1.19825839466702e-6;
const TB4: f32 = 1.18534705686654e-4;
const TB2: f32 = 2.268434632439e-3;
const TB0: f32 = 4.89352518554385e-3;

/** MLAS tanh: v = clamp(x, -9, 9) (NaN kept), p / q. */
// @ts-ignore: decorator
@inline
export function tanh4(x: v128): v128 {
  return rational4(f32x4.pmin(f32x4.pmax(x, f32x4.splat(-9)), f32x4.splat(9)));
}

/**
 * The rational function of MLAS's tanh without its clamp: p(v) / q(v). onnxruntime's GRU takes it for its reset and
 * output gates with a clamp of its own (assembly/model/lstm-f32.ts).
 */
// @ts-ignore: decorator
@inline
export function rational4(v: v128): v128 {
  const v2 = f32x4.mul(v, v);
  let p = madd(v2, f32x4.splat(TA13), f32x4.splat(TA11));
  p = madd(p, v2, f32x4.splat(TA9));
  p = madd(p, v2, f32x4.splat(TA7));
  p = madd(p, v2, f32x4.splat(TA5));
  p = madd(p, v2, f32x4.splat(TA3));
  p = madd(p, v2, f32x4.splat(TA1));
  p = f32x4.mul(p, v);
  let q = madd(v2, f32x4.splat(TB6), f32x4.splat(TB4));
  q = madd(q, v2, f32x4.splat(TB2));
  q = madd(q, v2, f32x4.splat(TB0));
  return f32x4.div(p, q);
}

const E_P0: f32 = 0.0013780593872070312;
const E_P1: f32 = 0.008373124524950981;
const E_P2: f32 = 0.041669536381959915;
const E_P3: f32 = 0.166664719581604;
const E_P4: f32 = 0.49999985098838806;
const E_LOWER: f32 = -103.9720840454;
const E_UPPER: f32 = 88.776262664795;
const E_BIAS: f32 = 12582912.0;
const E_LOG2E: f32 = 1.44269504088896341;
const E_LN2_HI: f32 = -6.93145752e-1;
const E_LN2_LO: f32 = -1.42860677e-6;
const E_ONE_BITS: i32 = 127 << 23;

/** MLAS exp: clamp (NaN kept), m = round(v log2 e), r = v - m ln2 in two steps, the degree-5 polynomial, and 2^m as
 * two factors 2^(m - normal) and 2^normal (normal = m clamped to [-126, 127]) so that subnormal results come out. */
// @ts-ignore: decorator
@inline
function exp4(x: v128): v128 {
  const v = f32x4.pmin(f32x4.pmax(x, f32x4.splat(E_LOWER)), f32x4.splat(E_UPPER));
  const biased = madd(v, f32x4.splat(E_LOG2E), f32x4.splat(E_BIAS));
  const m = f32x4.sub(biased, f32x4.splat(E_BIAS));
  let r = madd(m, f32x4.splat(E_LN2_HI), v);
  r = madd(m, f32x4.splat(E_LN2_LO), r);
  const mi = i32x4.trunc_sat_f32x4_s(m);
  const normal = i32x4.min_s(i32x4.max_s(mi, i32x4.splat(-126)), i32x4.splat(127));
  const over = i32x4.add(i32x4.shl(i32x4.sub(mi, normal), 23), i32x4.splat(E_ONE_BITS));
  const scale = i32x4.add(i32x4.shl(normal, 23), i32x4.splat(E_ONE_BITS));
  let p = madd(f32x4.splat(E_P0), r, f32x4.splat(E_P1));
  p = madd(p, r, f32x4.splat(E_P2));
  p = madd(p, r, f32x4.splat(E_P3));
  p = madd(p, r, f32x4.splat(E_P4));
  p = madd(p, r, f32x4.splat(1));
  return f32x4.mul(f32x4.add(f32x4.mul(p, f32x4.mul(r, over)), over), scale);
}

/** max(min(f(f(alpha * x) + beta), 1), 0), NaN kept. */
// @ts-ignore: decorator
@inline
function hardSigmoid4(x: v128, alpha: v128, beta: v128): v128 {
  return f32x4.pmax(f32x4.pmin(madd(alpha, x, beta), f32x4.splat(1)), f32x4.splat(0));
}

// ---- the block interpreter ----------------------------------------------------------------------------------------

/** The zero point of an 8-bit slot in the unsigned domain (its byte ^ the slot's xor). */
// @ts-ignore: decorator
@inline
function zeroPointU(slot: usize): i32 {
  return <i32>load<u8>(<usize>load<i32>(slot, SL_ZP)) ^ load<i32>(slot, SL_XOR);
}

/** Four 8-bit values at p (unsigned domain after xor) as int32 lanes, less `sub`. */
// @ts-ignore: decorator
@inline
function bytes4(p: usize, xv: v128, sub: v128): v128 {
  return i32x4.sub(widen0(v128.xor(v128.load32_zero(p), xv)), sub);
}

/** QuantizeLinear of four lanes -> four bytes in lane 0 (NaN lanes 0). */
// @ts-ignore: decorator
@inline
function quantBytes4(x: v128, sv: v128, lov: v128, hiv: v128, bias: v128, xv: v128): v128 {
  const r = roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x, sv), lov), hiv), bias);
  const b = v128.xor(i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(r, r), i16x8.narrow_i32x4_s(r, r)), xv);
  const m = f32x4.eq(x, x);
  return v128.and(b, i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(m, m), i16x8.narrow_i32x4_s(m, m)));
}

/**
 * Runs `count` instructions at ip over the block of `len` elements starting at element i. ch: the block's channel
 * (RUNS) or channel block (RUNS44); unused otherwise.
 */
function runBlock(ctx: usize, ip: usize, count: i32, regs: usize, slots: usize, i: i32, len: i32, ch: i32): void {
  const nv = (len + 3) >> 2;
  const mode = load<i32>(ctx, RG_MODE);
  const nf = len >> 2;
  for (let k = 0; k < count; k++, ip += RG_INSTR_BYTES) {
    const op = load<i32>(ip, IN_OP);
    const dIdx = load<i32>(ip, IN_DST);
    const aIdx = load<i32>(ip, IN_A);
    const d = regs + <usize>dIdx * RG_REG_BYTES;
    const a = regs + <usize>aIdx * RG_REG_BYTES;
    const b = regs + <usize>load<i32>(ip, IN_B) * RG_REG_BYTES;
    if (op >= OP_ADD) {
      // register to register: every vector of the block (the lanes past len are never stored)
      const ub = op <= OP_PMIN ? load<i32>(ip, IN_UB) : 0;
      if (ub == 1 || (ub == 2 && mode != RG_MODE_GATHER)) {
        // b the same vector throughout the block (a broadcast constant or channel value): loaded once
        const bv = v128.load(b);
        if (op == OP_ADD) for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.add(v128.load(a + (<usize>j << 4)), bv));
        else if (op == OP_MUL) for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.mul(v128.load(a + (<usize>j << 4)), bv));
        else if (op == OP_SUB) for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.sub(v128.load(a + (<usize>j << 4)), bv));
        else if (op == OP_DIV) for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.div(v128.load(a + (<usize>j << 4)), bv));
        else if (op == OP_PMAX) for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.pmax(v128.load(a + (<usize>j << 4)), bv));
        else for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), f32x4.pmin(v128.load(a + (<usize>j << 4)), bv));
        continue;
      }
      if (op == OP_ADD) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.add(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_MUL) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.mul(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_SUB) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.sub(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_DIV) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.div(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_PMAX) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.pmax(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_PMIN) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.pmin(v128.load(a + o), v128.load(b + o)));
        }
      } else if (op == OP_MAXN || op == OP_MINN) {
        const mx = op == OP_MAXN;
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          const y = v128.load(b + o);
          const m = mx ? f32x4.pmax(x, y) : f32x4.pmin(x, y);
          v128.store(d + o, v128.bitselect(y, m, f32x4.ne(y, y)));
        }
      } else if (op == OP_PRELU) {
        const z = f32x4.splat(0);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          v128.store(d + o, v128.bitselect(f32x4.mul(x, v128.load(b + o)), x, f32x4.lt(x, z)));
        }
      } else if (op == OP_FLOOR) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.floor(v128.load(a + o)));
        }
      } else if (op == OP_CEIL) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.ceil(v128.load(a + o)));
        }
      } else if (op == OP_ROUND) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.nearest(v128.load(a + o)));
        }
      } else if (op == OP_SIGN) {
        const z = f32x4.splat(0);
        const one = f32x4.splat(1);
        const neg = f32x4.splat(-1);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          let r = v128.and(one, f32x4.gt(x, z)); // 1 or +0
          r = v128.bitselect(neg, r, f32x4.lt(x, z));
          v128.store(d + o, v128.bitselect(x, r, f32x4.ne(x, x)));
        }
      } else if (op == OP_LOG) {
        for (let j = 0; j < nv << 2; j++) {
          const o = <usize>j << 2;
          store<f32>(d + o, logf1(load<f32>(a + o)));
        }
      } else if (op == OP_ELU || op == OP_SELU) {
        // Elu: x >= 0 ? x : f(F0 * f(expf(x) - 1)); Selu: x > 0 ? f(F0 * x) : f(F1 * f(expf(x) - 1)). Four lanes with
        // expf of min(x, 0) (the lanes that take it are <= 0) where that is in range, else lane by lane
        const elu = op == OP_ELU;
        const f0 = load<f32>(ip, IN_F0);
        const f1 = load<f32>(ip, IN_F1);
        const f0v = f32x4.splat(f0);
        const f1v = f32x4.splat(f1);
        const z = f32x4.splat(0);
        const one = f32x4.splat(1);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          const xn = f32x4.pmin(x, z);
          if (expfInRange4(xn)) {
            const em1 = f32x4.sub(expf4(xn), one);
            const r = elu
              ? v128.bitselect(x, f32x4.mul(f0v, em1), f32x4.ge(x, z))
              : v128.bitselect(f32x4.mul(f0v, x), f32x4.mul(f1v, em1), f32x4.gt(x, z));
            v128.store(d + o, r);
            continue;
          }
          for (let l = 0; l < 4; l++) {
            const ol = o + (<usize>l << 2);
            const xl = load<f32>(a + ol);
            const y: f32 = elu
              ? xl >= 0
                ? xl
                : f0 * (expf1(xl) - <f32>1)
              : xl > 0
                ? f0 * xl
                : f1 * (expf1(xl) - <f32>1);
            store<f32>(d + ol, y);
          }
        }
      } else if (op == OP_CELU) {
        // f(max(x, 0) + min(f(F0 * f(expf(f(x / F0)) - 1)), 0))
        const al = load<f32>(ip, IN_F0);
        const alv = f32x4.splat(al);
        const z = f32x4.splat(0);
        const one = f32x4.splat(1);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          const xa = f32x4.div(x, alv);
          if (expfInRange4(xa)) {
            const pos = v128.bitselect(z, x, f32x4.lt(x, z));
            const neg = f32x4.mul(alv, f32x4.sub(expf4(xa), one));
            v128.store(d + o, f32x4.add(pos, v128.bitselect(z, neg, f32x4.lt(z, neg))));
            continue;
          }
          for (let l = 0; l < 4; l++) {
            const ol = o + (<usize>l << 2);
            const xl = load<f32>(a + ol);
            const pos: f32 = xl < 0 ? 0 : xl;
            const neg = al * (expf1(xl / al) - <f32>1);
            store<f32>(d + ol, pos + (0 < neg ? <f32>0 : neg));
          }
        }
      } else if (op == OP_SOFTPLUS) {
        // x > 0 ? f(x + log1pf(expf(-x))) : log1pf(expf(x)): four lanes where expf's argument is in range
        const z = f32x4.splat(0);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          const arg = v128.bitselect(f32x4.neg(x), x, f32x4.gt(x, z));
          if (expfInRange4(arg)) {
            const l = log1pf4(expf4(arg));
            v128.store(d + o, v128.bitselect(f32x4.add(x, l), l, f32x4.gt(x, z)));
            continue;
          }
          for (let l = 0; l < 4; l++) {
            const ol = o + (<usize>l << 2);
            const xl = load<f32>(a + ol);
            store<f32>(d + ol, xl > 0 ? xl + log1pf1(expf1(-xl)) : log1pf1(expf1(xl)));
          }
        }
      } else if (op == OP_THRELU) {
        const al = f32x4.splat(load<f32>(ip, IN_F0));
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          v128.store(d + o, v128.and(x, f32x4.gt(x, al)));
        }
      } else if (op == OP_ERF) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, erf4(v128.load(a + o)));
        }
      } else if (op == OP_RELU) {
        const z = f32x4.splat(0);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.pmax(v128.load(a + o), z));
        }
      } else if (op == OP_LEAKY) {
        const al = f32x4.splat(load<f32>(ip, IN_F0));
        const z = f32x4.splat(0);
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          v128.store(d + o, v128.bitselect(x, f32x4.mul(al, x), f32x4.ge(x, z)));
        }
      } else if (op == OP_HSIG || op == OP_HSWISH) {
        const al = f32x4.splat(load<f32>(ip, IN_F0));
        const be = f32x4.splat(load<f32>(ip, IN_F1));
        const swish = op == OP_HSWISH;
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          const x = v128.load(a + o);
          const h = hardSigmoid4(x, al, be);
          v128.store(d + o, swish ? f32x4.mul(x, h) : h);
        }
      } else if (op == OP_SIGMOID) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, logistic4(v128.load(a + o)));
        }
      } else if (op == OP_TANH) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, tanh4(v128.load(a + o)));
        }
      } else if (op == OP_EXP) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, exp4(v128.load(a + o)));
        }
      } else if (op == OP_NEG) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.neg(v128.load(a + o)));
        }
      } else if (op == OP_ABS) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.abs(v128.load(a + o)));
        }
      } else if (op == OP_SQRT) {
        for (let j = 0; j < nv; j++) {
          const o = <usize>j << 4;
          v128.store(d + o, f32x4.sqrt(v128.load(a + o)));
        }
      } else {
        unreachable();
      }
      continue;
    }
    // a slot: loads and broadcasts read slot a, stores write slot dst
    const slot = slots + <usize>(op == OP_ST_F32 || op == OP_ST_Q ? dIdx : aIdx) * RG_SLOT_BYTES;
    const ptr = <usize>load<i32>(slot, SL_PTR);
    if (op == OP_LD_F32) {
      const src = ptr + (<usize>i << 2);
      for (let j = 0; j < nf; j++) {
        const o = <usize>j << 4;
        v128.store(d + o, v128.load(src + o));
      }
      for (let e = nf << 2; e < len; e++) store<f32>(d + (<usize>e << 2), load<f32>(src + (<usize>e << 2)));
    } else if (op == OP_LD_I32) {
      const src = ptr + (<usize>i << 2);
      for (let j = 0; j < nf; j++) {
        const o = <usize>j << 4;
        v128.store(d + o, f32x4.convert_i32x4_s(v128.load(src + o)));
      }
      for (let e = nf << 2; e < len; e++) store<f32>(d + (<usize>e << 2), <f32>load<i32>(src + (<usize>e << 2)));
    } else if (op == OP_LD_B8 || op == OP_LD_DQ) {
      const src = ptr + <usize>i;
      const xor = load<i32>(slot, SL_XOR);
      const dq = op == OP_LD_DQ;
      // Cast: the signed value is the unsigned-domain byte less the xor (128 for int8); DequantizeLinear: less zp
      const zpu = dq ? zeroPointU(slot) : xor;
      const sc: f32 = dq ? load<f32>(<usize>load<i32>(slot, SL_SCALE)) : 1;
      const xv = i8x16.splat(<i8>xor);
      const zv = i32x4.splat(zpu);
      const sv = f32x4.splat(sc);
      // sixteen bytes a load, then the vectors left four at a time
      const n16 = len >> 4;
      for (let g = 0; g < n16; g++) {
        const raw = v128.xor(v128.load(src + (<usize>g << 4)), xv);
        const o = d + (<usize>g << 6);
        const f0 = f32x4.convert_i32x4_s(i32x4.sub(widen0(raw), zv));
        const f1 = f32x4.convert_i32x4_s(i32x4.sub(widen1(raw), zv));
        const f2 = f32x4.convert_i32x4_s(i32x4.sub(widen2(raw), zv));
        const f3 = f32x4.convert_i32x4_s(i32x4.sub(widen3(raw), zv));
        v128.store(o, dq ? f32x4.mul(f0, sv) : f0);
        v128.store(o, dq ? f32x4.mul(f1, sv) : f1, 16);
        v128.store(o, dq ? f32x4.mul(f2, sv) : f2, 32);
        v128.store(o, dq ? f32x4.mul(f3, sv) : f3, 48);
      }
      for (let j = n16 << 2; j < nf; j++) {
        const f = f32x4.convert_i32x4_s(bytes4(src + (<usize>j << 2), xv, zv));
        v128.store(d + (<usize>j << 4), dq ? f32x4.mul(f, sv) : f);
      }
      for (let e = nf << 2; e < len; e++) {
        const f = <f32>(((<i32>load<u8>(src + <usize>e)) ^ xor) - zpu);
        store<f32>(d + (<usize>e << 2), dq ? f * sc : f);
      }
    } else if (op == OP_BC_SCALAR) {
      // the prologue's len: the longest block the task runs
      const v = v128.load32_splat(ptr);
      for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), v);
    } else if (op == OP_BC_CHANNEL) {
      if (mode == RG_MODE_RUNS || mode == RG_MODE_RUNS44) {
        const v = mode == RG_MODE_RUNS ? v128.load32_splat(ptr + (<usize>ch << 2)) : v128.load(ptr + (<usize>ch << 4));
        for (let j = 0; j < nv; j++) v128.store(d + (<usize>j << 4), v);
      } else {
        const inner = load<i32>(ctx, RG_INNER);
        const C = load<i32>(ctx, RG_C);
        // the first element's channel and place in its run by division, the rest by counting (no division per
        // element: a bias of the last axis, inner 1, is this mode's common case)
        const q = i / inner;
        let at = i - q * inner;
        let c = q % C;
        for (let e = 0; e < len; e++) {
          store<f32>(d + (<usize>e << 2), load<f32>(ptr + (<usize>c << 2)));
          if (++at == inner) {
            at = 0;
            if (++c == C) c = 0;
          }
        }
      }
    } else if (op == OP_ST_F32) {
      const dst = ptr + (<usize>i << 2);
      for (let j = 0; j < nf; j++) {
        const o = <usize>j << 4;
        v128.store(dst + o, v128.load(a + o));
      }
      for (let e = nf << 2; e < len; e++) store<f32>(dst + (<usize>e << 2), load<f32>(a + (<usize>e << 2)));
    } else if (op == OP_ST_Q) {
      const dst = ptr + <usize>i;
      const xor = load<i32>(slot, SL_XOR);
      const zpu = zeroPointU(slot);
      const sc = load<f32>(<usize>load<i32>(slot, SL_SCALE));
      const lo = <f32>(-zpu);
      const hiI: i32 = 255 - zpu;
      const hi = <f32>hiI;
      const sv = f32x4.splat(sc);
      const lov = f32x4.splat(lo);
      const hiv = f32x4.splat(hi);
      const bias = i32x4.splat(MAGIC_BITS - zpu);
      const xv = i8x16.splat(<i8>xor);
      // sixteen lanes a store (one narrowing of four vectors), then the vectors left four at a time
      const n16 = len >> 4;
      for (let g = 0; g < n16; g++) {
        const o = a + (<usize>g << 6);
        const x0 = v128.load(o);
        const x1 = v128.load(o, 16);
        const x2 = v128.load(o, 32);
        const x3 = v128.load(o, 48);
        const r0 = roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x0, sv), lov), hiv), bias);
        const r1 = roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x1, sv), lov), hiv), bias);
        const r2 = roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x2, sv), lov), hiv), bias);
        const r3 = roundAdd(f32x4.pmin(f32x4.pmax(f32x4.div(x3, sv), lov), hiv), bias);
        // NaN lanes: byte 0
        const m01 = i16x8.narrow_i32x4_s(f32x4.eq(x0, x0), f32x4.eq(x1, x1));
        const m23 = i16x8.narrow_i32x4_s(f32x4.eq(x2, x2), f32x4.eq(x3, x3));
        v128.store(dst + (<usize>g << 4), v128.and(packBytes(r0, r1, r2, r3, xv), i8x16.narrow_i16x8_s(m01, m23)));
      }
      for (let j = n16 << 2; j < nf; j++) {
        v128.store32_lane(dst + (<usize>j << 2), quantBytes4(v128.load(a + (<usize>j << 4)), sv, lov, hiv, bias, xv), 0);
      }
      for (let e = nf << 2; e < len; e++) {
        const q: f32 = load<f32>(a + (<usize>e << 2)) / sc;
        let y: i32 = 0;
        if (q == q) {
          let c = q < lo ? lo : q;
          c = hi < c ? hi : c;
          y = (<i32>nearest<f32>(c) + zpu) ^ xor;
        }
        store<u8>(dst + <usize>e, <u8>y);
      }
    } else {
      unreachable();
    }
  }
}

/** Task t of a region: elements [t * grain, t * grain + grain) of the output. regs: this thread's registers. */
export function regionTask(ctx: usize, _p0: usize, regs: usize, _p2: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, RG_N);
  const grain = load<i32>(ctx, RG_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const slots = <usize>load<i32>(ctx, RG_SLOTS);
  const mode = load<i32>(ctx, RG_MODE);
  const inner = load<i32>(ctx, RG_INNER);
  const C = load<i32>(ctx, RG_C);
  const body = <usize>load<i32>(ctx, RG_BODY);
  const nbody = load<i32>(ctx, RG_NBODY);
  // the prologue's broadcasts fill as many lanes as the task's longest block (a small region: not the whole register)
  runBlock(ctx, <usize>load<i32>(ctx, RG_PRO), load<i32>(ctx, RG_NPRO), regs, slots, s, e - s < RG_BLOCK ? e - s : RG_BLOCK, 0);
  const run = mode == RG_MODE_RUNS ? inner : mode == RG_MODE_RUNS44 ? inner << 2 : 0;
  const blocks44 = C >> 2;
  let i = s;
  while (i < e) {
    let len = e - i > RG_BLOCK ? RG_BLOCK : e - i;
    let ch = 0;
    if (run > 0) {
      const q = i / run;
      const left = run - (i - q * run);
      if (len > left) len = left;
      ch = mode == RG_MODE_RUNS ? q % C : q % blocks44;
    }
    runBlock(ctx, body, nbody, regs, slots, i, len, ch);
    i += len;
  }
}
