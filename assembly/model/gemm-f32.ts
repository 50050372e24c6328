// Float32 matrix product with a constant B (MatMul, Gemm; the host: src/model/backends/wasm-float/gemm.ts), in the order
// of operations of onnxruntime's MLAS SGEMM with a packed B (src/model/numerics/sgemm.ts states it): each output sums
// its products f32(a * b) from 0 in k order within a block of GM_BLOCK_K values of k, multiplies the block's sum by
// alpha, and stores it (the first block, in zero mode: GM_C = 0) or adds it onto the output (f32(f32(alpha * s) +
// out)), the output starting from the table GM_C (C broadcast, times beta) otherwise. Plain SIMD128 f32x4.mul / add:
// one rounding each, no fused multiply-add, so every build computes the same bits. The columns are the lanes.
//
//   gemmF32Task  Range [NP / 16, ceil(M / GM_ROWS_PER_TASK)]: columns [16 c, 16 c + 16) x rows [r0, r0 +
//                GM_ROWS_PER_TASK) of the output (the columns past N computed on B's zero padding, not stored), two
//                rows at a time. B' is packed in panels of 16 columns, [NP / 16][K][16]: a task's panel is contiguous,
//                and the row tasks of one panel come one after another (the panel read from memory once a run, then
//                from the cache: a B larger than the cache is not streamed once per row task).
//   matmulPackTask, matmulF32Task  The same product where B is computed (MatMul of two computed operands, batched:
//                the products of GM_TABLE, each [M, K] x [K, N]): matmulPackTask (range [P]) packs product p's B
//                into its panels in the scratch, then matmulF32Task (range [P, NP / 16, ceil(M / GM_ROWS_PER_TASK)])
//                computes as gemmF32Task, in zero mode.

// the record's offsets: assembly/model/gemm-f32-ctx.ts (generated from tools/model-ctx.mjs)
import {
  GM_M, GM_N, GM_K, GM_NP, GM_BLOCK_K, GM_A_ROW, GM_A_COL, GM_ROWS_PER_TASK, GM_B, GM_C, GM_ALPHA, GM_TABLE, GM_SCRATCH,
  GM_TRANS_B,
} from './gemm-f32-ctx';

/** Stores lanes [0, count) of v at p (count <= 4). */
@inline
function storeLanes(p: usize, v: v128, count: i32): void {
  if (count >= 4) {
    v128.store(p, v);
    return;
  }
  if (count > 0) store<f32>(p, f32x4.extract_lane(v, 0));
  if (count > 1) store<f32>(p, f32x4.extract_lane(v, 1), 4);
  if (count > 2) store<f32>(p, f32x4.extract_lane(v, 2), 8);
}

export function gemmF32Task(ctx: usize, a: usize, _u: usize, y: usize, _i0: i32, cb: i32, rt: i32): void {
  gemmTile(ctx, a, <usize>load<i32>(ctx, GM_B), <usize>load<i32>(ctx, GM_C), y, rt, cb);
}

/**
 * Packs product p's B ([K][N] at its table offset, or [N][K] with GM_TRANS_B) into its panels [NP / 16][K][16] in the
 * scratch, zeros past N.
 */
export function matmulPackTask(ctx: usize, _a: usize, b: usize, _y: usize, _i0: i32, _i1: i32, p: i32): void {
  const n = load<i32>(ctx, GM_N);
  const k = load<i32>(ctx, GM_K);
  const np = load<i32>(ctx, GM_NP);
  const src = b + (<usize>load<i32>(<usize>load<i32>(ctx, GM_TABLE) + <usize>p * 12, 4) << 2);
  let dst = <usize>load<i32>(ctx, GM_SCRATCH) + ((<usize>p * <usize>np * <usize>k) << 2);
  const zero = f32x4.splat(0);
  if (load<i32>(ctx, GM_TRANS_B) == 1) {
    // B stored [N][K]: column j of B' is row j of B
    for (let j0 = 0; j0 < np; j0 += 16) {
      let cols = n - j0;
      if (cols > 16) cols = 16;
      for (let q = 0; q < k; q++) {
        if (cols < 16) {
          v128.store(dst, zero);
          v128.store(dst, zero, 16);
          v128.store(dst, zero, 32);
          v128.store(dst, zero, 48);
        }
        for (let j = 0; j < cols; j++)
          store<f32>(dst + (<usize>j << 2), load<f32>(src + ((<usize>(j0 + j) * <usize>k + <usize>q) << 2)));
        dst += 64;
      }
    }
    return;
  }
  for (let j0 = 0; j0 < np; j0 += 16) {
    let cols = n - j0;
    if (cols > 16) cols = 16;
    for (let q = 0; q < k; q++) {
      const row = src + ((<usize>q * <usize>n + <usize>j0) << 2);
      if (cols == 16) {
        v128.store(dst, v128.load(row));
        v128.store(dst, v128.load(row, 16), 16);
        v128.store(dst, v128.load(row, 32), 32);
        v128.store(dst, v128.load(row, 48), 48);
      } else {
        v128.store(dst, zero);
        v128.store(dst, zero, 16);
        v128.store(dst, zero, 32);
        v128.store(dst, zero, 48);
        for (let j = 0; j < cols; j++) store<f32>(dst + (<usize>j << 2), load<f32>(row + (<usize>j << 2)));
      }
      dst += 64;
    }
  }
}

/** Product p's rows of task rt x panel cb (as gemmF32Task, on the panels matmulPackTask wrote; zero mode). */
export function matmulF32Task(ctx: usize, a: usize, _b: usize, y: usize, p: i32, cb: i32, rt: i32): void {
  const k = load<i32>(ctx, GM_K);
  const np = load<i32>(ctx, GM_NP);
  const t = <usize>load<i32>(ctx, GM_TABLE) + <usize>p * 12;
  const panels = <usize>load<i32>(ctx, GM_SCRATCH) + ((<usize>p * <usize>np * <usize>k) << 2);
  gemmTile(ctx, a + (<usize>load<i32>(t) << 2), panels, 0, y + (<usize>load<i32>(t, 8) << 2), rt, cb);
}

/**
 * One row (A's values at ai, aCol bytes apart) times a panel of 16 columns, as rowPair computes each of its rows: the
 * block sums (times alpha where `scaled`) stored (cp 0: zero mode) or added onto the start row at cp; `cols` lanes
 * stored at yp. Gemm / MatMul's last odd row, and the LSTM / GRU products of one row (lstm-f32.ts: unscaled, cp the
 * gates' own row where they accumulate).
 */
export function rowOne(
  yp: usize,
  ai: usize,
  aCol: usize,
  panel: usize,
  k: i32,
  bk: i32,
  alpha: f32,
  scaled: bool,
  cp: usize,
  cols: i32,
): void {
  const zero = f32x4.splat(0);
  const av4 = f32x4.splat(alpha);
  let o0 = zero, o1 = zero, o2 = zero, o3 = zero;
  let started = cp != 0;
  if (started) {
    o0 = v128.load(cp);
    o1 = v128.load(cp, 16);
    o2 = v128.load(cp, 32);
    o3 = v128.load(cp, 48);
  }
  for (let k0 = 0; k0 < k; k0 += bk) {
    let k1 = k0 + bk;
    if (k1 > k) k1 = k;
    let s0 = zero, s1 = zero, s2 = zero, s3 = zero;
    let ap = ai + <usize>k0 * aCol;
    let bp = panel + (<usize>k0 << 6);
    for (let q = k0; q < k1; q++) {
      const av = v128.load32_splat(ap);
      s0 = f32x4.add(s0, f32x4.mul(av, v128.load(bp)));
      s1 = f32x4.add(s1, f32x4.mul(av, v128.load(bp, 16)));
      s2 = f32x4.add(s2, f32x4.mul(av, v128.load(bp, 32)));
      s3 = f32x4.add(s3, f32x4.mul(av, v128.load(bp, 48)));
      ap += aCol;
      bp += 64;
    }
    if (scaled) {
      s0 = f32x4.mul(s0, av4);
      s1 = f32x4.mul(s1, av4);
      s2 = f32x4.mul(s2, av4);
      s3 = f32x4.mul(s3, av4);
    }
    if (started) {
      o0 = f32x4.add(s0, o0);
      o1 = f32x4.add(s1, o1);
      o2 = f32x4.add(s2, o2);
      o3 = f32x4.add(s3, o3);
    } else {
      o0 = s0;
      o1 = s1;
      o2 = s2;
      o3 = s3;
    }
    started = true;
  }
  storeLanes(yp, o0, cols);
  storeLanes(yp + 16, o1, cols - 4);
  storeLanes(yp + 32, o2, cols - 8);
  storeLanes(yp + 48, o3, cols - 12);
}

/**
 * Two rows (A rows at ai and ai + aStep, aCol bytes between their values) times a panel of 16 columns ([k][16]), in
 * blocks of bk values of k: each block's sums from 0 in k order, times alpha where `scaled`, stored (the first block,
 * zero mode: cp 0) or added onto the output (f32(t + o)), the output starting from the start table rows at cp and cq
 * otherwise; `cols` lanes (<= 16) stored at yp and yq. The register tile of Gemm / MatMul here and of the LSTM / GRU
 * input products (lstm-f32.ts: unscaled, zero mode).
 */
export function rowPair(
  yp: usize,
  yq: usize,
  ai: usize,
  aStep: usize,
  aCol: usize,
  panel: usize,
  k: i32,
  bk: i32,
  alpha: f32,
  scaled: bool,
  cp: usize,
  cq: usize,
  cols: i32,
): void {
  const zero = f32x4.splat(0);
  const av4 = f32x4.splat(alpha);
  const aj = ai + aStep;
  let o0 = zero, o1 = zero, o2 = zero, o3 = zero, p0 = zero, p1 = zero, p2 = zero, p3 = zero;
  let started = cp != 0;
  if (started) {
    o0 = v128.load(cp);
    o1 = v128.load(cp, 16);
    o2 = v128.load(cp, 32);
    o3 = v128.load(cp, 48);
    p0 = v128.load(cq);
    p1 = v128.load(cq, 16);
    p2 = v128.load(cq, 32);
    p3 = v128.load(cq, 48);
  }
  for (let k0 = 0; k0 < k; k0 += bk) {
    let k1 = k0 + bk;
    if (k1 > k) k1 = k;
    let s0 = zero, s1 = zero, s2 = zero, s3 = zero, t0 = zero, t1 = zero, t2 = zero, t3 = zero;
    let ap = ai + <usize>k0 * aCol;
    let aq = aj + <usize>k0 * aCol;
    let bp = panel + (<usize>k0 << 6);
    for (let q = k0; q < k1; q++) {
      const b0 = v128.load(bp);
      const b1 = v128.load(bp, 16);
      const b2 = v128.load(bp, 32);
      const b3 = v128.load(bp, 48);
      const av = v128.load32_splat(ap);
      const aw = v128.load32_splat(aq);
      s0 = f32x4.add(s0, f32x4.mul(av, b0));
      s1 = f32x4.add(s1, f32x4.mul(av, b1));
      s2 = f32x4.add(s2, f32x4.mul(av, b2));
      s3 = f32x4.add(s3, f32x4.mul(av, b3));
      t0 = f32x4.add(t0, f32x4.mul(aw, b0));
      t1 = f32x4.add(t1, f32x4.mul(aw, b1));
      t2 = f32x4.add(t2, f32x4.mul(aw, b2));
      t3 = f32x4.add(t3, f32x4.mul(aw, b3));
      ap += aCol;
      aq += aCol;
      bp += 64;
    }
    if (scaled) {
      s0 = f32x4.mul(s0, av4);
      s1 = f32x4.mul(s1, av4);
      s2 = f32x4.mul(s2, av4);
      s3 = f32x4.mul(s3, av4);
      t0 = f32x4.mul(t0, av4);
      t1 = f32x4.mul(t1, av4);
      t2 = f32x4.mul(t2, av4);
      t3 = f32x4.mul(t3, av4);
    }
    if (started) {
      o0 = f32x4.add(s0, o0);
      o1 = f32x4.add(s1, o1);
      o2 = f32x4.add(s2, o2);
      o3 = f32x4.add(s3, o3);
      p0 = f32x4.add(t0, p0);
      p1 = f32x4.add(t1, p1);
      p2 = f32x4.add(t2, p2);
      p3 = f32x4.add(t3, p3);
    } else {
      o0 = s0;
      o1 = s1;
      o2 = s2;
      o3 = s3;
      p0 = t0;
      p1 = t1;
      p2 = t2;
      p3 = t3;
    }
    started = true;
  }
  storeLanes(yp, o0, cols);
  storeLanes(yp + 16, o1, cols - 4);
  storeLanes(yp + 32, o2, cols - 8);
  storeLanes(yp + 48, o3, cols - 12);
  storeLanes(yq, p0, cols);
  storeLanes(yq + 16, p1, cols - 4);
  storeLanes(yq + 32, p2, cols - 8);
  storeLanes(yq + 48, p3, cols - 12);
}

/**
 * Rows [rt * GM_ROWS_PER_TASK, +GM_ROWS_PER_TASK) x columns [16 cb, 16 cb + 16) of the product of A (at a) and the
 * panels at b, from the start table c (0: zero mode), into y.
 */
function gemmTile(ctx: usize, a: usize, b: usize, c: usize, y: usize, rt: i32, cb: i32): void {
  const m = load<i32>(ctx, GM_M);
  const n = load<i32>(ctx, GM_N);
  const k = load<i32>(ctx, GM_K);
  const np = load<i32>(ctx, GM_NP);
  const bk = load<i32>(ctx, GM_BLOCK_K);
  const aRow = <usize>load<i32>(ctx, GM_A_ROW) << 2;
  const aCol = <usize>load<i32>(ctx, GM_A_COL) << 2;
  const rpt = load<i32>(ctx, GM_ROWS_PER_TASK);
  // the panel of columns [16 cb, 16 cb + 16): K rows of 16 floats, contiguous
  const panel = b + ((<usize>cb * <usize>k) << 6);
  const alpha = load<f32>(ctx, GM_ALPHA);
  const j0 = cb << 4;
  let cols = n - j0;
  if (cols > 16) cols = 16;
  const r0 = rt * rpt;
  let r1 = r0 + rpt;
  if (r1 > m) r1 = m;
  let i = r0;
  // two rows at a time: 8 accumulators, 4 panel loads and 2 splats per k
  for (; i + 2 <= r1; i += 2) {
    const cp = c != 0 ? c + ((<usize>i * <usize>np + <usize>j0) << 2) : 0;
    const yp = y + ((<usize>i * <usize>n + <usize>j0) << 2);
    rowPair(yp, yp + (<usize>n << 2), a + <usize>i * aRow, aRow, aCol, panel, k, bk, alpha, true, cp, cp + (<usize>np << 2), cols);
  }
  for (; i < r1; i++) {
    const cp = c != 0 ? c + ((<usize>i * <usize>np + <usize>j0) << 2) : 0;
    rowOne(y + ((<usize>i * <usize>n + <usize>j0) << 2), a + <usize>i * aRow, aCol, panel, k, bk, alpha, true, cp, cols);
  }
}
