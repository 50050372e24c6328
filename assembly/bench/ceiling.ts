// The base-SIMD ceiling loop of the benchmark suite (bench/; docs/bench.md, docs/engines.md#current-figures).
//
// It measures the most int8 multiply-accumulates per second that SIMD128 code can do on this engine when data
// costs nothing: operands already widened to i16 and held in registers, so each `i32x4.dot_i16x8_s` (8 MACs) is
// followed by one `i32x4.add` into an accumulator and nothing else. A real convolution must also load, widen and
// store, so "% of ceiling" says how much of the engine's dot throughput a kernel turns into useful work.
//
// Why the loop looks the way it does:
// - Operands come from arguments, never constants, or the optimizer folds the dots away.
// - Both Binaryen and V8 merge identical pure expressions (CSE / value numbering), so a loop body that repeats
//   `dot(a0, b0)` would be computed once. Each trip therefore uses 16 DIFFERENT operand pairs taken from 6
//   registers (x0..x5), written out by hand.
// - 6 operands + 4 accumulators + 1 temporary fit the 15 xmm registers V8 allocates on x64, so nothing spills.
// - Each accumulator gets 4 adds per trip (a latency-4 chain) while the 16 dots need at least 8 cycles on a core
//   with two multiply ports: the loop is bound by dot throughput, not by latency.
// - The return value depends on every accumulator, so nothing is dead code.
// - The guard is on the host (bench/ceiling.ts checkLinearity, run by bench/suite.ts at the start and end of every
//   bench run, and by bench/threads-scaling.ts): the loop is timed at N and at N/4 trips, and a loop whose time does
//   not grow about 4x is refused as a ceiling (the run lists it under errors; no bar is judged against it). That
//   catches an engine that dropped the loop or folded it into a closed form (time independent of `trips`). It does
//   not catch an engine that moved only the loop-invariant dots out of the loop and kept the adds: that loop still
//   grows linearly, only faster. Against that, the loop is built so that nothing in it is invariant but the dots'
//   operands, and test/bench-ceiling.test.ts checks in the emitted .wat that the 16 dots are inside the loop body
//   (Binaryen did not hoist them); what an engine's optimizer does below the wasm is not checked.

/** Multiply-accumulates done by one trip of `ceilingDotI16`'s loop: 16 dots x 8 MACs. */
export function ceilingMacsPerTrip(): i32 {
  return 128;
}

/**
 * Runs `trips` trips of the register-resident dot loop (ceilingMacsPerTrip() MACs each) and returns the sum of
 * every accumulator lane (a value a test can predict). `seedA`/`seedB` fill the operand registers.
 */
export function ceilingDotI16(trips: i32, seedA: i32, seedB: i32): i32 {
  const x0 = i16x8.splat(<i16>seedA);
  const x1 = i16x8.splat(<i16>(seedA + 1));
  const x2 = i16x8.splat(<i16>(seedA - 3));
  const x3 = i16x8.splat(<i16>seedB);
  const x4 = i16x8.splat(<i16>(seedB + 5));
  const x5 = i16x8.splat(<i16>(seedB ^ 7));
  let c0 = i32x4.splat(0);
  let c1 = i32x4.splat(0);
  let c2 = i32x4.splat(0);
  let c3 = i32x4.splat(0);
  for (let t = 0; t < trips; t++) {
    // unordered pairs 03 04 13 14 23 24 35 45 | 01 02 12 05 15 25 34 00: all distinct
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(x0, x3));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(x0, x4));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(x1, x3));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(x1, x4));
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(x2, x3));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(x2, x4));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(x3, x5));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(x4, x5));
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(x0, x1));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(x0, x2));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(x1, x2));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(x0, x5));
    c0 = i32x4.add(c0, i32x4.dot_i16x8_s(x1, x5));
    c1 = i32x4.add(c1, i32x4.dot_i16x8_s(x2, x5));
    c2 = i32x4.add(c2, i32x4.dot_i16x8_s(x3, x4));
    c3 = i32x4.add(c3, i32x4.dot_i16x8_s(x0, x0));
  }
  const s = i32x4.add(i32x4.add(c0, c1), i32x4.add(c2, c3));
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
