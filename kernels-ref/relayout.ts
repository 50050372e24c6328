/**
 * Scalar oracle of every relayout mode (docs/relayout.md#semantics): each mode is its output shape plus the
 * mode's index formula written out literally, evaluated once per destination element. Deliberately slow and
 * independent of src/relayout/ (which plans strided copies and wasm kernels): tests compare the two exactly.
 *
 * The oracle trusts its input (valid shapes, C <= 4 where asserted, ...): validation is the API's job.
 * `pad` is the value of padded positions (0, or the zero point of asymmetric uint8).
 */

export type RefArray = Int8Array | Uint8Array | Int32Array | Float32Array;

export interface RelayoutRefOptions {
  group?: number;
  oc?: number;
  pad?: number;
}

const ceilDiv = (a: number, b: number) => Math.ceil(a / b);
const roundUp = (a: number, b: number) => ceilDiv(a, b) * b;

/** Row-major reader: at(i0, i1, ...) = src[flat index], with bounds checked (a bug must not read garbage). */
function reader(src: RefArray, shape: readonly number[]) {
  return (...idx: number[]): number => {
    let off = 0;
    for (let d = 0; d < shape.length; d++) {
      if (!(idx[d] >= 0 && idx[d] < shape[d])) throw new Error(`oracle read out of range: [${idx}] of [${shape}]`);
      off = off * shape[d] + idx[d];
    }
    return src[off];
  };
}

type Rule = { shape: number[]; value: (d: number[]) => number | undefined };

/** The rule of each mode: dst shape and the value of dst[d] (undefined = padding). */
function rule(mode: string, s: readonly number[], src: RefArray, o: RelayoutRefOptions): Rule {
  const S = reader(src, s);
  const group = o.group ?? 1;
  switch (mode) {
    // ---- activations --------------------------------------------------------------------------------------
    case 'NCHW_NCHW4_IC_SMALL': {
      const [N, C, H, W] = s;
      return {
        shape: [N, ceilDiv(C, 4), H, W, 4],
        value: ([n, cb, h, w, cp]) => (cb * 4 + cp < C ? S(n, cb * 4 + cp, h, w) : undefined),
      };
    }
    case 'NCHW_NCHW4':
    case 'NCHW_NCHW44': {
      const g0 = mode === 'NCHW_NCHW44' ? 1 : group;
      const [N, C, H, W] = s;
      const icpg = C / g0;
      const cbg = ceilDiv(icpg, 4);
      return {
        shape: [N, g0 * cbg, H, W, 4],
        value: ([n, q, h, w, cp]) => {
          const g = Math.floor(q / cbg);
          const j = (q % cbg) * 4 + cp;
          return j < icpg ? S(n, g * icpg + j, h, w) : undefined;
        },
      };
    }
    case 'NCHW4_NCHW':
    case 'NCHW44_NCHW': {
      const g0 = mode === 'NCHW44_NCHW' ? 1 : group;
      const [N, CB, H, W] = s;
      const full = CB * 4;
      const OC = o.oc ? o.oc : full;
      const icpg = full / g0;
      const ocpg = OC / g0;
      return {
        shape: [N, OC, H, W],
        value: ([n, c, h, w]) => {
          const g = Math.floor(c / ocpg);
          const fc = g * icpg + (c % ocpg);
          return S(n, Math.floor(fc / 4), h, w, fc % 4);
        },
      };
    }
    case 'NCHW_NCHW88':
    case 'NCHW_NCHW64': {
      const P = mode === 'NCHW_NCHW88' ? 8 : 64;
      const [N, C, H, W] = s;
      return {
        shape: [N, ceilDiv(C, P), H, W, P],
        value: ([n, cb, h, w, cp]) => (cb * P + cp < C ? S(n, cb * P + cp, h, w) : undefined),
      };
    }
    case 'NCHW88_NCHW':
    case 'NCHW64_NCHW': {
      const P = mode === 'NCHW88_NCHW' ? 8 : 64;
      const [N, CB, H, W] = s;
      const OC = mode === 'NCHW64_NCHW' && o.oc ? o.oc : CB * P;
      return { shape: [N, OC, H, W], value: ([n, c, h, w]) => S(n, Math.floor(c / P), h, w, c % P) };
    }
    case 'NCHW4_CHWN4': {
      const [N, CB, H, W] = s;
      return { shape: [CB, H, W, N, 4], value: ([cb, h, w, n, cp]) => S(n, cb, h, w, cp) };
    }
    case 'CHWN4_NCHW4': {
      const [CB, H, W, N] = s;
      return { shape: [N, CB, H, W, 4], value: ([n, cb, h, w, cp]) => S(cb, h, w, n, cp) };
    }
    case 'NCHW_NHWCD4':
    case 'NCHW_NHWCD4I': {
      const [N, C, H, W] = s;
      return {
        shape: [N, H, ceilDiv(C, 4), W, 4],
        value: ([n, h, cb, w, cp]) => (cb * 4 + cp < C ? S(n, cb * 4 + cp, h, w) : undefined),
      };
    }
    case 'NHWC_NHWCD4':
    case 'NHWC_NHWCD4I': {
      const [N, H, W, C] = s;
      return {
        shape: [N, H, ceilDiv(C, 4), W, 4],
        value: ([n, h, cb, w, cp]) => (cb * 4 + cp < C ? S(n, h, w, cb * 4 + cp) : undefined),
      };
    }
    case 'NHWCD4_NHWC':
    case 'NHWCD4I_NHWC': {
      const [N, H, CB, W] = s;
      return { shape: [N, H, W, CB * 4], value: ([n, h, w, c]) => S(n, h, Math.floor(c / 4), w, c % 4) };
    }
    case 'NHWCD4_NCHW':
    case 'NHWCD4I_NCHW': {
      const [N, H, CB, W] = s;
      return { shape: [N, CB * 4, H, W], value: ([n, c, h, w]) => S(n, h, Math.floor(c / 4), w, c % 4) };
    }
    case 'NCHW_NHWC': {
      const [N, C, H, W] = s;
      return { shape: [N, H, W, C], value: ([n, h, w, c]) => S(n, c, h, w) };
    }
    case 'NHWC_NCHW': {
      const [N, H, W, C] = s;
      return { shape: [N, C, H, W], value: ([n, c, h, w]) => S(n, h, w, c) };
    }
    // ---- weights (W[oc][ic][fh][fw], or W[g][o][i][fh][fw]) --------------------------------------------------
    case 'NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT': {
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC, ceilDiv(IC, 4), FH, FW, 4],
        value: ([oc, ib, fh, fw, i4]) => (ib * 4 + i4 < IC ? S(oc, ib * 4 + i4, fh, fw) : undefined),
      };
    }
    case 'NCHW_NCHW4_WEIGHT': {
      if (s.length === 4) {
        const [OC, IC, FH, FW] = s;
        return {
          shape: [roundUp(OC, 4), ceilDiv(IC, 4), FH, FW, 4],
          value: ([oc, ib, fh, fw, i4]) => (oc < OC && ib * 4 + i4 < IC ? S(oc, ib * 4 + i4, fh, fw) : undefined),
        };
      }
      const [G, OC, IC, FH, FW] = s;
      return {
        shape: [G, roundUp(OC, 4), ceilDiv(IC, 4), FH, FW, 4],
        value: ([g, oc, ib, fh, fw, i4]) => (oc < OC && ib * 4 + i4 < IC ? S(g, oc, ib * 4 + i4, fh, fw) : undefined),
      };
    }
    case 'NCHW_NCHW88_CONV_DENSE_WEIGHT': {
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC / 8, ceilDiv(IC, 8), FH, FW, 8, 8],
        value: ([ob, ib, fh, fw, i8, o8]) => (ib * 8 + i8 < IC ? S(ob * 8 + o8, ib * 8 + i8, fh, fw) : undefined),
      };
    }
    case 'NCHW_NCHW88_CONV_CHAN_WEIGHT': {
      const [G, A, B, FH, FW] = s;
      return {
        shape: [ceilDiv(G, 8), A, B, FH, FW, 8],
        value: ([gb, a, b, fh, fw, g8]) => (gb * 8 + g8 < G ? S(gb * 8 + g8, a, b, fh, fw) : undefined),
      };
    }
    case 'NCHW_NCHW88_CONV_GROUP_WEIGHT': {
      const [G, OC, IC, FH, FW] = s;
      return {
        shape: [G, OC / 8, ceilDiv(IC, 8), FH, FW, 8, 8],
        value: ([g, ob, ib, fh, fw, i8, o8]) => (ib * 8 + i8 < IC ? S(g, ob * 8 + o8, ib * 8 + i8, fh, fw) : undefined),
      };
    }
    case 'INTER_WEIGHT_DENSE':
    case 'INTER_WEIGHT_DENSEI': {
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC / 4, FH, FW, roundUp(IC, 4), 4],
        value: ([ob, fh, fw, ic, o4]) => (ic < IC ? S(ob * 4 + o4, ic, fh, fw) : undefined),
      };
    }
    case 'INTER_WEIGHT_GROUP':
    case 'INTER_WEIGHT_GROUPI': {
      const [G, OC, IC, FH, FW] = s;
      return {
        shape: [G, OC / 4, FH, FW, IC, 4],
        value: ([g, ob, fh, fw, ic, o4]) => S(g, ob * 4 + o4, ic, fh, fw),
      };
    }
    case 'INTER_WEIGHT_CHAN':
    case 'INTER_WEIGHT_CHANI': {
      const [G, , , FH, FW] = s;
      return {
        shape: [G / 4, 1, FH, FW, 4],
        value: ([gb, , fh, fw, g4]) => S(gb * 4 + g4, 0, 0, fh, fw),
      };
    }
    case 'INTER_WEIGHT_DENSEI_DOT': {
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC / 4, FH, FW, ceilDiv(IC, 4), 4, 4],
        value: ([ob, fh, fw, ib, o4, i4]) => (ib * 4 + i4 < IC ? S(ob * 4 + o4, ib * 4 + i4, fh, fw) : undefined),
      };
    }
    case 'INTER_WEIGHT_GROUPI_DOT': {
      const [G, OC, IC, FH, FW] = s;
      return {
        shape: [G, OC / 4, FH, FW, IC / 4, 4, 4],
        value: ([g, ob, fh, fw, ib, o4, i4]) => S(g, ob * 4 + o4, ib * 4 + i4, fh, fw),
      };
    }
    case 'WEIGHT_NCHW_TO_NCHW44_DENSE':
    case 'WEIGHT_NCHW_TO_NCHW44_DOT_DENSE': {
      const dot = mode.includes('DOT');
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC / 4, IC / 4, FH, FW, 4, 4],
        // dot: the 4x4 tile is [o4][i4]; plain NCHW44: [i4][o4].
        value: ([ob, ib, fh, fw, t0, t1]) =>
          dot ? S(ob * 4 + t0, ib * 4 + t1, fh, fw) : S(ob * 4 + t1, ib * 4 + t0, fh, fw),
      };
    }
    case 'WEIGHT_NCHW_TO_NCHW44_GROUP':
    case 'WEIGHT_NCHW_TO_NCHW44_DOT_GROUP': {
      const dot = mode.includes('DOT');
      const [G, OC, IC, FH, FW] = s;
      return {
        shape: [G, OC / 4, IC / 4, FH, FW, 4, 4],
        value: ([g, ob, ib, fh, fw, t0, t1]) =>
          dot ? S(g, ob * 4 + t0, ib * 4 + t1, fh, fw) : S(g, ob * 4 + t1, ib * 4 + t0, fh, fw),
      };
    }
    case 'WEIGHT_NCHW_TO_NCHW44_CHAN': {
      const [G, , , FH, FW] = s;
      return {
        shape: [G / 4, 1, 1, FH, FW, 4],
        value: ([gb, , , fh, fw, g4]) => S(gb * 4 + g4, 0, 0, fh, fw),
      };
    }
    case 'WEIGHT_HYBRID_NCHW_NCHW44': {
      const [OC, IC, FH, FW] = s;
      return {
        shape: [OC / 4, FH, FW, IC, 4],
        value: ([ob, fh, fw, ic, o4]) => S(ob * 4 + o4, ic, fh, fw),
      };
    }
    default:
      throw new Error(`oracle: unknown relayout mode ${mode}`);
  }
}

/** dst = relayout(mode, src) by the index formula of the mode; returns data of src's array type. */
export function relayoutRef(
  mode: string,
  src: RefArray,
  srcShape: readonly number[],
  opts: RelayoutRefOptions = {},
): { data: RefArray; shape: number[] } {
  const r = rule(mode, srcShape, src, opts);
  const total = r.shape.reduce((a, b) => a * b, 1);
  const Ctor = src.constructor as new (n: number) => RefArray;
  const out = new Ctor(total);
  const idx = new Array<number>(r.shape.length).fill(0);
  for (let flat = 0; flat < total; flat++) {
    const v = r.value(idx);
    out[flat] = v === undefined ? (opts.pad ?? 0) : v;
    for (let d = idx.length - 1; d >= 0; d--) {
      if (++idx[d] < r.shape[d]) break;
      idx[d] = 0;
    }
  }
  return { data: out, shape: r.shape };
}
