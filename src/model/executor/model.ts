/**
 * A loaded model: one plan per input shape (executor/plan.ts: the built steps, one arena in wasm memory), and run /
 * runAsync / dispose. run(feeds) reads every feed once and checks it (BAD_FEED) before anything is written, picks
 * the plan of the feeds' dims (a model with symbolic or unknown input dims plans a new shape on first use, through the
 * loader's pipeline, and keeps the last `maxPlans` shapes; docs/model.md "Input shapes per run"), copies what it read
 * into their arena slots, runs the steps in order on arena pointers, and copies the graph outputs out into new typed
 * arrays.
 */
import { I8ConvError, check } from '../../errors.js';
import type { WasmRuntimeCore } from '../../runtime.js';
import type { Layout } from '../backends/types.js';
import type { ValueType } from '../lowering/values.js';
import { intact, snapshotView, type ViewSnapshot } from '../../views.js';
import type { ProfileEntry } from './step.js';
import {
  IO_ARRAY_OF,
  type ModelPlan,
  type ModelArray,
  type ModelIO,
  type ModelNode,
  type ModelTensorType,
} from './plan.js';

export type { ProfileEntry } from './step.js';
export {
  ModelPlan,
  type ModelArray,
  type ModelIO,
  type ModelNode,
  type ModelParts,
  type ModelTensorType,
} from './plan.js';

/** A tensor: its elements (row-major, NCHW for images), its dims and its element type. */
export interface Tensor {
  data: ModelArray;
  dims: number[];
  type: ModelTensorType;
}

/**
 * What an input is fed: a typed array (of the dims the input has now: model.inputs[i].shape), or its elements with
 * the dims to run them at (a model with symbolic or unknown input dims plans each new shape on first use); `type`,
 * where given, must be the input's.
 */
export type ModelFeed =
  | ModelArray
  | { readonly data: ModelArray; readonly dims: readonly number[]; readonly type?: ModelTensorType };

export interface RunOptions {
  /** time every step (model.lastProfile) */
  profile?: boolean;
}

/** How a model with symbolic or unknown input dims plans a new shape (src/model/load.ts makes it). */
export interface Replanner {
  /** each fed input's declared dims (a number: fixed; a string: a symbol; null: unknown); undefined: no shape declared */
  declared: ReadonlyMap<string, readonly (number | string | null)[] | undefined>;
  /** the plan of these input dims (BAD_SHAPE, TOO_LARGE, OUT_OF_MEMORY as a load; nothing held on failure) */
  plan(shapes: Record<string, number[]>): ModelPlan;
  /** plans kept at most (the least recently run dropped first) */
  maxPlans: number;
}

/** What readFeeds read: the plan the feeds run on and each input's bytes. */
interface ReadFeeds {
  plan: ModelPlan;
  key: string;
  bytes: Map<string, Uint8Array>;
}

/** The most dims a tensor feed may give (a bound on what readFeeds copies of the caller's array). */
const MAX_RANK = 64;

const keyOf = (dims: readonly (readonly number[])[]): string => dims.map((d) => d.join('x')).join(',');

export class Model {
  /** the last run({ profile: true })'s per-step times, in run order */
  lastProfile: ProfileEntry[] | null = null;
  private readonly core: WasmRuntimeCore;
  /** the plans held, least recently run first; `current` is the last one run (or the load's) */
  protected readonly plans = new Map<string, ModelPlan>();
  /** the plan run last (or the load's; null until the first run where the load made none); a staged model
   *  (staged.ts) reads which one ran */
  protected current: ModelPlan | null;
  /** the inputs and outputs as the file declares them, for a model the load planned no shape of */
  private readonly declaredIO: { inputs: ModelIO[]; outputs: ModelIO[] } | undefined;
  private readonly replanner: Replanner | undefined;
  private disposed = false;
  protected running = false;

  /**
   * Takes ownership of the load's plan; `replanner` where the inputs' dims may change per run. `first` null: the load
   * planned no shape (symbolic input dims and no inputShapes): the first run's tensor feeds give the dims, and until
   * then `declared` describes the inputs and outputs (a dim the file leaves symbolic or unknown reads 0).
   */
  constructor(
    core: WasmRuntimeCore,
    first: ModelPlan | null,
    replanner?: Replanner,
    declared?: { inputs: ModelIO[]; outputs: ModelIO[] },
  ) {
    this.core = core;
    this.current = first;
    if (first) this.plans.set(keyOf(first.inputs.map((i) => i.shape)), first);
    this.replanner = replanner;
    this.declaredIO = declared;
  }

  /** The inputs, with the dims of the plan run last (before any run: the load's, `inputShapes`). */
  get inputs(): ModelIO[] {
    return this.current?.inputs ?? this.declaredIO!.inputs;
  }
  /** The outputs, with the dims of the plan run last: the dims of the arrays the last run returned. */
  get outputs(): ModelIO[] {
    return this.current?.outputs ?? this.declaredIO!.outputs;
  }
  /** name -> dims of each output of the last run (before any run: of the load's plan). */
  get outputShapes(): Record<string, number[]> {
    const r: Record<string, number[]> = Object.create(null);
    for (const o of this.outputs) r[o.name] = [...o.shape];
    return r;
  }
  /** The steps of the plan run last. */
  get nodes(): ModelNode[] {
    return this.current?.nodes ?? [];
  }
  /** wasm bytes the model holds: of every plan held, packed weights and tables, the arena, the convolutions' scratch */
  get memoryBytes(): number {
    let n = 0;
    for (const p of this.plans.values()) n += p.memoryBytes;
    return n;
  }
  /** Whether the inputs' dims may change per run (the model declares a symbolic or unknown input dim). */
  get dynamicShapes(): boolean {
    return this.replanner !== undefined;
  }
  /** The input dims of each plan held (input name -> dims), least recently run first. */
  plannedShapes(): Record<string, number[]>[] {
    return [...this.plans.values()].map((p) => {
      const r: Record<string, number[]> = Object.create(null);
      for (const i of p.inputs) r[i.name] = [...i.shape];
      return r;
    });
  }

  /** Tests: whether every guard band of every plan (around the arena and scratch, after each value when planned so)
   *  is intact. */
  checkGuards(): boolean {
    for (const p of this.plans.values()) if (!p.checkGuards()) return false;
    return true;
  }

  /** @internal Tests: a copy of a value's bytes after a run (meaningful for every value only when the model was
   *  planned without arena reuse), in its planned layout, or undefined for a constant / unplanned value. */
  readValue(name: string): { bytes: Uint8Array; layout: Layout; dims: number[]; type: ValueType } | undefined {
    return this.current?.readValue(name);
  }

  protected live(): void {
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
   * keys and each input's entry first, with a tensor feed's data, dims and type (the caller's getters or Proxy traps
   * run there, and only there), then each array's class, buffer, offset and length through the engine's own
   * accessors (views.ts). The dims (a tensor's, or else the input's current ones) choose the plan: the one held for
   * them, or a new one (a model with symbolic dims). What comes back is what copyIn copies: the bytes checked,
   * whatever the feeds object or the arrays would answer later.
   */
  private readFeeds(feeds: unknown): ReadFeeds {
    check(
      feeds !== null && typeof feeds === 'object' && !Array.isArray(feeds),
      'BAD_FEED',
      'feeds',
      'must be an object { [inputName]: typed array or { data, dims } }',
    );
    const inputs = this.inputs;
    const f = feeds as Record<string, unknown>;
    const names = new Set(inputs.map((i) => i.name));
    for (const k of Object.keys(f))
      check(
        names.has(k),
        'BAD_FEED',
        `feeds.${k}`,
        () =>
          `${JSON.stringify(k)} is not an input of the model (inputs: ${[...names].map((n) => JSON.stringify(n)).join(', ')})`,
      );
    const entries = inputs.map((i) => {
      check(
        Object.hasOwn(f, i.name),
        'BAD_FEED',
        `feeds.${i.name}`,
        () => `input ${JSON.stringify(i.name)} is not fed`,
      );
      const e = f[i.name];
      if (snapshotView(e) !== undefined || e === null || typeof e !== 'object')
        return { data: e, dims: undefined, type: undefined };
      // a tensor feed: its fields once, its dims copied
      const t = e as { data?: unknown; dims?: unknown; type?: unknown };
      const data = t.data;
      const dims = t.dims;
      const type = t.type;
      check(
        Array.isArray(dims),
        'BAD_FEED',
        `feeds.${i.name}`,
        'must be a typed array, or { data: typed array, dims: number[] }',
      );
      check(dims.length <= MAX_RANK, 'BAD_FEED', `feeds.${i.name}`, () => `dims: more than ${MAX_RANK} dims`);
      return { data, dims: Array.from(dims as unknown[]), type };
    });
    // from here on no code of the caller runs until the copy
    const dimsOf: number[][] = [];
    const read = new Map<string, ViewSnapshot>();
    const symbols = new Map<string, { size: number; input: string }>();
    inputs.forEach((i, k) => {
      const param = `feeds.${i.name}`;
      const e = entries[k];
      const s = snapshotView(e.data);
      const want = IO_ARRAY_OF[i.type];
      // float16 bits: a Uint16Array, or a Float16Array where the engine has one (the same bytes)
      check(
        s?.type === want.name || (i.type === 'float16' && s?.type === 'Float16Array'),
        'BAD_FEED',
        param,
        () => `${e.dims ? 'data ' : ''}must be a ${want.name} (the input is ${i.type})`,
      );
      check(
        e.type === undefined || e.type === i.type,
        'BAD_FEED',
        param,
        () => `type is ${JSON.stringify(e.type)}, the input is ${i.type}`,
      );
      check(
        e.dims !== undefined || this.current !== null,
        'BAD_FEED',
        param,
        'the model has symbolic input dims and no plan yet: feed { data, dims } (or load it with inputShapes)',
      );
      const dims = e.dims === undefined ? i.shape : this.checkDims(i, e.dims, symbols);
      const n = dims.reduce((x, y) => x * y, 1);
      check(
        s.length === n,
        'BAD_FEED',
        param,
        () =>
          `expected ${n} elements ([${dims}]), got ${s.length}${
            e.dims === undefined && this.replanner ? ' (to run other dims, feed { data, dims })' : ''
          }`,
      );
      check(s.bytes !== null, 'BAD_FEED', param, 'its buffer is detached');
      dimsOf.push(dims);
      read.set(i.name, s);
    });
    const key = keyOf(dimsOf);
    let plan = this.plans.get(key);
    if (plan === undefined) {
      // checkDims let other dims through only where a replanner exists
      const shapes: Record<string, number[]> = Object.create(null);
      inputs.forEach((i, k) => {
        shapes[i.name] = dimsOf[k];
      });
      plan = this.replanner!.plan(shapes);
      this.plans.set(key, plan);
    }
    const bytes = new Map<string, Uint8Array>();
    for (const [name, s] of read) {
      // a fixed-length view reads 0 bytes once its resizable buffer shrank below it, and a feed viewing the wasm
      // memory is detached when a new plan grew it
      check(intact(s), 'BAD_FEED', `feeds.${name}`, 'its buffer shrank or was detached while it was read');
      bytes.set(name, s.bytes!);
    }
    return { plan, key, bytes };
  }

  /** The dims a tensor feed gives input `i`, checked against what the model declares (BAD_FEED). */
  private checkDims(i: ModelIO, dims: unknown[], symbols: Map<string, { size: number; input: string }>): number[] {
    const param = `feeds.${i.name}`;
    check(
      dims.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 2 ** 31),
      'BAD_FEED',
      param,
      () => `dims must be non-negative integers, got ${JSON.stringify(dims)}`,
    );
    const got = dims as number[];
    const declared = this.replanner ? this.replanner.declared.get(i.name) : i.shape;
    if (declared === undefined) return got;
    check(
      got.length === declared.length,
      'BAD_FEED',
      param,
      () =>
        `dims [${got}] have rank ${got.length}, the model's input has rank ${declared.length} ([${declared.map((d) => d ?? '?')}])`,
    );
    declared.forEach((d, k) => {
      if (typeof d === 'number')
        check(
          got[k] === d,
          'BAD_FEED',
          param,
          () => `dims [${got}]: dim ${k} is ${got[k]}, the model fixes it at ${d}`,
        );
      else if (typeof d === 'string') {
        const prev = symbols.get(d);
        check(
          prev === undefined || prev.size === got[k],
          'BAD_FEED',
          param,
          () =>
            `dims [${got}]: dim ${k} (${JSON.stringify(d)}) is ${got[k]}, and ${prev?.size} in input ${JSON.stringify(prev?.input)}`,
        );
        symbols.set(d, { size: got[k], input: i.name });
      }
    });
    return got;
  }

  /** Makes `r.plan` the current one (most recently run) and drops the least recently run plans beyond maxPlans. */
  private use(r: ReadFeeds): ModelPlan {
    this.plans.delete(r.key);
    this.plans.set(r.key, r.plan);
    this.current = r.plan;
    const max = this.replanner?.maxPlans ?? 1;
    for (const [k, p] of this.plans) {
      if (this.plans.size <= max) break;
      this.plans.delete(k);
      p.dispose();
    }
    return r.plan;
  }

  /** Runs the model on the calling thread (the runtime's workers join the convolutions that use threads). */
  run(feeds: Record<string, ModelFeed>, opts: RunOptions = {}): Record<string, ModelArray> {
    this.live();
    check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'opts', 'must be an object when given');
    const profile = Boolean(opts.profile);
    const read = this.readFeeds(feeds);
    const plan = this.use(read);
    plan.copyIn(read.bytes);
    const { impls, ptrs, steps, active } = plan;
    if (profile) {
      const prof: ProfileEntry[] = [];
      for (const i of active) {
        const impl = impls[i];
        if (impl.runProfiled) {
          impl.runProfiled(ptrs[i], prof);
          continue;
        }
        const t0 = performance.now();
        impl.run(ptrs[i]);
        const s = steps[i];
        prof.push({
          name: s.name,
          op: s.op,
          algorithm: impls[i].algorithm,
          layout: s.layout ?? 'NCHW',
          ms: performance.now() - t0,
          macs: impls[i].macs,
        });
      }
      this.lastProfile = prof;
    } else {
      for (let k = 0; k < active.length; k++) {
        const i = active[k];
        impls[i].run(ptrs[i]);
      }
    }
    return plan.copyOut();
  }

  /** run, with the threaded convolutions computed by the workers while the calling thread waits (a page's main thread). */
  async runAsync(feeds: Record<string, ModelFeed>, opts: RunOptions = {}): Promise<Record<string, ModelArray>> {
    this.live();
    check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'opts', 'must be an object when given');
    const profile = Boolean(opts.profile);
    const read = this.readFeeds(feeds);
    const plan = this.use(read);
    plan.copyIn(read.bytes);
    this.running = true;
    try {
      const prof: ProfileEntry[] = [];
      const { impls, ptrs, steps, active } = plan;
      for (const i of active) {
        const t0 = performance.now();
        const impl = impls[i];
        const inner = profile && impl.runAsyncProfiled !== undefined;
        if (inner) await impl.runAsyncProfiled!(ptrs[i], prof);
        else if (impl.runAsync) await impl.runAsync(ptrs[i]);
        else impl.run(ptrs[i]);
        if (this.disposed || this.core.disposed)
          throw new I8ConvError('DISPOSED', 'model: disposed while running', 'model');
        const s = steps[i];
        if (profile && !inner)
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
    return plan.copyOut();
  }

  /** run, returning each output with its dims and element type. */
  runTensors(feeds: Record<string, ModelFeed>, opts: RunOptions = {}): Record<string, Tensor> {
    return this.tensors(this.run(feeds, opts));
  }

  /** runAsync, returning each output with its dims and element type. */
  async runTensorsAsync(feeds: Record<string, ModelFeed>, opts: RunOptions = {}): Promise<Record<string, Tensor>> {
    return this.tensors(await this.runAsync(feeds, opts));
  }

  private tensors(out: Record<string, ModelArray>): Record<string, Tensor> {
    const r: Record<string, Tensor> = Object.create(null);
    for (const o of this.outputs) r[o.name] = { data: out[o.name], dims: [...o.shape], type: o.type };
    return r;
  }

  /** Frees the model's wasm memory (every plan's weights, tables, arena). The runtime stays usable. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const p of this.plans.values()) p.dispose();
    this.plans.clear();
  }
}
