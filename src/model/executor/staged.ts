/**
 * Models with dims only the run decides: a NonMaxSuppression or NonZero whose output length depends on the data, a
 * Reshape / Expand / Tile / Slice / ConstantOfShape / Range whose shape input the graph computes from its inputs'
 * values, a TopK of a computed K, a OneHot of a computed depth... The runtime plans static shapes, so the loader
 * splits such a model (docs/model.md "Dims the run decides"):
 *   - the head: every node whose outputs' dims are known at load, planned and run as any model (its outputs: the
 *     model's outputs it computes, and every value the nodes after it read);
 *   - the frontier: the nodes whose shape rule needs a value the run computes (shape-rules.ts RunTimeShapeError),
 *     every input known: evaluated after the head on the values it returned, as if they were constants (the folding
 *     evaluators, else the operator's shape rule and host operator: the same arithmetic as the load's);
 *   - the tail: everything computed from them, a graph of its own planned at its first run for the dims the
 *     frontier gave (its inputs: the frontier's outputs and the head values it reads), kept per those dims (the
 *     last MAX_TAILS), and split again where it has such nodes itself.
 * A model without such nodes is planned as before; the split is per input shape (a model with symbolic input dims may
 * need it at one size and not at another). A node whose dims the run would decide but that no evaluation covers
 * (an operator of another domain, or without a host operator) keeps its refusal at load, as do the nodes of no shape
 * rule after it. The tail's own refusals (an operator it cannot lower on the types it meets) come at its first run,
 * as errors of that run.
 */
import { I8ConvError } from '../../errors.js';
import type { WasmRuntimeCore } from '../../runtime.js';
import type { Graph, Node, Tensor, ValueInfo } from '../graph/ir.js';
import { inferShapes, type RunTimeShapes } from '../graph/passes/infer-shapes.js';
import { evaluateConstant } from '../graph/passes/fold-constants.js';
import { readsOf } from '../graph/subgraphs.js';
import { shapeContext, type ShapeInfo } from '../graph/shape-rules.js';
import { rowFor } from '../lowering/registry.js';
import { HOST_OPS } from '../backends/host/index.js';
import { selectBoxes } from '../backends/host/detection.js';
import { runLoop, runScan, type LoopBodies } from './loop.js';
import { unsupportedModel } from './step.js';
import type { HostTensor } from '../backends/types.js';
import type { ProfileEntry } from './step.js';
import { Model, type ModelFeed, type Replanner, type RunOptions } from './model.js';
import {
  ARRAY_OF,
  type ModelArray,
  type ModelIO,
  type ModelNode,
  type ModelPlan,
  type ModelTensorType,
} from './plan.js';

/**
 * Whether a split can evaluate the node at run time: an operator of fold-constants.ts's evaluators, or one with a
 * shape rule and a host operator (../backends/host/), which then run on the run's values as on constants.
 */
function evaluable(node: Node): boolean {
  return (
    node.domain === '' &&
    (node.opType === 'Loop' || node.opType === 'Scan' || FOLDED.has(node.opType) || HOST_OPS.has(`:${node.opType}`))
  );
}

/** The nodes of a Loop's body (at any depth) whose operator the runtime does not have, described for the error. */
function unknownInBody(node: Node, opsets: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  for (const a of node.attributes.values()) {
    if (a.kind !== 'graph') continue;
    for (const n of a.value.nodes) {
      if (!rowFor(n.domain, n.opType, opsets.get(n.domain) ?? 1))
        out.push(
          `node ${JSON.stringify(n.name || n.opType)} (${n.domain ? `${n.domain}.` : ''}${n.opType}) in the body of ${JSON.stringify(node.name)}: the runtime has no operator ${n.opType}`,
        );
      out.push(...unknownInBody(n, opsets));
    }
  }
  return out;
}

/** The operators fold-constants.ts evaluates (tried first: the values the load would have folded). */
const FOLDED = new Set([
  'NonZero',
  'ConstantOfShape',
  'Range',
  'Reshape',
  'Expand',
  'Tile',
  'Slice',
  'Squeeze',
  'Unsqueeze',
  'Split',
  'Gather',
  'Concat',
  'Cast',
]);

/** Tail plans a split keeps (distinct frontier dims: NonMaxSuppression's counts), the least recently run dropped. */
export const MAX_TAILS = 16;

/** A model split at the nodes whose dims the run decides. */
export interface StageSplit {
  /** the nodes planned at load: outputs, the model's outputs they compute and the values the rest reads */
  head: Graph;
  /** the nodes evaluated after the head, in graph order, with their opsets */
  frontier: { node: Node; opset: number }[];
  /** the nodes after the frontier (copies), in graph order; empty: none */
  tail: Node[];
  /** what the tail reads and neither computes nor holds as a constant: frontier outputs and head outputs */
  tailInputs: string[];
  /** the model's outputs the tail computes */
  tailOutputs: string[];
  /** the constants (initializers and folded values) the frontier and the tail read */
  consts: Map<string, Tensor>;
  /** the model's outputs as the file declares them */
  outputs: ValueInfo[];
  /** the model's graph fields the tail graphs take (name, IR version, opsets) */
  graph: Pick<Graph, 'name' | 'irVersion' | 'opsetImports'>;
}

/**
 * The split of a read graph at these input dims, or null where every dim is known at load. Errors: the shape
 * inference's (a node of no shape rule anywhere, a bad shape), and the refusal of a node whose dims the run decides
 * but which EVALUATED does not hold (its rule's own error).
 */
export function splitStages(read: Graph, inputShapes: Record<string, number[]>): StageSplit | null {
  const rt: RunTimeShapes = { nodes: [], errors: new Map(), unknown: new Set(), consts: new Map(), info: new Map() };
  inferShapes(read, inputShapes, { runTime: rt });
  if (!rt.nodes.length) return null;
  for (const n of rt.nodes) if (!evaluable(n)) throw rt.errors.get(n)!;
  // a Loop's body runs at run time: its operators are checked now, so that an unknown one is a load's error
  const unknownOps = rt.nodes
    .filter((n) => n.opType === 'Loop' || n.opType === 'Scan')
    .flatMap((n) => unknownInBody(n, read.opsetImports));
  if (unknownOps.length) throw unsupportedModel(unknownOps);
  const frontier = new Set(rt.nodes);
  const blocked = (n: Node): boolean => frontier.has(n) || n.outputs.some((o) => o !== '' && rt.unknown.has(o));
  const headNodes = read.nodes.filter((n) => !blocked(n));
  const tailNodes = read.nodes.filter((n) => blocked(n) && !frontier.has(n));
  const producedByTail = new Set(tailNodes.flatMap((n) => n.outputs));
  const readBy = (nodes: readonly Node[]): string[] => [
    ...new Set(nodes.flatMap((n) => readsOf(n)).filter((v) => v !== '')),
  ];
  const laterReads = readBy([...rt.nodes, ...tailNodes]);
  const consts = new Map<string, Tensor>();
  for (const v of laterReads) {
    const c = rt.consts.get(v);
    if (c) consts.set(v, c);
  }
  // the head's values read after it (graph inputs included: the head reads every feed once)
  const boundary = laterReads.filter((v) => !rt.unknown.has(v) && !consts.has(v));
  const known = (name: string): ValueInfo => {
    const i = rt.info.get(name)!;
    return { name, type: i.type, onnxElemType: 0, shape: [...i.dims] };
  };
  const headOutputs = read.outputs.filter((o) => !rt.unknown.has(o.name)).map((o) => known(o.name));
  for (const v of boundary) if (!headOutputs.some((o) => o.name === v)) headOutputs.push(known(v));
  const tailReads = readBy(tailNodes);
  return {
    head: { ...read, initializers: new Map(read.initializers), nodes: headNodes, outputs: headOutputs },
    frontier: rt.nodes.map((node) => ({ node, opset: read.opsetImports.get(node.domain) ?? 1 })),
    tail: structuredClone(tailNodes),
    tailInputs: tailReads.filter((v) => !producedByTail.has(v) && !consts.has(v)),
    tailOutputs: read.outputs.filter((o) => producedByTail.has(o.name)).map((o) => o.name),
    consts,
    outputs: read.outputs.map((o) => ({ ...o, shape: o.shape && [...o.shape] })),
    graph: { name: read.name, irVersion: read.irVersion, opsetImports: new Map(read.opsetImports) },
  };
}

/**
 * A frontier node's outputs from its inputs' values (the run's, or constants): the folding evaluator where it has
 * one, else the operator's shape rule and host operator on the values as constants. A value the operator refuses
 * (dims that do not fit, an index out of range, an iou_threshold outside [0, 1]) fails the run with BAD_FEED: the
 * run computed it from the feeds.
 */
export function evaluateAtRun(node: Node, inputs: (Tensor | undefined)[], opset: number): Tensor[] {
  const where = `node ${JSON.stringify(node.name)} (${node.opType})`;
  if (node.opType === 'NonMaxSuppression') return [selection(node, inputs, where)];
  if (FOLDED.has(node.opType)) {
    let out: Tensor[] | undefined;
    try {
      out = evaluateConstant(node, inputs, opset, () => undefined);
    } catch {
      out = undefined;
    }
    if (out) return out;
  }
  try {
    const info = new Map<string, ShapeInfo>();
    const consts = new Map<string, Tensor>();
    node.inputs.forEach((n, k) => {
      const t = inputs[k];
      if (n === '' || !t) return;
      info.set(n, { type: t.type, dims: [...t.dims] });
      consts.set(n, t);
    });
    const row = rowFor(node.domain, node.opType, opset);
    const factory = HOST_OPS.get(`:${node.opType}`);
    if (!row?.shape || !factory) throw new I8ConvError('UNSUPPORTED_OP', `${where}: no run-time evaluation`, where);
    const outs = row.shape(shapeContext(node, 0, opset, info, consts));
    for (const o of outs)
      if (o.dims.reduce((a, b) => a * b, 1) > MAX_RUN_TIME_ELEMENTS)
        throw new I8ConvError(
          'BAD_FEED',
          `${where}: an output of [${o.dims}] (past ${MAX_RUN_TIME_ELEMENTS} elements)`,
          where,
        );
    const host = inputs.map((t) =>
      t ? { type: t.type as HostTensor['type'], dims: t.dims, constant: t as HostTensor } : undefined,
    );
    const op = factory(
      node,
      host,
      outs.map((o) => ({ type: o.type as HostTensor['type'], dims: o.dims })),
      opset,
    );
    const tensors: Tensor[] = outs.map((o) => ({
      name: '',
      type: o.type,
      dims: [...o.dims],
      data: new ARRAY_OF[o.type as HostTensor['type']].ctor(o.dims.reduce((a, b) => a * b, 1)) as Tensor['data'],
    }));
    op(inputs as (HostTensor | undefined)[], tensors as HostTensor[]);
    return tensors;
  } catch (e) {
    if (e instanceof I8ConvError && (e.code === 'BAD_MODEL' || e.code === 'BAD_SHAPE'))
      throw new I8ConvError(
        'BAD_FEED',
        `${where}: on the values this run computed for its inputs (${inputs
          .map((t) => (t ? `[${t.dims}] ${t.type}` : '-'))
          .join(', ')}): ${e.message.replace(/^\[[A-Z_]+\] /, '')}`,
        where,
      );
    throw e;
  }
}

/**
 * NonMaxSuppression of the run's values, computed once (the generic path would count the selection in the shape
 * rule and make it again in the host operator): the shape rule's checks of the dims held at load, so only the
 * values are checked here (iou_threshold in [0, 1], as the host operator checks it).
 */
function selection(node: Node, inputs: (Tensor | undefined)[], where: string): Tensor {
  const [boxes, scores] = inputs as Tensor[];
  if (boxes.type !== 'float32' || scores.type !== 'float32')
    throw new I8ConvError('UNSUPPORTED_OP', `${where}: boxes and scores must be float32`, where);
  const picked = selectBoxes(
    node,
    'BAD_FEED',
    { data: boxes.data as Float32Array, dims: boxes.dims },
    { data: scores.data as Float32Array, dims: scores.dims },
    (k) => inputs[k]?.data as ArrayLike<number | bigint> | undefined,
  );
  return { name: '', type: 'int64', dims: [picked.length / 3, 3], data: picked };
}

/** The most elements a frontier node's output may hold (the folding evaluators' bound is 2^20). */
export const MAX_RUN_TIME_ELEMENTS = 2 ** 26;

/** What a head plan of a split holds: the split, and its tails' plans by frontier dims. */
interface Stage {
  split: StageSplit;
  tails: Map<string, Model>;
  /** each frontier Loop's body models by input dims */
  loops: Map<Node, Map<string, Model>>;
}

/** Head plans of splits (a plan is the head of at most one split). */
const STAGES = new WeakMap<ModelPlan, Stage>();

/** Every model a stage holds: its tails and its Loops' bodies. */
function held(stage: Stage | undefined): Model[] {
  if (!stage) return [];
  return [...stage.tails.values(), ...[...stage.loops.values()].flatMap((c) => [...c.values()])];
}

/** Makes `plan` the head of `split`: its tails are disposed with it. */
export function attachSplit(plan: ModelPlan, split: StageSplit): void {
  const stage: Stage = { split, tails: new Map(), loops: new Map() };
  STAGES.set(plan, stage);
  plan.dependents.push({
    dispose() {
      for (const m of stage.tails.values()) m.dispose();
      stage.tails.clear();
      for (const c of stage.loops.values()) for (const m of c.values()) m.dispose();
      stage.loops.clear();
    },
  });
}

/** A fresh graph of a split's tail at these input dims (the loader's passes rewrite what they are given). */
export function tailGraph(split: StageSplit, dims: ReadonlyMap<string, Tensor>): Graph {
  const inits = new Map<string, Tensor>();
  const reads = new Set(split.tail.flatMap((n) => readsOf(n)));
  for (const [n, t] of split.consts)
    if (reads.has(n)) inits.set(n, { ...t, dims: [...t.dims], data: t.data.slice() as Tensor['data'] });
  return {
    ...split.graph,
    opsetImports: new Map(split.graph.opsetImports),
    inputs: split.tailInputs.map((n) => {
      const t = dims.get(n)!;
      return { name: n, type: t.type, onnxElemType: 0, shape: [...t.dims] };
    }),
    outputs: split.tailOutputs.map((n) => ({ name: n, type: null, onnxElemType: 0, shape: null })),
    initializers: inits,
    valueInfo: new Map(),
    nodes: structuredClone(split.tail),
  };
}

/**
 * A model whose plans may be split (executor/staged.ts's header): run / runAsync run the head as Model does, then
 * the frontier, then the tail of the frontier's dims (planned on first use by `loadTail`), and return the model's
 * outputs; `outputs` / `outputShapes` give the dims of the last run, `nodes` the head's steps, the frontier nodes
 * (algorithm 'run-time') and the last tail's steps. A plan that is no split's head runs exactly as Model runs it.
 */
export class StagedModel extends Model {
  /** the outputs of the last run of a split (null: the last plan run is no split's head) */
  private lastOutputs: ModelIO[] | null = null;
  private lastTail: Model | null = null;
  private readonly loadTail: (g: Graph) => Model;

  constructor(
    core: WasmRuntimeCore,
    first: ModelPlan | null,
    loadTail: (g: Graph) => Model,
    replanner?: Replanner,
    declared?: { inputs: ModelIO[]; outputs: ModelIO[] },
  ) {
    super(core, first, replanner, declared);
    this.loadTail = loadTail;
  }

  override get outputs(): ModelIO[] {
    const head = this.current;
    const stage = head && STAGES.get(head);
    if (!stage || !head) return super.outputs;
    if (this.lastOutputs) return this.lastOutputs;
    // before a run: the head's dims where it computes the output, else the file's with 0 for what the run decides
    return stage.split.outputs.map((o) => {
      const h = head.outputs.find((x) => x.name === o.name);
      if (h) return h;
      const type = (
        o.type === 'float16' || o.type === 'double' || o.type === null ? 'float32' : o.type
      ) as ModelTensorType;
      return { name: o.name, type, shape: o.shape ? o.shape.map((d) => (typeof d === 'number' ? d : 0)) : [] };
    });
  }
  override get outputShapes(): Record<string, number[]> {
    const r: Record<string, number[]> = Object.create(null);
    for (const o of this.outputs) r[o.name] = [...o.shape];
    return r;
  }
  override get nodes(): ModelNode[] {
    const stage = this.current && STAGES.get(this.current);
    if (!stage) return super.nodes;
    const frontier: ModelNode[] = stage.split.frontier.map(({ node }) => ({
      name: node.name,
      op: node.opType,
      inputs: [...node.inputs],
      outputs: [...node.outputs],
      layout: 'NCHW',
      algorithm: 'run-time',
      bytes: 0,
    }));
    return [...super.nodes, ...frontier, ...(this.lastTail?.nodes ?? [])];
  }
  override get memoryBytes(): number {
    let n = super.memoryBytes;
    for (const p of this.plans.values()) for (const m of held(STAGES.get(p))) n += m.memoryBytes;
    return n;
  }
  override checkGuards(): boolean {
    if (!super.checkGuards()) return false;
    for (const p of this.plans.values()) for (const m of held(STAGES.get(p))) if (!m.checkGuards()) return false;
    return true;
  }

  override run(feeds: Record<string, ModelFeed>, opts: RunOptions = {}): Record<string, ModelArray> {
    const head = super.run(feeds, opts);
    const stage = STAGES.get(this.current!);
    if (!stage) return this.plain(head);
    const prof = opts.profile ? (this.lastProfile ?? []) : null;
    const { values, tail, tailFeeds } = this.frontier(stage, head, prof);
    const out = tail ? tail.run(tailFeeds, opts) : {};
    if (prof && tail) prof.push(...(tail.lastProfile ?? []));
    return this.finish(stage, values, tail, out);
  }

  override async runAsync(
    feeds: Record<string, ModelFeed>,
    opts: RunOptions = {},
  ): Promise<Record<string, ModelArray>> {
    const head = await super.runAsync(feeds, opts);
    const stage = STAGES.get(this.current!);
    if (!stage) return this.plain(head);
    const prof = opts.profile ? (this.lastProfile ?? []) : null;
    const { values, tail, tailFeeds } = this.frontier(stage, head, prof);
    let out: Record<string, ModelArray> = {};
    if (tail) {
      this.running = true;
      try {
        out = await tail.runAsync(tailFeeds, opts);
      } finally {
        this.running = false;
      }
      if (prof) prof.push(...(tail.lastProfile ?? []));
    }
    return this.finish(stage, values, tail, out);
  }

  private plain(head: Record<string, ModelArray>): Record<string, ModelArray> {
    this.lastOutputs = null;
    this.lastTail = null;
    return head;
  }

  /** The frontier evaluated on the head's outputs; the tail of its dims (planned now if new) and its feeds. */
  private frontier(
    stage: Stage,
    head: Record<string, ModelArray>,
    prof: ProfileEntry[] | null,
  ): { values: Map<string, Tensor>; tail: Model | null; tailFeeds: Record<string, ModelArray> } {
    const { split } = stage;
    const values = new Map<string, Tensor>();
    for (const o of this.current!.outputs)
      values.set(o.name, { name: o.name, type: o.type, dims: [...o.shape], data: head[o.name] });
    for (const { node, opset } of split.frontier) {
      const t0 = performance.now();
      const ins = node.inputs.map((n) => (n === '' ? undefined : (values.get(n) ?? split.consts.get(n))));
      const run = node.opType === 'Loop' ? runLoop : node.opType === 'Scan' ? runScan : null;
      const outs = run
        ? run(node, ins, (n) => values.get(n), split.consts, split.graph.opsetImports, this.bodies(stage, node))
        : evaluateAtRun(node, ins, opset);
      node.outputs.forEach((n, j) => n !== '' && outs[j] && values.set(n, { ...outs[j], name: n }));
      prof?.push({
        name: node.name,
        op: node.opType,
        algorithm: 'run-time',
        layout: 'NCHW',
        ms: performance.now() - t0,
        macs: 0,
      });
    }
    if (!split.tail.length) return { values, tail: null, tailFeeds: {} };
    const key = split.tailInputs.map((n) => `${values.get(n)!.type}:${values.get(n)!.dims.join('x')}`).join(',');
    let tail = stage.tails.get(key);
    if (tail) stage.tails.delete(key);
    else tail = this.loadTail(tailGraph(split, values));
    stage.tails.set(key, tail);
    for (const [k, m] of stage.tails) {
      if (stage.tails.size <= MAX_TAILS) break;
      stage.tails.delete(k);
      m.dispose();
    }
    const tailFeeds: Record<string, ModelArray> = Object.create(null);
    for (const n of split.tailInputs) tailFeeds[n] = values.get(n)!.data as ModelArray;
    return { values, tail, tailFeeds };
  }

  /** A frontier Loop's body models and how to plan one (as a tail is planned). */
  private bodies(stage: Stage, node: Node): LoopBodies {
    let cache = stage.loops.get(node);
    if (!cache) stage.loops.set(node, (cache = new Map()));
    return { cache, load: this.loadTail };
  }

  /** The model's outputs in its order, from the head, the frontier and the tail; their dims for `outputs`. */
  private finish(
    stage: Stage,
    values: Map<string, Tensor>,
    tail: Model | null,
    out: Record<string, ModelArray>,
  ): Record<string, ModelArray> {
    const r: Record<string, ModelArray> = Object.create(null);
    const io: ModelIO[] = [];
    for (const o of stage.split.outputs) {
      const v = values.get(o.name);
      if (v) {
        r[o.name] = v.data as ModelArray;
        io.push({ name: o.name, type: v.type as ModelTensorType, shape: [...v.dims] });
        continue;
      }
      const t = tail!.outputs.find((x) => x.name === o.name)!;
      r[o.name] = out[o.name];
      io.push({ name: o.name, type: t.type, shape: [...t.shape] });
    }
    this.lastOutputs = io;
    this.lastTail = tail;
    return r;
  }
}
