/**
 * The wasm relayout kernels themselves: tail sweeps (every H*W remainder of the 16- and 4-wide SIMD steps,
 * every channel remainder, every K of the 4x4 weight tiles) on buffers laid out in wasm memory with guard bytes
 * around dst and the workspace, checking the guards, the untouched source, and the oracle's answer. Also checks
 * the shipped module: each kernel's code contains the SIMD instructions it is meant to use.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { relayoutRef } from '../kernels-ref/relayout.js';
import { planRelayout, runKernelCalls, type RelayoutOptions } from '../src/relayout/api.js';
import { RELAYOUT_KERNELS, SRC_SLACK_BYTES } from '../src/relayout/kernels.js';
import { DTYPES, type RelayoutDtype } from '../src/relayout/dtype.js';
import { rng, randInt } from './helpers/rng.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

const GUARD = 64;
const GUARD_BYTE = 0xcd;

/** Runs the wasm plan of (mode, shape) on guarded wasm buffers and compares with the oracle. */
function checkKernel(mode: string, shape: number[], dtype: RelayoutDtype, opts: RelayoutOptions = {}, seed = 1): void {
  const r = planRelayout(mode, shape, { ...opts, dtype, ...(dtype === 'quint8' ? { zeroPoint: 201 } : {}) });
  expect(r.plan.wasm, `${mode} {${shape}} has a kernel`).not.toBeNull();
  const e = r.params.esize;
  const srcBytes = r.srcElems * e,
    dstBytes = r.dstElems * e,
    wsBytes = r.plan.wasmWs * e;
  // One block: [guard][src][slack][guard][dst][guard][ws][guard]; offsets 16-byte aligned like the heap's.
  const al = (v: number) => Math.ceil(v / 16) * 16;
  const oSrc = GUARD,
    oDst = al(oSrc + srcBytes + SRC_SLACK_BYTES) + GUARD,
    oWs = al(oDst + dstBytes) + GUARD;
  const total = al(oWs + wsBytes) + GUARD;
  const base = rt.core.heap.alloc(total, 64);
  try {
    const u8 = rt.core.u8();
    u8.fill(GUARD_BYTE, base, base + total);
    const rnd = rng(seed);
    const src = new DTYPES[r.dtype].ctor(r.srcElems);
    const srcU8 = new Uint8Array(src.buffer);
    for (let i = 0; i < srcU8.length; i++) srcU8[i] = randInt(rnd, 0, 255);
    if (src instanceof Float32Array) for (let i = 0; i < src.length; i++) if (!Number.isFinite(src[i])) src[i] = i;
    u8.set(new Uint8Array(src.buffer), base + oSrc);
    runKernelCalls(rt.core, r.plan.wasm!, { src: base + oSrc, dst: base + oDst, ws: base + oWs }, e);
    const after = rt.core.u8();
    const want = relayoutRef(mode, src, shape, { ...opts, pad: r.params.pad });
    const got = after.slice(base + oDst, base + oDst + dstBytes);
    expect(
      firstDiff(got, new Uint8Array(want.data.buffer)),
      `${mode} ${dtype} {${shape}} ${JSON.stringify(opts)}`,
    ).toBe(-1);
    expect(
      firstDiff(after.subarray(base + oSrc, base + oSrc + srcBytes), new Uint8Array(src.buffer)),
      'src untouched',
    ).toBe(-1);
    const isGuard = (a: number, b: number) => after.subarray(base + a, base + b).every((v) => v === GUARD_BYTE);
    expect(isGuard(0, oSrc), 'guard before src').toBe(true);
    expect(isGuard(oSrc + srcBytes, oDst), 'slack and guard after src').toBe(true);
    expect(isGuard(oDst + dstBytes, oWs), 'guard after dst').toBe(true);
    expect(isGuard(oWs + wsBytes, total), 'guard after ws').toBe(true);
  } finally {
    rt.core.heap.release(base);
  }
}

/** Index of the first differing byte, -1 if equal, -2 on a length mismatch (toEqual is slow on big arrays). */
function firstDiff(x: Uint8Array, y: Uint8Array): number {
  if (x.length !== y.length) return -2;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('relayout kernels: tail sweeps with guard bytes', () => {
  for (const dtype of ['int8', 'float32'] as const) {
    it(`pack4 (NCHW_NCHW44, NCHW_NCHW4 groups) ${dtype}: C 1..9 x HW 1..37`, () => {
      for (const c of range(1, 9)) for (const w of range(1, 37)) checkKernel('NCHW_NCHW44', [1, c, 1, w], dtype);
      for (const w of [1, 15, 16, 17, 33]) checkKernel('NCHW_NCHW4', [2, 10, 1, w], dtype, { group: 2 });
    });
    it(`unpack4 (NCHW44_NCHW, NCHW4_NCHW oc/group) ${dtype}: oc 1..12 x HW 1..37`, () => {
      for (const oc of range(1, 12))
        for (const w of [1, 3, 4, 5, 15, 16, 17, 31, 32, 33, 37])
          checkKernel('NCHW44_NCHW', [2, 3, 1, w, 4], dtype, { oc });
      for (const w of [1, 16, 19]) {
        checkKernel('NCHW4_NCHW', [2, 3, 1, w, 4], dtype, { oc: 6, group: 3 }); // icpg 4: groups on blocks
        checkKernel('NCHW4_NCHW', [2, 3, 1, w, 4], dtype, { oc: 4, group: 2 }); // icpg 6: via workspace
      }
    });
    it(`pack8 / unpack8 (NCHW_NCHW88, NCHW88_NCHW) ${dtype}: C 1..17 x HW`, () => {
      for (const c of range(1, 17))
        for (const w of [1, 3, 4, 5, 15, 16, 17, 33]) checkKernel('NCHW_NCHW88', [1, c, 1, w], dtype);
      for (const cb of [1, 2]) for (const w of range(1, 37)) checkKernel('NCHW88_NCHW', [1, cb, 1, w, 8], dtype);
    });
    it(`transposes (NCHW_NHWC, NHWC_NCHW, NCHW4_CHWN4, CHWN4_NCHW4) ${dtype}`, () => {
      for (const c of [1, 2, 3, 4, 5, 15, 16, 17, 31, 33]) {
        for (const hw of [1, 3, 4, 5, 15, 16, 17, 32, 35]) {
          checkKernel('NCHW_NHWC', [2, c, 1, hw], dtype);
          checkKernel('NHWC_NCHW', [2, 1, hw, c], dtype);
        }
      }
      for (const n of range(1, 9))
        for (const w of range(1, 9)) {
          checkKernel('NCHW4_CHWN4', [n, 1, 1, w, 4], dtype);
          checkKernel('CHWN4_NCHW4', [1, 1, w, n, 4], dtype);
        }
    });
  }
  it('long rows: the unrolled loops (256 and 128 positions per iteration in unpack4, 32 in pack4 / pack8) and their tails', () => {
    for (const w of [127, 128, 129, 143, 144, 255, 256, 271, 400]) {
      for (const dtype of ['int8', 'int32'] as const) {
        checkKernel('NCHW44_NCHW', [2, 2, 1, w, 4], dtype);
        checkKernel('NCHW44_NCHW', [1, 2, 1, w, 4], dtype, { oc: 7 });
        checkKernel('NCHW_NCHW44', [2, 7, 1, w], dtype);
        checkKernel('NCHW_NCHW88', [1, 17, 1, w], dtype);
        checkKernel('NCHW88_NCHW', [1, 2, 1, w, 8], dtype);
      }
    }
  });
  it('pack4 pads quint8 with its zero point in partial blocks (scalar tail and SIMD body)', () => {
    for (const c of [1, 2, 3, 5]) for (const w of [3, 16, 21]) checkKernel('NCHW_NCHW44', [1, c, 1, w], 'quint8');
    for (const c of [1, 7, 9]) checkKernel('NCHW_NCHW88', [1, c, 1, 19], 'quint8');
    checkKernel('NCHW_NCHW4_WEIGHT', [5, 3, 3, 3], 'quint8'); // padded oc rows come from the fill kernel
  });
  it('tile16 (NCHW44 / NCHW44_DOT / INTER_*I_DOT weights): K 1..40', () => {
    for (const k of range(1, 40)) {
      for (const mode of [
        'WEIGHT_NCHW_TO_NCHW44_DOT_DENSE',
        'WEIGHT_NCHW_TO_NCHW44_DENSE',
        'INTER_WEIGHT_DENSEI_DOT',
      ]) {
        checkKernel(mode, [8, 4, 1, k], 'int8', {}, k);
      }
    }
    for (const k of [1, 9, 17, 25]) {
      checkKernel('WEIGHT_NCHW_TO_NCHW44_DOT_GROUP', [3, 4, 8, 1, k], 'int8');
      checkKernel('WEIGHT_NCHW_TO_NCHW44_GROUP', [2, 8, 4, 1, k], 'uint8');
      checkKernel('INTER_WEIGHT_GROUPI_DOT', [2, 4, 8, 1, k], 'qint8');
    }
  });
  it('the NHWCD4 and 64-channel kernels', () => {
    for (const dtype of ['int8', 'int32'] as const) {
      for (const c of [1, 3, 4, 5, 9]) checkKernel('NCHW_NHWCD4', [2, c, 3, 17], dtype);
      checkKernel('NHWCD4_NCHW', [2, 3, 2, 17, 4], dtype);
      checkKernel('NHWCD4_NHWC', [2, 3, 2, 17, 4], dtype);
      checkKernel('NHWC_NHWCD4', [2, 3, 17, 8], dtype);
      checkKernel('NCHW_NCHW64', [2, 128, 3, 7], dtype);
      checkKernel('NCHW64_NCHW', [2, 2, 3, 7, 64], dtype, { oc: 100 });
    }
  });
});

describe('relayout kernels: shipped machine code', () => {
  // Function bodies of the text module, by internal name.
  function functions(wat: string): Map<string, string> {
    const out = new Map<string, string>();
    const parts = wat.split(/\n \(func /);
    for (const p of parts.slice(1)) out.set(p.slice(0, p.search(/[\s)]/)), p);
    return out;
  }
  /** Body of an export plus everything it calls, transitively. */
  function codeOf(wat: string, fns: Map<string, string>, exportName: string): string {
    const m = wat.match(new RegExp(`\\(export "${exportName}" \\(func (\\S+)\\)\\)`));
    expect(m, `export ${exportName}`).not.toBeNull();
    const seen = new Set<string>();
    const todo = [m![1]];
    let code = '';
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      const body = fns.get(f) ?? '';
      code += body;
      for (const c of body.matchAll(/call (\$\S+)/g)) todo.push(c[1].replace(/\)+$/, ''));
    }
    return code;
  }
  for (const build of ['build/i8conv.wat', 'build/i8conv-relaxed.wat']) {
    it(`${build}: every relayout kernel is exported and uses SIMD`, () => {
      const wat = readFileSync(build, 'utf8');
      const fns = functions(wat);
      for (const name of Object.keys(RELAYOUT_KERNELS)) {
        const code = codeOf(wat, fns, name);
        if (name === 'relayout_copy_b8') expect(code).toContain('memory.copy');
        else if (name === 'relayout_fill_b8') expect(code).toContain('memory.fill');
        else {
          expect(code, name).toContain('v128.load');
          expect(code, name).toContain('v128.store');
          if (name !== 'relayout_transpose_b128') expect(code, name).toContain('i8x16.shuffle');
        }
      }
    });
  }
});
