/**
 * A loaded model: the planned steps and values, one arena in wasm memory, and run / runAsync / dispose.
 * run(feeds) reads every feed once and checks it (BAD_FEED) before anything is written, copies what it read into
 * their arena slots,
 * runs the steps in order on arena pointers, and copies the graph outputs out into new typed arrays.
 */
import { I8ConvError, check } from '../../errors.js';
import type { WasmRuntimeCore } from '../../runtime.js';
import { GUARD_BYTE, GuardedBlocks } from '../../heap.js';
import type { Layout } from '../backends/types.js';
import type { Lowering, PlannedValue, ValueType } from '../lowering/values.js';
import type { StepImpl, StepPointers } from './step.js';
import { intact, snapshotView, type ViewSnapshot } from '../../views.js';

export type ModelTensorType = 'float32' | 'uint8' | 'int8' | 'int32' | 'int64' | 'bool';
export type ModelArray = Float32Array | Uint8Array | Int8Array | Int32Array | BigInt64Array;

export interface ModelIO {
  name: string;
  shape: number[];
  type: ModelTensorType;
}

/** One step of the planned graph, as model.nodes shows it. */
export interface ModelNode {
  name: string;
  op: string;
  inputs: string[];
  outputs: string[];
  layout: Layout;
  algorithm: string;
  /** wasm bytes the step holds (packed weights, tables) */
  bytes: number;
}

export interface ProfileEntry {
  name: string;
  op: string;
  algorithm: string;
  layout: Layout;
  ms: number;
  /** multiply-accumulates (convolutions), 0 otherwise */
  macs: number;
}

export interface RunOptions {
  /** time every step (model.lastProfile) */
  profile?: boolean;
}

const ARRAY_OF: Record<ValueType, { ctor: new (n: number) => ModelArray; name: string }> = {
  float32: { ctor: Float32Array, name: 'Float32Array' },
  uint8: { ctor: Uint8Array, name: 'Uint8Array' },
  int8: { ctor: Int8Array, name: 'Int8Array' },
  int32: { ctor: Int32Array, name: 'Int32Array' },
  int64: { ctor: BigInt64Array, name: 'BigInt64Array' },
  bool: { ctor: Uint8Array, name: 'Uint8Array' },
};

export interface ModelParts {
  core: WasmRuntimeCore;
  steps: Lowering[];
  impls: StepImpl[];
  values: Map<string, PlannedValue>;
  inputs: string[];
  outputs: string[];
  arenaBytes: number;
  /** arena values followed by guard bytes (tests) */
  valueGuards: number;
}

export class Model {
  readonly inputs: ModelIO[];
  readonly outputs: ModelIO[];
  readonly nodes: ModelNode[];
  /** wasm bytes the model holds: packed weights and tables, the arena, the convolutions' scratch */
  readonly memoryBytes: number;
  /** the last run({ profile: true })'s per-step times, in run order */
  lastProfile: ProfileEntry[] | null = null;
  private readonly core: WasmRuntimeCore;
  private readonly impls: StepImpl[];
  private readonly steps: Lowering[];
  private readonly values: Map<string, PlannedValue>;
  private readonly ptrs: StepPointers[];
  /** the arena and the scratch, each between guard bands */
  private readonly blocks: GuardedBlocks;
  private readonly arena: number;
  private readonly valueGuards: number;
  private disposed = false;
  private running = false;

  /** Takes ownership of the parts (the step implementations); allocates the arena and the scratch. */
  constructor(parts: ModelParts) {
    const { core, steps, impls, values } = parts;
    this.core = core;
    this.steps = steps;
    this.impls = impls;
    this.values = values;
    this.valueGuards = parts.valueGuards;
    const io = (n: string): ModelIO => {
      const v = values.get(n)!;
      return { name: n, shape: [...v.dims], type: v.type };
    };
    this.inputs = parts.inputs.map(io);
    this.outputs = parts.outputs.map(io);
    const scratchBytes = Math.max(0, ...impls.map((s) => s.scratchBytes));
    // OUT_OF_MEMORY (the arena released) when the memory cannot grow
    this.blocks = new GuardedBlocks(core, {
      param: 'model',
      what: `the model's arena (${parts.arenaBytes} bytes) and scratch (${scratchBytes} bytes)`,
    });
    this.arena = this.blocks.alloc(parts.arenaBytes);
    const scratch = scratchBytes > 0 ? this.blocks.alloc(scratchBytes + 512) : 0;
    const scratchAligned = Math.ceil(scratch / 512) * 512;
    const ptr = (n: string): number => {
      if (n === '') return -1;
      const v = values.get(n)!;
      return v.constant || v.offset < 0 ? -1 : this.arena + v.offset;
    };
    this.ptrs = steps.map((s) => ({ inputs: s.inputs.map(ptr), outputs: s.outputs.map(ptr), scratch: scratchAligned }));
    if (this.valueGuards) {
      const u8 = core.u8();
      for (const v of values.values())
        if (!v.constant && v.offset >= 0 && v.aliasOf === undefined)
          u8.fill(GUARD_BYTE, this.arena + v.offset + v.bytes, this.arena + v.offset + v.bytes + this.valueGuards);
    }
    this.nodes = steps.map((s, i) => ({
      name: s.name,
      op: s.op,
      inputs: [...s.inputs],
      outputs: [...s.outputs],
      layout: s.layout ?? 'NCHW',
      algorithm: impls[i].algorithm,
      bytes: impls[i].bytes,
    }));
    this.memoryBytes = impls.reduce((a, s) => a + s.bytes, 0) + parts.arenaBytes + scratchBytes;
  }

  /** Tests: whether every guard band (around the arena and scratch, and after each value when planned so) is intact. */
  checkGuards(): boolean {
    if (!this.blocks.checkGuards()) return false;
    const u8 = this.core.u8();
    if (this.valueGuards) {
      for (const v of this.values.values()) {
        if (v.constant || v.offset < 0 || v.aliasOf !== undefined) continue;
        const at = this.arena + v.offset + v.bytes;
        for (let i = 0; i < this.valueGuards; i++) if (u8[at + i] !== GUARD_BYTE) return false;
      }
    }
    return true;
  }

  /** @internal Tests: a copy of a value's bytes after a run (meaningful for every value only when the model was
   *  planned without arena reuse), in its planned layout, or undefined for a constant / unplanned value. */
  readValue(name: string): { bytes: Uint8Array; layout: Layout; dims: number[]; type: ValueType } | undefined {
    const v = this.values.get(name);
    if (!v || v.constant || v.offset < 0) return undefined;
    return {
      bytes: this.core.u8().slice(this.arena + v.offset, this.arena + v.offset + v.bytes),
      layout: v.layout,
      dims: [...v.dims],
      type: v.type,
    };
  }

  private live(): void {
    if (this.disposed) throw new I8ConvError('DISPOSED', 'model: the model was disposed', 'model');
    if (this.core.disposed) throw new I8ConvError('DISPOSED', 'runtime: the runtime was disposed', 'runtime');
    check(
      !this.running && !this.core.pool?.isBusy,
      'RUNTIME_BUSY',
      'runtime',
      'a runAsync of this model or an execAsync of its runtime is still running: await it first',
    );
  }

  /**
   * Reads every feed once and checks it against the model's inputs (before anything is written): the feeds object's
   * keys and each input's entry first (the caller's getters or Proxy traps run there, and only there), then each
   * array's class, buffer, offset and length through the engine's own accessors (views.ts). What comes back is
   * what copyIn copies: the bytes checked, whatever the feeds object or the arrays would answer later.
   */
  private readFeeds(feeds: unknown): Map<string, ViewSnapshot> {
    check(
      feeds !== null && typeof feeds === 'object' && !Array.isArray(feeds),
      'BAD_FEED',
      'feeds',
      'must be an object { [inputName]: typed array }',
    );
    const f = feeds as Record<string, unknown>;
    const names = new Set(this.inputs.map((i) => i.name));
    for (const k of Object.keys(f))
      check(
        names.has(k),
        'BAD_FEED',
        `feeds.${k}`,
        `${JSON.stringify(k)} is not an input of the model (inputs: ${[...names].map((n) => JSON.stringify(n)).join(', ')})`,
      );
    const entries = this.inputs.map((i) => {
      check(Object.hasOwn(f, i.name), 'BAD_FEED', `feeds.${i.name}`, `input ${JSON.stringify(i.name)} is not fed`);
      return f[i.name];
    });
    // from here on no code of the caller runs until the copy
    const read = new Map<string, ViewSnapshot>();
    this.inputs.forEach((i, k) => {
      const s = snapshotView(entries[k]);
      const want = ARRAY_OF[i.type];
      check(s?.type === want.name, 'BAD_FEED', `feeds.${i.name}`, `must be a ${want.name} (the input is ${i.type})`);
      const n = i.shape.reduce((x, y) => x * y, 1);
      check(s.length === n, 'BAD_FEED', `feeds.${i.name}`, `expected ${n} elements ([${i.shape}]), got ${s.length}`);
      check(s.bytes !== null, 'BAD_FEED', `feeds.${i.name}`, 'its buffer is detached');
      read.set(i.name, s);
    });
    return read;
  }

  /** Copies the feeds as readFeeds read them into their arena slots. */
  private copyIn(feeds: ReadonlyMap<string, ViewSnapshot>): void {
    const u8 = this.core.u8();
    for (const i of this.inputs) {
      const v = this.values.get(i.name)!;
      if (v.offset < 0) continue; // an input no step reads
      const s = feeds.get(i.name)!;
      // a fixed-length view reads 0 bytes once its resizable buffer shrank below it (nothing of the caller runs
      // between readFeeds and here: a guard, not a path)
      check(intact(s), 'BAD_FEED', `feeds.${i.name}`, 'its buffer shrank or was detached while it was read');
      u8.set(s.bytes!, this.arena + v.offset);
    }
  }

  private copyOut(): Record<string, ModelArray> {
    const out: Record<string, ModelArray> = Object.create(null);
    const buf = this.core.memory.buffer;
    for (const o of this.outputs) {
      const v = this.values.get(o.name)!;
      const arr = new ARRAY_OF[o.type].ctor(o.shape.reduce((x, y) => x * y, 1));
      const bytes = new Uint8Array(arr.buffer);
      if (v.constant) {
        const c = v.constant.data as ArrayBufferView;
        bytes.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
      } else {
        bytes.set(new Uint8Array(buf, this.arena + v.offset, bytes.length));
      }
      out[o.name] = arr;
    }
    return out;
  }

  /** Runs the model on the calling thread (the runtime's workers join the convolutions that use threads). */
  run(feeds: Record<string, ModelArray>, opts: RunOptions = {}): Record<string, ModelArray> {
    this.live();
    check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'opts', 'must be an object when given');
    const profile = Boolean(opts.profile);
    this.copyIn(this.readFeeds(feeds));
    if (profile) {
      const prof: ProfileEntry[] = [];
      for (let i = 0; i < this.impls.length; i++) {
        const t0 = performance.now();
        this.impls[i].run(this.ptrs[i]);
        const s = this.steps[i];
        prof.push({
          name: s.name,
          op: s.op,
          algorithm: this.impls[i].algorithm,
          layout: s.layout ?? 'NCHW',
          ms: performance.now() - t0,
          macs: this.impls[i].macs,
        });
      }
      this.lastProfile = prof;
    } else {
      for (let i = 0; i < this.impls.length; i++) this.impls[i].run(this.ptrs[i]);
    }
    return this.copyOut();
  }

  /** run, with the threaded convolutions computed by the workers while the calling thread waits (a page's main thread). */
  async runAsync(feeds: Record<string, ModelArray>, opts: RunOptions = {}): Promise<Record<string, ModelArray>> {
    this.live();
    check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'opts', 'must be an object when given');
    const profile = Boolean(opts.profile);
    this.copyIn(this.readFeeds(feeds));
    this.running = true;
    try {
      const prof: ProfileEntry[] = [];
      for (let i = 0; i < this.impls.length; i++) {
        const t0 = performance.now();
        const impl = this.impls[i];
        if (impl.runAsync) await impl.runAsync(this.ptrs[i]);
        else impl.run(this.ptrs[i]);
        if (this.disposed || this.core.disposed)
          throw new I8ConvError('DISPOSED', 'model: disposed while running', 'model');
        const s = this.steps[i];
        if (profile)
          prof.push({
            name: s.name,
            op: s.op,
            algorithm: impl.algorithm,
            layout: s.layout ?? 'NCHW',
            ms: performance.now() - t0,
            macs: impl.macs,
          });
      }
      if (profile) this.lastProfile = prof;
    } finally {
      this.running = false;
    }
    return this.copyOut();
  }

  /** Frees the model's wasm memory (its weights, tables, arena). The runtime stays usable. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.impls) s.dispose();
    this.blocks.release();
  }
}
