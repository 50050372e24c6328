/**
 * If whose condition only the run decides (a constant condition was inlined at load: src/model/graph/passes/
 * inline-if.ts): each branch is planned at load as a program of its own, through the loader's stages (the
 * lowering's planSubgraph: shapes, the graph passes, lowering, layouts, memory; a nested If the same way, one level
 * down), built once with an arena of its own, and the step runs the one the condition byte chooses.
 *
 * The node is the lifted If (inline-if.ts): input 0 the bool condition, inputs 1.. the values of the enclosing graph
 * its branches read, which each branch declares, in that order, as its inputs. A branch's program reads a constant
 * one as an initializer of its own (its weights stay constants for the lowering); the others are its fed inputs.
 * A run: read the condition byte; copy the chosen branch's fed inputs from the enclosing arena into its arena; run
 * its steps (the enclosing model's scratch shared: a step runs alone); copy its outputs (or the constants it gives)
 * into the If's outputs. Layouts: everything NCHW on both sides (a branch's graph outputs are NCHW).
 *
 * A branch whose shapes do not infer with the shapes the model was loaded for (Silero VAD's 8 kHz branch on a
 * 16 kHz window) is planned as a refusal: the run that chooses it throws BAD_SHAPE, naming the branch and why, before
 * any output is copied out. UNSUPPORTED_OP inside a branch refuses the model at load, like any node it could run.
 * Memory: each branch's arena is allocated once, when the step is built; a failure there frees what was built.
 */
import { I8ConvError } from '../../../errors.js';
import { GuardedBlocks } from '../../../heap.js';
import type { Graph, Node, Tensor } from '../../graph/ir.js';
import type {
  BuildEnv,
  Lower,
  LoweredNode,
  PlannedProgram,
  ProfileEntry,
  StepImpl,
  StepPointers,
} from '../../executor/step.js';
import { activeSteps, unsupported } from '../../executor/step.js';
import type { PlannedValue } from '../../lowering/values.js';

const BRANCHES = ['then_branch', 'else_branch'] as const;

/** A branch as planned at load: its program, or why its shapes do not infer. */
interface PlannedBranch {
  name: (typeof BRANCHES)[number];
  program?: PlannedProgram;
  refusal?: string;
  /** for each fed input of the program, the If input (1..) it is copied from */
  feeds: number[];
}

/** The branch as a graph of its own: its declared inputs are the If's inputs 1.., constants made initializers. */
function branchGraph(
  node: Node,
  g: Graph,
  values: ReadonlyMap<string, PlannedValue>,
): { graph: Graph; feeds: number[] } {
  const initializers = new Map(g.initializers);
  const inputs: Graph['inputs'] = [];
  const feeds: number[] = [];
  g.inputs.forEach((b, k) => {
    const src = values.get(node.inputs[k + 1])!;
    if (src.constant) initializers.set(b.name, { ...src.constant, name: b.name });
    else {
      inputs.push({ name: b.name, type: src.type, onnxElemType: 0, shape: [...src.dims] });
      feeds.push(k + 1);
    }
  });
  return { graph: { ...g, inputs, initializers, valueInfo: new Map() }, feeds };
}

export const lowerIf: Lower = (node, c) => {
  if (!c.planSubgraph) unsupported(node, 'its branches are planned by rt.loadModel only (no subgraph planner here)');
  const cond = c.values.get(node.inputs[0])!;
  if (cond.type !== 'bool' || cond.dims.reduce((a, b) => a * b, 1) !== 1)
    unsupported(node, `the condition is ${cond.type} [${cond.dims}], not one bool`);
  const known = cond.constant ? Boolean(cond.constant.data[0]) : undefined;
  const branches: PlannedBranch[] = BRANCHES.map((name) => {
    const a = node.attributes.get(name);
    if (a?.kind !== 'graph') return unsupported(node, `attribute ${name} is not a graph`);
    if (known !== undefined && known !== (name === 'then_branch')) return { name, refusal: 'never chosen', feeds: [] };
    if (a.value.inputs.length !== node.inputs.length - 1)
      unsupported(
        node,
        `${name} declares ${a.value.inputs.length} inputs for the node's ${node.inputs.length - 1} past the condition`,
      );
    const { graph, feeds } = branchGraph(node, a.value, c.values);
    try {
      const program = c.planSubgraph!(graph);
      return { name, program, feeds };
    } catch (e) {
      if (!(e instanceof I8ConvError)) throw e;
      const why = e.message.replace(/^\[[A-Z_]+\] /, '');
      if (e.code === 'BAD_SHAPE') return { name, refusal: why, feeds };
      if (e.code === 'UNSUPPORTED_OP') unsupported(node, `${name}: ${why}`);
      throw e;
    }
  });
  const planned = branches.filter((b) => b.program);
  if (!planned.length)
    throw new I8ConvError('BAD_SHAPE', `node ${JSON.stringify(node.name)} (If): ${branches[0].refusal}`, 'model');
  // each planned branch gives exactly the If's planned outputs
  for (const b of planned)
    node.outputs.forEach((o, k) => {
      if (o === '') return;
      const want = c.values.get(o)!;
      const got = b.program!.values.get(b.program!.outputs[k]);
      if (!got || got.type !== want.type || got.dims.join() !== want.dims.join())
        throw new I8ConvError(
          'BAD_SHAPE',
          `node ${JSON.stringify(node.name)} (If): ${b.name} output ${k} is ${got?.type} [${got?.dims}], the If's ${want.type} [${want.dims}]`,
          'model',
        );
    });
  return {
    name: c.name,
    op: node.opType,
    node,
    inputs: [...node.inputs],
    outputs: [...node.outputs],
    rule: { kind: 'nchw' },
    build: (env) => buildIf(env, node, branches, known),
  } satisfies LoweredNode;
};

/** A built branch: its steps, their pointers into its arena, and how to copy in and out. */
interface BuiltBranch {
  name: string;
  refusal?: string;
  impls: StepImpl[];
  ptrs: StepPointers[];
  /** the steps that run (activeSteps) */
  active: number[];
  /** the profile's name, op and layout of each step */
  labels: { name: string; op: string; layout: ProfileEntry['layout'] }[];
  /** [If input index, arena offset of the branch input, bytes] */
  copyIn: [number, number, number][];
  /** per If output: the branch value's arena offset or constant, and bytes */
  copyOut: { at: number; constant?: Tensor; bytes: number }[];
  blocks?: GuardedBlocks;
}

function buildBranch(env: BuildEnv, node: Node, b: PlannedBranch): BuiltBranch {
  const p = b.program;
  if (!p)
    return { name: b.name, refusal: b.refusal, impls: [], ptrs: [], active: [], labels: [], copyIn: [], copyOut: [] };
  const impls: StepImpl[] = [];
  const blocks = new GuardedBlocks(env.core, {
    param: 'model',
    what: `the arena of If ${JSON.stringify(node.name)}'s ${b.name} (${p.arenaBytes} bytes)`,
  });
  try {
    const benv: BuildEnv = { ...env, values: p.values };
    for (const s of p.steps) impls.push(s.build(benv, s));
    const arena = blocks.alloc(Math.max(p.arenaBytes, 1));
    const ptr = (n: string): number => {
      if (n === '') return -1;
      const v = p.values.get(n)!;
      return v.constant || v.offset < 0 ? -1 : arena + v.offset;
    };
    const copyIn = p.inputs.map((n, j): [number, number, number] => {
      const v = p.values.get(n)!;
      return [b.feeds[j], v.offset < 0 ? -1 : arena + v.offset, v.bytes];
    });
    const copyOut = p.outputs.map((n) => {
      const v = p.values.get(n)!;
      return { at: v.constant || v.offset < 0 ? -1 : arena + v.offset, constant: v.constant, bytes: v.bytes };
    });
    const ptrs = p.steps.map((s) => ({ inputs: s.inputs.map(ptr), outputs: s.outputs.map(ptr), scratch: 0 }));
    return {
      name: b.name,
      impls,
      ptrs,
      active: activeSteps(impls, ptrs),
      labels: p.steps.map((s) => ({
        name: `${node.name} ${b.name}: ${s.name}`,
        op: s.op,
        layout: s.layout ?? 'NCHW',
      })),
      copyIn,
      copyOut,
      blocks,
    };
  } catch (e) {
    for (const i of impls) i.dispose();
    blocks.release();
    throw e;
  }
}

function buildIf(env: BuildEnv, node: Node, branches: PlannedBranch[], known: boolean | undefined): StepImpl {
  const built: BuiltBranch[] = [];
  try {
    for (const b of branches) built.push(buildBranch(env, node, b));
  } catch (e) {
    for (const b of built) {
      for (const i of b.impls) i.dispose();
      b.blocks?.release();
    }
    throw e;
  }
  const [then, other] = built;
  const core = env.core;
  const choose = (p: StepPointers): BuiltBranch => {
    const c = known ?? core.u8()[p.inputs[0]] !== 0;
    const b = c ? then : other;
    if (b.refusal !== undefined)
      throw new I8ConvError(
        'BAD_SHAPE',
        `node ${JSON.stringify(node.name)} (If): the condition chose ${b.name}, whose shapes do not infer with the shapes the model was loaded for: ${b.refusal}`,
        'model',
      );
    const u8 = core.u8();
    for (const [k, at, bytes] of b.copyIn)
      if (at >= 0 && p.inputs[k] >= 0) u8.copyWithin(at, p.inputs[k], p.inputs[k] + bytes);
    for (const q of b.ptrs) q.scratch = p.scratch;
    return b;
  };
  const finish = (b: BuiltBranch, p: StepPointers): void => {
    const u8 = core.u8();
    b.copyOut.forEach((o, k) => {
      const dst = p.outputs[k];
      if (dst === undefined || dst < 0) return;
      if (o.constant) {
        const d = o.constant.data as ArrayBufferView;
        u8.set(new Uint8Array(d.buffer, d.byteOffset, o.bytes), dst);
      } else u8.copyWithin(dst, o.at, o.at + o.bytes);
    });
  };
  const all = built.flatMap((b) => b.impls);
  const algorithm = `if(${built.map((b) => (b.refusal === undefined ? `${b.impls.length} steps` : 'refused')).join(', ')})`;
  /**
   * the If's own entry: the choice and the copies in and out, timed themselves (its time less its steps' would count
   * the profile's own work between the steps: with 60 steps, 5 us of a 120 us run)
   */
  const own = (into: ProfileEntry[], ms: number) => {
    into.push({ name: node.name, op: node.opType, algorithm, layout: 'NCHW', ms, macs: 0 });
  };
  const entry = (b: BuiltBranch, i: number, t0: number): ProfileEntry => ({
    ...b.labels[i],
    algorithm: b.impls[i].algorithm,
    ms: performance.now() - t0,
    macs: b.impls[i].macs,
  });
  return {
    algorithm,
    bytes: all.reduce((a, i) => a + i.bytes, 0) + built.reduce((a, b) => a + (b.blocks?.bytes ?? 0), 0),
    scratchBytes: Math.max(0, ...all.map((i) => i.scratchBytes)),
    macs: 0,
    run(p) {
      const b = choose(p);
      for (const i of b.active) b.impls[i].run(b.ptrs[i]);
      finish(b, p);
    },
    async runAsync(p) {
      const b = choose(p);
      for (const i of b.active) {
        const impl = b.impls[i];
        if (impl.runAsync) await impl.runAsync(b.ptrs[i]);
        else impl.run(b.ptrs[i]);
      }
      finish(b, p);
    },
    runProfiled(p, into) {
      const t0 = performance.now();
      const b = choose(p);
      const chosen = performance.now() - t0;
      for (const i of b.active) {
        const t = performance.now();
        const impl = b.impls[i];
        if (impl.runProfiled) impl.runProfiled(b.ptrs[i], into);
        else {
          impl.run(b.ptrs[i]);
          into.push(entry(b, i, t));
        }
      }
      const t1 = performance.now();
      finish(b, p);
      own(into, chosen + performance.now() - t1);
    },
    async runAsyncProfiled(p, into) {
      const t0 = performance.now();
      const b = choose(p);
      const chosen = performance.now() - t0;
      for (const i of b.active) {
        const t = performance.now();
        const impl = b.impls[i];
        if (impl.runAsyncProfiled) await impl.runAsyncProfiled(b.ptrs[i], into);
        else {
          if (impl.runAsync) await impl.runAsync(b.ptrs[i]);
          else impl.run(b.ptrs[i]);
          into.push(entry(b, i, t));
        }
      }
      const t1 = performance.now();
      finish(b, p);
      own(into, chosen + performance.now() - t1);
    },
    dispose() {
      for (const b of built) {
        for (const i of b.impls) i.dispose();
        b.blocks?.release();
      }
    },
  };
}
