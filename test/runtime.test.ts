import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGpuRuntime, createRuntime, I8ConvError } from '../src/index.js';
import { ThreadPool } from '../src/threads/pool.js';
import { GUARD_BYTE, GUARD_BYTES, GuardedBlocks, WasmHeap } from '../src/heap.js';
import { VARIANTS } from '../src/gpu/variants.js';
import { tuneKey, deriveShape } from '../src/gpu/params.js';

/** The I8ConvError a promise rejects with (fails when it resolves, or rejects with anything else). */
async function rejection(p: Promise<unknown>): Promise<I8ConvError> {
  let caught: unknown;
  try {
    await p;
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected an I8ConvError').toBeInstanceOf(I8ConvError);
  return caught as I8ConvError;
}

describe('createRuntime: every option is checked before anything is probed, loaded or started', () => {
  afterEach(() => vi.restoreAllMocks());

  const bad: Array<[string, unknown, string, string]> = [
    ['null', null, 'INVALID_PARAM', 'options'],
    ['a number', 5, 'INVALID_PARAM', 'options'],
    ['a string', 'simd128', 'INVALID_PARAM', 'options'],
    ['an array', [], 'INVALID_PARAM', 'options'],
    ['an unknown option', { thread: 2 }, 'INVALID_PARAM', 'thread'],
    ["build: 'bogus'", { build: 'bogus' }, 'INVALID_PARAM', 'build'],
    ['threads: 0', { threads: 0 }, 'INVALID_PARAM', 'threads'],
    ['threads: 257', { threads: 257 }, 'INVALID_PARAM', 'threads'],
    ['threads: 1.5', { threads: 1.5 }, 'INVALID_PARAM', 'threads'],
    ["threads: 'all'", { threads: 'all' }, 'INVALID_PARAM', 'threads'],
    ["selection: 'fast'", { selection: 'fast' }, 'INVALID_PARAM', 'selection'],
    ['a selectionCache that is not JSON', { threads: 2, selectionCache: '{' }, 'BAD_TUNING_CACHE', 'selectionCache'],
    [
      'a selectionCache of another version',
      { threads: 2, selectionCache: { version: 2, entries: {} } },
      'BAD_TUNING_CACHE',
      'selectionCache',
    ],
    [
      'a selectionCache naming no algorithm',
      { threads: 2, selectionCache: { version: 1, entries: { k: 'NOPE' } } },
      'BAD_TUNING_CACHE',
      'selectionCache',
    ],
    [
      'a bad option next to good ones',
      { build: 'simd128', threads: 2, selection: 'profile', selectionCache: 'null' },
      'BAD_TUNING_CACHE',
      'selectionCache',
    ],
  ];
  for (const [what, opts, code, param] of bad) {
    it(`${what} -> ${code} (${param}), with no probe, no wasm compiled, no worker started`, async () => {
      const validate = vi.spyOn(WebAssembly, 'validate');
      const compile = vi.spyOn(WebAssembly, 'compile');
      const instantiate = vi.spyOn(WebAssembly, 'instantiate');
      const pool = vi.spyOn(ThreadPool, 'create');
      const e = await rejection(createRuntime(opts as never));
      expect(e.code).toBe(code);
      expect(e.param).toBe(param);
      expect(e.message).toContain(param);
      expect(validate).not.toHaveBeenCalled();
      expect(compile).not.toHaveBeenCalled();
      expect(instantiate).not.toHaveBeenCalled();
      expect(pool).not.toHaveBeenCalled();
    });
  }

  it('the spies see a good call: they would have caught a probe or a pool', async () => {
    const compile = vi.spyOn(WebAssembly, 'instantiate');
    const rt = await createRuntime({ build: 'simd128' });
    expect(compile).toHaveBeenCalled();
    expect(rt.features.build).toBe('simd128');
  });
});

describe('createGpuRuntime: every option is checked before an adapter is requested or the device touched', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  afterEach(() => {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });
  /** navigator.gpu stand-in that counts requestAdapter calls and offers no adapter. */
  function stubGpu(): { calls: number } {
    const count = { calls: 0 };
    const gpu = {
      requestAdapter: async () => {
        count.calls++;
        return null;
      },
    };
    Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });
    return count;
  }
  /** A GPUDevice stand-in that fails the test if anything reads or calls it. */
  const untouchable = new Proxy(
    {},
    {
      get(_t, k) {
        throw new Error(`the device was touched (${String(k)})`);
      },
      has(_t, k) {
        throw new Error(`the device was touched (${String(k)})`);
      },
    },
  ) as GPUDevice;

  const variant = VARIANTS[0].name;
  const key = tuneKey(deriveShape({ n: 1, ic: 8, ih: 4, iw: 4, oc: 4, fh: 3, fw: 3, pad: [1, 1], weightBits: 8 }));
  const bad: Array<[string, unknown, string, string]> = [
    ['null options', null, 'INVALID_PARAM', 'options'],
    ["tuning: 'bogus'", { tuning: 'bogus' }, 'INVALID_PARAM', 'tuning'],
    ['tuneReps: 0', { tuneReps: 0 }, 'INVALID_PARAM', 'tuneReps'],
    ['tuneReps: 2.5', { tuneReps: 2.5 }, 'INVALID_PARAM', 'tuneReps'],
    ['tuneWarmupMs: -1', { tuneWarmupMs: -1 }, 'INVALID_PARAM', 'tuneWarmupMs'],
    ['tuneWarmupMs: NaN', { tuneWarmupMs: Number.NaN }, 'INVALID_PARAM', 'tuneWarmupMs'],
    ["tuneWarmupMs: '5'", { tuneWarmupMs: '5' }, 'INVALID_PARAM', 'tuneWarmupMs'],
    ['device: 5', { device: 5 }, 'INVALID_PARAM', 'device'],
    ['a tuningCache that is not JSON', { tuningCache: '{' }, 'BAD_TUNING_CACHE', 'tuningCache'],
    [
      'a tuningCache of another version',
      { tuningCache: { version: 2, entries: {} } },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
    [
      'a tuningCache with null entries',
      { tuningCache: { version: 1, entries: null } },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
    [
      'a tuningCache entry naming no variant',
      { tuningCache: { version: 1, entries: { [key]: { variant: 'nope', wg: [8, 8], us: 1 } } } },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
    [
      'a tuningCache entry without a work-group size',
      { tuningCache: JSON.stringify({ version: 1, entries: { [key]: { variant, us: 1 } } }) },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
    [
      'a tuningCache entry with a bad work-group size',
      { tuningCache: { version: 1, entries: { [key]: { variant, wg: [0, 8], us: 1 } } } },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
    [
      'a null tuningCache entry',
      { tuningCache: { version: 1, entries: { [key]: null } } },
      'BAD_TUNING_CACHE',
      'tuningCache',
    ],
  ];
  for (const [what, opts, code, param] of bad) {
    it(`${what} -> ${code} (${param}), no adapter requested, a given device untouched`, async () => {
      const count = stubGpu();
      const e = await rejection(createGpuRuntime(opts as never));
      expect([e.code, e.param]).toEqual([code, param]);
      expect(count.calls).toBe(0);
      if (opts !== null && (opts as { device?: unknown }).device === undefined) {
        const withDevice = await rejection(createGpuRuntime({ ...(opts as object), device: untouchable }));
        expect([withDevice.code, withDevice.param]).toEqual([code, param]);
      }
    });
  }

  it('good options reach the adapter request (NO_ADAPTER here, once), so the checks above were not vacuous', async () => {
    const count = stubGpu();
    const tuningCache = { version: 1 as const, entries: { [key]: { variant, wg: [8, 8] as [number, number], us: 1 } } };
    const e = await rejection(createGpuRuntime({ tuning: 'full', tuneReps: 2, tuneWarmupMs: 0, tuningCache }));
    expect(e.code).toBe('NO_ADAPTER');
    expect(count.calls).toBe(1);
  });
});

describe('runtime', () => {
  it('loads the SIMD128 build and reports features', async () => {
    const rt = await createRuntime({ build: 'simd128' });
    expect(rt.features.simd128).toBe(true);
    expect(rt.features.build).toBe('simd128');
    expect(typeof rt.features.relaxedDotExact).toBe('boolean');
  });
  it('heap allocates aligned blocks and reuses freed space', async () => {
    const rt = await createRuntime({ build: 'simd128' });
    const h = rt.core.heap;
    const a = h.alloc(100, 64);
    const b = h.alloc(1 << 20, 512);
    expect(a % 64).toBe(0);
    expect(b % 512).toBe(0);
    expect(rt.core.memory.buffer.byteLength).toBeGreaterThanOrEqual(b + (1 << 20));
    h.release(a);
    h.release(b);
    expect(h.bytesInUse).toBe(0);
    const c = h.alloc(64, 64);
    expect(c).toBe(a);
  });
  it('GuardedBlocks: blocks between guard bands, bytes held, released at once; OUT_OF_MEMORY releases what it took', () => {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 4 });
    const heap = new WasmHeap(memory, 1024);
    const mem = { heap, u8: () => new Uint8Array(memory.buffer) };
    const g = new GuardedBlocks(mem, { param: 'params', what: 'the test tables' });
    new Uint8Array(memory.buffer).fill(7);
    const a = g.alloc(100);
    const b = g.alloc(3000, { zero: true });
    expect(a % 64).toBe(0);
    expect(b % 64).toBe(0);
    expect([g.bytes, g.heldBytes]).toEqual([3100, 3100 + 4 * GUARD_BYTES]);
    expect(mem.u8()[a]).toBe(7); // not zeroed unless asked
    expect(
      mem
        .u8()
        .subarray(b, b + 3000)
        .every((v) => v === 0),
    ).toBe(true);
    expect(mem.u8()[a - 1]).toBe(GUARD_BYTE);
    expect(g.checkGuards()).toBe(true);
    mem.u8()[b + 3000] ^= 1; // one byte past the block
    expect(g.checkGuards()).toBe(false);
    mem.u8()[b + 3000] ^= 1;
    expect(g.checkGuards()).toBe(true);
    // the memory cannot grow past 4 pages: a typed error, and the earlier blocks are released too
    let e: unknown;
    try {
      g.alloc(5 * 65536);
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(I8ConvError);
    expect([(e as I8ConvError).code, (e as I8ConvError).param]).toEqual(['OUT_OF_MEMORY', 'params']);
    expect([heap.bytesInUse, g.bytes, g.heldBytes]).toEqual([0, 0, 0]);
    // a limit on the bytes held together
    const small = new GuardedBlocks(mem, { param: 'kernel', what: 'the test tables', zero: true, maxBytes: 1000 });
    small.alloc(600);
    expect(() => small.alloc(600)).toThrow(/need more than 1000 bytes/);
    expect(heap.bytesInUse).toBe(0);
  });
});

describe('package entry points', () => {
  it("'i8conv' and 'i8conv/reference' resolve through package.json exports to the built files", async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        [
          "const m = await import('i8conv');",
          "const { reference } = await import('i8conv/reference');",
          'const rt = await m.createRuntime();',
          'console.log(JSON.stringify({ api: typeof m.createRuntime, err: typeof m.I8ConvError, gpu: typeof m.createGpuRuntime, ref: typeof reference.convBias, build: rt.features.build }));',
        ].join('\n'),
      ],
      { cwd: new URL('..', import.meta.url).pathname, encoding: 'utf8' },
    );
    // the default build: relaxed where the relaxed dot takes full 8-bit lanes (Node 22+ on x86 with VNNI), else SIMD128
    const { probeFeatures } = await import('../src/features.js');
    const f = await probeFeatures();
    const build = f.dotFlavour === 'usdot' || f.dotFlavour === 'sdot' ? 'relaxed' : 'simd128';
    expect(JSON.parse(out)).toEqual({ api: 'function', err: 'function', gpu: 'function', ref: 'function', build });
  });
});

describe('plan settings are resolved once, before selection', () => {
  it('one rule for threads: an operator takes what createRuntime takes (and refuses what it refuses)', async () => {
    const rt = await createRuntime({ build: 'simd128' });
    const p = {
      format: 'NCHW44' as const,
      n: 1,
      ic: 8,
      ih: 6,
      iw: 6,
      oc: 8,
      fh: 3,
      fw: 3,
      pad: 1,
      srcScale: 0.1,
      filterScale: 0.01,
      dstScale: 0.2,
    };
    expect(rt.convBias(p, { threads: 'auto' }).threads).toBe(1);
    expect(rt.convBias(p, { threads: 3 }).threads).toBe(3);
    for (const threads of [0, 257, 1.5, 'all']) {
      expect(() => rt.convBias(p, { threads: threads as never })).toThrow(
        expect.objectContaining({ code: 'INVALID_PARAM', param: 'threads' }),
      );
      await expect(createRuntime({ threads: threads as never })).rejects.toMatchObject({
        code: 'INVALID_PARAM',
        param: 'threads',
      });
    }
    expect(() => rt.convBias(p, null as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAM', param: 'opts' }),
    );
  });

  it('on a threaded runtime the workspace limit is checked against the plan that runs (2 threads), not a one-thread plan', async () => {
    // the built library: its worker script is JavaScript, which the worker threads load
    const lib = await import('../dist/src/index.js');
    const rt = await lib.createRuntime({ build: 'simd128', threads: 2 });
    try {
      expect(rt.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
      const p = {
        format: 'NCHW44' as const,
        n: 1,
        ic: 32,
        ih: 28,
        iw: 28,
        oc: 32,
        fh: 3,
        fw: 3,
        pad: 1,
        srcScale: 0.1,
        filterScale: 0.01,
        dstScale: 0.2,
      };
      const free = rt.convBias(p);
      expect(free.threaded).toBe(true);
      expect(free.threads).toBe(2);
      // the same algorithm planned for one thread needs less (one thread slice instead of two)
      const info = rt.algorithms(p).find((a) => a.name === free.algorithm)!;
      const one = rt.algorithms(p, { threads: 1 }).find((a) => a.name === free.algorithm)!;
      expect(info.workspaceBytes).toBe(free.workspaceBytes);
      expect(one.workspaceBytes!).toBeLessThan(free.workspaceBytes);
      // a limit between the two: the heuristic's first choice does not fit the plan that would run
      const limit = one.workspaceBytes!;
      const capped = rt.convBias(p, { workspaceLimit: limit });
      expect(capped.threads).toBe(2);
      expect(capped.workspaceBytes).toBeLessThanOrEqual(limit);
      expect(capped.algorithm).not.toBe(free.algorithm);
      expect(rt.algorithms(p, { workspaceLimit: limit }).find((a) => a.heuristic)!.name).toBe(capped.algorithm);
      // forced, it is refused for what it would use on two threads
      expect(() => rt.convBias({ ...p, algo: free.algorithm }, { workspaceLimit: limit })).toThrow(
        expect.objectContaining({ code: 'WORKSPACE_TOO_LARGE', param: 'workspaceLimit' }),
      );
      // planned for one thread (it then runs on the calling thread), the same limit takes it
      const single = rt.convBias({ ...p, algo: free.algorithm }, { workspaceLimit: limit, threads: 1 });
      expect([single.threaded, single.workspaceBytes]).toEqual([false, limit]);
      // and the capped operator computes what the oracle does
      const { reference } = await import('../dist/kernels-ref/index.js');
      const w = Int8Array.from({ length: capped.params.filterLength }, (_, i) => ((i * 7) % 255) - 127);
      const src = Int8Array.from({ length: capped.params.srcLength }, (_, i) => ((i * 13) % 255) - 127);
      capped.setFilter(w);
      const out = new Int8Array(capped.params.dstLength);
      capped.exec(src, out);
      expect(Array.from(out)).toEqual(Array.from(reference.convBias(p, src, w)));
    } finally {
      rt.dispose();
    }
  });
});

describe('one name per concept across the CPU and WebGPU parameters', () => {
  it("the GPU's nonlinearity option: 'identity' by default, the old name activation refused with a message saying so", () => {
    const base = { n: 1, ic: 8, ih: 4, iw: 4, oc: 4, fh: 3, fw: 3, pad: [1, 1], weightBits: 8 as const };
    expect(deriveShape(base).nonlinearity).toBe('identity');
    expect(deriveShape({ ...base, nonlinearity: 'relu6' }).nonlinearity).toBe('relu6');
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(I8ConvError);
        return [(e as I8ConvError).code, (e as I8ConvError).param, (e as I8ConvError).message];
      }
      return 'no error';
    };
    const old = codeOf(() => deriveShape({ ...base, activation: 'relu' } as never));
    expect(old.slice(0, 2)).toEqual(['INVALID_PARAM', 'activation']);
    expect(old[2]).toMatch(/renamed nonlinearity/);
    expect(codeOf(() => deriveShape({ ...base, nonlinearity: 'hswish' as never })).slice(0, 2)).toEqual([
      'UNSUPPORTED_NONLINEARITY',
      'nonlinearity',
    ]);
    expect(codeOf(() => deriveShape({ ...base, nonlinearity: 'none' as never })).slice(0, 2)).toEqual([
      'UNSUPPORTED_NONLINEARITY',
      'nonlinearity',
    ]);
  });

  it("the GPU's derived shape and the CPU's agree on every field they share, for the same declared convolution", async () => {
    const { normalizeConvParams } = await import('../src/params.js');
    const shared = [
      'n',
      'ic',
      'ih',
      'iw',
      'oc',
      'fh',
      'fw',
      'sh',
      'sw',
      'dh',
      'dw',
      'oh',
      'ow',
      'nonlinearity',
    ] as const;
    const cases = [
      {
        n: 1,
        ic: 8,
        ih: 7,
        iw: 9,
        oc: 4,
        fh: 3,
        fw: 3,
        stride: [2, 1],
        pad: [1, 2],
        dilation: [1, 2],
        nonlinearity: 'relu' as const,
      },
      {
        n: 3,
        ic: 5,
        ih: 1,
        iw: 131,
        oc: 6,
        fh: 1,
        fw: 3,
        stride: [1, 1],
        pad: [3, 0],
        dilation: [3, 1],
        nonlinearity: 'identity' as const,
      },
      {
        n: 2,
        ic: 16,
        ih: 5,
        iw: 5,
        oc: 16,
        fh: 5,
        fw: 5,
        stride: [2, 2],
        pad: [0, 0],
        dilation: [1, 1],
        nonlinearity: 'relu6' as const,
      },
    ];
    for (const c of cases) {
      const gpu = deriveShape({ ...c, weightBits: 4 });
      const cpu = normalizeConvParams({ ...c, format: 'NCHW', srcScale: 1, filterScale: 1, dstScale: 1 } as never);
      for (const k of shared) expect(gpu[k], `${k} of ${JSON.stringify(c)}`).toBe(cpu[k]);
      // padding: the GPU's is symmetric (ph, pw), the CPU's four-sided
      expect([gpu.ph, gpu.pw, gpu.ph, gpu.pw]).toEqual([cpu.pt, cpu.pl, cpu.pb, cpu.pr]);
    }
  });
});
