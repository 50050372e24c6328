/**
 * WASMDOTS8STRD1_NCHW / WASMDOTS8STRD2_NCHW: MegEngine's NCHW direct dot convolutions (docs/conv.md#nchw-direct-dot;
 * direct_dotprod.cpp: conv_direct_stride{1,2}_{2,3,5,7}x..._int8_dot) for NCHW tensors with any channel count:
 * square 2/3/5/7 filters, stride 1 or 2 (preferred only for one input channel per group, see preferredNchwDot).
 * Input channels are padded once per image (kernel 1, tasks {N, G, ICPG});
 * each output channel is then accumulated input channel by input channel through an int32 plane (first input
 * channel: start from the bias; later ones: add) and finished (kernel 2, tasks {N, G, OCPG}).
 * Kernels: assembly/conv-nchw-dot/task.ts.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type Isa, type PlanOptions } from './types.js';
import { zeroPointCorrection } from './common.js';
import { activationOffset, dotXor, pickSingleKernel, runsDot8 } from './isa.js';
import { NCHW_DOT_KERNELS } from './kernel-table.generated.js';

const SIZES = [2, 3, 5, 7];

export interface NchwDotPlanFacts {
  owPad: number;
  rowBytes: number;
  rows: number;
  planesBytes: number;
  perThreadBytes: number;
}

export function nchwDotPlanFacts(s: ConvShape, isa: Isa = 'wasmsimd'): NchwDotPlanFacts {
  const owPad = Math.ceil(s.ow / 8) * 8;
  let cols: number;
  let rowBytes: number;
  if (runsDot8(isa)) {
    // 4-byte columns (b(S*m .. S*m + 3)); a trip reads columns c .. c + 3 + 4 * (nq - 1) / S
    const nq = Math.ceil(s.fw / 4);
    cols = owPad + (4 / s.sh) * (nq - 1);
    rowBytes = cols * 4;
  } else {
    const nq = Math.ceil(s.fw / 2);
    // stride 1: 4-byte pair columns up to owPad + 2 * nq; stride 2: i16 columns up to 2 * owPad + 2 * nq (+ 16 bytes)
    cols = s.sh === 1 ? Math.max(owPad + 2 * nq, s.pl + s.iw + 1) : Math.max(2 * owPad + 2 * nq + 8, s.pl + s.iw);
    rowBytes = s.sh === 1 ? cols * 4 : Math.ceil((cols * 2) / 16) * 16;
  }
  const rows = (s.oh - 1) * s.sh + s.fh;
  const planesBytes = s.n * s.ic * rows * rowBytes;
  return { owPad, rowBytes, rows, planesBytes, perThreadBytes: s.oh * owPad * 4 };
}

function makePlan(s: ConvShape, { threads, kernel, isa }: PlanOptions): AlgoPlan {
  const k = pickSingleKernel(NCHW_DOT_KERNELS, isa, 'conv-nchw-dot', (x) => x.fw === s.fw && x.stride === s.sh, kernel);
  const dot8 = k.mode === 2;
  const f = nchwDotPlanFacts(s, isa);
  const taps = dot8 ? 4 : 2;
  const nq = Math.ceil(s.fw / taps);
  const chanBytes = s.icpg * s.fh * nq * 16;
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  // chunk 0: packed filter; chunk 1: the padded planes of every (n, g, ic), then one int32 plane per thread
  const workspace = new WorkspaceBundle([chanBytes * s.oc, f.planesBytes + f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad,
    packedFilterBytes: chanBytes * s.oc,
    kernelNames: [k.name],
    ctxFields: { owPad: f.owPad, rowBytes: f.rowBytes, relaxed: k.mode, dotXor: dotXor(isa) },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const elems = dot8
        ? new Int8Array(out.buffer, out.byteOffset, out.byteLength)
        : new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      let p = 0;
      for (let o = 0; o < s.oc; o++)
        for (let i = 0; i < s.icpg; i++)
          for (let kh = 0; kh < s.fh; kh++)
            for (let q = 0; q < nq; q++)
              for (let lane = 0; lane < 4; lane++)
                for (let j = 0; j < taps; j++) {
                  const kw = taps * q + j;
                  elems[p++] = kw < s.fw ? oihw[((o * s.icpg + i) * s.fh + kh) * s.fw + kw] : 0;
                }
      const written = p * elems.BYTES_PER_ELEMENT;
      if (written !== out.byteLength) throw new Error(`packFilter wrote ${written} of ${out.byteLength} bytes`);
      // SIMD128: the zero point is subtracted while padding; dot8: b = xs + off, corrected in the accumulator start
      return dot8 ? zeroPointCorrection(s, oihw, ocpgPad, activationOffset(isa)) : null;
    },
    kernels: [
      {
        fn: 'nchwDotPad',
        range: [s.n, s.group, s.icpg],
        args: [{ base: 'src' }, { base: 'slices' }, { base: 'none' }],
      },
      {
        fn: k.fn,
        range: [s.n, s.group, s.ocpg],
        args: [
          { base: 'slices' },
          { base: 'dst' },
          { base: 'slices', offset: f.planesBytes, perThread: f.perThreadBytes },
        ],
      },
    ],
  };
}

function nchwDot(stride: 1 | 2): ConvAlgorithm {
  return {
    name: `WASMDOTS8STRD${stride}_NCHW`,
    formats: ['NCHW'],
    usable(s) {
      if (s.format !== 'NCHW')
        return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW, got ${s.format}`);
      if (s.dh !== 1 || s.dw !== 1)
        return reject('UNSUPPORTED_DILATION', 'dilation', `must be [1, 1], got [${s.dh}, ${s.dw}]`);
      if (s.fh !== s.fw || !SIZES.includes(s.fh)) {
        return reject(
          'UNSUPPORTED_FILTER',
          'fh',
          `square filters of size ${SIZES.join(', ')} are supported, got ${s.fh}x${s.fw}`,
        );
      }
      if (s.sh !== stride || s.sw !== stride)
        return reject('UNSUPPORTED_STRIDE', 'stride', `must be [${stride}, ${stride}], got [${s.sh}, ${s.sw}]`);
      return null;
    },
    isPreferred: (s) => preferredNchwDot(s),
    plan: makePlan,
  };
}

/**
 * Where this algorithm beats the others (per group). MegEngine's ARM gate (docs/conv.md#nchw-direct-dot: few output
 * channels) does not hold here: relayouting the source to NCHW44 and running the NCHW44 dot kernels
 * (WASMDOTS8DIRECT_NCHW) is faster on every multi-channel shape measured (Node 20, AMD EPYC, uint8, GMAC/s,
 * NCHW44 route vs this one, profile mode's alternating rounds): 3x3 s1 16->16 56² 20.0 vs 5.1, 8->32 23.1 vs 5.6,
 * 64->64 25.5 vs 5.8; 3x3 s2 12->12 14.9 vs 3.9, 3->16 224² 12.4 vs 4.1; 5x5 8->8 21.3 vs 6.8; 7x7 16->16 20.8
 * vs 9.0; 7x7 s2 3->64 224² 14.6 vs 7.8; 2x2 10->10 9.4 vs 3.0; 2->8 112² 8.7 vs 4.2. With one input channel
 * the relayout pads 1 channel to 4 and this algorithm wins: 1->8 112² 3x3 s1 3.5 vs 3.2, 1->32 5x5 s1 6.0 vs 5.6,
 * 1->4 7x7 s2 7.9 vs 4.7 (but 1->16 3x3 s2 3.5 vs 4.3).
 */
export function preferredNchwDot(s: ConvShape): boolean {
  return s.icpg === 1 && s.ocpg > 1 && (s.sh === 1 || s.fh >= 5);
}

export const nchwDotStride1 = nchwDot(1);
export const nchwDotStride2 = nchwDot(2);
