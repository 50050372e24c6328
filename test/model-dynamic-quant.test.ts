// DynamicQuantizeLinear (what onnxruntime's quantize_dynamic writes before each quantized Conv / MatMul): the product
// (rt.loadModel), the reference operator and onnxruntime-web 1.30 give the same y, scale and zero point bit for bit
// on seeded tensors of every kind of range (mixed signs, all positive, all negative, all zero, one element, huge and
// tiny magnitudes, values on rounding ties, infinities), and NaN where onnxruntime-web agrees on it. The wasm kernel
// (src/model/backends/wasm-int8/dynamic-quant.ts) equals the TypeScript operator on every length 0..70 and across
// tasks, NaN among the whole groups of 4 of any task and in the tail, scales that are NaN, 0 or infinite, in NCHW and
// NCHW44 order, on 1 and 2 threads; the layout planner runs it in its input's layout.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { rng } from './helpers/rng.js';
import {
  DynamicQuantizeKernel,
  dynamicQuantizeStep,
  lowerDynamicQuantizeLinear,
} from '../src/model/backends/wasm-int8/dynamic-quant.js';
import { dynamicQuantizeHost } from '../src/model/backends/host/quant.js';
import { ELEM_TASK_ELEMS } from '../src/model/backends/wasm-int8/elem-common.js';
import type { WasmRuntimeCore } from '../src/runtime.js';
import { planLayouts } from '../src/model/lowering/layouts.js';
import type { Lowering, PlannedValue } from '../src/model/lowering/values.js';
import type { Node } from '../src/model/graph/ir.js';
import { innermostLoops, loopsWith, shippedWats } from './helpers/wat.js';

function model(n: number): Graph {
  return {
    name: 'dql',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: [n] }],
    outputs: [
      { name: 'y', type: 'uint8', onnxElemType: 2, shape: [n] },
      { name: 's', type: 'float32', onnxElemType: 1, shape: [] },
      { name: 'z', type: 'uint8', onnxElemType: 2, shape: [] },
    ],
    initializers: new Map(),
    valueInfo: new Map(),
    nodes: [
      {
        name: 'dql',
        opType: 'DynamicQuantizeLinear',
        domain: '',
        inputs: ['x'],
        outputs: ['y', 's', 'z'],
        attributes: new Map(),
      },
    ],
  };
}

/** The seeded cases: [what, values]. */
function cases(): [string, Float32Array][] {
  const r = rng(48);
  const out: [string, Float32Array][] = [];
  const rand = (n: number, lo: number, hi: number) => Float32Array.from({ length: n }, () => lo + (hi - lo) * r());
  for (const n of [1, 2, 3, 7, 16, 17, 64, 255, 1000, 4099]) {
    out.push([`mixed ${n}`, rand(n, -3, 5)]);
    out.push([`positive ${n}`, rand(n, 0.5, 9)]);
    out.push([`negative ${n}`, rand(n, -7, -0.25)]);
  }
  out.push(['zeros', new Float32Array(9)]);
  out.push(['one value', Float32Array.of(0.37)]);
  out.push(['huge', rand(33, -3e37, 2e38)]);
  out.push(['tiny', rand(33, -1e-30, 1e-30)]);
  // values on ties of x / scale: the range [-1, 254] gives scale 1 and zero point 1
  out.push(['ties', Float32Array.from([-1, 254, 0.5, 1.5, 2.5, -0.5, 100.5, 253.5, 3.5, -0])]);
  out.push(['infinity', Float32Array.of(1, Infinity, -2)]);
  out.push(['minus infinity', Float32Array.of(1, -Infinity, 2)]);
  out.push(['nan', Float32Array.of(1, Number.NaN, -2, 3)]);
  out.push(['nan first', Float32Array.of(Number.NaN, 0.5, -2, 3, 7, 1, 2, 3, 4)]);
  return out;
}

describe('DynamicQuantizeLinear', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('the product equals the reference and onnxruntime-web bit for bit', async () => {
    const ort = await loadOrt();
    for (const [what, x] of cases()) {
      const g = model(x.length);
      const bytes = writeOnnxModel(g);
      const m = await rt.loadModel(bytes);
      expect(m.nodes.map((n) => n.algorithm)).toEqual(['dynamic-quantize-simd']);
      const got = m.run({ x });
      m.dispose();
      const feed: Tensor = { name: 'x', type: 'float32', dims: [x.length], data: x };
      const ref = runReference(g, [['x', feed]]);
      const s = await ortSession(bytes, { ort });
      const o = await ortRun(s, { x: { data: x, dims: [x.length] } });
      await s.release();
      for (const name of ['y', 's', 'z']) {
        const a = Array.from(got[name] as ArrayLike<number>);
        expect(a, `${what}: ${name} vs the reference`).toEqual(Array.from(ref.get(name)!.data as ArrayLike<number>));
        expect(a, `${what}: ${name} vs onnxruntime-web`).toEqual(Array.from(o.get(name) as ArrayLike<number>));
      }
    }
  }, 120_000);
});

/** The TypeScript operator's y, scale and zero point. */
function host(x: Float32Array): { y: Uint8Array; scale: number; zp: number } {
  const f = dynamicQuantizeHost(
    { name: 'dql', opType: 'DynamicQuantizeLinear', domain: '', attributes: new Map() },
    [{ type: 'float32', dims: [x.length] }],
    [
      { type: 'uint8', dims: [x.length] },
      { type: 'float32', dims: [] },
      { type: 'uint8', dims: [] },
    ],
    11,
  );
  const y = new Uint8Array(x.length),
    s = new Float32Array(1),
    z = new Uint8Array(1);
  f([{ type: 'float32', dims: [x.length], data: x }], [
    { type: 'uint8', dims: [x.length], data: y },
    { type: 'float32', dims: [], data: s },
    { type: 'uint8', dims: [], data: z },
  ] as never);
  return { y, scale: s[0], zp: z[0] };
}

/** The kernel's y, scale and zero point on wasm copies between guard bytes (threaded: on the pool when awake). */
function kernel(
  core: WasmRuntimeCore,
  x: Float32Array,
  threaded: boolean,
): { y: Uint8Array; scale: number; zp: number } {
  const n = x.length;
  const G = 64;
  const al = (v: number) => Math.ceil(v / 16) * 16;
  const px = G,
    py = al(px + 4 * n + G),
    ps = al(py + n + G),
    pz = ps + 4 + G,
    total = pz + 1 + G;
  const base = core.heap.alloc(total, 64);
  const k = new DynamicQuantizeKernel(core, n);
  try {
    core.u8().fill(0xa5, base, base + total);
    core.f32().set(x, (base + px) >> 2);
    const step = dynamicQuantizeStep(core, k, threaded);
    // the pool's path is taken while its workers poll: mark them awake (they start on the job whether they are)
    if (threaded) core.pool!.touch();
    step.run({ inputs: [base + px], outputs: [base + py, base + ps, base + pz], scratch: 0 });
    const u8 = core.u8();
    const guard = (a: number, b: number) => u8.subarray(base + a, base + b).every((v) => v === 0xa5);
    expect(
      guard(0, px) && guard(px + 4 * n, py) && guard(py + n, ps) && guard(ps + 4, pz) && guard(pz + 1, total),
    ).toBe(true);
    expect(Array.from(core.f32().subarray((base + px) >> 2, ((base + px) >> 2) + n))).toEqual(Array.from(x));
    return { y: u8.slice(base + py, base + py + n), scale: core.f32()[(base + ps) >> 2], zp: u8[base + pz] };
  } finally {
    k.dispose();
    core.heap.release(base);
  }
}

/** NCHW [N, C, H, W] -> NCHW44 order (C % 4 == 0). */
function to44<T extends Float32Array | Uint8Array>(a: T, [N, C, H, W]: number[]): T {
  const out = new (a.constructor as { new (n: number): T })(a.length);
  const hw = H * W;
  for (let n = 0; n < N; n++)
    for (let c = 0; c < C; c++)
      for (let p = 0; p < hw; p++) out[((n * (C >> 2) + (c >> 2)) * hw + p) * 4 + (c & 3)] = a[(n * C + c) * hw + p];
  return out;
}

describe('DynamicQuantizeLinear: the wasm kernel equals the TypeScript operator', () => {
  let rt: Runtime;
  let rt2: Runtime | null = null;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    const dist = new URL('../dist/src/index.js', import.meta.url);
    if (existsSync(dist)) {
      const m = (await import(dist.href)) as { createRuntime: typeof createRuntime };
      const r2 = await m.createRuntime({ threads: 2 });
      rt2 = r2.threads >= 2 ? r2 : null;
      if (!rt2) r2.dispose();
    }
  });
  afterAll(() => {
    rt?.dispose();
    rt2?.dispose();
  });

  const same = (got: ReturnType<typeof host>, want: ReturnType<typeof host>, what: string) => {
    expect(
      Object.is(got.scale, want.scale) || (Number.isNaN(got.scale) && Number.isNaN(want.scale)),
      `${what}: scale ${got.scale} vs ${want.scale}`,
    ).toBe(true);
    expect(got.zp, `${what}: zero point`).toBe(want.zp);
    let d = -1;
    for (let i = 0; i < got.y.length && d < 0; i++) if (got.y[i] !== want.y[i]) d = i;
    expect(d, `${what}: first differing y at ${d} (${got.y[d]} vs ${want.y[d]})`).toBe(-1);
  };

  /** Lengths: 0..70, then ones ending inside and across tasks. */
  const LENGTHS = [
    ...Array.from({ length: 71 }, (_, i) => i),
    1001,
    ELEM_TASK_ELEMS - 3,
    ELEM_TASK_ELEMS + 6,
    3 * ELEM_TASK_ELEMS + 5,
  ];

  it('every length, every kind of range, NaN in the whole groups of any task and in the tail, 1 and 2 threads', () => {
    const r = rng(49);
    let cases = 0;
    const check = (x: Float32Array, what: string) => {
      const want = host(x);
      same(kernel(rt.core, x, false), want, what);
      if (rt2) same(kernel(rt2.core, x, true), want, `${what} (2 threads)`);
      cases++;
    };
    for (const n of LENGTHS) {
      const base = Float32Array.from({ length: n }, () => -3 + 8 * r());
      check(base, `mixed ${n}`);
      check(
        Float32Array.from(base, (v) => Math.abs(v) + 0.1),
        `positive ${n}`,
      );
      check(
        Float32Array.from(base, (v) => -Math.abs(v) - 0.1),
        `negative ${n}`,
      );
      if (n === 0) continue;
      // a NaN at the start, in the middle, at the last whole group of 4, in the tail
      const vec = n >= 4 ? n - (n % 4) : 0;
      for (const at of new Set([0, n >> 1, Math.max(0, vec - 1), n - 1, vec])) {
        if (at >= n) continue;
        const x = base.slice();
        x[at] = Number.NaN;
        check(x, `NaN at ${at} of ${n}`);
      }
      // the extremes in one task and another
      const x = base.slice();
      x[n - 1] = 1e30;
      x[0] = -2e30;
      check(x, `extremes ${n}`);
    }
    // scales that are 0 (a range of a few subnormals), infinite (wider than FLT_MAX), 1 (no range); infinities
    check(Float32Array.of(1e-45, 0, 1e-45, 0, 0, 1e-45), 'range of subnormals: scale 0');
    check(
      Float32Array.from({ length: 40 }, (_, i) => (i % 2 ? 3e38 : -3e38)),
      'range wider than FLT_MAX',
    );
    check(new Float32Array(37).fill(0), 'zeros');
    check(
      Float32Array.from({ length: 37 }, (_, i) => (i === 5 ? Infinity : i === 9 ? -Infinity : i)),
      'infinities',
    );
    check(
      Float32Array.from({ length: 37 }, (_, i) => (i % 3 ? -0 : 0)),
      'signed zeros',
    );
    const big = Float32Array.from({ length: 3 * ELEM_TASK_ELEMS + 5 }, () => r() * 4 - 1);
    big[2 * ELEM_TASK_ELEMS + 100] = Number.NaN;
    check(big, 'NaN in the third task');
    big[2 * ELEM_TASK_ELEMS + 100] = 0.5;
    big[3 * ELEM_TASK_ELEMS + 3] = Number.NaN;
    check(big, 'NaN in the tail of the last task');
    expect(cases).toBeGreaterThan(500);
  });

  it('NCHW44 order: the same scale and zero point, y in the same order', () => {
    const r = rng(50);
    for (const dims of [
      [1, 4, 1, 1],
      [2, 8, 5, 7],
      [1, 16, 33, 31],
      [1, 64, 32, 32],
    ]) {
      const n = dims.reduce((a, b) => a * b, 1);
      const x = Float32Array.from({ length: n }, () => r() * 6 - 2);
      x[n >> 1] = Number.NaN;
      for (const nan of [false, true]) {
        const xs = nan ? x : Float32Array.from(x, (v) => (Number.isNaN(v) ? 1 : v));
        const want = host(xs);
        const got = kernel(rt.core, to44(xs, dims), false);
        same({ ...got, y: got.y }, { ...want, y: to44(want.y, dims) }, `NCHW44 [${dims}]${nan ? ' NaN' : ''}`);
      }
    }
  });

  it('the layout planner runs it in its input layout: NCHW44 in, y NCHW44 out, scale and zero point NCHW', () => {
    const values = new Map<string, PlannedValue>();
    const val = (name: string, type: PlannedValue['type'], dims: number[]) =>
      values.set(name, { name, type, dims, layout: 'NCHW', bytes: dims.reduce((a, b) => a * b, 4), offset: -1 });
    val('x', 'uint8', [1, 8, 6, 6]);
    val('f', 'float32', [1, 8, 6, 6]);
    val('q', 'uint8', [1, 8, 6, 6]);
    val('s', 'float32', []);
    val('z', 'uint8', []);
    val('y', 'int32', [1, 8, 6, 6]);
    val('m', 'float32', []);
    const node: Node = {
      name: 'dql',
      opType: 'DynamicQuantizeLinear',
      domain: '',
      inputs: ['f'],
      outputs: ['q', 's', 'z'],
      attributes: new Map(),
    };
    const dql = lowerDynamicQuantizeLinear(node, { name: 'dql', values, opset: 11 })!;
    expect(dql.rule).toEqual({ kind: 'follow', nchw44: true, data: [0] });
    const conv = (name: string, inputs: string[], out: string): Lowering => ({
      name,
      op: 'ConvInteger',
      inputs,
      outputs: [out],
      rule: { kind: 'conv', nchw44: true, hybrid: false },
    });
    const steps: Lowering[] = [
      conv('producer', ['x'], 'f'),
      dql,
      { name: 'mul', op: 'Mul', inputs: ['s'], outputs: ['m'], rule: { kind: 'nchw' } },
      conv('conv', ['q', 'z'], 'y'),
    ];
    const plan = planLayouts(steps, values, [], 'auto');
    // the only relayout is the graph input's, before the producer
    expect(plan.steps.map((s) => `${s.name}:${s.layout}`)).toEqual([
      'relayout x -> NCHW44:NCHW44',
      'producer:NCHW44',
      'dql:NCHW44',
      'mul:NCHW',
      'conv:NCHW44',
    ]);
    expect(plan.steps[4].inputs).toEqual(['q', 'z']);
    expect(['q', 's', 'z'].map((v) => plan.values.get(v)!.layout)).toEqual(['NCHW44', 'NCHW', 'NCHW']);
  });
});

describe('DynamicQuantizeLinear: the emitted wasm (STYLE habit 10)', () => {
  it('the range loop is 16 floats of pmin / pmax / NaN tests, the quantize loop 4 true divisions and one 16-byte store', () => {
    for (const [path, wat] of shippedWats()) {
      const loops = innermostLoops(wat, 'model/dynamic-quant');
      expect(
        loopsWith(loops, { 'v128.load': 4, 'f32x4.pmin': 4, 'f32x4.pmax': 4, 'f32x4.ne': 4, 'v128.store': 0 }),
        `${path} range`,
      ).toBe(1);
      expect(
        loopsWith(loops, {
          'f32x4.div': 4,
          'f32x4.eq': 4,
          'i8x16.narrow_i16x8_u': 1,
          'v128.store': 1,
          'f32x4.nearest': 0,
        }),
        `${path} quantize`,
      ).toBe(1);
    }
  });
});
