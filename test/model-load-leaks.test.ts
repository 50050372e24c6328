// A failed rt.loadModel leaks nothing and says what was wrong (issue 50, item 4):
// - a malformed model (an operand of an element type its operator does not take: PP-OCR cls with one
//   QuantizeLinear's zero point pointed at its float32 scale) is BAD_MODEL, refused before the first allocation:
//   20 attempts, no heap block taken, the memory not grown;
// - a refusal after allocations (cls with a NaN scale: INVALID_SCALE from a kernel's own check) gives every block
//   back, 20 attempts;
// - a loop over the loader's failure points: a failure thrown at each stage (the loader's test hook), an allocation
//   whose memory cannot grow (OUT_OF_MEMORY), an allocation whose offset never reaches its owner, and a failure in
//   the middle of a kernel's setup (its writes into wasm memory): each time the heaps are back to their level, and
//   the runtime then loads and runs the model to the same bytes.
// On a one-thread runtime and a two-thread one (its shared memory and its single-thread companion: two heaps).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the built library (dist/): the worker threads of the two-thread runtime load its JavaScript
import { createRuntime, I8ConvError, type Runtime } from '../dist/src/index.js';
import { loadModelSync, type LoadModelHooks } from '../dist/src/model/load.js';
import type { WasmRuntimeCore } from '../dist/src/runtime.js';
import type { WasmHeap } from '../dist/src/heap.js';
import type { Graph } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../fixtures/models/ppocr.js';
import { branchesModel, convChain, randomFeed } from './helpers/model-builders.js';

const cores = (rt: Runtime): WasmRuntimeCore[] => [rt.core, ...(rt.core.serial ? [rt.core.serial] : [])];
const heaps = (rt: Runtime): WasmHeap[] => cores(rt).map((c) => c.heap);
const inUse = (rt: Runtime): number => heaps(rt).reduce((a, h) => a + h.bytesInUse, 0);

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof I8ConvError) return e.code;
    return `untyped: ${String(e)}`;
  }
  return 'no error';
}

/** Counts the allocations of both heaps while `fn` runs. */
function countAllocs<T>(rt: Runtime, fn: () => T): { n: number; result: T } {
  let n = 0;
  const undo = heaps(rt).map((h) => {
    const alloc = h.alloc;
    h.alloc = (size: number, align?: number) => {
      n++;
      return alloc.call(h, size, align);
    };
    return () => {
      h.alloc = alloc;
    };
  });
  try {
    const result = fn();
    return { n, result };
  } finally {
    for (const u of undo) u();
  }
}

/**
 * Runs `fn` with the k-th allocation (both heaps counted together) failing: 'grow' throws before allocating (as
 * WebAssembly.Memory.grow does when the memory cannot grow); 'lost' allocates the block, then throws (its offset
 * reaches no owner: only the loader's mark can give it back).
 */
function failingAlloc<T>(rt: Runtime, k: number, mode: 'grow' | 'lost', fn: () => T): T {
  let n = 0;
  const undo = heaps(rt).map((h) => {
    const alloc = h.alloc;
    h.alloc = (size: number, align?: number) => {
      if (n++ === k) {
        if (mode === 'grow') throw new RangeError('injected: WebAssembly.Memory.grow(): Maximum memory size exceeded');
        alloc.call(h, size, align);
        throw new Error('injected: the block was allocated and its offset lost');
      }
      return alloc.call(h, size, align);
    };
    return () => {
      h.alloc = alloc;
    };
  });
  try {
    return fn();
  } finally {
    for (const u of undo) u();
  }
}

/** Runs `fn` with the k-th fresh view of either core's memory (u8 / i8 / i32 / f32: a kernel's setup writing its
 *  record, tables, packed weights) throwing INVALID_PARAM, as a check between a setup's writes does; undefined k:
 *  counts the views. */
function failingWrite<T>(rt: Runtime, k: number | undefined, fn: () => T): { n: number; result?: T; error?: unknown } {
  let n = 0;
  const names = ['u8', 'i8', 'i32', 'f32'] as const;
  const undo: (() => void)[] = [];
  for (const c of cores(rt)) {
    for (const name of names) {
      const own = c as unknown as Record<string, unknown>;
      const view = (c[name] as () => unknown).bind(c);
      own[name] = () => {
        if (n++ === k) throw new I8ConvError('INVALID_PARAM', 'injected: a check failed in the middle of a setup');
        return view();
      };
      undo.push(() => delete own[name]);
    }
  }
  try {
    const result = fn();
    return { n, result };
  } catch (error) {
    return { n, error };
  } finally {
    for (const u of undo) u();
  }
}

/** The stages a load passes through (the loader's test hook). */
function stagesOf(rt: Runtime, bytes: Uint8Array): string[] {
  const stages: string[] = [];
  loadModelSync(rt, bytes, {}, { stage: (s) => stages.push(s) }).dispose();
  return stages;
}

class Injected extends Error {}

/** Every failure point of loading `bytes` (stages each, allocations and setup writes every `stride`-th) leaves the
 *  heaps at their level; afterwards the model loads and runs to `want`'s bytes. */
function failurePoints(
  rt: Runtime,
  bytes: Uint8Array,
  feeds: Record<string, Float32Array | Uint8Array | Int8Array>,
  stride: number,
): { stages: number; allocs: number; writes: number } {
  const base = loadModelSync(rt, bytes);
  const want = base.run(feeds);
  base.dispose();
  const level = inUse(rt);
  const grown = cores(rt).map((c) => c.memory.buffer.byteLength);

  const stages = stagesOf(rt, bytes);
  expect(stages).toEqual(expect.arrayContaining(['read', 'passes', 'lower', 'layouts', 'memory', 'build', 'model']));
  for (const at of stages) {
    const hooks: LoadModelHooks = {
      stage: (s) => {
        if (s === at) throw new Injected(at);
      },
    };
    expect(() => loadModelSync(rt, bytes, {}, hooks), at).toThrow(Injected);
    expect(inUse(rt), `failed at stage ${at}`).toBe(level);
  }

  const allocs = countAllocs(rt, () => loadModelSync(rt, bytes));
  allocs.result.dispose();
  expect(allocs.n).toBeGreaterThan(0);
  for (let k = 0; k < allocs.n; k += k < 8 || k >= allocs.n - 8 ? 1 : stride) {
    const grow = codeOf(() => failingAlloc(rt, k, 'grow', () => loadModelSync(rt, bytes)));
    expect(grow, `allocation ${k} of ${allocs.n} cannot grow`).toBe('OUT_OF_MEMORY');
    expect(inUse(rt), `allocation ${k} of ${allocs.n} cannot grow`).toBe(level);
    const lost = codeOf(() => failingAlloc(rt, k, 'lost', () => loadModelSync(rt, bytes)));
    // GuardedBlocks reports any failure of the heap as OUT_OF_MEMORY
    expect(lost, `allocation ${k} of ${allocs.n} lost`).toBe('OUT_OF_MEMORY');
    expect(inUse(rt), `allocation ${k} of ${allocs.n} lost`).toBe(level);
  }

  const writes = failingWrite(rt, undefined, () => loadModelSync(rt, bytes));
  (writes.result as { dispose(): void }).dispose();
  expect(writes.n).toBeGreaterThan(0);
  for (let k = 0; k < writes.n; k += k < 8 || k >= writes.n - 8 ? 1 : stride) {
    const r = failingWrite(rt, k, () => loadModelSync(rt, bytes));
    expect(r.result, `write ${k} of ${writes.n}`).toBeUndefined();
    expect((r.error as I8ConvError).code, `write ${k} of ${writes.n}`).toBe('INVALID_PARAM');
    expect(inUse(rt), `write ${k} of ${writes.n} failed`).toBe(level);
  }

  // the runtime is whole: same blocks free, the same output
  const again = loadModelSync(rt, bytes);
  const got = again.run(feeds);
  for (const [name, a] of Object.entries(want))
    expect(new Uint8Array(got[name].buffer), name).toEqual(new Uint8Array(a.buffer));
  again.dispose();
  expect(inUse(rt)).toBe(level);
  // a load that failed took no more memory than a load that succeeded
  expect(cores(rt).map((c) => c.memory.buffer.byteLength)).toEqual(grown);
  return { stages: stages.length, allocs: allocs.n, writes: writes.n };
}

/** The cls graph with the first QuantizeLinear changed by `f` (and its index). */
function mutateFirstQ(g: Graph, f: (g: Graph, i: number) => Graph): Uint8Array {
  const i = g.nodes.findIndex((n) => n.opType === 'QuantizeLinear');
  expect(i).toBeGreaterThanOrEqual(0);
  return writeOnnxModel(f(g, i));
}

describe('failed loads', () => {
  let cls: { qdq: Graph; bytes: Uint8Array };
  const rts: Runtime[] = [];
  beforeAll(async () => {
    const q = await ppocrQdq('cls', readFileSync(`${PPOCR_DIR}/${PPOCR.cls.file}`));
    cls = { qdq: q.qdq, bytes: q.qdqBytes };
  });
  afterAll(() => {
    for (const rt of rts) rt.dispose();
  });

  for (const threads of [1, 2]) {
    it(`${threads} thread(s): a zero point of float32 is BAD_MODEL before any allocation, 20 times`, async () => {
      const rt = await createRuntime({ threads });
      rts.push(rt);
      expect(rt.threading.enabled).toBe(threads > 1);
      const bad = mutateFirstQ(cls.qdq, (g, i) => ({
        ...g,
        nodes: g.nodes.map((n, j) => (j === i ? { ...n, inputs: [n.inputs[0], n.inputs[1], n.inputs[1]] } : n)),
      }));
      const level = inUse(rt);
      const memory = rt.memoryBytes;
      let messages = new Set<string>();
      const { n } = countAllocs(rt, () => {
        for (let a = 0; a < 20; a++) {
          try {
            loadModelSync(rt, bad);
            messages.add('loaded');
          } catch (e) {
            expect(e).toBeInstanceOf(I8ConvError);
            expect((e as I8ConvError).code).toBe('BAD_MODEL');
            messages.add((e as I8ConvError).message);
          }
        }
      });
      expect(n, 'no heap allocation').toBe(0);
      expect(inUse(rt)).toBe(level);
      expect(rt.memoryBytes).toBe(memory);
      messages = new Set([...messages].map((m) => m.replace(/"[^"]*"/g, '""')));
      expect(messages.size).toBe(1);
      expect([...messages][0]).toMatch(
        /QuantizeLinear\): input 2 \(y_zero_point, ""\) is float32, must be int8 or uint8/,
      );
      // through the public API too
      for (let a = 0; a < 3; a++) await expect(rt.loadModel(bad)).rejects.toMatchObject({ code: 'BAD_MODEL' });
      expect(inUse(rt)).toBe(level);
    });

    it(`${threads} thread(s): a NaN scale refused by a kernel (INVALID_SCALE) gives every block back, 20 times`, async () => {
      const rt = rts[threads - 1] ?? (await createRuntime({ threads }));
      const bad = mutateFirstQ(cls.qdq, (g, i) => {
        const inits = new Map(g.initializers);
        const s = g.nodes[i].inputs[1];
        inits.set(s, { ...inits.get(s)!, data: new Float32Array([Number.NaN]) });
        return { ...g, initializers: inits };
      });
      const level = inUse(rt);
      // the refusal comes after allocations (the kernels of the steps before it): the figure of issue 50
      const { n } = countAllocs(rt, () => {
        for (let a = 0; a < 20; a++) expect(codeOf(() => loadModelSync(rt, bad))).toBe('INVALID_SCALE');
      });
      expect(n, 'the refusal came after allocations').toBeGreaterThan(0);
      expect(inUse(rt)).toBe(level);
    });
  }

  it('every failure point of the cls model: the heaps back to their level, then the same output', async () => {
    const rt = rts[1];
    const x = ppocrInput('cls', 3);
    const r = failurePoints(rt, cls.bytes, { [PPOCR.cls.input]: x }, 23);
    // (a build step per step of the model and more: about 100 failure points)
    expect(r.stages).toBeGreaterThan(80);
  });

  it('every failure point of small QOperator models, every allocation and write, 1 and 2 threads', async () => {
    const chain = convChain(31, 'uint8', 3, 13, [
      { oc: 8, k: 3, stride: 2, pad: 1 },
      { oc: 8, k: 3, stride: 1, pad: 1, group: 8 },
      { oc: 16, k: 1, stride: 1, pad: 0 },
    ]);
    for (const rt of rts) {
      failurePoints(rt, chain, { x: randomFeed(5, 'uint8', 3 * 13 * 13) as Uint8Array }, 1);
      failurePoints(rt, branchesModel(), { x: randomFeed(6, 'uint8', 4 * 9 * 11) as Uint8Array }, 1);
    }
  });
});
