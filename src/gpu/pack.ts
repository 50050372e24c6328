/**
 * Host-side packing of weights, scale/offset and bias into the device layouts every kernel reads.
 *
 * Weights (one layout for all three paths; for a 1x1 filter it is MNN's 1x1 layout [ICB][OCB][4 ic][4 oc] with
 * the two outer axes swapped so that one output-channel block's K run is contiguous, which GEMV and the
 * tiled kernels read coalesced):
 *   tile t = ocb*KB + kb,  kb = (icb*KH + kh)*KW + kw,  row i = input lane (ic = 4*icb + i), column j = output
 *   lane (oc = 4*ocb + j)
 *   int8 : u32 word t*4 + i, byte j = q (two's complement)
 *   int4 : u32 word t*2 + (i >> 1), bits [4j + 16*(i & 1), +4) = q + 8      (q = nibble - 8, docs/gpu.md#dequantization)
 *   f32  : vec4 t*4 + i, component j = w
 * There are OCB + 1 blocks: the last one is all-zero so that 8-channel kernels may read block ocb+1 without a
 * branch and without leaving the buffer. Lanes with oc >= OC or ic >= IC hold q = 0.
 *
 * Scale/offset (vec4 of 4 output lanes; MNN interleaves (S, O) scalars instead, any consistent layout is fine):
 *   symmetric : vec4 index ocb*NBLK + blk          = S[4ocb .. 4ocb+3][blk]
 *   asymmetric: vec4 index 2*(ocb*NBLK + blk) + 0 = S,  + 1 = O
 * with OCB + 1 blocks (the last zero). Bias: (OCB + 1)*4 floats, zero padded.
 */
import type { LowMemoryConvShape } from './params.js';
import { dotBlocks, dotWeightWords, mmaGeometry } from './variants.js';

/** Number of u32 words (or f32 scalars for the float twin) in the packed weight buffer. */
export function packedWeightWords(s: LowMemoryConvShape): number {
  const tiles = (s.ocb + 1) * s.kb;
  // rounded up to whole 16-byte words: the kernels read the buffer as array<vec4<u32>>
  return Math.ceil((tiles * (s.bits === 4 ? 2 : s.bits === 8 ? 4 : 16)) / 4) * 4;
}

export function scaleVec4s(s: LowMemoryConvShape): number {
  return (s.ocb + 1) * s.nBlk * (s.asym ? 2 : 1);
}

/** Reads q of OIHW element e from the caller's bytes (int8 bytes, or packed nibbles with the even element high). */
function qAt(bits: number, src: Uint8Array, e: number): number {
  if (bits === 8) return (src[e] << 24) >> 24;
  const b = src[e >> 1];
  return ((e & 1) === 0 ? b >> 4 : b & 15) - 8;
}

export function packWeights(s: LowMemoryConvShape, quantized: Uint8Array | Float32Array): Uint32Array | Float32Array {
  const { ic, fh: kh, fw: kw, oc, kb, ocb, icb } = s;
  const words = packedWeightWords(s);
  if (s.bits === 32) {
    const w = quantized as Float32Array;
    const out = new Float32Array(words);
    for (let o = 0; o < oc; o++) {
      const ob = o >> 2,
        j = o & 3;
      for (let c = 0; c < ic; c++) {
        const cb = c >> 2,
          i = c & 3;
        for (let y = 0; y < kh; y++)
          for (let x = 0; x < kw; x++) {
            const t = ob * kb + (cb * kh + y) * kw + x;
            out[(t * 4 + i) * 4 + j] = w[((o * ic + c) * kh + y) * kw + x];
          }
      }
    }
    return out;
  }
  const src = quantized as Uint8Array;
  const out = new Uint32Array(words);
  if (s.bits === 4) {
    // q = 0 (nibble 8) everywhere first, so padded lanes dequantize to the offset and meet zero inputs
    out.fill(0x88888888);
  }
  for (let o = 0; o < oc; o++) {
    const ob = o >> 2,
      j = o & 3;
    for (let c = 0; c < ic; c++) {
      const i = c & 3;
      const rowBase = ob * kb + (c >> 2) * kh * kw;
      for (let y = 0; y < kh; y++)
        for (let x = 0; x < kw; x++) {
          const q = qAt(s.bits, src, ((o * ic + c) * kh + y) * kw + x);
          const t = rowBase + y * kw + x;
          if (s.bits === 8) {
            const wi = t * 4 + i;
            out[wi] = (out[wi] & ~(0xff << (8 * j))) | ((q & 0xff) << (8 * j));
          } else {
            const wi = t * 2 + (i >> 1);
            const sh = 4 * j + 16 * (i & 1);
            out[wi] = (out[wi] & ~(0xf << sh)) | ((q + 8) << sh);
          }
        }
    }
  }
  void icb;
  void ocb;
  return out;
}

/**
 * int4 weights of the gemm path in the layout of the dot variants (variants.ts DotVariant). K runs in blocks of 32
 * channels (NB of them, NBP after rounding up to a multiple of 8); block b of output block ocb is 8 tiles of 4
 * channels, each tile two words: word p holds output lanes 2p (low nibbles, q + 8) and 2p + 1 (high nibbles, q in
 * two's complement), byte r of the word channel 32b + 4t + r. As a signed byte that is 16*q_odd + (q_even + 8), so
 * one dot product with the word masked to its low nibbles gives the even lane and one with the whole word gives
 * 16 times the odd lane plus the even one. Block b's 16 words are 4 vec4s (vec4 u = tiles 2u and 2u+1), stored so
 * that 8 consecutive blocks' vec4 u are contiguous (the lanes of a warp read whole lines):
 *   vec4 index = (ocb*NBP/8 + b/8)*32 + u*8 + b%8.
 * Channels past IC and lanes past OC hold q = 0 (byte 0x08).
 */
export function packDotWeights(s: LowMemoryConvShape, quantized: Uint8Array): Uint32Array {
  const { nb, nbp } = dotBlocks(s);
  const out = new Uint32Array(dotWeightWords(s)).fill(0x08080808);
  const q = (o: number, c: number) => (o < s.oc && c < s.ic ? qAt(4, quantized, o * s.ic + c) : 0);
  for (let ocb = 0; ocb < s.ocb; ocb++) {
    for (let b = 0; b < nb; b++) {
      for (let t = 0; t < 8; t++)
        for (let pr = 0; pr < 2; pr++) {
          let word = 0;
          for (let r = 0; r < 4; r++) {
            const c = 32 * b + 4 * t + r;
            const lo = q(4 * ocb + 2 * pr, c),
              hi = q(4 * ocb + 2 * pr + 1, c);
            word |= (((hi & 15) << 4) | (lo + 8)) << (8 * r);
          }
          const v4 = (ocb * (nbp / 8) + (b >> 3)) * 32 + (t >> 1) * 8 + (b & 7);
          out[v4 * 4 + (t & 1) * 2 + pr] = word >>> 0;
        }
    }
  }
  return out;
}

/**
 * int4 or int8 weights of the gemm path for the mma variants (variants.ts MmaVariant): q as a signed byte, output
 * channel n's K run contiguous, byte n*KP + k (KP = K rounded up to 32, rows up to NP = OC rounded up to MMA_PAD), so
 * a 32-channel x 16-output-channel operand is a column-major load with stride KP. Padding holds q = 0.
 */
export function packMmaWeights(s: LowMemoryConvShape, quantized: Uint8Array): Uint32Array {
  const g = mmaGeometry(s);
  const bytes = new Uint8Array(g.weightWords * 4);
  for (let o = 0; o < s.oc; o++)
    for (let c = 0; c < s.ic; c++) bytes[o * g.kp + c] = qAt(s.bits, quantized, o * s.ic + c) & 0xff;
  return new Uint32Array(bytes.buffer);
}

export function packScales(s: LowMemoryConvShape, scales: Float32Array, offsets?: Float32Array): Float32Array {
  const out = new Float32Array(scaleVec4s(s) * 4);
  for (let o = 0; o < s.oc; o++) {
    const ob = o >> 2,
      j = o & 3;
    for (let b = 0; b < s.nBlk; b++) {
      const v = ob * s.nBlk + b;
      if (s.asym) {
        out[2 * v * 4 + j] = scales[o * s.nBlk + b];
        out[(2 * v + 1) * 4 + j] = offsets![o * s.nBlk + b];
      } else {
        out[v * 4 + j] = scales[o * s.nBlk + b];
      }
    }
  }
  return out;
}

export function packBias(s: LowMemoryConvShape, bias: Float32Array): Float32Array {
  const out = new Float32Array((s.ocb + 1) * 4);
  out.set(bias.subarray(0, s.oc));
  return out;
}

/**
 * MNN loader conversion (docs/gpu.md#dequantization): alpha as stored in a model -> (scale, offset) per (oc, block).
 * Symmetric: alpha[oc*nBlk + b] = scale. Asymmetric: alpha pairs (min, scale); offset = min - clampMin*scale,
 * clampMin = aMin, or -128 when aMin == 0 (legacy behaviour kept even for 4-bit data).
 */
export function mnnAlphaToScaleOffset(
  alpha: Float32Array,
  asymmetric: boolean,
  aMin: number,
): { scales: Float32Array; offsets?: Float32Array } {
  if (!asymmetric) return { scales: Float32Array.from(alpha) };
  const n = alpha.length >> 1;
  const clampMin = aMin === 0 ? -128 : aMin;
  const scales = new Float32Array(n);
  const offsets = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    scales[i] = alpha[2 * i + 1];
    offsets[i] = alpha[2 * i] - clampMin * alpha[2 * i + 1];
  }
  return { scales, offsets };
}
