/**
 * WASMDOTS8STRD1_NCHW / WASMDOTS8STRD2_NCHW: MegEngine's NCHW direct dot convolutions (spec cpu-conv.md §4,
 * direct_dotprod.cpp: conv_direct_stride{1,2}_{2,3,5,7}x..._int8_dot) for NCHW tensors with any channel count:
 * square 2/3/5/7 filters, stride 1 or 2. Input channels are padded once per image (kernel 1, tasks {N, G, ICPG});
 * each output channel is then accumulated input channel by input channel through an int32 plane (first input
 * channel: start from the bias; later ones: add) and finished (kernel 2, tasks {N, G, OCPG}).
 * Kernels: assembly/conv-nchw-dot/task.ts.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type PlanOptions } from './types.js';

const SIZES = [2, 3, 5, 7];

export interface NchwDotPlanFacts {
  owPad: number;
  rowBytes: number;
  rows: number;
  planesBytes: number;
  perThreadBytes: number;
}

export function nchwDotPlanFacts(s: ConvShape): NchwDotPlanFacts {
  const owPad = Math.ceil(s.ow / 8) * 8;
  const nq = Math.ceil(s.fw / 2);
  // stride 1: 4-byte pair columns up to owPad + 2 * nq; stride 2: i16 columns up to 2 * owPad + 2 * nq (+ 16 bytes)
  const cols = s.sh === 1 ? Math.max(owPad + 2 * nq, s.pl + s.iw + 1) : Math.max(2 * owPad + 2 * nq + 8, s.pl + s.iw);
  const rowBytes = s.sh === 1 ? cols * 4 : Math.ceil((cols * 2) / 16) * 16;
  const rows = (s.oh - 1) * s.sh + s.fh;
  const planesBytes = s.n * s.ic * rows * rowBytes;
  return { owPad, rowBytes, rows, planesBytes, perThreadBytes: s.oh * owPad * 4 };
}

function makePlan(s: ConvShape, { threads }: PlanOptions): AlgoPlan {
  const f = nchwDotPlanFacts(s);
  const nq = Math.ceil(s.fw / 2);
  const chanBytes = s.icpg * s.fh * nq * 16;
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  // chunk 0: packed filter; chunk 1: the padded planes of every (n, g, ic), then one int32 plane per thread
  const workspace = new WorkspaceBundle([chanBytes * s.oc, f.planesBytes + f.perThreadBytes * threads]);
  const name = `conv_nchw_dot_f${s.fw}s${s.sh}__wasmsimd`;
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad,
    packedFilterBytes: chanBytes * s.oc,
    kernelNames: [name],
    ctxFields: { owPad: f.owPad, rowBytes: f.rowBytes },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const o16 = new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      let p = 0;
      for (let o = 0; o < s.oc; o++)
        for (let i = 0; i < s.icpg; i++)
          for (let kh = 0; kh < s.fh; kh++)
            for (let q = 0; q < nq; q++)
              for (let lane = 0; lane < 4; lane++)
                for (let j = 0; j < 2; j++) {
                  const kw = 2 * q + j;
                  o16[p++] = kw < s.fw ? oihw[((o * s.icpg + i) * s.fh + kh) * s.fw + kw] : 0;
                }
      if (p * 2 !== out.byteLength) throw new Error(`packFilter wrote ${p * 2} of ${out.byteLength} bytes`);
      return null;
    },
    kernels: [
      {
        range: [s.n, s.group, s.icpg],
        run(e, _threadId, [n, g, ic]) {
          e.core.exports.nchwDotPad(e.ctx, e.src, e.threadSlices, n, g, ic);
        },
      },
      {
        range: [s.n, s.group, s.ocpg],
        run(e, threadId, [n, g, oc]) {
          e.core.exports.nchwDotConv(e.ctx, e.threadSlices, e.dst, e.threadSlices + f.planesBytes + threadId * f.perThreadBytes, n, g, oc);
        },
      },
    ],
  };
}

function nchwDot(stride: 1 | 2): ConvAlgorithm {
  return {
    name: `WASMDOTS8STRD${stride}_NCHW`,
    formats: ['NCHW'],
    usable(s) {
      if (s.format !== 'NCHW') return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW, got ${s.format}`);
      if (s.dh !== 1 || s.dw !== 1) return reject('UNSUPPORTED_DILATION', 'dilation', `must be [1, 1], got [${s.dh}, ${s.dw}]`);
      if (s.fh !== s.fw || !SIZES.includes(s.fh)) {
        return reject('UNSUPPORTED_FILTER', 'fh', `square filters of size ${SIZES.join(', ')} are supported, got ${s.fh}x${s.fw}`);
      }
      if (s.sh !== stride || s.sw !== stride) return reject('UNSUPPORTED_STRIDE', 'stride', `must be [${stride}, ${stride}], got [${s.sh}, ${s.sw}]`);
      return null;
    },
    isPreferred: (s) => preferredNchwDot(s),
    plan: makePlan,
  };
}

/**
 * MegEngine's gate (spec cpu-conv.md §4.1, per group), kept until measured otherwise here: small output channel
 * counts, where the im2col GEMM's packing costs more than it saves.
 */
export function preferredNchwDot(s: ConvShape): boolean {
  const { icpg: IC, ocpg: OC, fh: F } = s;
  if (s.sh === 1) return (F === 2 && (OC <= 10 || IC <= 8)) || (F !== 2 && (OC <= 16 || (IC <= 4 && OC <= 32)));
  return ((F === 2 || F === 3) && (IC === 1 || (IC <= 8 && OC <= 12) || OC <= 8)) || (F === 5 && ((IC === 1 && OC <= 16) || OC <= 12)) || (F === 7 && OC <= 16);
}

export const nchwDotStride1 = nchwDot(1);
export const nchwDotStride2 = nchwDot(2);
