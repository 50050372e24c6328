// The base-SIMD ceiling loop of the benchmark suite (bench/; docs/bench.md, docs/engines.md#current-figures).
//
// It measures the most int8 multiply-accumulates per second that SIMD128 code can do on this engine when data
// costs (almost) nothing: operands already widened to i16, each `i32x4.dot_i16x8_s` (8 MACs) followed by one
// `i32x4.add` into an accumulator, and one 16-byte load from L1 per 2 dots. A real convolution must also load more,
// widen and store, so "% of ceiling" says how much of the engine's dot throughput a kernel turns into useful work.
//
// Why the loop looks the way it does:
// - Every dot has an operand that changes from trip to trip (a vector loaded from a 256-byte table at an address
//   that depends on the trip), so no dot is loop-invariant. The first version of this loop used only register
//   operands set before the loop; V8 (Node 20 and 24, so Chromium too) then computed the 16 dots once before the
//   loop (loop peeling + invariant code motion) and the loop itself only added saved vectors: it reported 49.7
//   (Node 20) and 65 GMAC/s (Node 24) on an AMD Zen 4 whose hand-written native loop of independent vpmaddwd +
//   vpaddd peaks at 47 (docs/engines.md#the-ceiling-loop). Rotating the register operands instead does not help
//   either: V8 unrolls the loop and finds the same pairs again across the copies.
// - 2 x (4 loaded vectors x 2 register operands) per trip, into 8 accumulators: 8 + 2 + 4 live loads + 1
//   temporary fit the 15 xmm registers V8 allocates on x64. Each accumulator gets 2 adds per trip, far from the
//   adds' latency; the loop is bound by dot throughput. Measured on AMD Zen 4 (GMAC/s, Node 20 / Node 24): this
//   shape 46.0 / 46.5, 2 loads x 4 registers 42.4 / 46.2, 1 x 4 41.3 / 45.8; the native vpmaddwd + vpaddd loop
//   (gcc, inline asm, 8 accumulators, register operands) 45.5-47.
// - Operands come from arguments and memory, never constants; the return value depends on every accumulator.
// - Guards: bench/test/ceiling.test.ts checks the emitted .wat (16 dots and 4 loads in the loop body) and, on x64
//   Node, the machine code V8 makes of it (the 16 vpmaddwd inside the loop, not before it); the host times the
//   loop at N and N/4 trips (bench/ceiling.ts checkLinearity, run by bench/suite.ts at the start and end of every
//   bench run and by bench/threads-scaling.ts) and refuses a loop whose time does not grow about 4x.

/** The 256-byte operand table: 16 vectors (filled by ceilingDotI16 from its seeds). */
const CEILING_TABLE: usize = memory.data(256, 16);

/** Multiply-accumulates done by one trip of `ceilingDotI16`'s loop: 16 dots x 8 MACs. */
export function ceilingMacsPerTrip(): i32 {
  return 128;
}

/**
 * Runs `trips` trips of the dot loop (ceilingMacsPerTrip() MACs each) and returns the sum of every accumulator lane
 * (a value a test can predict). Table vector k (k = 0..15) is the i16 splat of seedA + k; trip t loads vectors
 * 8s .. 8s + 7 (s = t & 1). The register operands are the splats of seedB and seedB + 5.
 */
export function ceilingDotI16(trips: i32, seedA: i32, seedB: i32): i32 {
  for (let k = 0; k < 16; k++) v128.store(CEILING_TABLE + <usize>(k << 4), i16x8.splat(<i16>(seedA + k)));
  const y0 = i16x8.splat(<i16>seedB);
  const y1 = i16x8.splat(<i16>(seedB + 5));
  let c0 = i32x4.splat(0), c1 = i32x4.splat(0), c2 = i32x4.splat(0), c3 = i32x4.splat(0);
  let c4 = i32x4.splat(0), c5 = i32x4.splat(0), c6 = i32x4.splat(0), c7 = i32x4.splat(0);
  for (let t = 0; t < trips; t++) {
    const q = CEILING_TABLE + <usize>((t & 1) << 7);
    const l0 = v128.load(q, 0);
    const l1 = v128.load(q, 16);
    const l2 = v128.load(q, 32);
    const l3 = v128.load(q, 48);
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(l0, y0));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(l0, y1));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(l1, y0));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(l1, y1));
    c4 = i32x4.add(c4, i32x4.dot_i16x8_s(l2, y0));
    c5 = i32x4.add(c5, i32x4.dot_i16x8_s(l2, y1));
    c6 = i32x4.add(c6, i32x4.dot_i16x8_s(l3, y0));
    c7 = i32x4.add(c7, i32x4.dot_i16x8_s(l3, y1));
    const l4 = v128.load(q, 64);
    const l5 = v128.load(q, 80);
    const l6 = v128.load(q, 96);
    const l7 = v128.load(q, 112);
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(l4, y0));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(l4, y1));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(l5, y0));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(l5, y1));
    c4 = i32x4.add(c4, i32x4.dot_i16x8_s(l6, y0));
    c5 = i32x4.add(c5, i32x4.dot_i16x8_s(l6, y1));
    c6 = i32x4.add(c6, i32x4.dot_i16x8_s(l7, y0));
    c7 = i32x4.add(c7, i32x4.dot_i16x8_s(l7, y1));
  }
  const s = i32x4.add(
    i32x4.add(i32x4.add(c0, c1), i32x4.add(c2, c3)),
    i32x4.add(i32x4.add(c4, c5), i32x4.add(c6, c7)),
  );
  return i32x4.extract_lane(s, 0) + i32x4.extract_lane(s, 1) + i32x4.extract_lane(s, 2) + i32x4.extract_lane(s, 3);
}

// ---- relaxed SIMD ------------------------------------------------------------------------------------------------
// The same idea for `i32x4.relaxed_dot_i8x16_i7x16_add_s` (16 MACs per instruction), in the relaxed build only.
// The accumulator is an operand of the instruction, so no two calls are the same expression and repeated operand
// pairs are safe; what limits this loop is latency (the accumulate is a dependency chain, ~5 cycles for VNNI's
// vpdpbusd), hence 10 independent accumulators with 4 operand registers: 14 of the 15 xmm registers.

/** 1 when this module was built with relaxed SIMD (then ceilingRelaxedDot runs), 0 otherwise. */
export function ceilingHasRelaxed(): i32 {
  return ASC_FEATURE_RELAXED_SIMD ? 1 : 0;
}

/** Multiply-accumulates done by one trip of `ceilingRelaxedDot`'s loop: 20 relaxed dots x 16 MACs. */
export function ceilingRelaxedMacsPerTrip(): i32 {
  return 320;
}

/**
 * Runs `trips` trips of the register-resident relaxed dot-add loop; returns the sum of every accumulator lane.
 * The `b` operands stay in [0, 127], where every engine computes the instruction the same way. Traps
 * (unreachable) in the SIMD128 build.
 */
export function ceilingRelaxedDot(trips: i32, seedA: i32, seedB: i32): i32 {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable();
  else {
    const a0 = i8x16.splat(<i8>seedA);
    const a1 = i8x16.splat(<i8>(seedA - 3));
    const b0 = i8x16.splat(<i8>(seedB & 0x7f));
    const b1 = i8x16.splat(<i8>((seedB + 9) & 0x7f));
    let c0 = i32x4.splat(0), c1 = i32x4.splat(0), c2 = i32x4.splat(0), c3 = i32x4.splat(0), c4 = i32x4.splat(0);
    let c5 = i32x4.splat(0), c6 = i32x4.splat(0), c7 = i32x4.splat(0), c8 = i32x4.splat(0), c9 = i32x4.splat(0);
    for (let t = 0; t < trips; t++) {
      c0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b0, c0);
      c1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b1, c1);
      c2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b0, c2);
      c3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b1, c3);
      c4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b0, c4);
      c5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b1, c5);
      c6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b0, c6);
      c7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b1, c7);
      c8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b0, c8);
      c9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b1, c9);
      c0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b1, c0);
      c1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b0, c1);
      c2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b1, c2);
      c3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b0, c3);
      c4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b1, c4);
      c5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b0, c5);
      c6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b1, c6);
      c7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b0, c7);
      c8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a1, b0, c8);
      c9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(a0, b1, c9);
    }
    const s = i32x4.add(
      i32x4.add(i32x4.add(c0, c1), i32x4.add(c2, c3)),
      i32x4.add(i32x4.add(i32x4.add(c4, c5), i32x4.add(c6, c7)), i32x4.add(c8, c9)),
    );
    return i32x4.extract_lane(s, 0) + i32x4.extract_lane(s, 1) + i32x4.extract_lane(s, 2) + i32x4.extract_lane(s, 3);
  }
  return 0;
}
