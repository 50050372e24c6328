// Window sums of a convolution's 8-bit source for the model executor (src/model/backends/wasm-int8/window-sum.ts builds
// the ctx record and the dispatches): for every output pixel, the sum over the convolution's window of x - x_zp, taken
// over the source channels of a group (LANES 1) or per channel of a depthwise NCHW44 source (LANES 4). A convolution
// whose weights were shifted per output channel by e_o adds e_o times it to its accumulator (assembly/model/requant.ts,
// the window correction). Padding holds x_zp, so a tap outside the source adds 0: it is skipped.
//
//   pass 1 (windowChannelSumTask)  T[plane][iy][ix] = sum over the group's channels of (x - x_zp)     LANES 1
//                                  T[plane][iy][ix][l] = x[block][iy][ix][l] - x_zp                   LANES 4
//   pass 2 (windowBoxSumTask)      S[plane][oy][ox] = sum over ky < FH, kx < FW of T[plane][iy][ix],
//                                  iy = oy * SH - PT + ky * DH, ix = ox * SW - PL + kx * DW, taps inside only
//
// A plane is (image n, group g) with LANES 1 (T and S int32 [N][G][H][W]), (image n, block b of 4 channels) with
// LANES 4 (T and S int32 [N][C/4][H][W][4], the NCHW44 order). Sources: NCHW x[n][c][iy][ix] (LANES 1), NCHW44
// x[n][c/4][iy][ix][c%4] (LANES 1 with CPG % 4 == 0: a group is whole blocks; LANES 4 with CPG == 1). Bytes go to the
// unsigned domain first (int8 ^ 0x80 = value + 128; ZPU = zp + 128), where x - zp is the same.
//
// Pass 1 sums 16 pixels of a channel (NCHW) or 4 pixels of a block (NCHW44) at a time in 16-bit lanes, which hold up to
// 256 channels (NCHW) or 128 blocks of 4 (NCHW44) of bytes before they are widened into the int32 sums. Pass 2 adds,
// tap by tap, the run of output columns whose tap lies inside the row (stride 1 columns: 4 outputs a vector, LANES 4:
// one pixel of 4 lanes a vector), into the output row.
//
// Tasks: (q, t): planes q * PPT .. q * PPT + PPT - 1 (of PLANES = N * GP), rows t * ROWS .. t * ROWS + ROWS - 1 of the
// pass's output (T's source rows, S's output rows). Each task writes only those rows.
import {
  LAYOUT, LANES, XOR, ZPU, C, CPG, GP, PLANES, IH, IW, OH, OW, FH, FW, SH, SW, DH, DW, PT, PL, PPT1, ROWS1, PPT2, ROWS2,
} from './window-sum-ctx';

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}

/**
 * T[p] = sum over `chans` channels k of (byte(src + k * stride + p) ^ xor) - bias, for p < count, at dst (int32):
 * NCHW planes (stride = the plane's bytes). 16 pixels a vector, 16-bit sums flushed every 256 channels.
 */
function sumChannels(src: usize, stride: usize, chans: i32, dst: usize, count: i32, xor: i32, bias: i32): void {
  const xv = i8x16.splat(<i8>xor);
  const bv = i32x4.splat(bias);
  let p = 0;
  for (; p + 16 <= count; p += 16) {
    let a0 = i32x4.splat(0), a1 = a0, a2 = a0, a3 = a0;
    let s = src + <usize>p;
    for (let c0 = 0; c0 < chans; c0 += 256) {
      const c1 = chans - c0 < 256 ? chans : c0 + 256;
      let lo = i16x8.splat(0), hi = lo;
      for (let c = c0; c < c1; c++) {
        const v = v128.xor(v128.load(s), xv);
        lo = i16x8.add(lo, i16x8.extend_low_i8x16_u(v));
        hi = i16x8.add(hi, i16x8.extend_high_i8x16_u(v));
        s += stride;
      }
      a0 = i32x4.add(a0, i32x4.extend_low_i16x8_u(lo));
      a1 = i32x4.add(a1, i32x4.extend_high_i16x8_u(lo));
      a2 = i32x4.add(a2, i32x4.extend_low_i16x8_u(hi));
      a3 = i32x4.add(a3, i32x4.extend_high_i16x8_u(hi));
    }
    const d = dst + (<usize>p << 2);
    v128.store(d, i32x4.sub(a0, bv), 0);
    v128.store(d, i32x4.sub(a1, bv), 16);
    v128.store(d, i32x4.sub(a2, bv), 32);
    v128.store(d, i32x4.sub(a3, bv), 48);
  }
  for (; p < count; p++) {
    let sum = 0;
    let s = src + <usize>p;
    for (let c = 0; c < chans; c++) {
      sum += <i32>load<u8>(s) ^ xor;
      s += stride;
    }
    store<i32>(dst + (<usize>p << 2), sum - bias);
  }
}

/**
 * T[p] = sum over `chans` contiguous bytes (src + p * chans ..) ^ xor, minus bias: the channels of a pixel are adjacent
 * (an NCHW source of 1 x 1 planes: a matrix product's rows).
 */
function sumRows(src: usize, chans: i32, dst: usize, count: i32, xor: i32, bias: i32): void {
  const xv = i8x16.splat(<i8>xor);
  for (let p = 0; p < count; p++) {
    const s = src + <usize>p * <usize>chans;
    let acc = i32x4.splat(0);
    const whole = chans & ~15;
    let k = 0;
    while (k < whole) {
      // 16-bit pair sums of up to 128 vectors (2048 bytes) before they are widened
      const k1 = whole - k < 2048 ? whole : k + 2048;
      let h = i16x8.splat(0);
      for (; k < k1; k += 16) h = i16x8.add(h, i16x8.extadd_pairwise_i8x16_u(v128.xor(v128.load(s + <usize>k), xv)));
      acc = i32x4.add(acc, i32x4.extadd_pairwise_i16x8_u(h));
    }
    let sum = i32x4.extract_lane(acc, 0) + i32x4.extract_lane(acc, 1) + i32x4.extract_lane(acc, 2) + i32x4.extract_lane(acc, 3);
    for (; k < chans; k++) sum += <i32>load<u8>(s + <usize>k) ^ xor;
    store<i32>(dst + (<usize>p << 2), sum - bias);
  }
}

/**
 * T[p] = sum over `blocks` NCHW44 blocks k and their 4 lanes of (byte ^ xor), minus bias: the block of pixel p at
 * src + k * stride + 4 * p. 4 pixels a vector, 16-bit pair sums flushed every 128 blocks.
 */
function sumBlocks(src: usize, stride: usize, blocks: i32, dst: usize, count: i32, xor: i32, bias: i32): void {
  const xv = i8x16.splat(<i8>xor);
  const bv = i32x4.splat(bias);
  let p = 0;
  for (; p + 16 <= count; p += 16) {
    let a0 = i32x4.splat(0), a1 = a0, a2 = a0, a3 = a0;
    let s = src + (<usize>p << 2);
    for (let k0 = 0; k0 < blocks; k0 += 128) {
      const k1 = blocks - k0 < 128 ? blocks : k0 + 128;
      let h0 = i16x8.splat(0), h1 = h0, h2 = h0, h3 = h0;
      for (let k = k0; k < k1; k++) {
        h0 = i16x8.add(h0, i16x8.extadd_pairwise_i8x16_u(v128.xor(v128.load(s, 0), xv)));
        h1 = i16x8.add(h1, i16x8.extadd_pairwise_i8x16_u(v128.xor(v128.load(s, 16), xv)));
        h2 = i16x8.add(h2, i16x8.extadd_pairwise_i8x16_u(v128.xor(v128.load(s, 32), xv)));
        h3 = i16x8.add(h3, i16x8.extadd_pairwise_i8x16_u(v128.xor(v128.load(s, 48), xv)));
        s += stride;
      }
      a0 = i32x4.add(a0, i32x4.extadd_pairwise_i16x8_u(h0));
      a1 = i32x4.add(a1, i32x4.extadd_pairwise_i16x8_u(h1));
      a2 = i32x4.add(a2, i32x4.extadd_pairwise_i16x8_u(h2));
      a3 = i32x4.add(a3, i32x4.extadd_pairwise_i16x8_u(h3));
    }
    const d = dst + (<usize>p << 2);
    v128.store(d, i32x4.sub(a0, bv), 0);
    v128.store(d, i32x4.sub(a1, bv), 16);
    v128.store(d, i32x4.sub(a2, bv), 32);
    v128.store(d, i32x4.sub(a3, bv), 48);
  }
  for (; p < count; p++) {
    let sum = 0;
    let s = src + (<usize>p << 2);
    for (let k = 0; k < blocks; k++) {
      sum += (<i32>load<u8>(s, 0) ^ xor) + (<i32>load<u8>(s, 1) ^ xor) + (<i32>load<u8>(s, 2) ^ xor) + (<i32>load<u8>(s, 3) ^ xor);
      s += stride;
    }
    store<i32>(dst + (<usize>p << 2), sum - bias);
  }
}

/** T[p][l] = (byte ^ xor) - zpu for the 4 * count bytes at src (a depthwise NCHW44 source: one sum per channel). */
function widenBlock(src: usize, dst: usize, count: i32, xor: i32, zpu: i32): void {
  const xv = i8x16.splat(<i8>xor);
  const zv = i32x4.splat(zpu);
  const n = count << 2;
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    const v = v128.xor(v128.load(src + <usize>i), xv);
    const lo = i16x8.extend_low_i8x16_u(v);
    const hi = i16x8.extend_high_i8x16_u(v);
    const d = dst + (<usize>i << 2);
    v128.store(d, i32x4.sub(i32x4.extend_low_i16x8_u(lo), zv), 0);
    v128.store(d, i32x4.sub(i32x4.extend_high_i16x8_u(lo), zv), 16);
    v128.store(d, i32x4.sub(i32x4.extend_low_i16x8_u(hi), zv), 32);
    v128.store(d, i32x4.sub(i32x4.extend_high_i16x8_u(hi), zv), 48);
  }
  for (; i < n; i++) store<i32>(dst + (<usize>i << 2), (<i32>load<u8>(src + <usize>i) ^ xor) - zpu);
}

/** Pass 1, task (q, t): T rows t * ROWS1 .. of planes q * PPT1 .. (x: p0, T: p2). */
export function windowChannelSumTask(ctx: usize, x: usize, _b: usize, sums: usize, q: i32, t: i32, _i2: i32): void {
  const planes = field(ctx, PLANES);
  const ppt = field(ctx, PPT1);
  const ih = field(ctx, IH);
  const iw = field(ctx, IW);
  const rows = field(ctx, ROWS1);
  const r0 = t * rows;
  if (r0 >= ih) return;
  const r1 = ih - r0 < rows ? ih : r0 + rows;
  const lanes = field(ctx, LANES);
  const nchw44 = field(ctx, LAYOUT) == 1;
  const xor = field(ctx, XOR);
  const zpu = field(ctx, ZPU);
  const c = field(ctx, C);
  const cpg = field(ctx, CPG);
  const gp = field(ctx, GP);
  const hw = <usize>ih * <usize>iw;
  const p0 = <usize>r0 * <usize>iw;
  const count = (r1 - r0) * iw;
  const q1 = planes - q * ppt < ppt ? planes : q * ppt + ppt;
  for (let pl = q * ppt; pl < q1; pl++) {
    const n = pl / gp;
    const g = pl - n * gp;
    const dst = sums + ((<usize>pl * hw + p0) * <usize>lanes << 2);
    if (lanes == 4) {
      // plane = block g of image n: the source's block itself
      widenBlock(x + ((<usize>pl * hw + p0) << 2), dst, count, xor, zpu);
    } else if (nchw44) {
      const b0 = <usize>(n * (c >> 2) + g * (cpg >> 2));
      sumBlocks(x + ((b0 * hw + p0) << 2), hw << 2, cpg >> 2, dst, count, xor, cpg * zpu);
    } else if (hw == 1) {
      // 1 x 1 planes: the group's channels of each image are adjacent; the task's planes are images (rows = 1)
      sumRows(x + <usize>(n * c + g * cpg), cpg, dst, 1, xor, cpg * zpu);
    } else {
      const c0 = <usize>(n * c + g * cpg);
      sumChannels(x + c0 * hw + p0, hw, cpg, dst, count, xor, cpg * zpu);
    }
  }
}

/** Pass 2, task (q, t): S rows t * ROWS2 .. of planes q * PPT2 .. (T: p0, S: p2). */
export function windowBoxSumTask(ctx: usize, sums: usize, _b: usize, dst: usize, q: i32, t: i32, _i2: i32): void {
  const planes = field(ctx, PLANES);
  const ppt = field(ctx, PPT2);
  const oh = field(ctx, OH);
  const rows = field(ctx, ROWS2);
  const r0 = t * rows;
  if (r0 >= oh) return;
  const r1 = oh - r0 < rows ? oh : r0 + rows;
  const lanes = field(ctx, LANES);
  const ih = field(ctx, IH);
  const iw = field(ctx, IW);
  const ow = field(ctx, OW);
  const fh = field(ctx, FH);
  const fw = field(ctx, FW);
  const sh = field(ctx, SH);
  const sw = field(ctx, SW);
  const dh = field(ctx, DH);
  const dw = field(ctx, DW);
  const pt = field(ctx, PT);
  const pleft = field(ctx, PL);
  const ihw = <usize>ih * <usize>iw;
  const ohw = <usize>oh * <usize>ow;
  // bytes of one pixel: 4 (one int32) or 16 (LANES 4: a vector)
  const px: usize = <usize>lanes << 2;
  const q1 = planes - q * ppt < ppt ? planes : q * ppt + ppt;
  for (let pl = q * ppt; pl < q1; pl++) {
    const tp = sums + <usize>pl * ihw * px;
    for (let oy = r0; oy < r1; oy++) {
      const row = dst + (<usize>pl * ohw + <usize>oy * <usize>ow) * px;
      for (let i: usize = 0; i < <usize>ow * px; i += 4) store<i32>(row + i, 0);
      for (let ky = 0; ky < fh; ky++) {
        const iy = oy * sh - pt + ky * dh;
        if (iy < 0 || iy >= ih) continue;
        const trow = tp + <usize>iy * <usize>iw * px;
        for (let kx = 0; kx < fw; kx++) {
          // output columns whose tap ix = ox * sw + off lies in [0, iw)
          const off = kx * dw - pleft;
          const a = off >= 0 ? 0 : (sw - 1 - off) / sw;
          const last = iw - 1 - off;
          if (last < 0) continue;
          const b = last / sw + 1 < ow ? last / sw + 1 : ow;
          if (a >= b) continue;
          if (lanes == 4) {
            for (let ox = a; ox < b; ox++) {
              const d = row + (<usize>ox << 4);
              v128.store(d, i32x4.add(v128.load(d), v128.load(trow + (<usize>(ox * sw + off) << 4))));
            }
          } else if (sw == 1) {
            let ox = a;
            for (; ox + 4 <= b; ox += 4) {
              const d = row + (<usize>ox << 2);
              v128.store(d, i32x4.add(v128.load(d), v128.load(trow + (<usize>(ox + off) << 2))));
            }
            for (; ox < b; ox++) {
              const d = row + (<usize>ox << 2);
              store<i32>(d, load<i32>(d) + load<i32>(trow + (<usize>(ox + off) << 2)));
            }
          } else {
            for (let ox = a; ox < b; ox++) {
              const d = row + (<usize>ox << 2);
              store<i32>(d, load<i32>(d) + load<i32>(trow + (<usize>(ox * sw + off) << 2)));
            }
          }
        }
      }
    }
  }
}
