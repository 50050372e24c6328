// The naive convolution: the last resort that runs any shape (every layout, filter, stride, dilation, padding,
// group), one scalar multiply-add at a time. One task: batch n, output channel oc. Accumulators of the channel's
// whole output plane go to this thread's slice (int32, padded to 4 pixels) and through the shared finish stage.
// Weights: the user's (G)OIHW int8, unchanged.
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_ICPG, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_FW, CTX_SH, CTX_SW, CTX_PT,
  CTX_PL, CTX_DH, CTX_DW, CTX_WEIGHTS, CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_OCPG, CTX_OCPGPAD, CTX_OC,
  CTX_SRCLAYOUT,
} from '../common/ctx';
import { finishRows } from '../common/finish';

export function naiveConvTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, oc: i32, _unused: i32): void {
  const C = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const dh = load<i32>(ctx, CTX_DH);
  const dw = load<i32>(ctx, CTX_DW);
  const ocpg = load<i32>(ctx, CTX_OCPG);
  const xor = load<i32>(ctx, CTX_SRCXOR);
  const zp = load<i32>(ctx, CTX_SRCZP);
  const nchw = load<i32>(ctx, CTX_SRCLAYOUT) == 1;
  const g = oc / ocpg;
  const o = oc - g * ocpg;
  const ch = g * load<i32>(ctx, CTX_OCPGPAD) + o;
  const init = load<i32>(<usize>load<i32>(ctx, CTX_INIT) + <usize>(ch << 2));
  const w = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(oc * icpg * fh * fw);
  const plane = ih * iw;
  const acc = ws;
  let p: i32 = 0;
  for (let y: i32 = 0; y < oh; y++) {
    for (let x: i32 = 0; x < ow; x++) {
      let a = init;
      for (let i: i32 = 0; i < icpg; i++) {
        const c = g * icpg + i;
        for (let kh: i32 = 0; kh < fh; kh++) {
          const yy = y * sh + kh * dh - pt;
          if (yy < 0 || yy >= ih) continue;
          for (let kw: i32 = 0; kw < fw; kw++) {
            const xx = x * sw + kw * dw - pl;
            if (xx < 0 || xx >= iw) continue;
            const at = nchw ? (n * C + c) * plane + yy * iw + xx : (((n * (C >> 2) + (c >> 2)) * plane + yy * iw + xx) << 2) + (c & 3);
            const v = (((<i32>load<u8>(src + <usize>at) ^ xor) << 24) >> 24) - zp;
            a += v * <i32>load<i8>(w + <usize>((i * fh + kh) * fw + kw));
          }
        }
      }
      store<i32>(acc + <usize>(p << 2), a);
      p++;
    }
  }
  const planeOut = oh * ow;
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const occ = load<i32>(ctx, CTX_OC);
  const dstN = dst + <usize>(n * occ * planeOut * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * occ * planeOut * 4) : 0;
  finishRows(ctx, acc, 0, ch, oc, 1, 0, planeOut, dstN, biasN);
}
