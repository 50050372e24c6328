// 4x4-tile weight packing for the NCHW44 / NCHW44_DOT convolutions and the INTER_WEIGHT_*I_DOT modes
// (1-byte elements). Source W[g][o][i][k] (GOIHW with k = fh*FW + fw, ocpg = 4*ocb, icpg = 4*icb). Each
// (g, ob, ib, k) owns one 16-byte tile:
//
//   tile lane L = (oFirst ? o4*4 + i4 : i4*4 + o4)  holds  W[g][ob*4 + o4][ib*4 + i4][k]
//   tile address = dst + ((g*ocb + ob)*icb*K + (kMajor ? k*icb + ib : ib*K + k)) * 16
//
//   WEIGHT_NCHW_TO_NCHW44_DOT_DENSE / _DOT_GROUP: oFirst = 1, kMajor = 0   ({..,OC/4, IC/4, FH, FW, 4o, 4i})
//   WEIGHT_NCHW_TO_NCHW44_DENSE / _GROUP:         oFirst = 0, kMajor = 0   ({..,OC/4, IC/4, FH, FW, 4i, 4o})
//   INTER_WEIGHT_DENSEI_DOT / _GROUPI_DOT:        oFirst = 1, kMajor = 1   ({..,OC/4, FH, FW, IC/4, 4o, 4i})
//
// The 16 source rows of a tile (K bytes each) are loaded 16 bytes at a time and transposed in registers, so
// one step yields up to 16 tiles (k0..k0+15). OVER-READ: a load may run up to 15 bytes past the end of a row,
// and past the end of the source for its last row: the caller must keep 15 readable bytes after src.
// Tiles with k >= K are never stored.
import { transpose16x8Store } from './shuffles';

export function relayout_tile16_b8(
  src: usize, dst: usize, groups: i32, ocb: i32, icb: i32, K: i32, oFirst: i32, kMajor: i32,
): void {
  const k = <usize>K;
  const sI = k; // distance between input channels
  const sO = <usize>(icb * 4) * k; // distance between output channels
  const a = oFirst ? sO : sI; // lane L: (L >> 2) steps of a, (L & 3) steps of b
  const b = oFirst ? sI : sO;
  const kStride: usize = kMajor ? <usize>icb << 4 : 16; // distance between tiles k and k+1
  const ibStride: usize = kMajor ? 16 : k << 4; // distance between tiles ib and ib+1
  for (let g = 0; g < groups; g++) {
    for (let ob = 0; ob < ocb; ob++) {
      const gob = <usize>(g * ocb + ob);
      const sBase = src + gob * 4 * sO;
      const dBase = dst + ((gob * <usize>icb * k) << 4);
      for (let ib = 0; ib < icb; ib++) {
        const p = sBase + <usize>ib * 4 * sI;
        const d = dBase + <usize>ib * ibStride;
        for (let k0 = 0; k0 < K; k0 += 16) {
          const q = p + <usize>k0;
          transpose16x8Store(
            v128.load(q), v128.load(q + b), v128.load(q + 2 * b), v128.load(q + 3 * b),
            v128.load(q + a), v128.load(q + a + b), v128.load(q + a + 2 * b), v128.load(q + a + 3 * b),
            v128.load(q + 2 * a), v128.load(q + 2 * a + b), v128.load(q + 2 * a + 2 * b), v128.load(q + 2 * a + 3 * b),
            v128.load(q + 3 * a), v128.load(q + 3 * a + b), v128.load(q + 3 * a + 2 * b), v128.load(q + 3 * a + 3 * b),
            d + <usize>k0 * kStride, kStride, min(16, K - k0),
          );
        }
      }
    }
  }
}
