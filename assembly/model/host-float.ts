// Float32 kernels for the model executor's host operators (src/model/backends/wasm-float/kernels.ts builds them): the same
// arithmetic, operation for operation, as the TypeScript operators of src/model/backends/host/ (conv.ts, norm.ts,
// unary.ts), so their results are bit-identical; only plain SIMD128 float ops (f32x4.mul / add / pmax: IEEE single
// precision, one rounding each, no fused multiply-add), so every build (SIMD128 or relaxed) computes the same bits.
//
//   convTransposeTask  ConvTranspose, X [N, C, in..] -> Y [N, M, out..], W packed per output channel m as
//                      [c][p] (the group's input channel c, kernel position p), optional bias. Per (m, p, input
//                      cell q): col = the float sum, from 0, over c in order, of f32(W[c, m, p] * X[c, q]); then
//                      each col adds onto its output cell dest[p][q] (-1: outside the output), kernel position by
//                      kernel position in order, onto zeros; the bias is added last: Y = f32(Y + B[m]).
//                      Two modes:
//                      - CT_MODE_DIRECT: every output cell is hit by exactly one (p, q) (checked by the host): Y =
//                        f32(f32(0 + col) + b) (b = 0 without a bias; adding 0 changes nothing but -0 -> +0, which
//                        the sum onto zeros does too). Task (image, q chunk): every output channel and kernel
//                        position of CT_CHUNK input cells; four kernel positions and eight cells per register block.
//                      - CT_MODE_ACCUMULATE: any geometry. Task (image, m): zero the output plane, then kernel
//                        position by kernel position Y[dest] = f32(Y[dest] + col) (each cell meets its positions in
//                        order), then the bias.
//   convIm2colTask,    Conv, X [N, C, in..] -> Y [N, M, out..], as src/model/backends/host/conv.ts: per image and group
//   convF32Task,       the column matrix col[(c, p)][o] = X[c, tap[p][o]] (0 where tap is -1: padding), in panels of
//   convChunkTask      eight cells (convIm2colTask; convChunkTask a chunk of cells per task, then every output channel
//                      over it; convPiecesTask a piece of cells at a time), then per output channel
//                      m and cell o the terms f32(W[m][r] * col[r][o]) over the rows r = (c, p) summed in
//                      onnxruntime's order (src/model/numerics/conv-order.ts): blocks of CV_BLOCK rows, each summed
//                      from 0 and added onto the earlier blocks' sum; or, where CV_ONEROW, the first term then every
//                      other one in order, the cells from CV_GROUPED on adding four-term sums per block; then + B[m]
//                      when there is a bias (convF32Task: tasks of CV_QUADS quads of output channels x CV_CHUNK cells,
//                      block of K after block of K, four channels x eight cells per register tile). The cells (or, for
//                      a plane's last cells, the channels) are the SIMD lanes, so each cell's sum is the scalar loop's,
//                      rounding for rounding. ConvAdd (CV_SUM): the sums start from Z (the second pointer), every block
//                      added onto it, the one-row product from its first term on. CV_RELU (ConvAdd's activation
//                      'Relu'): each task's finished outputs y -> y < 0 ? 0 : y (f32x4.pmax(y, 0)), the Relu operator's.
//   channelAffineTask  y = f32(f32(x * s[c]) + b[c]) over X [N, C, inner] (BatchNormalization's per-channel scale
//                      and shift, computed by the host). Task: AF_PLANES_PER_TASK planes (n, c).
//   reluF32Task        y = x < 0 ? 0 : x (C++ std::max(x, 0): -0 and NaN pass), which is f32x4.pmax(x, 0). Task:
//                      RL_GRAIN elements.
//   softmaxTask        Softmax over rows of contiguous values (below).
//   layerNormTask,     LayerNormalization, InstanceNormalization and the row reductions (ReduceSum / Mean / Max / Min
//   instanceNormTask,  on onnxruntime's KR and R loops, GlobalMaxPool): the statistics of four rows at once, one row
//   reduceRowsTask     per lane (each lane's chain in the scalar order), then the row's element-wise pass (below).
// Unaligned v128 loads and stores are used throughout (a plane or chunk may start anywhere).

// the records' offsets: assembly/model/host-float-ctx.ts (generated from tools/model-ctx.mjs)
import {
  CT_MODE, CT_CG, CT_MG, CT_GROUP, CT_KSIZE, CT_INSIZE, CT_OSIZE, CT_CHUNK, CT_W, CT_DEST, CT_BIAS, CT_COL, CT_MODE_DIRECT,
  CT_MODE_ACCUMULATE, AF_PLANES, AF_C, AF_INNER, AF_PLANES_PER_TASK, AF_S, AF_B, RL_N, RL_GRAIN, SM_ROWS, SM_LEN,
  SM_ROWS_PER_TASK, SM_INNER, CV_CG, CV_MG, CV_GROUP, CV_KSIZE, CV_INSIZE, CV_OSIZE, CV_CHUNK, CV_TAP, CV_BIAS, CV_COL,
  CV_QUADS, CV_BLOCK, CV_ONEROW, CV_GROUPED, CV_SUM, CV_WT, CV_PIECE, CV_RELU, CV_RUNS, CV_RUN_STEP, LN_ROWS, LN_W, LN_ROWS_PER_TASK, LN_SCALE,
  LN_BIAS, LN_EPS, LN_MEAN, LN_INV_STD, IN_PLANES, IN_C, IN_W, IN_PLANES_PER_TASK, IN_SCALE, IN_BIAS, IN_EPS, RD_ROWS, RD_LEN,
  RD_ROWS_PER_TASK, RD_KIND, RD_MEAN, RD_MAX, RD_MIN, RD_GMAX,
  RC_OUTER, RC_R, RC_K, RC_COLS_PER_TASK, RC_MEAN, RC_FROM_ZERO,
} from './host-float-ctx';

// ---- Conv ----------------------------------------------------------------------------------------------------------
//
// The column matrix is laid out in panels of eight cells: the cells of a matrix (counted from its first cell, a
// multiple of 8) go in blocks of eight, and block b holds its rows one after the other, 8 floats each: cell o of row r
// at col + ((o >> 3) * rows + r) * 32 + (o & 7) * 4. A block's run over a block of K is then one contiguous stretch,
// read by every output channel of a task while it is in the L1 cache. The weights are in panels of four output
// channels, [GROUP][ceil(MG / 4)][rows][4] (zeros past MG). A task computes a range of channel quads over a range of
// cells, K block after K block (the cells' sums keep their order: the blocks go in order for every cell).

const STEP4: v128 = i32x4(0, 1, 2, 3);

/** The address of cell o (counted from the matrix's first cell) of row r in a panel column matrix of `rows` rows. */
// @ts-ignore: decorator
@inline
function cellAt(col: usize, rows: i32, r: i32, o: i32): usize {
  return col + ((<usize>(o >> 3) * <usize>rows + <usize>r) << 5) + (<usize>(o & 7) << 2);
}

/** Cells [o0, o1) of the column matrix of a plane: bytes. */
function colBytes(rows: i32, cells: i32): usize {
  return (<usize>((cells + 7) >> 3) * <usize>rows) << 5;
}

/** The column matrix of image img, group g: its panels of every cell of the plane. Range [N, GROUP]. */
export function convIm2colTask(ctx: usize, x: usize, _u: usize, _y: usize, _i0: i32, img: i32, g: i32): void {
  const cg = load<i32>(ctx, CV_CG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const inSize = load<i32>(ctx, CV_INSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const tap = <usize>load<i32>(ctx, CV_TAP);
  const rows = cg * kSize;
  const col = <usize>load<i32>(ctx, CV_COL) + <usize>(img * group + g) * colBytes(rows, oSize);
  const xg = x + ((<usize>((img * group + g) * cg) * <usize>inSize) << 2);
  im2colCells(xg, tap, <usize>load<i32>(ctx, CV_RUNS), load<i32>(ctx, CV_RUN_STEP), col, cg, kSize, inSize, oSize, 0, oSize);
}

/** Lanes 0 and 2 of a, then of b: the even floats of eight consecutive ones. */
// @ts-ignore: decorator
@inline
function evens(a: v128, b: v128): v128 {
  return i8x16.shuffle(a, b, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
}

/**
 * Cells [o0, o1) (o0 a multiple of 8) of the column matrix of the group's input xg (cg planes of inSize floats) by the
 * tap table, into the panels at col (whose first cell is o0): X[c, tap[p][o]], 0 where the tap is -1 (padding).
 * Block by block, so the writes run in order; a block whose eight cells read eight consecutive inputs at a kernel
 * position (the runs table: its first input cell, -2 in the padding, else -1) is two vector copies.
 */
function im2colCells(
  xg: usize, tap: usize, runs: usize, step: i32, col: usize, cg: i32, kSize: i32, inSize: i32, oSize: i32, o0: i32,
  o1: i32,
): void {
  const rows = cg * kSize;
  for (let ob = o0; ob < o1; ob += 8) {
    let oe = ob + 8;
    if (oe > o1) oe = o1;
    let dst = cellAt(col, rows, 0, ob - o0);
    const rb = runs + ((<usize>(ob >> 3) * <usize>kSize) << 2);
    for (let ci = 0; ci < cg; ci++) {
      const xb = xg + ((<usize>ci * <usize>inSize) << 2);
      for (let p = 0; p < kSize; p++) {
        const run = load<i32>(rb + (<usize>p << 2));
        if (run >= 0) {
          const src = xb + (<usize>run << 2);
          if (step == 1) {
            v128.store(dst, v128.load(src));
            v128.store(dst, v128.load(src, 16), 16);
          } else {
            v128.store(dst, evens(v128.load(src), v128.load(src, 16)));
            v128.store(dst, evens(v128.load(src, 32), v128.load(src, 48)), 16);
          }
          dst += 32;
          continue;
        }
        if (run == -2) {
          v128.store(dst, f32x4.splat(0));
          v128.store(dst, f32x4.splat(0), 16);
          dst += 32;
          continue;
        }
        const t = tap + ((<usize>p * <usize>oSize) << 2);
        for (let o = ob; o < oe; o++) {
          const q = load<i32>(t + (<usize>o << 2));
          store<f32>(dst + (<usize>(o - ob) << 2), q < 0 ? <f32>0 : load<f32>(xb + (<usize>q << 2)));
        }
        dst += 32;
      }
    }
  }
}

/** Lanes [0, nm) of v at p, p + stride, p + 2 stride, p + 3 stride (one output cell of nm channels). */
// @ts-ignore: decorator
@inline
function scatterChannels(p: usize, stride: usize, v: v128, nm: i32): void {
  store<f32>(p, f32x4.extract_lane(v, 0));
  if (nm > 1) store<f32>(p + stride, f32x4.extract_lane(v, 1));
  if (nm > 2) store<f32>(p + 2 * stride, f32x4.extract_lane(v, 2));
  if (nm > 3) store<f32>(p + 3 * stride, f32x4.extract_lane(v, 3));
}

/** The values at p, p + stride, ... (nm of them) as lanes [0, nm), 0 in the others. */
// @ts-ignore: decorator
@inline
function gatherChannels(p: usize, stride: usize, nm: i32): v128 {
  let v = v128.load32_zero(p);
  if (nm > 1) v = v128.load32_lane(p + stride, v, 1);
  if (nm > 2) v = v128.load32_lane(p + 2 * stride, v, 2);
  if (nm > 3) v = v128.load32_lane(p + 3 * stride, v, 3);
  return v;
}

/**
 * Cells [o, o + nc) (nc 1 or 4, within one panel block; c0: the address of cell o's row 0) of a quad of nm output
 * channels, the channels as the lanes (panel: their weights, [rows][4]): per cell the terms f32(W * col) of each block
 * of `block` rows summed from 0 in order, each block's sum added onto the earlier blocks' (or onto Z), then the bias:
 * the same operations as the cell-lane tiles, so the same bits. For the last cells of a plane (fewer than eight) and for
 * planes of few cells (a short 1-D signal).
 */
function cellsByChannel(
  c0: usize, panel: usize, rows: i32, rowBytes: usize, nc: i32, nm: i32, block: i32, hasSum: bool, zb: usize,
  yb: usize, hasBias: bool, bv: v128,
): void {
  const zero = f32x4.splat(0);
  let t0 = zero, t1 = zero, t2 = zero, t3 = zero;
  if (hasSum) {
    t0 = gatherChannels(zb, rowBytes, nm);
    if (nc == 4) {
      t1 = gatherChannels(zb + 4, rowBytes, nm);
      t2 = gatherChannels(zb + 8, rowBytes, nm);
      t3 = gatherChannels(zb + 12, rowBytes, nm);
    }
  }
  for (let k0 = 0; k0 < rows; k0 += block) {
    let end = k0 + block;
    if (end > rows) end = rows;
    let s0 = zero, s1 = zero, s2 = zero, s3 = zero;
    let cp = c0 + (<usize>k0 << 5);
    let wp = panel + (<usize>k0 << 4);
    if (nc == 4)
      for (let r = k0; r < end; r++) {
        const w = v128.load(wp);
        s0 = f32x4.add(s0, f32x4.mul(w, v128.load32_splat(cp)));
        s1 = f32x4.add(s1, f32x4.mul(w, v128.load32_splat(cp, 4)));
        s2 = f32x4.add(s2, f32x4.mul(w, v128.load32_splat(cp, 8)));
        s3 = f32x4.add(s3, f32x4.mul(w, v128.load32_splat(cp, 12)));
        cp += 32;
        wp += 16;
      }
    else
      for (let r = k0; r < end; r++) {
        s0 = f32x4.add(s0, f32x4.mul(v128.load(wp), v128.load32_splat(cp)));
        cp += 32;
        wp += 16;
      }
    if (k0 == 0 && !hasSum) {
      t0 = s0;
      t1 = s1;
      t2 = s2;
      t3 = s3;
    } else {
      t0 = f32x4.add(t0, s0);
      t1 = f32x4.add(t1, s1);
      t2 = f32x4.add(t2, s2);
      t3 = f32x4.add(t3, s3);
    }
  }
  if (hasBias) {
    t0 = f32x4.add(t0, bv);
    t1 = f32x4.add(t1, bv);
    t2 = f32x4.add(t2, bv);
    t3 = f32x4.add(t3, bv);
  }
  scatterChannels(yb, rowBytes, t0, nm);
  if (nc == 4) {
    scatterChannels(yb + 4, rowBytes, t1, nm);
    scatterChannels(yb + 8, rowBytes, t2, nm);
    scatterChannels(yb + 12, rowBytes, t3, nm);
  }
}

/** X[c, tap[p][o]] of row r = (c, p) (0 in the padding), from the group's input xg. */
// @ts-ignore: decorator
@inline
function tapValue(xg: usize, tap: usize, kSize: i32, inSize: i32, oSize: i32, r: i32, o: i32): f32 {
  const c = r / kSize;
  const q = load<i32>(tap + ((<usize>(r - c * kSize) * <usize>oSize + <usize>o) << 2));
  return q < 0 ? <f32>0 : load<f32>(xg + ((<usize>c * <usize>inSize + <usize>q) << 2));
}

/** Four cells' values of one tap row t (at cells o..o+3) from the input plane xb: one load where they are consecutive. */
// @ts-ignore: decorator
@inline
function tapVector(xb: usize, t: usize): v128 {
  const tv = v128.load(t);
  const off = i32x4.extract_lane(tv, 0);
  if (off >= 0 && i32x4.all_true(i32x4.eq(tv, i32x4.add(i32x4.splat(off), STEP4)))) return v128.load(xb + (<usize>off << 2));
  let v = f32x4.splat(0);
  const q0 = i32x4.extract_lane(tv, 0), q1 = i32x4.extract_lane(tv, 1), q2 = i32x4.extract_lane(tv, 2), q3 = i32x4.extract_lane(tv, 3);
  if (q0 >= 0) v = f32x4.replace_lane(v, 0, load<f32>(xb + (<usize>q0 << 2)));
  if (q1 >= 0) v = f32x4.replace_lane(v, 1, load<f32>(xb + (<usize>q1 << 2)));
  if (q2 >= 0) v = f32x4.replace_lane(v, 2, load<f32>(xb + (<usize>q2 << 2)));
  if (q3 >= 0) v = f32x4.replace_lane(v, 3, load<f32>(xb + (<usize>q3 << 2)));
  return v;
}

/**
 * The one-row product (one output channel per group): cells [o0, o1) of group g of image img, reading X through the
 * tap table (each value of a column matrix would be read once: none is built). The 8-cell blocks (before CV_GROUPED):
 * the first term (or Z), then every other one in order; the cells from there one by one (convCellOneRow's order).
 */
function oneRowSums(ctx: usize, x: usize, z: usize, y: usize, img: i32, g: i32, o0: i32, o1: i32): void {
  const cg = load<i32>(ctx, CV_CG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const inSize = load<i32>(ctx, CV_INSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const tap = <usize>load<i32>(ctx, CV_TAP);
  const rows = cg * kSize;
  const bias = <usize>load<i32>(ctx, CV_BIAS);
  const hasBias = bias != 0;
  const hasSum = load<i32>(ctx, CV_SUM) == 1;
  const block = load<i32>(ctx, CV_BLOCK);
  const grouped = load<i32>(ctx, CV_GROUPED);
  const runs = <usize>load<i32>(ctx, CV_RUNS);
  const step = load<i32>(ctx, CV_RUN_STEP);
  const zero = f32x4.splat(0);
  const wm = <usize>load<i32>(ctx, CV_WT) + ((<usize>g * <usize>rows) << 4);
  const b: f32 = hasBias ? load<f32>(bias + (<usize>g << 2)) : 0;
  const bv = f32x4.splat(b);
  const yj = y + ((<usize>(img * group + g) * <usize>oSize) << 2);
  const zj = z + (yj - y);
  const xg = x + ((<usize>((img * group + g) * cg) * <usize>inSize) << 2);
  const tapRow = <usize>oSize << 2;
  let o = o0;
  for (; o + 8 <= o1; o += 8) {
    const at = <usize>o << 2;
    let a0 = zero, b0 = zero;
    let first = !hasSum;
    if (hasSum) {
      a0 = v128.load(zj + at);
      b0 = v128.load(zj + at, 16);
    }
    let wp = wm;
    const rb = runs + ((<usize>(o >> 3) * <usize>kSize) << 2);
    for (let c = 0; c < cg; c++) {
      const xb = xg + ((<usize>c * <usize>inSize) << 2);
      let t = tap + at;
      for (let p = 0; p < kSize; p++) {
        const w = v128.load32_splat(wp);
        // eight consecutive inputs (the runs table): two loads; else through the tap table
        const run = load<i32>(rb + (<usize>p << 2));
        let x0: v128, x1: v128;
        if (run >= 0) {
          const src = xb + (<usize>run << 2);
          if (step == 1) {
            x0 = v128.load(src);
            x1 = v128.load(src, 16);
          } else {
            x0 = evens(v128.load(src), v128.load(src, 16));
            x1 = evens(v128.load(src, 32), v128.load(src, 48));
          }
        } else if (run == -2) {
          // eight cells in the padding: the products of 0, as the column matrix holds them
          x0 = zero;
          x1 = zero;
        } else {
          x0 = tapVector(xb, t);
          x1 = tapVector(xb, t + 16);
        }
        const t0 = f32x4.mul(w, x0);
        const t1 = f32x4.mul(w, x1);
        if (first) {
          a0 = t0;
          b0 = t1;
          first = false;
        } else {
          a0 = f32x4.add(a0, t0);
          b0 = f32x4.add(b0, t1);
        }
        t += tapRow;
        wp += 16;
      }
    }
    if (hasBias) {
      a0 = f32x4.add(a0, bv);
      b0 = f32x4.add(b0, bv);
    }
    v128.store(yj + at, a0);
    v128.store(yj + at, b0, 16);
  }
  for (; o < o1; o++) {
    const at = <usize>o << 2;
    const isGrouped = o >= grouped;
    let out: f32 = hasSum ? load<f32>(zj + at) : load<f32>(wm) * tapValue(xg, tap, kSize, inSize, oSize, 0, o);
    for (let k0 = 0; k0 < rows; k0 += block) {
      let end = k0 + block;
      if (end > rows) end = rows;
      let r = k0 == 0 && !hasSum ? 1 : k0;
      if (isGrouped)
        for (; r + 4 <= end; r += 4) {
          const wp = wm + (<usize>r << 4);
          const e0: f32 = load<f32>(wp) * tapValue(xg, tap, kSize, inSize, oSize, r, o);
          const e1: f32 = load<f32>(wp, 16) * tapValue(xg, tap, kSize, inSize, oSize, r + 1, o);
          const e2: f32 = load<f32>(wp, 32) * tapValue(xg, tap, kSize, inSize, oSize, r + 2, o);
          const e3: f32 = load<f32>(wp, 48) * tapValue(xg, tap, kSize, inSize, oSize, r + 3, o);
          out = out + (((e0 + e1) + e2) + e3);
        }
      for (; r < end; r++) out = out + load<f32>(wm + (<usize>r << 4)) * tapValue(xg, tap, kSize, inSize, oSize, r, o);
    }
    store<f32>(yj + at, hasBias ? out + b : out);
  }
}

/**
 * Channel quads [q0, q1) of group g of image img over cells [o0, o1). Range [N, GROUP, ceil(quads / CV_QUADS) *
 * ceil(OSIZE / CHUNK)] (CV_QUADS quads per task).
 */
export function convF32Task(ctx: usize, x: usize, z: usize, y: usize, img: i32, g: i32, t: i32): void {
  const cg = load<i32>(ctx, CV_CG);
  const mg = load<i32>(ctx, CV_MG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const chunk = load<i32>(ctx, CV_CHUNK);
  const perTask = load<i32>(ctx, CV_QUADS);
  const rows = cg * kSize;
  const chunks = (oSize + chunk - 1) / chunk;
  if (load<i32>(ctx, CV_ONEROW) == 1) {
    const c0 = (t % chunks) * chunk;
    let c1 = c0 + chunk;
    if (c1 > oSize) c1 = oSize;
    oneRowSums(ctx, x, z, y, img, g, c0, c1);
    if (load<i32>(ctx, CV_RELU) == 1) reluRows(ctx, y, img, g, 0, 1, c0, c1);
    return;
  }
  const q0 = (t / chunks) * perTask;
  let q1 = q0 + perTask;
  const quads = (mg + 3) >> 2;
  if (q1 > quads) q1 = quads;
  const o0 = (t % chunks) * chunk;
  let o1 = o0 + chunk;
  if (o1 > oSize) o1 = oSize;
  const col = <usize>load<i32>(ctx, CV_COL) + <usize>(img * group + g) * colBytes(rows, oSize);
  convRange(ctx, col, 0, z, y, img, g, q0, q1, o0, o1);
}

/**
 * Cells [t * CHUNK, (t + 1) * CHUNK) of group g of image img: their part of the column matrix (at its place in the
 * whole matrix of the plane), then every output channel of the group over them while that part is in the cache (the
 * same sums as convF32Task's: a cell's sums do not depend on which cells share its column matrix). For planes of many
 * cells, where building the whole matrix first would run it through memory. Range [N, GROUP, ceil(OSIZE / CHUNK)].
 */
export function convChunkTask(ctx: usize, x: usize, z: usize, y: usize, img: i32, g: i32, t: i32): void {
  const cg = load<i32>(ctx, CV_CG);
  const mg = load<i32>(ctx, CV_MG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const inSize = load<i32>(ctx, CV_INSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const chunk = load<i32>(ctx, CV_CHUNK);
  const tap = <usize>load<i32>(ctx, CV_TAP);
  const rows = cg * kSize;
  const o0 = t * chunk;
  if (o0 >= oSize) return;
  let o1 = o0 + chunk;
  if (o1 > oSize) o1 = oSize;
  const col = <usize>load<i32>(ctx, CV_COL) + <usize>(img * group + g) * colBytes(rows, oSize);
  const xg = x + ((<usize>((img * group + g) * cg) * <usize>inSize) << 2);
  im2colCells(xg, tap, <usize>load<i32>(ctx, CV_RUNS), load<i32>(ctx, CV_RUN_STEP), cellAt(col, rows, 0, o0), cg, kSize, inSize, oSize, o0, o1);
  convRange(ctx, col, 0, z, y, img, g, 0, (mg + 3) >> 2, o0, o1);
}

/**
 * CV_PIECE cells at a time: the column matrix of those cells only (in the task's part of the scratch), then every
 * output channel of the group over them, as convF32Task computes them (the same sums: a cell's sums do not depend on
 * which cells share its column matrix). For planes whose whole column matrix would be too large. Range [N, GROUP].
 */
export function convPiecesTask(ctx: usize, x: usize, z: usize, y: usize, _i0: i32, img: i32, g: i32): void {
  const cg = load<i32>(ctx, CV_CG);
  const mg = load<i32>(ctx, CV_MG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const inSize = load<i32>(ctx, CV_INSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const piece = load<i32>(ctx, CV_PIECE);
  const tap = <usize>load<i32>(ctx, CV_TAP);
  const rows = cg * kSize;
  const col = <usize>load<i32>(ctx, CV_COL) + <usize>(img * group + g) * colBytes(rows, piece);
  const xg = x + ((<usize>((img * group + g) * cg) * <usize>inSize) << 2);
  for (let o0 = 0; o0 < oSize; o0 += piece) {
    let o1 = o0 + piece;
    if (o1 > oSize) o1 = oSize;
    im2colCells(xg, tap, <usize>load<i32>(ctx, CV_RUNS), load<i32>(ctx, CV_RUN_STEP), col, cg, kSize, inSize, oSize, o0, o1);
    convRange(ctx, col, o0, z, y, img, g, 0, (mg + 3) >> 2, o0, o1);
  }
}

/**
 * Channel quads [q0, q1) of group g of image img over cells [o0, o1) (convSums; the column matrix at col, whose first
 * cell is c0), then, where CV_RELU, each of those outputs y -> y < 0 ? 0 : y while the tile is in cache
 * (f32x4.pmax(y, 0) is exactly that: -0 and NaN pass).
 */
function convRange(
  ctx: usize, col: usize, c0: i32, z: usize, y: usize, img: i32, g: i32, q0: i32, q1: i32, o0: i32, o1: i32,
): void {
  convSums(ctx, col, c0, z, y, img, g, q0, q1, o0, o1);
  if (load<i32>(ctx, CV_RELU) == 1) reluRows(ctx, y, img, g, q0, q1, o0, o1);
}

/** Outputs y -> y < 0 ? 0 : y of channel quads [q0, q1) of group g of image img over cells [o0, o1). */
function reluRows(ctx: usize, y: usize, img: i32, g: i32, q0: i32, q1: i32, o0: i32, o1: i32): void {
  const mg = load<i32>(ctx, CV_MG);
  const group = load<i32>(ctx, CV_GROUP);
  const oSize = load<i32>(ctx, CV_OSIZE);
  let m1 = q1 << 2;
  if (m1 > mg) m1 = mg;
  const zero = f32x4.splat(0);
  for (let j = q0 << 2; j < m1; j++) {
    const row = y + ((<usize>(img * group * mg + g * mg + j) * <usize>oSize) << 2);
    let o = o0;
    for (; o + 4 <= o1; o += 4) {
      const p = row + (<usize>o << 2);
      v128.store(p, f32x4.pmax(v128.load(p), zero));
    }
    for (; o < o1; o++) {
      const p = row + (<usize>o << 2);
      const v = load<f32>(p);
      store<f32>(p, v < 0 ? 0 : v);
    }
  }
}

/**
 * One finished row of an 8-cell tile: the block's sums (a, b) added onto the earlier blocks' (at s) where `onto`,
 * plus the bias where `last`, stored at yo.
 */
// @ts-ignore: decorator
@inline
function finishRow(yo: usize, s: usize, a: v128, b: v128, onto: bool, last: bool, bv: v128): void {
  if (onto) {
    a = f32x4.add(v128.load(s), a);
    b = f32x4.add(v128.load(s, 16), b);
  }
  if (last) {
    a = f32x4.add(a, bv);
    b = f32x4.add(b, bv);
  }
  v128.store(yo, a);
  v128.store(yo, b, 16);
}

/**
 * One 8-cell tile of one or two output channels (nm) over `count` rows of the column matrix from cp (weights from the
 * quad's panel at wp): the same sums as the four-channel tile's lanes of those channels, finished by finishRow.
 */
function fewChannels(
  cp: usize, wp: usize, count: i32, nm: i32, yo: usize, so: usize, rowBytes: usize, onto: bool, last: bool, bv0: v128,
  bv1: v128,
): void {
  const zero = f32x4.splat(0);
  let a0 = zero, b0 = zero, a1 = zero, b1 = zero;
  if (nm == 1)
    for (let r = 0; r < count; r++) {
      const w0 = v128.load32_splat(wp);
      a0 = f32x4.add(a0, f32x4.mul(w0, v128.load(cp)));
      b0 = f32x4.add(b0, f32x4.mul(w0, v128.load(cp, 16)));
      cp += 32;
      wp += 16;
    }
  else
    for (let r = 0; r < count; r++) {
      const c0v = v128.load(cp);
      const c1v = v128.load(cp, 16);
      const w0 = v128.load32_splat(wp);
      const w1 = v128.load32_splat(wp, 4);
      a0 = f32x4.add(a0, f32x4.mul(w0, c0v));
      b0 = f32x4.add(b0, f32x4.mul(w0, c1v));
      a1 = f32x4.add(a1, f32x4.mul(w1, c0v));
      b1 = f32x4.add(b1, f32x4.mul(w1, c1v));
      cp += 32;
      wp += 16;
    }
  finishRow(yo, so, a0, b0, onto, last, bv0);
  if (nm > 1) finishRow(yo + rowBytes, so + rowBytes, a1, b1, onto, last, bv1);
}

/**
 * Channel quads [q0, q1) of group g of image img over cells [o0, o1) (o0 a multiple of 8), the column matrix at col
 * (its first cell c0).
 */
function convSums(
  ctx: usize, col: usize, c0: i32, z: usize, y: usize, img: i32, g: i32, q0: i32, q1: i32, o0: i32, o1: i32,
): void {
  const cg = load<i32>(ctx, CV_CG);
  const mg = load<i32>(ctx, CV_MG);
  const group = load<i32>(ctx, CV_GROUP);
  const kSize = load<i32>(ctx, CV_KSIZE);
  const oSize = load<i32>(ctx, CV_OSIZE);
  const rows = cg * kSize;
  const bias = <usize>load<i32>(ctx, CV_BIAS);
  const hasBias = bias != 0;
  const hasSum = load<i32>(ctx, CV_SUM) == 1;
  const rowBytes = <usize>oSize << 2;
  const zero = f32x4.splat(0);
  const block = load<i32>(ctx, CV_BLOCK);
  const wt = <usize>load<i32>(ctx, CV_WT);
  const quads = (mg + 3) >> 2;
  // the cells that go by 8-cell tiles; the others (the plane's last cells) by channel
  const tiled = o0 + ((o1 - o0) & ~7);
  const wStride = <usize>rows << 4;
  for (let k0 = 0; k0 < rows && tiled > o0; k0 += block) {
    let end = k0 + block;
    if (end > rows) end = rows;
    const onto = k0 > 0 || hasSum;
    const last = hasBias && end == rows;
    for (let q = q0; q < q1; q++) {
      let nm = mg - (q << 2);
      if (nm > 4) nm = 4;
      const m = g * mg + (q << 2); // first output channel (all groups)
      const panel = wt + <usize>(g * quads + q) * wStride + (<usize>k0 << 4);
      const yb = y + ((<usize>(img * group * mg + m) * <usize>oSize) << 2);
      // the earlier blocks' sums: in the output; the first block's start: Z (of the output's shape)
      const sb = k0 > 0 ? yb : z + (yb - y);
      let bv0 = zero, bv1 = zero, bv2 = zero, bv3 = zero;
      if (last) {
        bv0 = f32x4.splat(load<f32>(bias + (<usize>m << 2)));
        if (nm > 1) bv1 = f32x4.splat(load<f32>(bias + (<usize>(m + 1) << 2)));
        if (nm > 2) bv2 = f32x4.splat(load<f32>(bias + (<usize>(m + 2) << 2)));
        if (nm > 3) bv3 = f32x4.splat(load<f32>(bias + (<usize>(m + 3) << 2)));
      }
      for (let o = o0; o < tiled; o += 8) {
        let a0 = zero, a1 = zero, a2 = zero, a3 = zero, b0 = zero, b1 = zero, b2 = zero, b3 = zero;
        let cp = cellAt(col, rows, k0, o - c0);
        let wp = panel;
        // a last quad of one or two channels: only their lanes (the same operations per channel), in a function of
        // its own (branches here cost the four-channel loop its registers)
        if (nm < 3) {
          fewChannels(cp, wp, end - k0, nm, yb + (<usize>o << 2), sb + (<usize>o << 2), rowBytes, onto, last, bv0, bv1);
          continue;
        }
        for (let r = k0; r < end; r++) {
          const c0v = v128.load(cp);
          const c1v = v128.load(cp, 16);
          const w0 = v128.load32_splat(wp);
          const w1 = v128.load32_splat(wp, 4);
          const w2 = v128.load32_splat(wp, 8);
          const w3 = v128.load32_splat(wp, 12);
          a0 = f32x4.add(a0, f32x4.mul(w0, c0v));
          b0 = f32x4.add(b0, f32x4.mul(w0, c1v));
          a1 = f32x4.add(a1, f32x4.mul(w1, c0v));
          b1 = f32x4.add(b1, f32x4.mul(w1, c1v));
          a2 = f32x4.add(a2, f32x4.mul(w2, c0v));
          b2 = f32x4.add(b2, f32x4.mul(w2, c1v));
          a3 = f32x4.add(a3, f32x4.mul(w3, c0v));
          b3 = f32x4.add(b3, f32x4.mul(w3, c1v));
          cp += 32;
          wp += 16;
        }
        const at = <usize>o << 2;
        finishRow(yb + at, sb + at, a0, b0, onto, last, bv0);
        if (nm > 1) finishRow(yb + rowBytes + at, sb + rowBytes + at, a1, b1, onto, last, bv1);
        if (nm > 2) finishRow(yb + 2 * rowBytes + at, sb + 2 * rowBytes + at, a2, b2, onto, last, bv2);
        if (nm > 3) finishRow(yb + 3 * rowBytes + at, sb + 3 * rowBytes + at, a3, b3, onto, last, bv3);
      }
    }
  }
  if (tiled == o1) return;
  // the cells past the tiles, the channels as the lanes: four cells at a time within a panel block, then one by one
  for (let q = q0; q < q1; q++) {
    let nm = mg - (q << 2);
    if (nm > 4) nm = 4;
    const m = g * mg + (q << 2);
    const panel = wt + <usize>(g * quads + q) * wStride;
    const yb = y + ((<usize>(img * group * mg + m) * <usize>oSize) << 2);
    const zb = z + (yb - y);
    let bv = zero;
    if (hasBias) {
      bv = v128.load32_zero(bias + (<usize>m << 2));
      if (nm > 1) bv = v128.load32_lane(bias + (<usize>(m + 1) << 2), bv, 1);
      if (nm > 2) bv = v128.load32_lane(bias + (<usize>(m + 2) << 2), bv, 2);
      if (nm > 3) bv = v128.load32_lane(bias + (<usize>(m + 3) << 2), bv, 3);
    }
    let o = tiled;
    for (; o + 4 <= o1 && ((o - c0) & 7) <= 4; o += 4) {
      const at = <usize>o << 2;
      cellsByChannel(cellAt(col, rows, 0, o - c0), panel, rows, rowBytes, 4, nm, block, hasSum, zb + at, yb + at, hasBias, bv);
    }
    for (; o < o1; o++) {
      const at = <usize>o << 2;
      cellsByChannel(cellAt(col, rows, 0, o - c0), panel, rows, rowBytes, 1, nm, block, hasSum, zb + at, yb + at, hasBias, bv);
    }
  }
}

// ---- ConvTranspose -----------------------------------------------------------------------------------------------

/** Stores the four lanes of v at the output cells of the four destination entries at d (skipping -1). */
// @ts-ignore: decorator
@inline
function scatter4(yb: usize, d: usize, v: v128): void {
  const o = v128.load(d);
  const o0 = i32x4.extract_lane(o, 0);
  const o1 = i32x4.extract_lane(o, 1);
  const o2 = i32x4.extract_lane(o, 2);
  const o3 = i32x4.extract_lane(o, 3);
  if (o0 >= 0) store<f32>(yb + (<usize>o0 << 2), f32x4.extract_lane(v, 0));
  if (o1 >= 0) store<f32>(yb + (<usize>o1 << 2), f32x4.extract_lane(v, 1));
  if (o2 >= 0) store<f32>(yb + (<usize>o2 << 2), f32x4.extract_lane(v, 2));
  if (o3 >= 0) store<f32>(yb + (<usize>o3 << 2), f32x4.extract_lane(v, 3));
}

/** Adds the four lanes of v onto the output cells of the four destination entries at d (skipping -1). */
// @ts-ignore: decorator
@inline
function scatterAdd4(yb: usize, d: usize, v: v128): void {
  const o = v128.load(d);
  const o0 = i32x4.extract_lane(o, 0);
  const o1 = i32x4.extract_lane(o, 1);
  const o2 = i32x4.extract_lane(o, 2);
  const o3 = i32x4.extract_lane(o, 3);
  if (o0 >= 0) {
    const a = yb + (<usize>o0 << 2);
    store<f32>(a, load<f32>(a) + f32x4.extract_lane(v, 0));
  }
  if (o1 >= 0) {
    const a = yb + (<usize>o1 << 2);
    store<f32>(a, load<f32>(a) + f32x4.extract_lane(v, 1));
  }
  if (o2 >= 0) {
    const a = yb + (<usize>o2 << 2);
    store<f32>(a, load<f32>(a) + f32x4.extract_lane(v, 2));
  }
  if (o3 >= 0) {
    const a = yb + (<usize>o3 << 2);
    store<f32>(a, load<f32>(a) + f32x4.extract_lane(v, 3));
  }
}

/**
 * CT_MODE_DIRECT, four kernel positions p .. p + 3 of output channel m over input cells [q0, q1): col sums, then
 * Y = f32(f32(0 + col) + b). xg: the group's channel 0 at cell 0; wm: m's packed weights; dp: dest row p.
 */
// @ts-ignore: decorator
@inline
function directBlock4(xg: usize, wm: usize, dp: usize, yb: usize, cg: i32, kSize: i32, inSize: i32, q0: i32, q1: i32, bv: v128): void {
  const zero = f32x4.splat(0);
  const rowBytes = <usize>inSize << 2;
  const dRow = <usize>inSize << 2; // bytes between dest rows p and p + 1
  const wStep = <usize>kSize << 2;
  let q = q0;
  for (; q + 8 <= q1; q += 8) {
    let a0 = zero, a1 = zero, a2 = zero, a3 = zero, b0 = zero, b1 = zero, b2 = zero, b3 = zero;
    let xp = xg + (<usize>q << 2);
    let wp = wm;
    for (let c = 0; c < cg; c++) {
      const x0 = v128.load(xp);
      const x1 = v128.load(xp, 16);
      const w0 = v128.load32_splat(wp);
      const w1 = v128.load32_splat(wp, 4);
      const w2 = v128.load32_splat(wp, 8);
      const w3 = v128.load32_splat(wp, 12);
      a0 = f32x4.add(a0, f32x4.mul(w0, x0));
      b0 = f32x4.add(b0, f32x4.mul(w0, x1));
      a1 = f32x4.add(a1, f32x4.mul(w1, x0));
      b1 = f32x4.add(b1, f32x4.mul(w1, x1));
      a2 = f32x4.add(a2, f32x4.mul(w2, x0));
      b2 = f32x4.add(b2, f32x4.mul(w2, x1));
      a3 = f32x4.add(a3, f32x4.mul(w3, x0));
      b3 = f32x4.add(b3, f32x4.mul(w3, x1));
      xp += rowBytes;
      wp += wStep;
    }
    const d = dp + (<usize>q << 2);
    scatter4(yb, d, f32x4.add(f32x4.add(zero, a0), bv));
    scatter4(yb, d + 16, f32x4.add(f32x4.add(zero, b0), bv));
    scatter4(yb, d + dRow, f32x4.add(f32x4.add(zero, a1), bv));
    scatter4(yb, d + dRow + 16, f32x4.add(f32x4.add(zero, b1), bv));
    scatter4(yb, d + 2 * dRow, f32x4.add(f32x4.add(zero, a2), bv));
    scatter4(yb, d + 2 * dRow + 16, f32x4.add(f32x4.add(zero, b2), bv));
    scatter4(yb, d + 3 * dRow, f32x4.add(f32x4.add(zero, a3), bv));
    scatter4(yb, d + 3 * dRow + 16, f32x4.add(f32x4.add(zero, b3), bv));
  }
  for (; q < q1; q++) directCell(xg, wm, dp, yb, cg, kSize, inSize, q, 4, f32x4.extract_lane(bv, 0));
}

/** CT_MODE_DIRECT, one kernel position p (wm already at p) over input cells [q0, q1). */
// @ts-ignore: decorator
@inline
function directBlock1(xg: usize, wm: usize, dp: usize, yb: usize, cg: i32, kSize: i32, inSize: i32, q0: i32, q1: i32, bv: v128): void {
  const zero = f32x4.splat(0);
  const rowBytes = <usize>inSize << 2;
  const wStep = <usize>kSize << 2;
  let q = q0;
  for (; q + 16 <= q1; q += 16) {
    let a0 = zero, a1 = zero, a2 = zero, a3 = zero;
    let xp = xg + (<usize>q << 2);
    let wp = wm;
    for (let c = 0; c < cg; c++) {
      const w = v128.load32_splat(wp);
      a0 = f32x4.add(a0, f32x4.mul(w, v128.load(xp)));
      a1 = f32x4.add(a1, f32x4.mul(w, v128.load(xp, 16)));
      a2 = f32x4.add(a2, f32x4.mul(w, v128.load(xp, 32)));
      a3 = f32x4.add(a3, f32x4.mul(w, v128.load(xp, 48)));
      xp += rowBytes;
      wp += wStep;
    }
    const d = dp + (<usize>q << 2);
    scatter4(yb, d, f32x4.add(f32x4.add(zero, a0), bv));
    scatter4(yb, d + 16, f32x4.add(f32x4.add(zero, a1), bv));
    scatter4(yb, d + 32, f32x4.add(f32x4.add(zero, a2), bv));
    scatter4(yb, d + 48, f32x4.add(f32x4.add(zero, a3), bv));
  }
  for (; q < q1; q++) directCell(xg, wm, dp, yb, cg, kSize, inSize, q, 1, f32x4.extract_lane(bv, 0));
}

/** CT_MODE_DIRECT, one input cell q and kernel positions p .. p + np - 1 (scalar; the same float steps). */
function directCell(xg: usize, wm: usize, dp: usize, yb: usize, cg: i32, kSize: i32, inSize: i32, q: i32, np: i32, b: f32): void {
  for (let k = 0; k < np; k++) {
    let a: f32 = 0;
    let xp = xg + (<usize>q << 2);
    let wp = wm + (<usize>k << 2);
    for (let c = 0; c < cg; c++) {
      a = a + load<f32>(wp) * load<f32>(xp);
      xp += <usize>inSize << 2;
      wp += <usize>kSize << 2;
    }
    const o = load<i32>(dp + ((<usize>k * <usize>inSize + <usize>q) << 2));
    if (o >= 0) store<f32>(yb + (<usize>o << 2), (<f32>0 + a) + b);
  }
}

/** CT_MODE_ACCUMULATE, one kernel position (wm at p, dp its dest row) over every input cell: Y[dest] += col. */
function accumulatePosition(xg: usize, wm: usize, dp: usize, yb: usize, cg: i32, kSize: i32, inSize: i32): void {
  const zero = f32x4.splat(0);
  const rowBytes = <usize>inSize << 2;
  const wStep = <usize>kSize << 2;
  let q = 0;
  for (; q + 16 <= inSize; q += 16) {
    let a0 = zero, a1 = zero, a2 = zero, a3 = zero;
    let xp = xg + (<usize>q << 2);
    let wp = wm;
    for (let c = 0; c < cg; c++) {
      const w = v128.load32_splat(wp);
      a0 = f32x4.add(a0, f32x4.mul(w, v128.load(xp)));
      a1 = f32x4.add(a1, f32x4.mul(w, v128.load(xp, 16)));
      a2 = f32x4.add(a2, f32x4.mul(w, v128.load(xp, 32)));
      a3 = f32x4.add(a3, f32x4.mul(w, v128.load(xp, 48)));
      xp += rowBytes;
      wp += wStep;
    }
    const d = dp + (<usize>q << 2);
    scatterAdd4(yb, d, a0);
    scatterAdd4(yb, d + 16, a1);
    scatterAdd4(yb, d + 32, a2);
    scatterAdd4(yb, d + 48, a3);
  }
  for (; q < inSize; q++) {
    let a: f32 = 0;
    let xp = xg + (<usize>q << 2);
    let wp = wm;
    for (let c = 0; c < cg; c++) {
      a = a + load<f32>(wp) * load<f32>(xp);
      xp += rowBytes;
      wp += wStep;
    }
    const o = load<i32>(dp + (<usize>q << 2));
    if (o >= 0) {
      const at = yb + (<usize>o << 2);
      store<f32>(at, load<f32>(at) + a);
    }
  }
}

/**
 * The columns of every kernel position of one output channel into col ([KSIZE][INSIZE]): col[p][q] = the sum over c,
 * from 0 in order, of f32(W[c, p] * X[c, q]) (accumulatePosition's sums), four positions x eight cells per register
 * tile (each X vector read once for four positions; the weights of four positions one load).
 */
function columnsOf(xg: usize, wm: usize, col: usize, cg: i32, kSize: i32, inSize: i32): void {
  const zero = f32x4.splat(0);
  const rowBytes = <usize>inSize << 2;
  const wStep = <usize>kSize << 2;
  let p = 0;
  for (; p + 4 <= kSize; p += 4) {
    const cp = col + <usize>p * rowBytes;
    let q = 0;
    for (; q + 8 <= inSize; q += 8) {
      let a0 = zero, b0 = zero, a1 = zero, b1 = zero, a2 = zero, b2 = zero, a3 = zero, b3 = zero;
      let xp = xg + (<usize>q << 2);
      let wp = wm + (<usize>p << 2);
      for (let c = 0; c < cg; c++) {
        const x0 = v128.load(xp);
        const x1 = v128.load(xp, 16);
        const w = v128.load(wp);
        const w0 = i32x4.shuffle(w, w, 0, 0, 0, 0);
        const w1 = i32x4.shuffle(w, w, 1, 1, 1, 1);
        const w2 = i32x4.shuffle(w, w, 2, 2, 2, 2);
        const w3 = i32x4.shuffle(w, w, 3, 3, 3, 3);
        a0 = f32x4.add(a0, f32x4.mul(w0, x0));
        b0 = f32x4.add(b0, f32x4.mul(w0, x1));
        a1 = f32x4.add(a1, f32x4.mul(w1, x0));
        b1 = f32x4.add(b1, f32x4.mul(w1, x1));
        a2 = f32x4.add(a2, f32x4.mul(w2, x0));
        b2 = f32x4.add(b2, f32x4.mul(w2, x1));
        a3 = f32x4.add(a3, f32x4.mul(w3, x0));
        b3 = f32x4.add(b3, f32x4.mul(w3, x1));
        xp += rowBytes;
        wp += wStep;
      }
      const at = cp + (<usize>q << 2);
      v128.store(at, a0);
      v128.store(at, b0, 16);
      v128.store(at + rowBytes, a1);
      v128.store(at + rowBytes, b1, 16);
      v128.store(at + 2 * rowBytes, a2);
      v128.store(at + 2 * rowBytes, b2, 16);
      v128.store(at + 3 * rowBytes, a3);
      v128.store(at + 3 * rowBytes, b3, 16);
    }
    for (; q < inSize; q++) columnCell(xg, wm, col, cg, kSize, inSize, p, 4, q);
  }
  for (; p < kSize; p++) {
    const cp = col + <usize>p * rowBytes;
    let q = 0;
    for (; q + 8 <= inSize; q += 8) {
      let a0 = zero, b0 = zero;
      let xp = xg + (<usize>q << 2);
      let wp = wm + (<usize>p << 2);
      for (let c = 0; c < cg; c++) {
        const w = v128.load32_splat(wp);
        a0 = f32x4.add(a0, f32x4.mul(w, v128.load(xp)));
        b0 = f32x4.add(b0, f32x4.mul(w, v128.load(xp, 16)));
        xp += rowBytes;
        wp += wStep;
      }
      v128.store(cp + (<usize>q << 2), a0);
      v128.store(cp + (<usize>q << 2), b0, 16);
    }
    for (; q < inSize; q++) columnCell(xg, wm, col, cg, kSize, inSize, p, 1, q);
  }
}

/** col[p + j][q] for j < count, one by one (the sums of columnsOf's tiles). */
function columnCell(xg: usize, wm: usize, col: usize, cg: i32, kSize: i32, inSize: i32, p: i32, count: i32, q: i32): void {
  const rowBytes = <usize>inSize << 2;
  for (let j = 0; j < count; j++) {
    let a: f32 = 0;
    let xp = xg + (<usize>q << 2);
    let wp = wm + (<usize>(p + j) << 2);
    for (let c = 0; c < cg; c++) {
      a = a + load<f32>(wp) * load<f32>(xp);
      xp += rowBytes;
      wp += <usize>kSize << 2;
    }
    store<f32>(col + <usize>(p + j) * rowBytes + (<usize>q << 2), a);
  }
}

/** Y[dest[p][q]] += col[p][q] for every kernel position in order, every input cell in order (skipping -1). */
function scatterColumns(col: usize, dest: usize, yb: usize, kSize: i32, inSize: i32): void {
  const n = kSize * inSize;
  let i = 0;
  for (; i + 4 <= n; i += 4) scatterAdd4(yb, dest + (<usize>i << 2), v128.load(col + (<usize>i << 2)));
  for (; i < n; i++) {
    const o = load<i32>(dest + (<usize>i << 2));
    if (o >= 0) {
      const at = yb + (<usize>o << 2);
      store<f32>(at, load<f32>(at) + load<f32>(col + (<usize>i << 2)));
    }
  }
}

/**
 * ConvTranspose task. CT_MODE_DIRECT: range [N, ceil(INSIZE / CHUNK)], i1 = image, i2 = chunk. CT_MODE_ACCUMULATE:
 * range [N, M], i1 = image, i2 = output channel. x: X, y: Y (byte offsets).
 */
export function convTransposeTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, img: i32, t: i32): void {
  const mode = load<i32>(ctx, CT_MODE);
  const cg = load<i32>(ctx, CT_CG);
  const mg = load<i32>(ctx, CT_MG);
  const group = load<i32>(ctx, CT_GROUP);
  const kSize = load<i32>(ctx, CT_KSIZE);
  const inSize = load<i32>(ctx, CT_INSIZE);
  const oSize = load<i32>(ctx, CT_OSIZE);
  const w = <usize>load<i32>(ctx, CT_W);
  const dest = <usize>load<i32>(ctx, CT_DEST);
  const bias = <usize>load<i32>(ctx, CT_BIAS);
  const c = cg * group;
  const m = mg * group;
  const planeIn = <usize>inSize << 2;
  const planeOut = <usize>oSize << 2;
  const dRow = <usize>inSize << 2;
  if (mode == CT_MODE_DIRECT) {
    const chunk = load<i32>(ctx, CT_CHUNK);
    const q0 = t * chunk;
    if (q0 >= inSize) return;
    const q1 = inSize - q0 > chunk ? q0 + chunk : inSize;
    for (let g = 0; g < group; g++) {
      const xg = x + <usize>(img * c + g * cg) * planeIn;
      for (let ml = 0; ml < mg; ml++) {
        const mo = g * mg + ml;
        const yb = y + <usize>(img * m + mo) * planeOut;
        const wm = w + ((<usize>mo * <usize>cg * <usize>kSize) << 2);
        const bv = bias ? v128.load32_splat(bias + (<usize>mo << 2)) : f32x4.splat(0);
        let p = 0;
        for (; p + 4 <= kSize; p += 4) directBlock4(xg, wm + (<usize>p << 2), dest + <usize>p * dRow, yb, cg, kSize, inSize, q0, q1, bv);
        for (; p < kSize; p++) directBlock1(xg, wm + (<usize>p << 2), dest + <usize>p * dRow, yb, cg, kSize, inSize, q0, q1, bv);
      }
    }
    return;
  }
  // CT_MODE_ACCUMULATE: output channel t of image img
  const mo = t;
  const g = mo / mg;
  const xg = x + <usize>(img * c + g * cg) * planeIn;
  const yb = y + <usize>(img * m + mo) * planeOut;
  const wm = w + ((<usize>mo * <usize>cg * <usize>kSize) << 2);
  memory.fill(yb, 0, planeOut);
  const cols = <usize>load<i32>(ctx, CT_COL);
  if (cols != 0) {
    // every position's column first (the task's own part of the scratch), then added position by position
    const col = cols + ((<usize>(img * m + mo) * <usize>kSize * <usize>inSize) << 2);
    columnsOf(xg, wm, col, cg, kSize, inSize);
    scatterColumns(col, dest, yb, kSize, inSize);
  } else
    for (let p = 0; p < kSize; p++) accumulatePosition(xg, wm + (<usize>p << 2), dest + <usize>p * dRow, yb, cg, kSize, inSize);
  if (bias) {
    const b = load<f32>(bias + (<usize>mo << 2));
    const bv = f32x4.splat(b);
    let i = 0;
    for (; i + 4 <= oSize; i += 4) {
      const a = yb + (<usize>i << 2);
      v128.store(a, f32x4.add(v128.load(a), bv));
    }
    for (; i < oSize; i++) {
      const a = yb + (<usize>i << 2);
      store<f32>(a, load<f32>(a) + b);
    }
  }
}

// ---- per-channel affine (BatchNormalization) ---------------------------------------------------------------------

/** Task t: planes [t * PPT, (t + 1) * PPT) of y = f32(f32(x * s[c]) + b[c]), c = plane % C. */
export function channelAffineTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const planes = load<i32>(ctx, AF_PLANES);
  const ch = load<i32>(ctx, AF_C);
  const inner = load<i32>(ctx, AF_INNER);
  const ppt = load<i32>(ctx, AF_PLANES_PER_TASK);
  const sp = <usize>load<i32>(ctx, AF_S);
  const bp = <usize>load<i32>(ctx, AF_B);
  const p0 = t * ppt;
  if (p0 >= planes) return;
  const p1 = planes - p0 > ppt ? p0 + ppt : planes;
  for (let p = p0; p < p1; p++) {
    const k = <usize>(p % ch) << 2;
    const s = load<f32>(sp + k);
    const b = load<f32>(bp + k);
    const sv = f32x4.splat(s);
    const bv = f32x4.splat(b);
    const base = <usize>p * <usize>inner << 2;
    const xs = x + base;
    const ys = y + base;
    let i = 0;
    for (; i + 16 <= inner; i += 16) {
      const o = <usize>i << 2;
      const v0 = f32x4.add(f32x4.mul(v128.load(xs + o), sv), bv);
      const v1 = f32x4.add(f32x4.mul(v128.load(xs + o, 16), sv), bv);
      const v2 = f32x4.add(f32x4.mul(v128.load(xs + o, 32), sv), bv);
      const v3 = f32x4.add(f32x4.mul(v128.load(xs + o, 48), sv), bv);
      v128.store(ys + o, v0);
      v128.store(ys + o, v1, 16);
      v128.store(ys + o, v2, 32);
      v128.store(ys + o, v3, 48);
    }
    for (; i + 4 <= inner; i += 4) {
      const o = <usize>i << 2;
      v128.store(ys + o, f32x4.add(f32x4.mul(v128.load(xs + o), sv), bv));
    }
    for (; i < inner; i++) {
      const o = <usize>i << 2;
      store<f32>(ys + o, load<f32>(xs + o) * s + b);
    }
  }
}

// ---- Relu --------------------------------------------------------------------------------------------------------

/** Task t: elements [t * GRAIN, (t + 1) * GRAIN) of y = x < 0 ? 0 : x. */
export function reluF32Task(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, RL_N);
  const grain = load<i32>(ctx, RL_GRAIN);
  const s = <i64>t * <i64>grain;
  if (s >= <i64>n) return;
  const e = n - <i32>s > grain ? <i32>s + grain : n;
  const zero = f32x4.splat(0);
  let i = <i32>s;
  for (; i + 16 <= e; i += 16) {
    const o = <usize>i << 2;
    const v0 = f32x4.pmax(v128.load(x + o), zero);
    const v1 = f32x4.pmax(v128.load(x + o, 16), zero);
    const v2 = f32x4.pmax(v128.load(x + o, 32), zero);
    const v3 = f32x4.pmax(v128.load(x + o, 48), zero);
    v128.store(y + o, v0);
    v128.store(y + o, v1, 16);
    v128.store(y + o, v2, 32);
    v128.store(y + o, v3, 48);
  }
  for (; i < e; i++) {
    const o = <usize>i << 2;
    const v = load<f32>(x + o);
    store<f32>(y + o, v < 0 ? <f32>0 : v);
  }
}

// ---- Softmax -----------------------------------------------------------------------------------------------------
// MLAS's MlasComputeSoftmax on rows of LEN contiguous values, as src/model/backends/host/softmax.ts and float-math.ts
// compute it: m = the row's maximum (NaN propagates); e = exp(x + (-m)) by MlasComputeSumExpVector's steps (below);
// sum: four lane sums over the first 4 * floor(LEN / 4) values, f(f(s0 + s2) + f(s1 + s3)), then the rest one by one;
// y = f(f(1 / sum) * e).

// MlasExpConstants (compute.cpp), as float32
const SE_LOWER: f32 = -88.3762626647949;
const SE_LOG2E: f32 = 1.44269504088896341;
const SE_LN2_HI: f32 = -6.93145752e-1;
const SE_LN2_LO: f32 = -1.42860677e-6;
const SE_BIAS: f32 = 12582912.0;
const SE_P0: f32 = 0.0013780593872070312;
const SE_P1: f32 = 0.008373124524950981;
const SE_P2: f32 = 0.041669536381959915;
const SE_P3: f32 = 0.166664719581604;
const SE_P4: f32 = 0.49999985098838806;
const SE_P56: f32 = 1.0;
const SE_ONE_BITS: i32 = 127 << 23;

/** exp(x + negMax) of four lanes: clamp below (NaN passes), m = round(v * log2 e) by the 1.5 * 2^23 trick, r = v - m
 * ln2 in two steps, the polynomial (its constant term added twice, as MLAS), times 2^m built from the bits. */
// @ts-ignore: decorator
@inline
function sumExp4(x: v128, negMax: v128): v128 {
  const v = f32x4.pmax(f32x4.add(x, negMax), f32x4.splat(SE_LOWER));
  const biased = f32x4.add(f32x4.mul(v, f32x4.splat(SE_LOG2E)), f32x4.splat(SE_BIAS));
  const m = f32x4.sub(biased, f32x4.splat(SE_BIAS));
  let r = f32x4.add(f32x4.mul(m, f32x4.splat(SE_LN2_HI)), v);
  r = f32x4.add(f32x4.mul(m, f32x4.splat(SE_LN2_LO)), r);
  let p = f32x4.add(f32x4.mul(f32x4.splat(SE_P0), r), f32x4.splat(SE_P1));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(SE_P2));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(SE_P3));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(SE_P4));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(SE_P56));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(SE_P56));
  return f32x4.mul(p, i32x4.add(i32x4.shl(biased, 23), i32x4.splat(SE_ONE_BITS)));
}

/** The same for one value. */
function sumExp1(x: f32, negMax: f32): f32 {
  let v = x + negMax;
  v = v < SE_LOWER ? SE_LOWER : v;
  const biased = v * SE_LOG2E + SE_BIAS;
  const m = biased - SE_BIAS;
  let r = m * SE_LN2_HI + v;
  r = m * SE_LN2_LO + r;
  let p = SE_P0 * r + SE_P1;
  p = p * r + SE_P2;
  p = p * r + SE_P3;
  p = p * r + SE_P4;
  p = p * r + SE_P56;
  p = p * r + SE_P56;
  return p * reinterpret<f32>((reinterpret<i32>(biased) << 23) + SE_ONE_BITS);
}

/** Task t: rows [t * RPT, (t + 1) * RPT) of y = softmax(x) (x may be y). */
export function softmaxTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const rows = load<i32>(ctx, SM_ROWS);
  const len = load<i32>(ctx, SM_LEN);
  const rpt = load<i32>(ctx, SM_ROWS_PER_TASK);
  const r0 = t * rpt;
  if (r0 >= rows) return;
  const r1 = rows - r0 > rpt ? r0 + rpt : rows;
  for (let row = r0; row < r1; row++) {
    const xs = x + ((<usize>row * <usize>len) << 2);
    const ys = y + ((<usize>row * <usize>len) << 2);
    // the maximum, from -FLT_MAX (f32.max / f32x4.max: NaN wins, +0 over -0, as std::max's use in MLAS here)
    let mv = f32x4.splat(-3.4028234663852886e38);
    let i = 0;
    for (; i + 4 <= len; i += 4) mv = f32x4.max(mv, v128.load(xs + (<usize>i << 2)));
    let mx = max<f32>(max<f32>(f32x4.extract_lane(mv, 0), f32x4.extract_lane(mv, 1)), max<f32>(f32x4.extract_lane(mv, 2), f32x4.extract_lane(mv, 3)));
    for (; i < len; i++) mx = max<f32>(mx, load<f32>(xs + (<usize>i << 2)));
    const neg: f32 = -mx;
    const nv = f32x4.splat(neg);
    let sum: f32 = 0;
    i = 0;
    if (len >= 4) {
      let acc = f32x4.splat(0);
      for (; i + 4 <= len; i += 4) {
        const e = sumExp4(v128.load(xs + (<usize>i << 2)), nv);
        v128.store(ys + (<usize>i << 2), e);
        acc = f32x4.add(acc, e);
      }
      sum = (f32x4.extract_lane(acc, 0) + f32x4.extract_lane(acc, 2)) + (f32x4.extract_lane(acc, 1) + f32x4.extract_lane(acc, 3));
    }
    for (; i < len; i++) {
      const e = sumExp1(load<f32>(xs + (<usize>i << 2)), neg);
      store<f32>(ys + (<usize>i << 2), e);
      sum = sum + e;
    }
    const scale: f32 = <f32>1 / sum;
    const sv = f32x4.splat(scale);
    i = 0;
    for (; i + 4 <= len; i += 4) {
      const a = ys + (<usize>i << 2);
      v128.store(a, f32x4.mul(sv, v128.load(a)));
    }
    for (; i < len; i++) {
      const a = ys + (<usize>i << 2);
      store<f32>(a, scale * load<f32>(a));
    }
  }
}

/** Lanes 0..3: the values of n < 4 neighbouring rows at x, the last one repeated in the idle lanes. */
function rowsLoadPartial(x: usize, n: i32): v128 {
  let v = f32x4.splat(load<f32>(x));
  v = f32x4.replace_lane(v, 1, load<f32>(x + (<usize>min<i32>(1, n - 1) << 2)));
  v = f32x4.replace_lane(v, 2, load<f32>(x + (<usize>min<i32>(2, n - 1) << 2)));
  return f32x4.replace_lane(v, 3, load<f32>(x + (<usize>min<i32>(3, n - 1) << 2)));
}

/** Stores lanes 0 .. n - 1 (n < 4) of v at y. */
function rowsStorePartial(y: usize, v: v128, n: i32): void {
  store<f32>(y, f32x4.extract_lane(v, 0));
  if (n > 1) store<f32>(y, f32x4.extract_lane(v, 1), 4);
  if (n > 2) store<f32>(y, f32x4.extract_lane(v, 2), 8);
}

/** Lanes 0..3: the values of four neighbouring rows at x (fewer: rowsLoadPartial). */
// @ts-ignore: decorator
@inline
function rowsLoad(x: usize, n: i32): v128 {
  return n == 4 ? v128.load(x) : rowsLoadPartial(x, n);
}

/** Stores lanes 0 .. n - 1 of v at y. */
// @ts-ignore: decorator
@inline
function rowsStore(y: usize, v: v128, n: i32): void {
  if (n == 4) v128.store(y, v);
  else rowsStorePartial(y, v, n);
}

/**
 * Softmax along a strided axis (opset 13+, the axis not innermost: YOLOv8's DFL head over [1, 16, 4, anchors]):
 * blocks of LEN x INNER values (SM_ROWS of them), a block's rows its INNER columns. Four neighbouring rows are the
 * four lanes (one vector load per row element); each lane runs softmaxTask's arithmetic on its own row: the maximum,
 * e by sumExp4, the four partial sums of the first 4 * floor(LEN / 4) values (element i into sum i % 4) combined as
 * f(f(s0 + s2) + f(s1 + s3)), the rest added one by one, y = f(f(1 / sum) * e). Task t: groups [t * RPT, + RPT) of
 * 4 rows (a block's last group may hold fewer: its last row repeated in the idle lanes, stored only once).
 */
export function softmaxStridedTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const blocks = load<i32>(ctx, SM_ROWS);
  const len = load<i32>(ctx, SM_LEN);
  const gpt = load<i32>(ctx, SM_ROWS_PER_TASK);
  const inner = load<i32>(ctx, SM_INNER);
  const per = (inner + 3) >> 2;
  const g0 = t * gpt;
  let g1 = g0 + gpt;
  if (g1 > blocks * per) g1 = blocks * per;
  const step = <usize>inner << 2; // bytes from one row element to the next
  for (let g = g0; g < g1; g++) {
    const b = g / per;
    const j = (g - b * per) << 2;
    const n = inner - j < 4 ? inner - j : 4;
    const off = ((<usize>b * <usize>len * <usize>inner) + <usize>j) << 2;
    const xs = x + off,
      ys = y + off;
    let mv = f32x4.splat(-3.4028234663852886e38);
    for (let i = 0; i < len; i++) mv = f32x4.max(mv, rowsLoad(xs + <usize>i * step, n));
    const nv = f32x4.neg(mv);
    let sum = f32x4.splat(0);
    let i = 0;
    if (len >= 4) {
      // element i into partial sum i % 4: the four accumulators rotate one place per element, so that a0 is always
      // the one of the element at hand, and after a multiple of 4 elements each is back in its place
      let a0 = f32x4.splat(0),
        a1 = a0,
        a2 = a0,
        a3 = a0;
      const body = len & ~3;
      for (; i < body; i++) {
        const p = <usize>i * step;
        const e = sumExp4(rowsLoad(xs + p, n), nv);
        rowsStore(ys + p, e, n);
        const a = f32x4.add(a0, e);
        a0 = a1;
        a1 = a2;
        a2 = a3;
        a3 = a;
      }
      sum = f32x4.add(f32x4.add(a0, a2), f32x4.add(a1, a3));
    }
    for (; i < len; i++) {
      const p = <usize>i * step;
      const e = sumExp4(rowsLoad(xs + p, n), nv);
      rowsStore(ys + p, e, n);
      sum = f32x4.add(sum, e);
    }
    const sv = f32x4.div(f32x4.splat(1), sum);
    for (i = 0; i < len; i++) {
      const p = ys + <usize>i * step;
      rowsStore(p, f32x4.mul(sv, rowsLoad(p, n)), n);
    }
  }
}

// ---- rows in lanes: LayerNormalization, InstanceNormalization, row reductions ----------------------------------
// Each statistic is an in-order float32 chain along one row (a plane), which cannot be split within the row without
// changing its roundings. So four rows run at once, one per lane: a 4x4 block (four values of each of four rows) is
// loaded and transposed, and lane j steps through row j's values in order, exactly as the scalar loop does. A group
// with fewer than four rows repeats its last row in the idle lanes (their results are dropped; nothing is read
// outside the rows). The element-wise pass after the statistics is along the row, four values at a time.

/** Lane j: row j's value at byte offset o. */
// @ts-ignore: decorator
@inline
function gather4(p0: usize, p1: usize, p2: usize, p3: usize, o: usize): v128 {
  let v = f32x4.splat(load<f32>(p0 + o));
  v = f32x4.replace_lane(v, 1, load<f32>(p1 + o));
  v = f32x4.replace_lane(v, 2, load<f32>(p2 + o));
  return f32x4.replace_lane(v, 3, load<f32>(p3 + o));
}

// The 4x4 transpose: rows a, b, c, d (four values each at one offset) -> columns c0..c3 (lane j: row j's value).
// t0 = [a0 b0 a1 b1], t1 = [a2 b2 a3 b3], t2 = [c0 d0 c1 d1], t3 = [c2 d2 c3 d3]
// @ts-ignore: decorator
@inline
function lo2(a: v128, b: v128): v128 {
  return v128.shuffle<f32>(a, b, 0, 4, 1, 5);
}
// @ts-ignore: decorator
@inline
function hi2(a: v128, b: v128): v128 {
  return v128.shuffle<f32>(a, b, 2, 6, 3, 7);
}
// @ts-ignore: decorator
@inline
function col0(t0: v128, t2: v128): v128 {
  return v128.shuffle<f32>(t0, t2, 0, 1, 4, 5);
}
// @ts-ignore: decorator
@inline
function col1(t0: v128, t2: v128): v128 {
  return v128.shuffle<f32>(t0, t2, 2, 3, 6, 7);
}

/** Lane j: the in-order sum of row j's values [from, len) added onto s (s = f(s + v) value by value). */
// @ts-ignore: decorator
@inline
function sumRows4(p0: usize, p1: usize, p2: usize, p3: usize, from: i32, len: i32, s0: v128): v128 {
  let s = s0;
  let h = from;
  for (; h + 4 <= len; h += 4) {
    const o = <usize>h << 2;
    const a = v128.load(p0 + o),
      b = v128.load(p1 + o),
      c = v128.load(p2 + o),
      d = v128.load(p3 + o);
    const t0 = lo2(a, b),
      t1 = hi2(a, b),
      t2 = lo2(c, d),
      t3 = hi2(c, d);
    s = f32x4.add(s, col0(t0, t2));
    s = f32x4.add(s, col1(t0, t2));
    s = f32x4.add(s, col0(t1, t3));
    s = f32x4.add(s, col1(t1, t3));
  }
  for (; h < len; h++) s = f32x4.add(s, gather4(p0, p1, p2, p3, <usize>h << 2));
  return s;
}

/** Row r's start (rows of `len` floats from x), r clamped to the last row `last` (a group's idle lanes). */
// @ts-ignore: decorator
@inline
function rowAt(x: usize, r: i32, last: i32, len: i32): usize {
  return x + ((<usize>(r < last ? r : last) * <usize>len) << 2);
}

// ---- LayerNormalization ------------------------------------------------------------------------------------------
// As src/model/backends/host/normalize.ts (onnxruntime's kernel): per row, Welford's running mean m and sum q of
// squared deviations from m = q = 0: d = f(v - m), m = f(m + f(d / (h + 1))), q = f(q + f(d * f(v - m))); then
// den = f(sqrt(f(f(q / W) + eps))) and y = f(f(f(f(x - m) / den) * S) + B) (without B: f(f(f(x - m) / den) * S));
// the optional outputs Mean = m and InvStdDev = f(1 / den) where LN_MEAN / LN_INV_STD point to them.
// h + 1 and W are exact in float32 (W <= 2^24, checked by the host), so f32 division is the host's rounding.

/** y of one row: ((x - m) / den) * S (+ B), four values at a time. */
function layerNormRow(xs: usize, ys: usize, w: i32, m: f32, den: f32, sp: usize, bp: usize): void {
  const mv = f32x4.splat(m),
    dv = f32x4.splat(den);
  let h = 0;
  if (bp) {
    for (; h + 4 <= w; h += 4) {
      const o = <usize>h << 2;
      const t = f32x4.mul(f32x4.div(f32x4.sub(v128.load(xs + o), mv), dv), v128.load(sp + o));
      v128.store(ys + o, f32x4.add(t, v128.load(bp + o)));
    }
    for (; h < w; h++) {
      const o = <usize>h << 2;
      store<f32>(ys + o, ((load<f32>(xs + o) - m) / den) * load<f32>(sp + o) + load<f32>(bp + o));
    }
  } else {
    for (; h + 4 <= w; h += 4) {
      const o = <usize>h << 2;
      v128.store(ys + o, f32x4.mul(f32x4.div(f32x4.sub(v128.load(xs + o), mv), dv), v128.load(sp + o)));
    }
    for (; h < w; h++) {
      const o = <usize>h << 2;
      store<f32>(ys + o, ((load<f32>(xs + o) - m) / den) * load<f32>(sp + o));
    }
  }
}

/** The first k (<= 8 used) of eight lane values (a's four, then b's) to p[0..k). */
function storeRows8(p: usize, k: i32, a: v128, b: v128): void {
  if (k >= 4) v128.store(p, a);
  else {
    store<f32>(p, f32x4.extract_lane(a, 0));
    if (k > 1) store<f32>(p, f32x4.extract_lane(a, 1), 4);
    if (k > 2) store<f32>(p, f32x4.extract_lane(a, 2), 8);
    return;
  }
  if (k >= 8) v128.store(p, b, 16);
  else {
    if (k > 4) store<f32>(p, f32x4.extract_lane(b, 0), 16);
    if (k > 5) store<f32>(p, f32x4.extract_lane(b, 1), 20);
    if (k > 6) store<f32>(p, f32x4.extract_lane(b, 2), 24);
  }
}

/** Welford's step of four lanes: the new running mean from v, the old mean m and the count n = h + 1. */
// @ts-ignore: decorator
@inline
function welfordMean(v: v128, m: v128, n: v128): v128 {
  return f32x4.add(m, f32x4.div(f32x4.sub(v, m), n));
}
/** Welford's step of four lanes: q + f(f(v - old mean) * f(v - new mean)). */
// @ts-ignore: decorator
@inline
function welfordSq(v: v128, m0: v128, m1: v128, q: v128): v128 {
  return f32x4.add(q, f32x4.mul(f32x4.sub(v, m0), f32x4.sub(v, m1)));
}

/** Task t: rows [t * RPT, (t + 1) * RPT) of LayerNormalization (x may be y). Eight rows per group: two lane groups
 * whose chains are independent, so that the CPU overlaps them (one chain waits on each division). */
export function layerNormTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const rows = load<i32>(ctx, LN_ROWS);
  const w = load<i32>(ctx, LN_W);
  const rpt = load<i32>(ctx, LN_ROWS_PER_TASK);
  const sp = <usize>load<i32>(ctx, LN_SCALE);
  const bp = <usize>load<i32>(ctx, LN_BIAS);
  const eps = f32x4.splat(load<f32>(ctx, LN_EPS));
  const meanP = <usize>load<i32>(ctx, LN_MEAN);
  const invP = <usize>load<i32>(ctx, LN_INV_STD);
  const r0 = t * rpt;
  if (r0 >= rows) return;
  const r1 = rows - r0 > rpt ? r0 + rpt : rows;
  const one = f32x4.splat(1);
  const wv = f32x4.splat(<f32>w);
  const stride = (<usize>w) << 2;
  for (let g = r0; g < r1; g += 8) {
    const last = r1 - 1;
    const p0 = rowAt(x, g, last, w),
      p1 = rowAt(x, g + 1, last, w),
      p2 = rowAt(x, g + 2, last, w),
      p3 = rowAt(x, g + 3, last, w),
      p4 = rowAt(x, g + 4, last, w),
      p5 = rowAt(x, g + 5, last, w),
      p6 = rowAt(x, g + 6, last, w),
      p7 = rowAt(x, g + 7, last, w);
    let m = f32x4.splat(0),
      q = f32x4.splat(0),
      mm = f32x4.splat(0),
      qq = f32x4.splat(0),
      n = one; // h + 1
    let h = 0;
    for (; h + 4 <= w; h += 4) {
      const o = <usize>h << 2;
      const a = v128.load(p0 + o),
        b = v128.load(p1 + o),
        c = v128.load(p2 + o),
        d = v128.load(p3 + o);
      const aa = v128.load(p4 + o),
        bb = v128.load(p5 + o),
        cc = v128.load(p6 + o),
        dd = v128.load(p7 + o);
      const t0 = lo2(a, b),
        t1 = hi2(a, b),
        t2 = lo2(c, d),
        t3 = hi2(c, d);
      const u0 = lo2(aa, bb),
        u1 = hi2(aa, bb),
        u2 = lo2(cc, dd),
        u3 = hi2(cc, dd);
      let v = col0(t0, t2),
        vv = col0(u0, u2);
      let m1 = welfordMean(v, m, n),
        mm1 = welfordMean(vv, mm, n);
      q = welfordSq(v, m, m1, q);
      qq = welfordSq(vv, mm, mm1, qq);
      n = f32x4.add(n, one);
      v = col1(t0, t2);
      vv = col1(u0, u2);
      m = welfordMean(v, m1, n);
      mm = welfordMean(vv, mm1, n);
      q = welfordSq(v, m1, m, q);
      qq = welfordSq(vv, mm1, mm, qq);
      n = f32x4.add(n, one);
      v = col0(t1, t3);
      vv = col0(u1, u3);
      m1 = welfordMean(v, m, n);
      mm1 = welfordMean(vv, mm, n);
      q = welfordSq(v, m, m1, q);
      qq = welfordSq(vv, mm, mm1, qq);
      n = f32x4.add(n, one);
      v = col1(t1, t3);
      vv = col1(u1, u3);
      m = welfordMean(v, m1, n);
      mm = welfordMean(vv, mm1, n);
      q = welfordSq(v, m1, m, q);
      qq = welfordSq(vv, mm1, mm, qq);
      n = f32x4.add(n, one);
    }
    for (; h < w; h++) {
      const o = <usize>h << 2;
      const v = gather4(p0, p1, p2, p3, o),
        vv = gather4(p4, p5, p6, p7, o);
      const m1 = welfordMean(v, m, n),
        mm1 = welfordMean(vv, mm, n);
      q = welfordSq(v, m, m1, q);
      qq = welfordSq(vv, mm, mm1, qq);
      m = m1;
      mm = mm1;
      n = f32x4.add(n, one);
    }
    const den = f32x4.sqrt(f32x4.add(f32x4.div(q, wv), eps)),
      dd = f32x4.sqrt(f32x4.add(f32x4.div(qq, wv), eps));
    const y0 = y + ((<usize>g * <usize>w) << 2);
    const x0 = x + ((<usize>g * <usize>w) << 2);
    const k = r1 - g;
    // the optional outputs: Mean = m, InvStdDev = f(1 / den), per row
    if (meanP) storeRows8(meanP + (<usize>g << 2), k, m, mm);
    if (invP) storeRows8(invP + (<usize>g << 2), k, f32x4.div(one, den), f32x4.div(one, dd));
    layerNormRow(x0, y0, w, f32x4.extract_lane(m, 0), f32x4.extract_lane(den, 0), sp, bp);
    if (k > 1) layerNormRow(x0 + stride, y0 + stride, w, f32x4.extract_lane(m, 1), f32x4.extract_lane(den, 1), sp, bp);
    if (k > 2) layerNormRow(x0 + 2 * stride, y0 + 2 * stride, w, f32x4.extract_lane(m, 2), f32x4.extract_lane(den, 2), sp, bp);
    if (k > 3) layerNormRow(x0 + 3 * stride, y0 + 3 * stride, w, f32x4.extract_lane(m, 3), f32x4.extract_lane(den, 3), sp, bp);
    if (k > 4) layerNormRow(x0 + 4 * stride, y0 + 4 * stride, w, f32x4.extract_lane(mm, 0), f32x4.extract_lane(dd, 0), sp, bp);
    if (k > 5) layerNormRow(x0 + 5 * stride, y0 + 5 * stride, w, f32x4.extract_lane(mm, 1), f32x4.extract_lane(dd, 1), sp, bp);
    if (k > 6) layerNormRow(x0 + 6 * stride, y0 + 6 * stride, w, f32x4.extract_lane(mm, 2), f32x4.extract_lane(dd, 2), sp, bp);
    if (k > 7) layerNormRow(x0 + 7 * stride, y0 + 7 * stride, w, f32x4.extract_lane(mm, 3), f32x4.extract_lane(dd, 3), sp, bp);
  }
}

// ---- InstanceNormalization ---------------------------------------------------------------------------------------
// As src/model/backends/host/normalize.ts (onnxruntime's kernel, Eigen's sums): per plane of W values, s = the
// in-order sum from the first value, mean = f(s / W); q = the in-order sum of f(f(x - mean)^2) from the first;
// inv = f(1 / f(sqrt(f(f(q / W) + eps)))), a = f(inv * scale[c]), b = f(B[c] - f(mean * a)); y = f(f(x * a) + b).

/** y = f(f(x * a) + b) over one plane, four values at a time. */
function affineRow(xs: usize, ys: usize, w: i32, a: f32, b: f32): void {
  const av = f32x4.splat(a),
    bv = f32x4.splat(b);
  let h = 0;
  for (; h + 4 <= w; h += 4) {
    const o = <usize>h << 2;
    v128.store(ys + o, f32x4.add(f32x4.mul(v128.load(xs + o), av), bv));
  }
  for (; h < w; h++) {
    const o = <usize>h << 2;
    store<f32>(ys + o, load<f32>(xs + o) * a + b);
  }
}

/** Lane j: the channel parameter (scale or B at p) of plane g + j (a lane past the last plane repeats it). */
// @ts-ignore: decorator
@inline
function channelParams(p: usize, g: i32, last: i32, ch: i32): v128 {
  return gather4(
    p + (<usize>((g < last ? g : last) % ch) << 2),
    p + (<usize>((g + 1 < last ? g + 1 : last) % ch) << 2),
    p + (<usize>((g + 2 < last ? g + 2 : last) % ch) << 2),
    p + (<usize>((g + 3 < last ? g + 3 : last) % ch) << 2),
    0,
  );
}

/** a = f(inv * scale[c]) of four planes from the sum q of squared deviations: inv = f(1 / f(sqrt(f(f(q / W) + eps)))). */
// @ts-ignore: decorator
@inline
function instanceA(q: v128, wv: v128, eps: v128, scale: v128): v128 {
  return f32x4.mul(f32x4.div(f32x4.splat(1), f32x4.sqrt(f32x4.add(f32x4.div(q, wv), eps))), scale);
}

/** Task t: planes [t * PPT, (t + 1) * PPT) of InstanceNormalization (x may be y). Eight planes per group: two lane
 * groups whose sums are independent chains, which the CPU overlaps. */
export function instanceNormTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const planes = load<i32>(ctx, IN_PLANES);
  const ch = load<i32>(ctx, IN_C);
  const w = load<i32>(ctx, IN_W);
  const ppt = load<i32>(ctx, IN_PLANES_PER_TASK);
  const sp = <usize>load<i32>(ctx, IN_SCALE);
  const bp = <usize>load<i32>(ctx, IN_BIAS);
  const eps = f32x4.splat(load<f32>(ctx, IN_EPS));
  const r0 = t * ppt;
  if (r0 >= planes) return;
  const r1 = planes - r0 > ppt ? r0 + ppt : planes;
  const wv = f32x4.splat(<f32>w);
  const stride = (<usize>w) << 2;
  for (let g = r0; g < r1; g += 8) {
    const last = r1 - 1;
    const p0 = rowAt(x, g, last, w),
      p1 = rowAt(x, g + 1, last, w),
      p2 = rowAt(x, g + 2, last, w),
      p3 = rowAt(x, g + 3, last, w),
      p4 = rowAt(x, g + 4, last, w),
      p5 = rowAt(x, g + 5, last, w),
      p6 = rowAt(x, g + 6, last, w),
      p7 = rowAt(x, g + 7, last, w);
    const first = gather4(p0, p1, p2, p3, 0),
      first2 = gather4(p4, p5, p6, p7, 0);
    // the sums from the first value, then the squared deviations from the first value, two lane groups at a time
    let s = first,
      ss = first2;
    let h = 1;
    for (; h + 4 <= w; h += 4) {
      const o = <usize>h << 2;
      const t0 = lo2(v128.load(p0 + o), v128.load(p1 + o)),
        t1 = hi2(v128.load(p0 + o), v128.load(p1 + o)),
        t2 = lo2(v128.load(p2 + o), v128.load(p3 + o)),
        t3 = hi2(v128.load(p2 + o), v128.load(p3 + o));
      const u0 = lo2(v128.load(p4 + o), v128.load(p5 + o)),
        u1 = hi2(v128.load(p4 + o), v128.load(p5 + o)),
        u2 = lo2(v128.load(p6 + o), v128.load(p7 + o)),
        u3 = hi2(v128.load(p6 + o), v128.load(p7 + o));
      s = f32x4.add(s, col0(t0, t2));
      ss = f32x4.add(ss, col0(u0, u2));
      s = f32x4.add(s, col1(t0, t2));
      ss = f32x4.add(ss, col1(u0, u2));
      s = f32x4.add(s, col0(t1, t3));
      ss = f32x4.add(ss, col0(u1, u3));
      s = f32x4.add(s, col1(t1, t3));
      ss = f32x4.add(ss, col1(u1, u3));
    }
    for (; h < w; h++) {
      const o = <usize>h << 2;
      s = f32x4.add(s, gather4(p0, p1, p2, p3, o));
      ss = f32x4.add(ss, gather4(p4, p5, p6, p7, o));
    }
    const mean = f32x4.div(s, wv),
      mean2 = f32x4.div(ss, wv);
    let e = f32x4.sub(first, mean),
      ee = f32x4.sub(first2, mean2);
    let q = f32x4.mul(e, e),
      qq = f32x4.mul(ee, ee);
    h = 1;
    for (; h + 4 <= w; h += 4) {
      const o = <usize>h << 2;
      const t0 = lo2(v128.load(p0 + o), v128.load(p1 + o)),
        t1 = hi2(v128.load(p0 + o), v128.load(p1 + o)),
        t2 = lo2(v128.load(p2 + o), v128.load(p3 + o)),
        t3 = hi2(v128.load(p2 + o), v128.load(p3 + o));
      const u0 = lo2(v128.load(p4 + o), v128.load(p5 + o)),
        u1 = hi2(v128.load(p4 + o), v128.load(p5 + o)),
        u2 = lo2(v128.load(p6 + o), v128.load(p7 + o)),
        u3 = hi2(v128.load(p6 + o), v128.load(p7 + o));
      e = f32x4.sub(col0(t0, t2), mean);
      ee = f32x4.sub(col0(u0, u2), mean2);
      q = f32x4.add(q, f32x4.mul(e, e));
      qq = f32x4.add(qq, f32x4.mul(ee, ee));
      e = f32x4.sub(col1(t0, t2), mean);
      ee = f32x4.sub(col1(u0, u2), mean2);
      q = f32x4.add(q, f32x4.mul(e, e));
      qq = f32x4.add(qq, f32x4.mul(ee, ee));
      e = f32x4.sub(col0(t1, t3), mean);
      ee = f32x4.sub(col0(u1, u3), mean2);
      q = f32x4.add(q, f32x4.mul(e, e));
      qq = f32x4.add(qq, f32x4.mul(ee, ee));
      e = f32x4.sub(col1(t1, t3), mean);
      ee = f32x4.sub(col1(u1, u3), mean2);
      q = f32x4.add(q, f32x4.mul(e, e));
      qq = f32x4.add(qq, f32x4.mul(ee, ee));
    }
    for (; h < w; h++) {
      const o = <usize>h << 2;
      e = f32x4.sub(gather4(p0, p1, p2, p3, o), mean);
      ee = f32x4.sub(gather4(p4, p5, p6, p7, o), mean2);
      q = f32x4.add(q, f32x4.mul(e, e));
      qq = f32x4.add(qq, f32x4.mul(ee, ee));
    }
    const a = instanceA(q, wv, eps, channelParams(sp, g, last, ch)),
      aa = instanceA(qq, wv, eps, channelParams(sp, g + 4, last, ch));
    const b = f32x4.sub(channelParams(bp, g, last, ch), f32x4.mul(mean, a)),
      bb = f32x4.sub(channelParams(bp, g + 4, last, ch), f32x4.mul(mean2, aa));
    const y0 = y + ((<usize>g * <usize>w) << 2);
    const x0 = x + ((<usize>g * <usize>w) << 2);
    const k = r1 - g;
    affineRow(x0, y0, w, f32x4.extract_lane(a, 0), f32x4.extract_lane(b, 0));
    if (k > 1) affineRow(x0 + stride, y0 + stride, w, f32x4.extract_lane(a, 1), f32x4.extract_lane(b, 1));
    if (k > 2) affineRow(x0 + 2 * stride, y0 + 2 * stride, w, f32x4.extract_lane(a, 2), f32x4.extract_lane(b, 2));
    if (k > 3) affineRow(x0 + 3 * stride, y0 + 3 * stride, w, f32x4.extract_lane(a, 3), f32x4.extract_lane(b, 3));
    if (k > 4) affineRow(x0 + 4 * stride, y0 + 4 * stride, w, f32x4.extract_lane(aa, 0), f32x4.extract_lane(bb, 0));
    if (k > 5) affineRow(x0 + 5 * stride, y0 + 5 * stride, w, f32x4.extract_lane(aa, 1), f32x4.extract_lane(bb, 1));
    if (k > 6) affineRow(x0 + 6 * stride, y0 + 6 * stride, w, f32x4.extract_lane(aa, 2), f32x4.extract_lane(bb, 2));
    if (k > 7) affineRow(x0 + 7 * stride, y0 + 7 * stride, w, f32x4.extract_lane(aa, 3), f32x4.extract_lane(bb, 3));
  }
}

// ---- row reductions ----------------------------------------------------------------------------------------------
// As src/model/backends/host/reduce.ts on onnxruntime's KR and R loops (rows of LEN contiguous values, one output
// each): RD_SUM / RD_MEAN the in-order sum from the first value (RD_MEAN then f(s / LEN), LEN exact in float32);
// RD_MAX / RD_MIN the first value, replaced by each later one strictly greater (less): a NaN first value stays, a
// later NaN never replaces. RD_GMAX: GlobalMaxPool as MLAS computes it, per plane max(NaN wins, -0 < +0) from the
// lowest float over the first LEN - LEN % 4 values (order-free: that max is associative and commutative, so it runs
// along the row), then m = m < v ? v : m over the rest.

/** Lane j: row j's first value, replaced by each later one where `gt` (x > v for max, v > x for min). */
// @ts-ignore: decorator
@inline
function pickRows4(p0: usize, p1: usize, p2: usize, p3: usize, len: i32, max: bool): v128 {
  let v = gather4(p0, p1, p2, p3, 0);
  let h = 1;
  for (; h + 4 <= len; h += 4) {
    const o = <usize>h << 2;
    const a = v128.load(p0 + o),
      b = v128.load(p1 + o),
      c = v128.load(p2 + o),
      d = v128.load(p3 + o);
    const t0 = lo2(a, b),
      t1 = hi2(a, b),
      t2 = lo2(c, d),
      t3 = hi2(c, d);
    let u = col0(t0, t2);
    v = v128.bitselect(u, v, max ? f32x4.gt(u, v) : f32x4.lt(u, v));
    u = col1(t0, t2);
    v = v128.bitselect(u, v, max ? f32x4.gt(u, v) : f32x4.lt(u, v));
    u = col0(t1, t3);
    v = v128.bitselect(u, v, max ? f32x4.gt(u, v) : f32x4.lt(u, v));
    u = col1(t1, t3);
    v = v128.bitselect(u, v, max ? f32x4.gt(u, v) : f32x4.lt(u, v));
  }
  for (; h < len; h++) {
    const u = gather4(p0, p1, p2, p3, <usize>h << 2);
    v = v128.bitselect(u, v, max ? f32x4.gt(u, v) : f32x4.lt(u, v));
  }
  return v;
}

/** GlobalMaxPool of one plane (MLAS). */
function globalMaxRow(xs: usize, len: i32): f32 {
  const vec = len - (len & 3);
  // four accumulators (the maximum is order-free): four independent chains
  let mv = f32x4.splat(-3.4028234663852886e38);
  let m1 = mv,
    m2 = mv,
    m3 = mv;
  let h = 0;
  for (; h + 16 <= vec; h += 16) {
    const o = <usize>h << 2;
    mv = f32x4.max(mv, v128.load(xs + o));
    m1 = f32x4.max(m1, v128.load(xs + o, 16));
    m2 = f32x4.max(m2, v128.load(xs + o, 32));
    m3 = f32x4.max(m3, v128.load(xs + o, 48));
  }
  for (; h < vec; h += 4) mv = f32x4.max(mv, v128.load(xs + (<usize>h << 2)));
  mv = f32x4.max(f32x4.max(mv, m1), f32x4.max(m2, m3));
  let m = max<f32>(max<f32>(f32x4.extract_lane(mv, 0), f32x4.extract_lane(mv, 1)), max<f32>(f32x4.extract_lane(mv, 2), f32x4.extract_lane(mv, 3)));
  for (; h < len; h++) {
    const v = load<f32>(xs + (<usize>h << 2));
    if (m < v) m = v;
  }
  return m;
}

/** Task t: rows [t * RPT, (t + 1) * RPT) of the reduction RD_KIND into y[row]. */
export function reduceRowsTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const rows = load<i32>(ctx, RD_ROWS);
  const len = load<i32>(ctx, RD_LEN);
  const rpt = load<i32>(ctx, RD_ROWS_PER_TASK);
  const kind = load<i32>(ctx, RD_KIND);
  const r0 = t * rpt;
  if (r0 >= rows) return;
  const r1 = rows - r0 > rpt ? r0 + rpt : rows;
  if (kind == RD_GMAX) {
    for (let r = r0; r < r1; r++) store<f32>(y + (<usize>r << 2), globalMaxRow(x + ((<usize>r * <usize>len) << 2), len));
    return;
  }
  for (let g = r0; g < r1; g += 4) {
    const last = r1 - 1;
    const p0 = rowAt(x, g, last, len),
      p1 = rowAt(x, g + 1, last, len),
      p2 = rowAt(x, g + 2, last, len),
      p3 = rowAt(x, g + 3, last, len);
    let v: v128;
    if (kind == RD_MAX) v = pickRows4(p0, p1, p2, p3, len, true);
    else if (kind == RD_MIN) v = pickRows4(p0, p1, p2, p3, len, false);
    else {
      v = sumRows4(p0, p1, p2, p3, 1, len, gather4(p0, p1, p2, p3, 0));
      if (kind == RD_MEAN) v = f32x4.div(v, f32x4.splat(<f32>len));
    }
    const yg = y + (<usize>g << 2);
    const k = r1 - g;
    if (k >= 4) v128.store(yg, v);
    else {
      store<f32>(yg, f32x4.extract_lane(v, 0));
      if (k > 1) store<f32>(yg, f32x4.extract_lane(v, 1), 4);
      if (k > 2) store<f32>(yg, f32x4.extract_lane(v, 2), 8);
    }
  }
}

/**
 * Task t of the column reduction: block o = t / chunks, columns [c0, c0 + RC_COLS_PER_TASK) of it, each the in-order
 * float32 sum of its RC_R values (RC_K apart): 0 + x0 + x1 + ... (RC_FROM_ZERO: onnxruntime's general loop) or
 * x0 + x1 + ... (its RK loop), four columns as lanes, each lane's chain the scalar loop's; ReduceMean then f(s / R).
 */
export function reduceColsTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const outer = load<i32>(ctx, RC_OUTER);
  const R = load<i32>(ctx, RC_R);
  const K = load<i32>(ctx, RC_K);
  const cpt = load<i32>(ctx, RC_COLS_PER_TASK);
  const mean = load<i32>(ctx, RC_MEAN) != 0;
  const zero = load<i32>(ctx, RC_FROM_ZERO) != 0;
  const chunks = (K + cpt - 1) / cpt;
  const o = t / chunks;
  if (o >= outer) return;
  const c0 = (t - o * chunks) * cpt;
  const c1 = K - c0 > cpt ? c0 + cpt : K;
  const xo = x + ((<usize>o * <usize>R * <usize>K) << 2);
  const yo = y + ((<usize>o * <usize>K) << 2);
  const rowBytes = <usize>K << 2;
  const n = f32x4.splat(<f32>R);
  let j = c0;
  for (; j + 4 <= c1; j += 4) {
    let p = xo + (<usize>j << 2);
    let s = v128.load(p);
    if (zero) s = f32x4.add(f32x4.splat(0), s);
    for (let r = 1; r < R; r++) {
      p += rowBytes;
      s = f32x4.add(s, v128.load(p));
    }
    if (mean) s = f32x4.div(s, n);
    v128.store(yo + (<usize>j << 2), s);
  }
  for (; j < c1; j++) {
    let p = xo + (<usize>j << 2);
    let s = load<f32>(p);
    if (zero) s = <f32>0 + s;
    for (let r = 1; r < R; r++) {
      p += rowBytes;
      s += load<f32>(p);
    }
    if (mean) s = s / <f32>R;
    store<f32>(yo + (<usize>j << 2), s);
  }
}
