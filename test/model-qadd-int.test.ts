// QLinearAdd's integer form (src/model/numerics/tables.ts qaddIntForm, the wasm kernel's binaryRunInt): for every
// one of the 65536 byte pairs the form (with its exceptions) gives the float formula's byte (qlinearBinaryByte), and
// the kernel with the form gives the kernel without it, bit for bit: uint8, int8 and the int8 twin, scales of
// awkward mantissas, forms with and without exceptions, lengths with vector tails, in place. The load-time scan over
// the pairs that chooses the form runs in wasm (assembly/model/qadd-form.ts): it equals the TypeScript scan on every
// byte and bound, also on inputs no scale gives (NaN, infinities, values out of order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateCore, type WasmRuntimeCore } from '../src/runtime.js';
import { runKernelSerial, type QType } from '../src/model/backends/types.js';
import { QLinearBinaryKernel, wasmPairScan } from '../src/model/backends/wasm-int8/binary.js';
import {
  computeQaddIntForm,
  type QAddScanParams,
  qaddIntByte,
  qaddIntForm,
  qaddPairsJs,
  qlinearBinaryByte,
} from '../src/model/numerics/tables.js';
import { randInt, rng } from './helpers/rng.js';

let core: WasmRuntimeCore;
beforeAll(async () => {
  core = await instantiateCore({ build: 'simd128' });
});
afterAll(() => core?.dispose?.());

const signed = (type: QType, raw: number) => (type === 'int8' ? (raw << 24) >> 24 : raw);

/** [aS, aZ, bS, bZ, cS, cZ] of a random add; zero points in the type's range. */
function randomQuant(r: () => number, type: QType): number[] {
  const zp = () => (type === 'int8' ? randInt(r, -128, 127) : randInt(r, 0, 255));
  const s = () => Math.fround(2 ** randInt(r, -9, -1) * (1 + r()));
  return [s(), zp(), s(), zp(), s(), zp()];
}

// adds of the i8conv-quantized BlazeFace back whose float formula no integer form matches on every pair
const WITH_EXCEPTIONS = [
  [0.042233873158693314, 173, 0.04373851418495178, 0, 0.038200873881578445, 0],
  [0.020091833546757698, 0, 0.05033237114548683, 167, 0.02918863296508789, 0],
  [0.11038342863321304, 112, 0.15050962567329407, 133, 0.14384493231773376, 131],
];

/** Runs the add kernel on n elements (a, b) -> out; inPlace: the output overwrites a. */
function run(
  p: { type: QType; sc: number[]; twin?: boolean; intForm?: boolean },
  a: Uint8Array,
  b: Uint8Array,
  inPlace = false,
) {
  const n = a.length;
  const k = new QLinearBinaryKernel(core, {
    op: 'add',
    type: p.type,
    aDims: [n],
    bDims: [n],
    layout: 'NCHW',
    aScale: p.sc[0],
    aZeroPoint: p.sc[1],
    bScale: p.sc[2],
    bZeroPoint: p.sc[3],
    cScale: p.sc[4],
    cZeroPoint: p.sc[5],
    twin: p.twin,
    intForm: p.intForm,
  });
  const base = core.heap.alloc(3 * n + 64, 64);
  try {
    const u8 = core.u8();
    u8.set(a, base);
    u8.set(b, base + n + 16);
    const dst = inPlace ? base : base + 2 * n + 32;
    runKernelSerial(core, k, base, base + n + 16, dst);
    return { out: core.u8().slice(dst, dst + n), algorithm: k.algorithm };
  } finally {
    core.heap.release(base);
    k.dispose();
  }
}

/** Every byte pair (a = i >> 8, b = i & 255), then `extra` random pairs (a vector tail when extra % 16 != 0). */
function allPairs(r: () => number, extra: number): [Uint8Array, Uint8Array] {
  const a = new Uint8Array(65536 + extra),
    b = new Uint8Array(65536 + extra);
  for (let i = 0; i < a.length; i++) {
    a[i] = i < 65536 ? i >> 8 : randInt(r, 0, 255);
    b[i] = i < 65536 ? i & 255 : randInt(r, 0, 255);
  }
  return [a, b];
}

describe('QLinearAdd integer form', () => {
  it('qaddIntForm equals the float formula on every byte pair (random scales, uint8 / int8 / twin)', () => {
    const r = rng(71);
    let found = 0,
      withExc = 0;
    const cases: { type: QType; twin: boolean; sc: number[] }[] = WITH_EXCEPTIONS.map((sc) => ({
      type: 'uint8',
      twin: false,
      sc,
    }));
    for (let i = 0; i < 24; i++) {
      const type: QType = i % 3 === 0 ? 'uint8' : 'int8';
      cases.push({ type, twin: i % 3 === 2, sc: randomQuant(r, type) });
    }
    for (const { type, twin, sc } of cases) {
      const f = qaddIntForm(type, sc, twin);
      if (!f) continue;
      found++;
      if (f.exceptions.length) withExc++;
      for (let a = 0; a < 256; a++)
        for (let b = 0; b < 256; b++) {
          const want = qlinearBinaryByte(false, type, signed(type, a), signed(type, b), sc, twin);
          const got = qaddIntByte(type, f, a, b);
          if (got !== want) expect(got, `${type} twin ${twin} [${sc}] a ${a} b ${b}`).toBe(want);
        }
    }
    expect(found).toBeGreaterThan(cases.length / 2);
    expect(withExc).toBeGreaterThan(0);
  });

  it('the wasm pair scan equals the TypeScript one: every byte, the kept bounds and pairs, the forms', () => {
    const r = rng(73);
    const scan = wasmPairScan(core);
    const f32 = Math.fround;
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      const wild = i % 4 === 3;
      const val = () => {
        if (wild) {
          const u = r();
          if (u < 0.02) return Number.NaN;
          if (u < 0.04) return u < 0.03 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
          return f32((r() - 0.5) * 2 ** randInt(r, -4, 12));
        }
        return 0;
      };
      const sa = f32(2 ** randInt(r, -9, -1) * (1 + r())),
        sb = f32(2 ** randInt(r, -9, -1) * (1 + r()));
      const za = randInt(r, 0, 255),
        zb = randInt(r, 0, 255);
      const fa = Float32Array.from({ length: 256 }, (_, u) => (wild ? val() : f32(sa * (u - za))));
      const fb = Float32Array.from({ length: 256 }, (_, u) => (wild ? val() : f32(sb * (u - zb))));
      const cz = randInt(r, -128, 255);
      const twin = i % 3 === 2;
      const shift = randInt(r, 8, 24);
      const p: QAddScanParams = {
        fa,
        fb,
        cs: f32(2 ** randInt(r, -9, 2) * (1 + r())),
        lo: (i % 2 ? -128 : 0) - cz,
        hi: (i % 2 ? 127 : 255) - cz,
        bias: cz + (twin ? 128 : 0),
        off: twin ? 128 : 0,
        x: i % 2 ? 128 : 0,
        ma: randInt(r, 1, 2 ** shift),
        mb: randInt(r, 1, 2 ** shift),
        one: 2 ** shift,
        e: 1 + (i % 9),
      };
      const js = qaddPairsJs(p),
        wasm = scan(p);
      let bad = 0;
      for (let q = 0; q < 65536; q++) if (js.want(q) !== wasm.want(q)) bad++;
      expect(bad, `case ${i}: bytes`).toBe(0);
      expect({ loV: wasm.loV, loP: wasm.loP, hiV: wasm.hiV, hiP: wasm.hiP }, `case ${i}: bounds`).toEqual({
        loV: js.loV,
        loP: js.loP,
        hiV: js.hiV,
        hiP: js.hiP,
      });
      checked++;
    }
    expect(checked).toBe(40);
    // the forms qaddIntForm chooses through either scan, with exceptions among them
    const rf = rng(74);
    const forms = [...WITH_EXCEPTIONS.map((sc) => ({ type: 'uint8' as QType, twin: false, sc }))];
    for (let i = 0; i < 12; i++) {
      const type: QType = i % 3 === 0 ? 'uint8' : 'int8';
      forms.push({ type, twin: i % 3 === 2, sc: randomQuant(rf, type) });
    }
    let found = 0;
    for (const c of forms) {
      const js = computeQaddIntForm(c.type, c.sc, c.twin),
        wasm = computeQaddIntForm(c.type, c.sc, c.twin, scan);
      expect(wasm, `${c.type} twin ${c.twin} [${c.sc}]`).toEqual(js);
      if (js?.exceptions.length) found++;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('no form where a scale overflows (the float formula gives NaN -> 0 there)', () => {
    expect(qaddIntForm('uint8', [3e38, 0, 0.1, 0, 0.1, 0])).toBeUndefined();
  });

  it('the kernel with the form equals the kernel without it and the float formula, tails and in place', () => {
    const r = rng(72);
    const cases: { type: QType; twin: boolean; sc: number[] }[] = WITH_EXCEPTIONS.map((sc) => ({
      type: 'uint8',
      twin: false,
      sc,
    }));
    for (let i = 0; i < 6; i++) {
      const type: QType = i % 3 === 0 ? 'uint8' : 'int8';
      cases.push({ type, twin: i % 3 === 2, sc: randomQuant(r, type) });
    }
    let ran = 0;
    for (const [ci, c] of cases.entries()) {
      if (!qaddIntForm(c.type, c.sc, c.twin)) continue;
      ran++;
      const [a, b] = allPairs(r, 1 + (ci % 17));
      const fl = run({ ...c, intForm: false }, a, b);
      const it = run(c, a, b);
      const inPlace = run(c, a, b, true);
      expect(it.algorithm).toBe('qadd-equal-int');
      expect(fl.algorithm).toBe('qadd-equal');
      for (let i = 0; i < a.length; i++) {
        const want = qlinearBinaryByte(false, c.type, signed(c.type, a[i]), signed(c.type, b[i]), c.sc, c.twin);
        if (fl.out[i] !== want || it.out[i] !== want || inPlace.out[i] !== want)
          expect([fl.out[i], it.out[i], inPlace.out[i]], `case ${ci} element ${i} (a ${a[i]} b ${b[i]})`).toEqual([
            want,
            want,
            want,
          ]);
      }
    }
    expect(ran).toBeGreaterThanOrEqual(WITH_EXCEPTIONS.length);
  });
});
