/**
 * What a planned step is once built: its implementation (StepImpl), and what a builder gets to make one
 * (BuildEnv). One builder per operator kind lives in src/model/backends/.
 */
import type { WasmRuntimeCore } from '../../runtime.js';
import type { AlgoSelector, ConvOptions } from '../../conv.js';
import type { Graph, Node } from '../graph/ir.js';
import type { Lowering, PlannedValue } from '../lowering/values.js';
import type { Layout, ModelKernel } from '../backends/types.js';
import { I8ConvError } from '../../errors.js';
import { JOB, runJob, writeJob, type ExecPointers } from '../../threads/protocol.js';

export interface StepPointers {
  /** byte offsets of the step's inputs (-1: an omitted input or a constant) */
  inputs: number[];
  outputs: number[];
  /** the model's shared scratch (convolutions' thread slices) */
  scratch: number;
}

/** One step's time in a profiled run (model.lastProfile). */
export interface ProfileEntry {
  name: string;
  op: string;
  algorithm: string;
  layout: Layout;
  ms: number;
  /** multiply-accumulates (convolutions), 0 otherwise */
  macs: number;
}

export interface StepImpl {
  /** what model.nodes and the profile show (e.g. the convolution algorithm, 'lut-simd', 'host') */
  readonly algorithm: string;
  /** wasm bytes the step holds (packed weights, tables, records) */
  readonly bytes: number;
  /** bytes of the model's shared scratch the step needs */
  readonly scratchBytes: number;
  /** multiply-accumulates of one run (convolutions), for the profile's GMAC/s; 0 otherwise */
  readonly macs: number;
  run(p: StepPointers): void;
  /** the workers run it (a page's main thread stays free); absent: run() is used */
  runAsync?(p: StepPointers): Promise<void>;
  /**
   * A step that runs steps of its own (If: the chosen branch's): run, timing each of them into `into` (and what it
   * does around them as one entry of its own); absent: the model times the step as one entry.
   */
  runProfiled?(p: StepPointers, into: ProfileEntry[]): void;
  runAsyncProfiled?(p: StepPointers, into: ProfileEntry[]): Promise<void>;
  /** true: with these pointers the step does nothing (a view whose output is its input's bytes): it is not run */
  idle?(p: StepPointers): boolean;
  dispose(): void;
}

/** The indices of the steps that run (not idle with their pointers), in order. */
export function activeSteps(impls: readonly StepImpl[], ptrs: readonly StepPointers[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < impls.length; i++) if (!impls[i].idle?.(ptrs[i])) out.push(i);
  return out;
}

export interface BuildEnv {
  core: WasmRuntimeCore;
  values: ReadonlyMap<string, PlannedValue>;
  select: AlgoSelector;
  convOptions: ConvOptions;
  /** loadModel's selection option: each convolution's algorithm choice */
  selection: 'heuristic' | 'profile' | undefined;
  opset(domain: string): number;
}

/** A step whose implementation is made by `build` once layouts are planned. */
export interface LoweredNode extends Lowering {
  node?: Node;
  build(env: BuildEnv, step: Lowering): StepImpl;
}

/** What a lowering function is given besides its node. */
export interface LowerContext {
  /** the node's name, or a generated one (`op#index`): the step's name */
  readonly name: string;
  /** every planned value (lowerings may add values of their own, e.g. a convolution's accumulators) */
  readonly values: Map<string, PlannedValue>;
  /** the opset of the node's domain */
  readonly opset: number;
  /** lowers a node of a fused node's subgraph (e.g. a Concat's Resize feeders) through the operator table */
  readonly lowerSub?: (node: Node) => LoweredNode;
  /**
   * plans a subgraph (an If's branch, its fed inputs declared with their dims) as a program of its own, through the
   * loader's stages (src/model/load.ts): shapes, the graph passes, lowering, layouts, memory. Pure (nothing is
   * allocated); BAD_SHAPE / UNSUPPORTED_OP as for a model.
   */
  readonly planSubgraph?: (graph: Graph) => PlannedProgram;
}

/**
 * A graph planned as a program: its steps in run order (layouts planned), its values (arena offsets planned), its fed
 * inputs and its outputs, and the arena it needs. A model is one (src/model/load.ts); so is each branch of an If,
 * which its step builds and runs (src/model/backends/host/control.ts).
 */
export interface PlannedProgram {
  steps: LoweredNode[];
  values: Map<string, PlannedValue>;
  inputs: string[];
  outputs: string[];
  arenaBytes: number;
}

/**
 * One way to run a node (an implementation in the operator table, src/model/lowering/registry.ts): its step, or
 * undefined where this way does not apply to the node (the table then tries the next one). UNSUPPORTED_OP where the
 * node cannot run at all.
 */
export type Lower = (node: Node, c: LowerContext) => LoweredNode | undefined;

/**
 * The UNSUPPORTED_OP error of a model whose nodes cannot run: every problem at once, grouped by operator and reason
 * (`19 nodes "a", "b", "c" and 16 more (Max): ...`), in the order first met; one node's reads as it always did
 * (`node "a" (Max): ...`). `problems` are the messages of `unsupported()` (a message of another form is its own group).
 */
/** Most problem groups an UNSUPPORTED_OP message lists. */
const MAX_GROUPS = 40;

export function unsupportedModel(problems: readonly string[]): I8ConvError {
  const groups = new Map<string, { op: string; why: string; alike: boolean; names: string[] }>();
  for (const p of problems) {
    const m = /^node ("(?:[^"\\]|\\.)*") \(([^)]*)\): ([\s\S]*)$/.exec(p);
    // reasons that differ only in the names they quote (each node's own value) are one group
    const key = m ? `${m[2]}\u0000${m[3].replace(/"(?:[^"\\]|\\.)*"/g, '""')}` : `\u0001${p}`;
    const g = groups.get(key) ?? { op: m ? m[2] : '', why: m ? m[3] : p, alike: false, names: [] };
    if (m) {
      if (g.names.length && m[3] !== g.why) g.alike = true;
      g.names.push(m[1]);
    }
    groups.set(key, g);
  }
  const all = [...groups.values()].map((g) => {
    if (!g.op) return g.why;
    const shown = g.names.slice(0, 3).join(', ') + (g.names.length > 3 ? ` and ${g.names.length - 3} more` : '');
    const why = g.alike ? `${g.why} (the first of them; the others alike, each for its own value)` : g.why;
    return `${g.names.length === 1 ? 'node' : `${g.names.length} nodes`} ${shown} (${g.op}): ${why}`;
  });
  // a bounded message: the first MAX_GROUPS groups, then how many more
  const parts =
    all.length > MAX_GROUPS ? [...all.slice(0, MAX_GROUPS), `and ${all.length - MAX_GROUPS} more groups`] : all;
  const n = problems.length;
  return new I8ConvError(
    'UNSUPPORTED_OP',
    `model: ${n} node${n > 1 ? 's' : ''} cannot run: ${parts.join('; ')}`,
    'model',
  );
}

export function unsupported(node: Node, why: string): never {
  throw new I8ConvError(
    'UNSUPPORTED_OP',
    `node ${JSON.stringify(node.name)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${why}`,
    'model',
  );
}

/** A StepImpl around a ModelKernel (src/model/backends/wasm-int8/): input 0 -> src, input 1 -> slices, output 0 -> dst. */
export function kernelStep(
  core: WasmRuntimeCore,
  k: ModelKernel,
  opts: { second?: number; threaded?: boolean } = {},
): StepImpl {
  const job = new Int32Array(17);
  return {
    algorithm: k.algorithm,
    bytes: k.bytes,
    scratchBytes: 0,
    macs: 0,
    run(p) {
      const e = {
        ctx: k.ctx,
        src: p.inputs[0],
        slices: opts.second === undefined ? 0 : p.inputs[opts.second],
        dst: p.outputs[0],
      };
      const pool = core.pool;
      if (opts.threaded && pool) {
        if (pool.awake) {
          for (const d of k.dispatch) pool.run(core.exports, d, e);
          return;
        }
        // asleep workers take longer to wake than most steps take on this thread: run it here and wake them for
        // the next steps (as the convolutions do), so that a model of float kernels alone uses its threads too
        pool.kick();
        runDispatchSerial(core, k, e, job);
        pool.touch();
        return;
      }
      runDispatchSerial(core, k, e, job);
    },
    dispose: () => k.dispose(),
  };
}

function runDispatchSerial(core: WasmRuntimeCore, k: ModelKernel, e: ExecPointers, job: Int32Array): void {
  for (const d of k.dispatch) {
    writeJob(job, d, e);
    job[JOB.NEXT] = 0;
    runJob(core.exports, job, 0, 1);
  }
}
