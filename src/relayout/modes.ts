/**
 * Every relayout mode of docs/relayout.md, declared once: which source rank it takes, which options
 * (group, oc) it reads, its asserts (as I8ConvErrors), its output shape, MegEngine's workspace size, and two
 * ways to execute it:
 *   - `copies`: strided gather copies run in TypeScript (strided.ts); available for every mode and dtype;
 *   - `wasm`:   calls of the SIMD kernels of kernels.ts; present for the hot modes (and every other case a
 *               kernel covers exactly), null otherwise.
 * Both are checked against the scalar oracle (kernels-ref/relayout.ts) in test/relayout*.test.ts.
 */
import { I8ConvError, check } from '../errors.js';
import type { KernelName } from './kernels.js';
import type { Copy } from './strided.js';

/** A pointer argument of a kernel call: a buffer of the plan plus an offset in elements. */
export type Ptr = { buf: 'src' | 'dst' | 'ws'; off: number };
export type KernelCall = { kernel: KernelName; args: Array<number | Ptr> };

export interface ModePlan {
  dstShape: number[];
  /** Bytes MegEngine's get_workspace_in_bytes reports for this mode (docs/relayout.md#workspace). */
  workspaceBytes: number;
  /** TypeScript path. */
  copies: Copy[];
  /** Elements of scratch the TypeScript path needs (0 if none). */
  copiesWs: number;
  /** Wasm path, or null when no kernel covers this case. */
  wasm: KernelCall[] | null;
  /** Elements of scratch the wasm path needs (0 if none). */
  wasmWs: number;
}

export interface ModeParams {
  group: number;
  /** 0 = not given (MegEngine's default). */
  oc: number;
  /** Element size in bytes. */
  esize: 1 | 4;
  /** Value of padded positions. */
  pad: number;
}

interface ModeDef {
  ndim: readonly number[];
  takesGroup?: boolean;
  takesOc?: boolean;
  plan(s: number[], p: ModeParams): ModePlan;
}

// ---- helpers ---------------------------------------------------------------------------------------------------

const ceilDiv = (a: number, b: number) => Math.ceil(a / b);
const roundUp = (a: number, b: number) => ceilDiv(a, b) * b;
const src = (off = 0): Ptr => ({ buf: 'src', off });
const dst = (off = 0): Ptr => ({ buf: 'dst', off });
const ws = (off = 0): Ptr => ({ buf: 'ws', off });

/** Channel-count asserts of MegEngine's (docs/relayout.md#semantics): code BAD_CHANNELS, parameter srcShape. */
function need(cond: boolean, mode: string, msg: string): void {
  check(cond, 'BAD_CHANNELS', 'srcShape', () => `${mode}: ${msg}`);
}

/** Kernel name for a channel pack/unpack of P = 4 or 8 with the plan's element size. */
function packK(P: 4 | 8, e: 1 | 4): KernelName {
  return `relayout_pack${P}_${e === 1 ? 'b8' : 'b32'}`;
}
function unpackK(P: 4 | 8, e: 1 | 4): KernelName {
  return `relayout_unpack${P}_${e === 1 ? 'b8' : 'b32'}`;
}
/** Transpose kernel moving units of `elems` elements, or null when no kernel has that unit size. */
function transposeK(elems: number, e: 1 | 4): KernelName | null {
  const bytes = elems * e;
  return bytes === 1
    ? 'relayout_transpose_b8'
    : bytes === 4
      ? 'relayout_transpose_b32'
      : bytes === 16
        ? 'relayout_transpose_b128'
        : null;
}

/** pack call: see assembly/relayout/pack.ts for the index formula. */
function pack(
  P: 4 | 8,
  p: ModeParams,
  from: Ptr,
  to: Ptr,
  a: {
    outer: number;
    srcOuter: number;
    dstOuter: number;
    chans: number;
    blocks: number;
    hw: number;
    plane: number;
    dstBlock: number;
  },
): KernelCall {
  return {
    kernel: packK(P, p.esize),
    args: [from, to, a.outer, a.srcOuter, a.dstOuter, a.chans, a.blocks, a.hw, a.plane, a.dstBlock, p.pad],
  };
}
function unpack(
  P: 4 | 8,
  p: ModeParams,
  from: Ptr,
  to: Ptr,
  a: { outer: number; srcOuter: number; dstOuter: number; chans: number; hw: number; srcBlock: number; plane: number },
): KernelCall {
  return {
    kernel: unpackK(P, p.esize),
    args: [from, to, a.outer, a.srcOuter, a.dstOuter, a.chans, a.hw, a.srcBlock, a.plane],
  };
}
function transpose(k: KernelName, from: Ptr, to: Ptr, batch: number, rows: number, cols: number): KernelCall {
  return { kernel: k, args: [from, to, batch, rows, cols] };
}
/** Byte copy of `elems` elements from ws/src to dst (offsets in elements). */
function copyElems(p: ModeParams, to: Ptr, from: Ptr, elems: number): KernelCall {
  return { kernel: 'relayout_copy_b8', args: [to, from, elems * p.esize] };
}
/** Fills `elems` elements with the pad value: only 1-byte types can pad with a non-zero value. */
function fillElems(p: ModeParams, to: Ptr, elems: number): KernelCall {
  return { kernel: 'relayout_fill_b8', args: [to, p.esize === 1 ? p.pad & 0xff : 0, elems * p.esize] };
}

function plan(
  dstShape: number[],
  workspaceBytes: number,
  copies: Copy[],
  wasm: KernelCall[] | null,
  extra: { copiesWs?: number; wasmWs?: number } = {},
): ModePlan {
  return { dstShape, workspaceBytes, copies, wasm, copiesWs: extra.copiesWs ?? 0, wasmWs: extra.wasmWs ?? 0 };
}

/** Gather copy from the source (or ws) into dst (or ws): dims in destination order, source strides. */
function gather(
  dims: number[],
  strides: number[],
  checks: Copy['checks'] = [],
  from: Copy['from'] = 'src',
  to: Copy['to'] = 'dst',
): Copy {
  return { from, to, dims, strides, checks };
}

// ---- shared mode bodies ----------------------------------------------------------------------------------------

/** NCHW -> {N, group*ceil(icpg/4), H, W, 4} (NCHW_NCHW4, NCHW_NCHW44, NCHW_NCHW4_IC_SMALL). */
function nchwToNchw4(s: number[], p: ModeParams, group: number, wsBytes: number): ModePlan {
  const [N, C, H, W] = s;
  const HW = H * W;
  const icpg = C / group;
  const cbg = ceilDiv(icpg, 4);
  return plan(
    [N, group * cbg, H, W, 4],
    wsBytes,
    [gather([N, group, cbg, HW, 4], [C * HW, icpg * HW, 4 * HW, 1, HW], [{ coef: [0, 0, 4, 0, 1], limit: icpg }])],
    [
      pack(4, p, src(), dst(), {
        outer: N * group,
        srcOuter: icpg * HW,
        dstOuter: cbg * HW * 4,
        chans: icpg,
        blocks: cbg,
        hw: HW,
        plane: HW,
        dstBlock: HW * 4,
      }),
    ],
  );
}

/** {N, CB, H, W, 4} -> NCHW with oc / group (NCHW4_NCHW, NCHW44_NCHW). */
function nchw4ToNchw(mode: string, s: number[], p: ModeParams, group: number): ModePlan {
  const [N, CB, H, W, four] = s;
  check(four === 4, 'BAD_CHANNELS', 'srcShape', () => `${mode}: the last axis must be 4, got ${four}`);
  const HW = H * W;
  const full = CB * 4;
  const OC = p.oc || full;
  check(
    OC % group === 0,
    'GROUP_MISMATCH',
    'opts.group',
    () => `${mode}: oc ${OC} is not a multiple of group ${group}`,
  );
  check(
    full % group === 0,
    'GROUP_MISMATCH',
    'opts.group',
    () => `${mode}: ${full} source channels are not a multiple of group ${group}`,
  );
  const icpg = full / group;
  const ocpg = OC / group;
  // MegEngine would read the next group's channels (or past the tensor) when a group gets more output than
  // input channels; refuse instead.
  check(ocpg <= icpg, 'INVALID_PARAM', 'opts.oc', () => `${mode}: oc ${OC} exceeds the ${full} channels of the source`);
  const wsBytes = N * full * HW * p.esize;
  const dstShape = [N, OC, H, W];
  // Unpacking everything: dims (n, cb, cp, h*w) refine dst's (n, c, h*w) when OC == full.
  const unpackAll = (to: Copy['to']) => gather([N, CB, 4, HW], [CB * HW * 4, HW * 4, 1, 4], [], 'src', to);
  if (OC === full) {
    return plan(
      dstShape,
      wsBytes,
      [unpackAll('dst')],
      [
        unpack(4, p, src(), dst(), {
          outer: N,
          srcOuter: CB * HW * 4,
          dstOuter: full * HW,
          chans: full,
          hw: HW,
          srcBlock: HW * 4,
          plane: HW,
        }),
      ],
    );
  }
  // Otherwise: unpack into the workspace, then take the first ocpg channels of every group.
  const copies = [unpackAll('ws'), gather([N, group, ocpg, HW], [full * HW, icpg * HW, HW, 1], [], 'ws', 'dst')];
  let wasm: KernelCall[];
  let wasmWs = 0;
  if (icpg % 4 === 0) {
    // Groups start on block boundaries: one unpack with outer = N*group, each taking ocpg channels.
    wasm = [
      unpack(4, p, src(), dst(), {
        outer: N * group,
        srcOuter: icpg * HW,
        dstOuter: ocpg * HW,
        chans: ocpg,
        hw: HW,
        srcBlock: HW * 4,
        plane: HW,
      }),
    ];
  } else {
    wasm = [
      unpack(4, p, src(), ws(), {
        outer: N,
        srcOuter: CB * HW * 4,
        dstOuter: full * HW,
        chans: full,
        hw: HW,
        srcBlock: HW * 4,
        plane: HW,
      }),
    ];
    for (let n = 0; n < N; n++) {
      for (let g = 0; g < group; g++) {
        wasm.push(copyElems(p, dst((n * OC + g * ocpg) * HW), ws((n * full + g * icpg) * HW), ocpg * HW));
      }
    }
    wasmWs = N * full * HW;
  }
  return plan(dstShape, wsBytes, copies, wasm, { copiesWs: N * full * HW, wasmWs });
}

/** NCHW -> {N, ceil(C/P), H, W, P} for P = 8 or 64. */
function nchwToNchwP(P: 8 | 64, s: number[], p: ModeParams): ModePlan {
  const [N, C, H, W] = s;
  const HW = H * W;
  const CB = ceilDiv(C, P);
  const wsBytes = C % P ? N * roundUp(C, P) * HW * p.esize : 0;
  const copies = [gather([N, CB, HW, P], [C * HW, P * HW, 1, HW], [{ coef: [0, P, 0, 1], limit: C }])];
  let wasm: KernelCall[] | null = null;
  if (P === 8) {
    wasm = [
      pack(8, p, src(), dst(), {
        outer: N,
        srcOuter: C * HW,
        dstOuter: CB * HW * 8,
        chans: C,
        blocks: CB,
        hw: HW,
        plane: HW,
        dstBlock: HW * 8,
      }),
    ];
  } else if (C % 64 === 0) {
    // Each 64-channel block is a 64 x HW -> HW x 64 transpose.
    const k = transposeK(1, p.esize);
    if (k) wasm = [transpose(k, src(), dst(), N * CB, 64, HW)];
  }
  return plan([N, CB, H, W, P], wsBytes, copies, wasm);
}

/** {N, CB, H, W, P} -> NCHW (P = 8: all channels; P = 64: the first oc). */
function nchwPToNchw(mode: string, P: 8 | 64, s: number[], p: ModeParams): ModePlan {
  const [N, CB, H, W, last] = s;
  check(last === P, 'BAD_CHANNELS', 'srcShape', () => `${mode}: the last axis must be ${P}, got ${last}`);
  const HW = H * W;
  const full = CB * P;
  const OC = p.oc || full;
  check(OC <= full, 'INVALID_PARAM', 'opts.oc', () => `${mode}: oc ${OC} exceeds the ${full} channels of the source`);
  const wsBytes = P === 64 && p.oc ? N * full * HW * p.esize : 0;
  const unpackAll = (to: Copy['to']) => gather([N, CB, P, HW], [CB * HW * P, HW * P, 1, P], [], 'src', to);
  const dstShape = [N, OC, H, W];
  if (P === 8) {
    return plan(
      dstShape,
      wsBytes,
      [unpackAll('dst')],
      [
        unpack(8, p, src(), dst(), {
          outer: N,
          srcOuter: CB * HW * 8,
          dstOuter: full * HW,
          chans: full,
          hw: HW,
          srcBlock: HW * 8,
          plane: HW,
        }),
      ],
    );
  }
  const k = transposeK(1, p.esize);
  if (OC === full) {
    return plan(dstShape, wsBytes, [unpackAll('dst')], k ? [transpose(k, src(), dst(), N * CB, HW, 64)] : null);
  }
  const copies = [unpackAll('ws'), gather([N, OC, HW], [full * HW, HW, 1], [], 'ws', 'dst')];
  const wasm: KernelCall[] | null = k ? [transpose(k, src(), ws(), N * CB, HW, 64)] : null;
  if (wasm) for (let n = 0; n < N; n++) wasm.push(copyElems(p, dst(n * OC * HW), ws(n * full * HW), OC * HW));
  return plan(dstShape, wsBytes, copies, wasm, { copiesWs: N * full * HW, wasmWs: N * full * HW });
}

/** NCHW -> NHWCD4 {N, H, ceil(C/4), W, 4}; C % 4 != 0 is zero-padded (never reads past the source). */
function nchwToNhwcd4(s: number[], p: ModeParams, wsBytes: number): ModePlan {
  const [N, C, H, W] = s;
  const CB = ceilDiv(C, 4);
  const wasm: KernelCall[] = [];
  for (let n = 0; n < N; n++) {
    // outer = h: source row h of every plane, destination {CB, W, 4} slab of row h.
    wasm.push(
      pack(4, p, src(n * C * H * W), dst(n * H * CB * W * 4), {
        outer: H,
        srcOuter: W,
        dstOuter: CB * W * 4,
        chans: C,
        blocks: CB,
        hw: W,
        plane: H * W,
        dstBlock: W * 4,
      }),
    );
  }
  return plan(
    [N, H, CB, W, 4],
    wsBytes,
    [gather([N, H, CB, W, 4], [C * H * W, W, 4 * H * W, 1, H * W], [{ coef: [0, 0, 4, 0, 1], limit: C }])],
    wasm,
  );
}

/** NHWC -> NHWCD4 {N, H, ceil(C/4), W, 4}. */
function nhwcToNhwcd4(s: number[], p: ModeParams, wsBytes: number): ModePlan {
  const [N, H, W, C] = s;
  const CB = ceilDiv(C, 4);
  const k = transposeK(4, p.esize);
  // Aligned C: per (n, h) a W x CB transpose of 4-element units.
  const wasm = C % 4 === 0 && k ? [transpose(k, src(), dst(), N * H, W, CB)] : null;
  return plan(
    [N, H, CB, W, 4],
    wsBytes,
    [gather([N, H, CB, W, 4], [H * W * C, W * C, 4, C, 1], [{ coef: [0, 0, 4, 0, 1], limit: C }])],
    wasm,
  );
}

/** 4x4-tiled weights (NCHW44 / NCHW44_DOT / INTER_WEIGHT_*I_DOT) without padding: tile16 for 1-byte types. */
function tile16(
  p: ModeParams,
  groups: number,
  ocb: number,
  icb: number,
  K: number,
  oFirst: boolean,
  kMajor: boolean,
): KernelCall[] | null {
  if (p.esize !== 1) return null;
  return [{ kernel: 'relayout_tile16_b8', args: [src(), dst(), groups, ocb, icb, K, oFirst ? 1 : 0, kMajor ? 1 : 0] }];
}

function weight44(mode: string, s: number[], p: ModeParams): ModePlan {
  const dot = mode.includes('DOT');
  const grouped = s.length === 5;
  const [G, OC, IC, FH, FW] = grouped ? s : [1, ...s];
  const K = FH * FW;
  need(OC % 4 === 0, mode, `output channels ${OC} must be a multiple of 4`);
  need(IC % 4 === 0, mode, `input channels ${IC} must be a multiple of 4`);
  const OCB = OC / 4,
    ICB = IC / 4;
  // Tile lanes: dot = [o4][i4], plain = [i4][o4].
  const t = dot ? [IC * K, K] : [K, IC * K];
  const dims = [G, OCB, ICB, K, 4, 4];
  const strides = [OC * IC * K, 4 * IC * K, 4 * K, 1, t[0], t[1]];
  const dstShape = grouped ? [G, OCB, ICB, FH, FW, 4, 4] : [OCB, ICB, FH, FW, 4, 4];
  return plan(dstShape, 0, [gather(dims, strides)], tile16(p, G, OCB, ICB, K, dot, false));
}

/** W{G, 1, 1, FH, FW} -> {G/4, ..., FH, FW, 4} (channel-wise weights, G % 4 == 0). */
function chanWeight4(mode: string, s: number[], p: ModeParams, dstShape: (GB: number) => number[]): ModePlan {
  const [G, A, B, FH, FW] = s;
  need(A === 1 && B === 1, mode, `channel-wise weights need shape {G, 1, 1, FH, FW}, got {${s.join(', ')}}`);
  need(G % 4 === 0, mode, `groups ${G} must be a multiple of 4`);
  const K = FH * FW;
  return plan(
    dstShape(G / 4),
    0,
    [gather([G / 4, K, 4], [4 * K, 1, K])],
    [
      pack(4, p, src(), dst(), {
        outer: 1,
        srcOuter: 0,
        dstOuter: 0,
        chans: G,
        blocks: G / 4,
        hw: K,
        plane: K,
        dstBlock: K * 4,
      }),
    ],
  );
}

// ---- the table -------------------------------------------------------------------------------------------------

export const MODES: Record<string, ModeDef> = {
  // -- activations (docs/relayout.md#semantics, activation modes) --
  NCHW_NCHW4_IC_SMALL: {
    ndim: [4],
    plan(s, p) {
      const [N, C, H, W] = s;
      need(C <= 4, 'NCHW_NCHW4_IC_SMALL', `ic should be less equal 4, got ${C}`);
      return nchwToNchw4(s, p, 1, C % 4 ? N * 4 * H * W * p.esize : 0);
    },
  },
  NCHW_NCHW4: {
    ndim: [4],
    takesGroup: true,
    plan(s, p) {
      const [N, C, H, W] = s;
      check(
        C % p.group === 0,
        'GROUP_MISMATCH',
        'opts.group',
        () => `NCHW_NCHW4: channels ${C} are not a multiple of group ${p.group}`,
      );
      return nchwToNchw4(s, p, p.group, N * p.group * roundUp(C / p.group, 4) * H * W * p.esize);
    },
  },
  NCHW_NCHW44: {
    ndim: [4],
    plan(s, p) {
      const [N, C, H, W] = s;
      return nchwToNchw4(s, p, 1, N * roundUp(C, 4) * H * W * p.esize);
    },
  },
  NCHW4_NCHW: { ndim: [5], takesGroup: true, takesOc: true, plan: (s, p) => nchw4ToNchw('NCHW4_NCHW', s, p, p.group) },
  NCHW44_NCHW: { ndim: [5], takesOc: true, plan: (s, p) => nchw4ToNchw('NCHW44_NCHW', s, p, 1) },
  NCHW_NCHW88: { ndim: [4], plan: (s, p) => nchwToNchwP(8, s, p) },
  NCHW88_NCHW: { ndim: [5], plan: (s, p) => nchwPToNchw('NCHW88_NCHW', 8, s, p) },
  NCHW_NCHW64: { ndim: [4], plan: (s, p) => nchwToNchwP(64, s, p) },
  NCHW64_NCHW: { ndim: [5], takesOc: true, plan: (s, p) => nchwPToNchw('NCHW64_NCHW', 64, s, p) },
  NCHW4_CHWN4: {
    ndim: [5],
    plan(s, p) {
      const [N, CB, H, W, four] = s;
      need(four === 4, 'NCHW4_CHWN4', `the last axis must be 4, got ${four}`);
      const k = transposeK(4, p.esize);
      return plan(
        [CB, H, W, N, 4],
        0,
        [gather([CB, H, W, N, 4], [H * W * 4, W * 4, 4, CB * H * W * 4, 1])],
        k ? [transpose(k, src(), dst(), 1, N, CB * H * W)] : null,
      );
    },
  },
  CHWN4_NCHW4: {
    ndim: [5],
    plan(s, p) {
      const [CB, H, W, N, four] = s;
      need(four === 4, 'CHWN4_NCHW4', `the last axis must be 4, got ${four}`);
      const k = transposeK(4, p.esize);
      return plan(
        [N, CB, H, W, 4],
        0,
        [gather([N, CB, H, W, 4], [4, H * W * N * 4, W * N * 4, N * 4, 1])],
        k ? [transpose(k, src(), dst(), 1, CB * H * W, N)] : null,
      );
    },
  },
  NCHW_NHWCD4: { ndim: [4], plan: (s, p) => nchwToNhwcd4(s, p, 0) },
  NCHW_NHWCD4I: {
    ndim: [4],
    plan: (s, p) => nchwToNhwcd4(s, p, s[1] % 4 ? s[0] * roundUp(s[1], 4) * s[2] * s[3] * p.esize : 0),
  },
  NHWC_NHWCD4: {
    ndim: [4],
    plan(s, p) {
      need(s[3] % 4 === 0, 'NHWC_NHWCD4', `channels ${s[3]} must be a multiple of 4 (NHWC_NHWCD4I pads)`);
      return nhwcToNhwcd4(s, p, 0);
    },
  },
  NHWC_NHWCD4I: {
    ndim: [4],
    plan: (s, p) => nhwcToNhwcd4(s, p, s[3] % 4 ? s[0] * s[1] * s[2] * roundUp(s[3], 4) * p.esize : 0),
  },
  NHWCD4_NHWC: { ndim: [5], plan: (s, p) => nhwcd4ToNhwc('NHWCD4_NHWC', s, p) },
  NHWCD4I_NHWC: { ndim: [5], plan: (s, p) => nhwcd4ToNhwc('NHWCD4I_NHWC', s, p) },
  NHWCD4_NCHW: { ndim: [5], plan: (s, p) => nhwcd4ToNchw('NHWCD4_NCHW', s, p) },
  NHWCD4I_NCHW: { ndim: [5], plan: (s, p) => nhwcd4ToNchw('NHWCD4I_NCHW', s, p) },
  NCHW_NHWC: {
    ndim: [4],
    plan(s, p) {
      const [N, C, H, W] = s;
      const k = transposeK(1, p.esize);
      return plan(
        [N, H, W, C],
        0,
        [gather([N, H * W, C], [C * H * W, 1, H * W])],
        k ? [transpose(k, src(), dst(), N, C, H * W)] : null,
      );
    },
  },
  NHWC_NCHW: {
    ndim: [4],
    plan(s, p) {
      const [N, H, W, C] = s;
      const k = transposeK(1, p.esize);
      return plan(
        [N, C, H, W],
        0,
        [gather([N, C, H * W], [C * H * W, 1, C])],
        k ? [transpose(k, src(), dst(), N, H * W, C)] : null,
      );
    },
  },

  // -- weights (docs/relayout.md#semantics, weight modes) --
  NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT: {
    ndim: [4],
    plan(s, p) {
      const [OC, IC, FH, FW] = s;
      const m = 'NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT';
      need(IC <= 4, m, `ic should be less equal 4, got ${IC}`);
      const K = FH * FW;
      return plan(
        [OC, 1, FH, FW, 4],
        IC % 4 ? OC * 4 * K * p.esize : 0,
        [gather([OC, K, 4], [IC * K, 1, K], [{ coef: [0, 0, 1], limit: IC }])],
        [
          pack(4, p, src(), dst(), {
            outer: OC,
            srcOuter: IC * K,
            dstOuter: K * 4,
            chans: IC,
            blocks: 1,
            hw: K,
            plane: K,
            dstBlock: K * 4,
          }),
        ],
      );
    },
  },
  NCHW_NCHW4_WEIGHT: {
    ndim: [4, 5],
    plan(s, p) {
      const grouped = s.length === 5;
      const [G, OC, IC, FH, FW] = grouped ? s : [1, ...s];
      const K = FH * FW;
      const OCP = roundUp(OC, 4),
        ICB = ceilDiv(IC, 4);
      const dstShape = grouped ? [G, OCP, ICB, FH, FW, 4] : [OCP, ICB, FH, FW, 4];
      const copies = [
        gather(
          [G, OCP, ICB, K, 4],
          [OC * IC * K, IC * K, 4 * K, 1, K],
          [
            { coef: [0, 1, 0, 0, 0], limit: OC },
            { coef: [0, 0, 4, 0, 1], limit: IC },
          ],
        ),
      ];
      const wasm: KernelCall[] = [];
      const per = OCP * ICB * K * 4; // dst elements of one group
      for (let g = 0; g < G; g++) {
        wasm.push(
          pack(4, p, src(g * OC * IC * K), dst(g * per), {
            outer: OC,
            srcOuter: IC * K,
            dstOuter: ICB * K * 4,
            chans: IC,
            blocks: ICB,
            hw: K,
            plane: K,
            dstBlock: K * 4,
          }),
        );
        if (OCP > OC) wasm.push(fillElems(p, dst(g * per + OC * ICB * K * 4), (OCP - OC) * ICB * K * 4));
      }
      return plan(dstShape, G * OCP * roundUp(IC, 4) * K * p.esize, copies, wasm);
    },
  },
  NCHW_NCHW88_CONV_DENSE_WEIGHT: {
    ndim: [4],
    plan(s, p) {
      const [OC, IC, FH, FW] = s;
      need(OC % 8 === 0, 'NCHW_NCHW88_CONV_DENSE_WEIGHT', `out channel must align to 8, got ${OC}`);
      const K = FH * FW,
        ICB = ceilDiv(IC, 8);
      return plan(
        [OC / 8, ICB, FH, FW, 8, 8],
        IC % 8 ? OC * roundUp(IC, 8) * K * p.esize : 0,
        [gather([OC / 8, ICB, K, 8, 8], [8 * IC * K, 8 * K, 1, K, IC * K], [{ coef: [0, 8, 0, 1, 0], limit: IC }])],
        null,
      );
    },
  },
  NCHW_NCHW88_CONV_CHAN_WEIGHT: {
    ndim: [5],
    plan(s, p) {
      const [G, A, B, FH, FW] = s;
      const inner = A * B * FH * FW,
        GB = ceilDiv(G, 8);
      return plan(
        [GB, A, B, FH, FW, 8],
        G % 8 ? roundUp(G, 8) * inner * p.esize : 0,
        [gather([GB, inner, 8], [8 * inner, 1, inner], [{ coef: [8, 0, 1], limit: G }])],
        [
          pack(8, p, src(), dst(), {
            outer: 1,
            srcOuter: 0,
            dstOuter: 0,
            chans: G,
            blocks: GB,
            hw: inner,
            plane: inner,
            dstBlock: inner * 8,
          }),
        ],
      );
    },
  },
  NCHW_NCHW88_CONV_GROUP_WEIGHT: {
    ndim: [5],
    plan(s, p) {
      const [G, OC, IC, FH, FW] = s;
      need(OC % 8 === 0, 'NCHW_NCHW88_CONV_GROUP_WEIGHT', `out channel must align to 8, got ${OC}`);
      const K = FH * FW,
        ICB = ceilDiv(IC, 8);
      return plan(
        [G, OC / 8, ICB, FH, FW, 8, 8],
        IC % 8 ? G * OC * roundUp(IC, 8) * K * p.esize : 0,
        [
          gather(
            [G, OC / 8, ICB, K, 8, 8],
            [OC * IC * K, 8 * IC * K, 8 * K, 1, K, IC * K],
            [{ coef: [0, 0, 8, 0, 1, 0], limit: IC }],
          ),
        ],
        null,
      );
    },
  },
  INTER_WEIGHT_DENSE: { ndim: [4], plan: (s) => interDense('INTER_WEIGHT_DENSE', s) },
  INTER_WEIGHT_DENSEI: { ndim: [4], plan: (s) => interDense('INTER_WEIGHT_DENSEI', s) },
  INTER_WEIGHT_GROUP: { ndim: [5], plan: (s) => interGroup('INTER_WEIGHT_GROUP', s) },
  INTER_WEIGHT_GROUPI: { ndim: [5], plan: (s) => interGroup('INTER_WEIGHT_GROUPI', s) },
  INTER_WEIGHT_CHAN: {
    ndim: [5],
    plan: (s, p) => chanWeight4('INTER_WEIGHT_CHAN', s, p, (GB) => [GB, 1, s[3], s[4], 4]),
  },
  INTER_WEIGHT_CHANI: {
    ndim: [5],
    plan: (s, p) => chanWeight4('INTER_WEIGHT_CHANI', s, p, (GB) => [GB, 1, s[3], s[4], 4]),
  },
  INTER_WEIGHT_DENSEI_DOT: {
    ndim: [4],
    plan(s, p) {
      const [OC, IC, FH, FW] = s;
      need(OC % 4 === 0, 'INTER_WEIGHT_DENSEI_DOT', `output channels ${OC} must be a multiple of 4`);
      const K = FH * FW,
        OCB = OC / 4,
        ICB = ceilDiv(IC, 4);
      return plan(
        [OCB, FH, FW, ICB, 4, 4],
        IC % 4 ? OC * roundUp(IC, 4) * K * p.esize : 0,
        [gather([OCB, K, ICB, 4, 4], [4 * IC * K, 1, 4 * K, IC * K, K], [{ coef: [0, 0, 4, 0, 1], limit: IC }])],
        IC % 4 === 0 ? tile16(p, 1, OCB, ICB, K, true, true) : null,
      );
    },
  },
  INTER_WEIGHT_GROUPI_DOT: {
    ndim: [5],
    plan(s, p) {
      const [G, OC, IC, FH, FW] = s;
      need(
        OC % 4 === 0 && IC % 4 === 0,
        'INTER_WEIGHT_GROUPI_DOT',
        `channels per group (${OC} out, ${IC} in) must be multiples of 4`,
      );
      const K = FH * FW,
        OCB = OC / 4,
        ICB = IC / 4;
      return plan(
        [G, OCB, FH, FW, ICB, 4, 4],
        0,
        [gather([G, OCB, K, ICB, 4, 4], [OC * IC * K, 4 * IC * K, 1, 4 * K, IC * K, K])],
        tile16(p, G, OCB, ICB, K, true, true),
      );
    },
  },

  // -- NCHW44 / NCHW44_DOT weight reformats (docs/relayout.md#semantics: MegEngine's graph-pass reformats) --
  WEIGHT_NCHW_TO_NCHW44_DENSE: { ndim: [4], plan: (s, p) => weight44('WEIGHT_NCHW_TO_NCHW44_DENSE', s, p) },
  WEIGHT_NCHW_TO_NCHW44_DOT_DENSE: { ndim: [4], plan: (s, p) => weight44('WEIGHT_NCHW_TO_NCHW44_DOT_DENSE', s, p) },
  WEIGHT_NCHW_TO_NCHW44_GROUP: { ndim: [5], plan: (s, p) => weight44('WEIGHT_NCHW_TO_NCHW44_GROUP', s, p) },
  WEIGHT_NCHW_TO_NCHW44_DOT_GROUP: { ndim: [5], plan: (s, p) => weight44('WEIGHT_NCHW_TO_NCHW44_DOT_GROUP', s, p) },
  WEIGHT_NCHW_TO_NCHW44_CHAN: {
    ndim: [5],
    plan: (s, p) => chanWeight4('WEIGHT_NCHW_TO_NCHW44_CHAN', s, p, (GB) => [GB, 1, 1, s[3], s[4], 4]),
  },
  WEIGHT_HYBRID_NCHW_NCHW44: {
    ndim: [4],
    plan(s) {
      const [OC, IC, FH, FW] = s;
      need(OC % 4 === 0, 'WEIGHT_HYBRID_NCHW_NCHW44', `output channels ${OC} must be a multiple of 4`);
      const K = FH * FW;
      return plan([OC / 4, FH, FW, IC, 4], 0, [gather([OC / 4, K, IC, 4], [4 * IC * K, 1, K, IC * K])], null);
    },
  },
};

/** MegEngine spells the hybrid weight mode "HYBIRD"; accept that spelling as an alias. */
export const MODE_ALIASES: Record<string, string> = {
  WEIGHT_HYBIRD_NCHW_NCHW44: 'WEIGHT_HYBRID_NCHW_NCHW44',
};

function nhwcd4ToNhwc(mode: string, s: number[], p: ModeParams): ModePlan {
  const [N, H, CB, W, four] = s;
  need(four === 4, mode, `the last axis must be 4, got ${four}`);
  const k = transposeK(4, p.esize);
  return plan(
    [N, H, W, CB * 4],
    0,
    [gather([N, H, W, CB, 4], [H * CB * W * 4, CB * W * 4, 4, W * 4, 1])],
    k ? [transpose(k, src(), dst(), N * H, CB, W)] : null,
  );
}

function nhwcd4ToNchw(mode: string, s: number[], p: ModeParams): ModePlan {
  const [N, H, CB, W, four] = s;
  need(four === 4, mode, `the last axis must be 4, got ${four}`);
  const C = CB * 4;
  const wasm: KernelCall[] = [];
  for (let n = 0; n < N; n++) {
    wasm.push(
      unpack(4, p, src(n * H * CB * W * 4), dst(n * C * H * W), {
        outer: H,
        srcOuter: CB * W * 4,
        dstOuter: W,
        chans: C,
        hw: W,
        srcBlock: W * 4,
        plane: H * W,
      }),
    );
  }
  return plan([N, C, H, W], 0, [gather([N, CB, 4, H, W], [H * CB * W * 4, W * 4, 1, CB * W * 4, 4])], wasm);
}

function interDense(mode: string, s: number[]): ModePlan {
  const [OC, IC, FH, FW] = s;
  need(OC % 4 === 0, mode, `output channels ${OC} must be a multiple of 4`);
  const K = FH * FW,
    ICP = roundUp(IC, 4);
  return plan(
    [OC / 4, FH, FW, ICP, 4],
    0,
    [gather([OC / 4, K, ICP, 4], [4 * IC * K, 1, K, IC * K], [{ coef: [0, 0, 1, 0], limit: IC }])],
    null,
  );
}

function interGroup(mode: string, s: number[]): ModePlan {
  const [G, OC, IC, FH, FW] = s;
  need(OC % 4 === 0 && IC % 4 === 0, mode, `channels per group (${OC} out, ${IC} in) must be multiples of 4`);
  const K = FH * FW;
  return plan(
    [G, OC / 4, FH, FW, IC, 4],
    0,
    [gather([G, OC / 4, K, IC, 4], [OC * IC * K, 4 * IC * K, 1, K, IC * K])],
    null,
  );
}

/** Canonical mode name, or an UNKNOWN_MODE error listing nothing but the bad name. */
export function modeDef(mode: unknown): { name: string; def: ModeDef } {
  if (typeof mode === 'string') {
    const name = MODE_ALIASES[mode] ?? mode;
    if (Object.prototype.hasOwnProperty.call(MODES, name)) return { name, def: MODES[name] };
  }
  throw new I8ConvError('UNKNOWN_MODE', `mode: invalid relayout format mode ${JSON.stringify(mode)}`, 'mode');
}

export const MODE_NAMES = Object.keys(MODES);
