/**
 * One plan of a model: its steps built for one set of input dims (weights packed, tables written), its values placed
 * in one arena, and the scratch its convolutions share. A model holds one plan per input shape it ran
 * (executor/model.ts); a model whose inputs have fixed dims holds exactly one.
 */
import type { WasmRuntimeCore } from '../../runtime.js';
import { GUARD_BYTE, GuardedBlocks } from '../../heap.js';
import type { Layout } from '../backends/types.js';
import type { Lowering, PlannedValue, ValueType } from '../lowering/values.js';
import { activeSteps, type StepImpl, type StepPointers } from './step.js';
import { halfBitsOfHeld, halfsToFloats } from '../numerics/float16.js';

/** An input's or output's element type; 'float16': IEEE half-precision bits in a Uint16Array (docs/model.md). */
export type ModelTensorType = 'float32' | 'uint8' | 'int8' | 'int32' | 'int64' | 'bool' | 'float16' | 'double';
export type ModelArray =
  | Float32Array
  | Uint8Array
  | Int8Array
  | Int32Array
  | BigInt64Array
  | Uint16Array
  | Float64Array;

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

export const ARRAY_OF: Record<ValueType, { ctor: new (n: number) => ModelArray; name: string }> = {
  float32: { ctor: Float32Array, name: 'Float32Array' },
  uint8: { ctor: Uint8Array, name: 'Uint8Array' },
  int8: { ctor: Int8Array, name: 'Int8Array' },
  int32: { ctor: Int32Array, name: 'Int32Array' },
  int64: { ctor: BigInt64Array, name: 'BigInt64Array' },
  bool: { ctor: Uint8Array, name: 'Uint8Array' },
  double: { ctor: Float64Array, name: 'Float64Array' },
};

/** The typed array of each input / output type (ARRAY_OF's, and float16 bits as a Uint16Array). */
export const IO_ARRAY_OF: Record<ModelTensorType, { ctor: new (n: number) => ModelArray; name: string }> = {
  ...ARRAY_OF,
  float16: { ctor: Uint16Array, name: 'Uint16Array' },
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
  /**
   * the inputs and outputs the file declares float16: float32 values in the arena (every float16 is one, and the
   * float16 pass rounds what the outputs hold), converted from and to float16 bits at the copies
   */
  float16?: ReadonlySet<string>;
}

export class ModelPlan {
  readonly inputs: ModelIO[];
  readonly outputs: ModelIO[];
  readonly nodes: ModelNode[];
  /** packed weights and tables, the arena, the convolutions' scratch */
  readonly memoryBytes: number;
  readonly impls: StepImpl[];
  readonly steps: Lowering[];
  readonly ptrs: StepPointers[];
  /** the steps that run (activeSteps: views of their input's bytes are not run) */
  readonly active: number[];
  private readonly core: WasmRuntimeCore;
  private readonly values: Map<string, PlannedValue>;
  /** the arena and the scratch, each between guard bands */
  private readonly blocks: GuardedBlocks;
  private readonly arena: number;
  private readonly valueGuards: number;
  private disposed = false;
  /** what else lives and dies with this plan (a staged model's plans of what runs after its head: staged.ts) */
  readonly dependents: { dispose(): void }[] = [];

  /** Takes ownership of the parts (the step implementations); allocates the arena and the scratch. */
  constructor(parts: ModelParts) {
    const { core, steps, impls, values } = parts;
    this.core = core;
    this.steps = steps;
    this.impls = impls;
    this.values = values;
    this.valueGuards = parts.valueGuards;
    const half = parts.float16 ?? new Set<string>();
    const io = (n: string): ModelIO => {
      const v = values.get(n)!;
      return { name: n, shape: [...v.dims], type: half.has(n) ? 'float16' : v.type };
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
    this.active = activeSteps(impls, this.ptrs);
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

  /** Whether every guard band (around the arena and scratch, and after each value when planned so) is intact. */
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

  /** A copy of a value's bytes after a run, in its planned layout (undefined: a constant or unplanned value). */
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

  /** Copies each input's bytes (checked by the caller: the input's byte length) into its arena slot (float16 bits
   *  as the float32 values they are). */
  copyIn(feeds: ReadonlyMap<string, Uint8Array>): void {
    const u8 = this.core.u8();
    for (const i of this.inputs) {
      const v = this.values.get(i.name)!;
      if (v.offset < 0) continue; // an input no step reads
      const bytes = feeds.get(i.name)!;
      if (i.type === 'float16') {
        const floats = halfsToFloats(new Uint16Array(bytes.slice().buffer));
        u8.set(new Uint8Array(floats.buffer), this.arena + v.offset);
      } else u8.set(bytes, this.arena + v.offset);
    }
  }

  /** The graph outputs, each copied into a new typed array. */
  copyOut(): Record<string, ModelArray> {
    const out: Record<string, ModelArray> = Object.create(null);
    const buf = this.core.memory.buffer;
    for (const o of this.outputs) {
      const v = this.values.get(o.name)!;
      const n = o.shape.reduce((x, y) => x * y, 1);
      if (o.type === 'float16') {
        // float32 values that are float16 numbers: their bits
        const f = new Uint32Array(n);
        const src = v.constant ? (v.constant.data as Float32Array) : new Float32Array(buf, this.arena + v.offset, n);
        new Float32Array(f.buffer).set(src);
        const h = new Uint16Array(n);
        for (let k = 0; k < n; k++) h[k] = halfBitsOfHeld(f[k]);
        out[o.name] = h;
        continue;
      }
      const arr = new ARRAY_OF[o.type].ctor(n);
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

  /** Frees the plan's wasm memory (its weights, tables, arena). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.dependents) d.dispose();
    for (const s of this.impls) s.dispose();
    this.blocks.release();
  }
}
