/**
 * The shape rules of the operators: each gives a node's output element types and dims from its inputs' and its
 * attributes. The operator table (src/model/lowering/registry.ts) names one rule per operator; the shape pass
 * (./passes/infer-shapes.ts) looks the rule up and calls it with a ShapeContext. A rule raises BAD_SHAPE (through
 * `fail`) naming the node and the input when the node's inputs and attributes do not make a shape, and BAD_MODEL
 * (through `bad`) naming the node and the attribute when an attribute is invalid whatever the input shapes (a window
 * attribute of the wrong length, a kernel, stride or dilation below 1, a negative pad): every attribute a
 * convolution or pool kernel reads is checked here, for the ONNX and the TFLite reader alike, so that no kernel
 * computes an address from an unchecked one.
 */
import { I8ConvError } from '../../errors.js';
import { type ElementType, type Node, ONNX_TYPES, type Tensor } from './ir.js';
import { nmsSelect } from '../numerics/nms.js';
import {
  broadcastDims,
  evaluateConstant,
  intValues,
  MAX_FOLD_ELEMENTS,
  reshapeDims,
  sliceAxis,
  sliceEnds,
  splitSizes,
} from './passes/fold-constants.js';

/**
 * A shape rule's refusal because an input that gives the output dims (a shape, a count, the selection of
 * NonMaxSuppression) is computed by the run, not known at load. The loader then splits the model where such nodes
 * are (executor/staged.ts): what runs before them is planned at load, and they and what follows them at run time,
 * from the values the run computed. Its code and message are the refusal's, for where no split can run it.
 */
export class RunTimeShapeError extends I8ConvError {}

/** An inferred value: its element type and static dims. */
export interface ShapeInfo {
  type: ElementType;
  dims: number[];
}

/** What a rule sees of its node. */
export interface ShapeContext {
  readonly node: Node;
  /** the opset of the node's domain */
  readonly opset: number;
  /** whether input k is present (not omitted) */
  has(k: number): boolean;
  /** input k's type and dims (BAD_SHAPE when it is omitted) */
  inp(k: number): ShapeInfo;
  /** `input k ("name")`, for messages */
  inName(k: number): string;
  /** input k's values as integers, from a constant (BAD_SHAPE when it is not a constant after folding) */
  constInts(k: number, what: string): number[];
  /** input k's constant tensor after folding, or undefined */
  constant(k: number): Tensor | undefined;
  attrInt(name: string, dflt: number): number;
  attrInts(name: string): number[] | undefined;
  attrString(name: string, dflt: string): string;
  /**
   * the output types and dims of the subgraph in graph attribute `attr`, inferred in the node's scope, its declared
   * inputs bound to the node's inputs 1, 2, ... (the shape pass sets it: ./passes/infer-shapes.ts)
   */
  subgraph?(attr: string): ShapeInfo[];
  /** a normalized axis in [0, rank) (BAD_SHAPE when out of range) */
  axisOf(a: number, rank: number, what: string): number;
  /** the numpy broadcast of inputs ks' dims */
  broadcast(ks: number[]): number[];
  /** input k's type and dims, as the only output */
  same(k?: number): ShapeInfo[];
  /** input k's type, or `dflt` when it is omitted */
  typeAt(k: number, dflt: ElementType): ElementType;
  fail(message: string): never;
  /** BAD_SHAPE as RunTimeShapeError: an input that gives the output dims is computed by the run */
  runTime(message: string): never;
  /** BAD_MODEL naming the node and attribute `attr`: an attribute value the operator does not define */
  bad(attr: string, message: string): never;
}

export type ShapeRule = (c: ShapeContext) => ShapeInfo[];

const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

/** The context of node `index` of a graph, over the values inferred so far and the constants folded so far. */
export function shapeContext(
  node: Node,
  index: number,
  opset: number,
  info: ReadonlyMap<string, ShapeInfo>,
  consts: ReadonlyMap<string, Tensor>,
): ShapeContext {
  return new Context(node, index, opset, info, consts);
}

/** The context of one node: a class, so that the methods are not closures made for every node of every load. */
class Context implements ShapeContext {
  subgraph?: (attr: string) => ShapeInfo[];

  constructor(
    readonly node: Node,
    private readonly index: number,
    readonly opset: number,
    private readonly info: ReadonlyMap<string, ShapeInfo>,
    private readonly consts: ReadonlyMap<string, Tensor>,
  ) {}

  /** the node, for messages (built only for an error) */
  private at(): string {
    return `node ${this.index} (${this.node.opType} ${JSON.stringify(this.node.name)})`;
  }
  fail(message: string): never {
    throw new I8ConvError('BAD_SHAPE', `${this.at()}: ${message}`, this.at());
  }
  /** the refusal of an input the run computes (RunTimeShapeError, BAD_SHAPE) */
  runTime(message: string): never {
    throw new RunTimeShapeError('BAD_SHAPE', `${this.at()}: ${message}`, this.at());
  }
  bad(attr: string, message: string): never {
    throw new I8ConvError('BAD_MODEL', `${this.at()}: attribute ${attr}: ${message}`, this.at());
  }
  has(k: number): boolean {
    return this.node.inputs[k] !== undefined && this.node.inputs[k] !== '';
  }
  inp(k: number): ShapeInfo {
    if (!this.has(k)) this.fail(`input ${k} is required`);
    return this.info.get(this.node.inputs[k])!;
  }
  inName(k: number): string {
    return `input ${k} (${JSON.stringify(this.node.inputs[k])})`;
  }
  constInts(k: number, what: string): number[] {
    const t = this.consts.get(this.node.inputs[k]);
    const v = t && intValues(t);
    if (!v) this.runTime(`${this.inName(k)}, the ${what}, is not a constant after folding`);
    return v!;
  }
  constant(k: number): Tensor | undefined {
    return this.has(k) ? this.consts.get(this.node.inputs[k]) : undefined;
  }
  attrInt(name: string, dflt: number): number {
    const a = this.node.attributes.get(name);
    return a && a.kind === 'int' ? a.value : dflt;
  }
  attrInts(name: string): number[] | undefined {
    const a = this.node.attributes.get(name);
    return a && a.kind === 'ints' ? a.value : undefined;
  }
  attrString(name: string, dflt: string): string {
    const a = this.node.attributes.get(name);
    return a && a.kind === 'string' ? a.value : dflt;
  }
  axisOf(a: number, rank: number, what: string): number {
    if (!Number.isInteger(a) || a < -rank || a >= rank) this.fail(`${what} ${a} is out of range for rank ${rank}`);
    return (a + rank) % rank;
  }
  broadcast(ks: number[]): number[] {
    let acc: number[] = [];
    for (const k of ks)
      acc =
        broadcastDims(acc, this.inp(k).dims) ??
        this.fail(`${this.inName(k)} of shape [${this.inp(k).dims}] does not broadcast with [${acc}]`);
    return acc;
  }
  same(k = 0): ShapeInfo[] {
    return [{ ...this.inp(k), dims: [...this.inp(k).dims] }];
  }
  typeAt(k: number, dflt: ElementType): ElementType {
    return this.has(k) ? this.inp(k).type : dflt;
  }
}

// ---- shared pieces ------------------------------------------------------------------------------------------------

/** A convolution's or pool's window attributes, checked (windowAttrs). */
interface WindowAttrs {
  kernel: number[];
  strides: number[];
  dilations: number[];
  /** [begin..., end...] (zeros with auto_pad) */
  pads: number[];
  autoPad: string;
}

const AUTO_PADS = ['NOTSET', 'VALID', 'SAME_UPPER', 'SAME_LOWER'];

/**
 * The window attributes of a node over `n` spatial dims, each checked as ONNX defines it (BAD_MODEL naming the
 * attribute otherwise): kernel_shape, strides and dilations n integers >= 1, pads 2n integers >= 0, auto_pad one of
 * its four values. A pool's pads must also be smaller than its kernel (onnxruntime refuses the model otherwise), and
 * its ceil_mode 0 or 1.
 */
function windowAttrs(c: ShapeContext, n: number, kernel: number[], pool: boolean): WindowAttrs {
  const ints = (name: string, v: number[], len: number, min: number): number[] => {
    if (v.length !== len) c.bad(name, `${v.length} values for ${n} spatial dims (${len} expected)`);
    v.forEach((x, i) => {
      if (!Number.isSafeInteger(x) || x < min) c.bad(name, `value ${i} is ${x}: an integer >= ${min} is required`);
    });
    return v;
  };
  ints('kernel_shape', kernel, n, 1);
  const strides = ints('strides', c.attrInts('strides') ?? new Array(n).fill(1), n, 1);
  const dilations = ints('dilations', c.attrInts('dilations') ?? new Array(n).fill(1), n, 1);
  const autoPad = c.attrString('auto_pad', 'NOTSET');
  if (!AUTO_PADS.includes(autoPad))
    c.bad('auto_pad', `${JSON.stringify(autoPad)} is not one of ${AUTO_PADS.join(', ')}`);
  const given = c.attrInts('pads');
  const pads = ints('pads', autoPad === 'NOTSET' && given ? given : new Array(2 * n).fill(0), 2 * n, 0);
  if (pool) {
    const ceil = c.attrInt('ceil_mode', 0);
    if (ceil !== 0 && ceil !== 1) c.bad('ceil_mode', `${ceil} is neither 0 nor 1`);
    kernel.forEach((k, i) => {
      if (pads[i] >= k || pads[i + n] >= k)
        c.bad('pads', `[${pads}] along axis ${i + 2} are not smaller than the kernel ${k} (onnxruntime refuses them)`);
    });
  }
  return { kernel, strides, dilations, pads, autoPad };
}

/** Conv and pool spatial output sizes. */
function spatial(c: ShapeContext, x: number[], kernel: number[], pool: boolean): number[] {
  const n = x.length - 2;
  const { strides, dilations: dil, pads, autoPad } = windowAttrs(c, n, kernel, pool);
  const ceil = pool && c.attrInt('ceil_mode', 0) === 1;
  const out = x.slice(2).map((d, i) => {
    const s = strides[i],
      dk = (kernel[i] - 1) * dil[i] + 1;
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') return Math.ceil(d / s);
    const b = pads[i],
      e = pads[i + n];
    const span = d + b + e - dk;
    let o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
    if (ceil && (o - 1) * s >= d + b) o--;
    return o;
  });
  if (out.some((o) => !(o >= 1)))
    c.fail(`input of shape [${x}] gives an empty or negative output [${out}] (kernel [${kernel}])`);
  return out;
}

/** A convolution: x (input xi) [N, C, ...] and w (input wi) [M, C / group, k...] -> [N, M, out...] of `type`. */
function conv(c: ShapeContext, xi: number, wi: number, type: ElementType): ShapeInfo[] {
  const x = c.inp(xi).dims,
    w = c.inp(wi).dims;
  if (x.length < 3 || w.length !== x.length)
    c.fail(`${c.inName(xi)} [${x}] and ${c.inName(wi)} [${w}] must be of one rank >= 3`);
  const group = c.attrInt('group', 1);
  if (!Number.isSafeInteger(group) || group < 1) c.bad('group', `${group}: an integer >= 1 is required`);
  if (x[1] !== w[1] * group || w[0] % group !== 0)
    c.fail(`${c.inName(xi)} has ${x[1]} channels, ${c.inName(wi)} [${w}] with group ${group} takes ${w[1] * group}`);
  const kernel = c.attrInts('kernel_shape') ?? w.slice(2);
  if (kernel.length !== w.length - 2 || kernel.some((k, i) => k !== w[i + 2]))
    c.bad('kernel_shape', `[${kernel}] is not the weight's spatial dims [${w.slice(2)}]`);
  return [{ type, dims: [x[0], w[0], ...spatial(c, x, kernel, false)] }];
}

/** numpy matmul of inputs ai and bi, of `type`. */
function matmul(c: ShapeContext, ai: number, bi: number, type: ElementType, ta = false, tb = false): ShapeInfo[] {
  const swap = (d: readonly number[], t: boolean) =>
    t && d.length >= 2 ? [...d.slice(0, -2), d[d.length - 1], d[d.length - 2]] : d;
  let a = swap(c.inp(ai).dims, ta),
    b = swap(c.inp(bi).dims, tb);
  if (!a.length || !b.length) c.fail('MatMul inputs must have rank >= 1');
  const a1 = a.length === 1,
    b1 = b.length === 1;
  if (a1) a = [1, a[0]];
  if (b1) b = [b[0], 1];
  if (a[a.length - 1] !== b[b.length - 2])
    c.fail(`${c.inName(ai)} [${c.inp(ai).dims}] and ${c.inName(bi)} [${c.inp(bi).dims}] do not multiply`);
  const batch =
    broadcastDims(a.slice(0, -2), b.slice(0, -2)) ?? c.fail(`batch dims of [${a}] and [${b}] do not broadcast`);
  return [{ type, dims: [...batch, ...(a1 ? [] : [a[a.length - 2]]), ...(b1 ? [] : [b[b.length - 1]])] }];
}

/** A pool over input xi (NCHW, or channels last), its window or the whole plane (global). */
function pool(c: ShapeContext, xi: number, channelsLast: boolean, global: boolean): ShapeInfo[] {
  const x = c.inp(xi).dims;
  if (x.length < 3) c.fail(`${c.inName(xi)} [${x}] must have rank >= 3`);
  const nchw = channelsLast ? [x[0], x[x.length - 1], ...x.slice(1, -1)] : x;
  const sp = global
    ? nchw.slice(2).map(() => 1)
    : spatial(c, nchw, c.attrInts('kernel_shape') ?? c.bad('kernel_shape', 'is required'), true);
  return [{ type: c.inp(xi).type, dims: channelsLast ? [x[0], ...sp, x[x.length - 1]] : [x[0], x[1], ...sp] }];
}

/** Inputs ks concatenated on the `axis` attribute. */
function concat(c: ShapeContext, ks: number[], type: ElementType): ShapeInfo[] {
  if (!ks.length) c.fail('no inputs');
  const first = c.inp(ks[0]).dims;
  const axis = c.axisOf(c.attrInt('axis', 0), first.length, 'axis');
  const dims = [...first];
  dims[axis] = 0;
  for (const k of ks) {
    const d = c.inp(k).dims;
    if (d.length !== first.length || d.some((v, i) => i !== axis && v !== first[i]))
      c.fail(`${c.inName(k)} [${d}] does not concatenate with [${first}] on axis ${axis}`);
    dims[axis] += d[axis];
  }
  return [{ type, dims }];
}

/** Gemm / QGemm: A (input 0) and B (input bi), 2-D, transposed by transA / transB. */
function gemmDims(c: ShapeContext, bi: number, what: string): [number, number] {
  const a = c.inp(0).dims,
    b = c.inp(bi).dims;
  if (a.length !== 2 || b.length !== 2) c.fail(`${what} inputs must be 2-D, got [${a}] and [${b}]`);
  const [m, ka] = c.attrInt('transA', 0) ? [a[1], a[0]] : a;
  const [kb, n] = c.attrInt('transB', 0) ? [b[1], b[0]] : b;
  if (ka !== kb) c.fail(`${c.inName(0)} [${a}] and ${c.inName(bi)} [${b}] do not multiply`);
  return [m, n];
}

// ---- sequence, control flow and detection ----------------------------------------------------------------------

function ifShapes(c: ShapeContext): ShapeInfo[] {
  const sub = c.subgraph ?? c.fail('its branches need the shape pass (no subgraph inference here)');
  const cond = c.inp(0);
  if (cond.type !== 'bool' || numel(cond.dims) !== 1)
    c.fail(`${c.inName(0)}, the condition, is ${cond.type} [${cond.dims}]: a bool of one element is required`);
  const known = c.constant(0);
  if (known) {
    const chosen = known.data[0] ? 'then_branch' : 'else_branch';
    const outs = sub(chosen);
    if (outs.length !== c.node.outputs.length)
      c.fail(`${chosen} has ${outs.length} outputs, the node ${c.node.outputs.length}`);
    return outs;
  }
  const tried = (['then_branch', 'else_branch'] as const).map((b) => {
    try {
      return { branch: b, outs: sub(b) };
    } catch (e) {
      if (e instanceof I8ConvError && e.code === 'BAD_SHAPE') return { branch: b, error: e };
      throw e;
    }
  });
  const ok = tried.filter((t) => t.outs);
  if (!ok.length) throw tried[0].error;
  const outs = ok[0].outs!;
  if (outs.length !== c.node.outputs.length)
    c.fail(`${ok[0].branch} has ${outs.length} outputs, the node ${c.node.outputs.length}`);
  if (ok.length === 2) {
    const other = ok[1].outs!;
    if (other.length !== outs.length) c.fail(`then_branch has ${outs.length} outputs, else_branch ${other.length}`);
    outs.forEach((o, k) => {
      const e = other[k];
      if (o.type !== e.type || o.dims.length !== e.dims.length || o.dims.some((d, i) => d !== e.dims[i]))
        c.fail(
          `output ${k} (${JSON.stringify(c.node.outputs[k])}): then_branch gives ${o.type} [${o.dims}], else_branch ${e.type} [${e.dims}] (the runtime plans static shapes)`,
        );
    });
  }
  return outs;
}

/**
 * Loop: the number of iterations (and so every scan output's first dim, and a loop-carried value whose dims change)
 * is decided by the run, so the rule checks the node's form and leaves the rest to the loader's split
 * (executor/staged.ts runs the body per iteration): body inputs = 2 + N (iteration number, condition, N carried
 * values), body outputs = 1 + N + K (condition, N carried, K scan outputs), node inputs = 2 + N (M and cond optional),
 * at most N + K node outputs. Every node of the body (at any depth) must be an operator the runtime has.
 */
function loopShapes(c: ShapeContext): ShapeInfo[] {
  const body = c.node.attributes.get('body');
  if (body?.kind !== 'graph') c.bad('body', 'must be a graph');
  const g = (body as { value: import('./ir.js').Graph }).value;
  const n = c.node.inputs.length - 2;
  if (n < 0) c.fail('needs at least its M and cond inputs (either may be empty)');
  if (g.inputs.length !== 2 + n) c.fail(`the body declares ${g.inputs.length} inputs, the node binds ${2 + n}`);
  const k = g.outputs.length - 1 - n;
  if (k < 0) c.fail(`the body has ${g.outputs.length} outputs, fewer than 1 + ${n}`);
  if (c.node.outputs.length > n + k) c.fail(`${c.node.outputs.length} outputs, more than the body's ${n} + ${k}`);
  if (c.has(0) && (c.inp(0).type !== 'int64' || numel(c.inp(0).dims) !== 1))
    c.fail(`${c.inName(0)}, M, must be one int64`);
  if (c.has(1) && (c.inp(1).type !== 'bool' || numel(c.inp(1).dims) !== 1))
    c.fail(`${c.inName(1)}, cond, must be one bool`);
  return c.runTime('the number of iterations is decided by the run');
}

/**
 * Scan (opsets 9+): checked (num_scan_inputs M of the node's inputs scanned, the rest states; the body's inputs and
 * outputs match them), then left to the loader's split like Loop (its body runs per step at run time).
 */
function scanShapes(c: ShapeContext): ShapeInfo[] {
  const body = c.node.attributes.get('body');
  if (body?.kind !== 'graph') c.bad('body', 'must be a graph');
  const g = (body as { value: import('./ir.js').Graph }).value;
  const m = c.attrInt('num_scan_inputs', -1);
  const n = c.node.inputs.length - m;
  if (m < 1 || n < 0) c.bad('num_scan_inputs', `${m}: must be from 1 to the node's ${c.node.inputs.length} inputs`);
  if (g.inputs.length !== n + m) c.fail(`the body declares ${g.inputs.length} inputs, the node binds ${n + m}`);
  if (g.outputs.length < n) c.fail(`the body has ${g.outputs.length} outputs, fewer than its ${n} states`);
  for (let j = 0; j < m; j++) {
    const axes = c.attrInts('scan_input_axes');
    const r = c.inp(n + j).dims.length;
    const ax = axes ? axes[j] : 0;
    if (ax === undefined || ax < -r || ax >= r) c.bad('scan_input_axes', `axis ${ax} of scan input ${j} (rank ${r})`);
  }
  return c.runTime('its body runs per step (the loader splits the model there)');
}

/** LSTM (gates 4) and GRU (gates 3): X [seq, batch, input] (layout 1: [batch, seq, input]), W, R, B, initial states. */
function rnnShapes(c: ShapeContext, gates: number, outputs: number, transposed = false): ShapeInfo[] {
  const x = c.inp(0);
  if (x.dims.length !== 3) c.fail(`${c.inName(0)}, X, is [${x.dims}]: rank 3 is required`);
  const layout = c.attrInt('layout', 0);
  if (layout !== 0 && layout !== 1) c.fail(`layout ${layout} is neither 0 nor 1`);
  if (transposed && layout !== 0) c.fail(`layout ${layout}: this operator runs at layout 0 only (as onnxruntime's)`);
  const [seq, batch, input] = layout === 0 ? x.dims : [x.dims[1], x.dims[0], x.dims[2]];
  const direction = c.attrString('direction', 'forward');
  const dirs = direction === 'bidirectional' ? 2 : 1;
  if (direction !== 'forward' && direction !== 'reverse' && direction !== 'bidirectional')
    c.fail(`direction ${JSON.stringify(direction)} is not forward, reverse or bidirectional`);
  const r = c.inp(2).dims;
  const hidden = c.attrInt('hidden_size', r.length === 3 ? r[transposed ? 1 : 2] : 0);
  const expect = (k: number, what: string, dims: number[]): void => {
    if (!c.has(k)) return;
    const d = c.inp(k).dims;
    if (d.length !== dims.length || d.some((v, i) => v !== dims[i]))
      c.fail(`${c.inName(k)}, ${what}, is [${d}]: [${dims}] expected`);
  };
  expect(1, 'W', transposed ? [dirs, input, gates * hidden] : [dirs, gates * hidden, input]);
  expect(2, 'R', transposed ? [dirs, hidden, gates * hidden] : [dirs, gates * hidden, hidden]);
  expect(3, 'B', [dirs, 2 * gates * hidden]);
  expect(4, 'sequence_lens', [batch]);
  const state = layout === 0 ? [dirs, batch, hidden] : [batch, dirs, hidden];
  expect(5, 'initial_h', state);
  if (gates === 4) {
    expect(6, 'initial_c', state);
    expect(7, 'P', [dirs, 3 * hidden]);
  }
  const t = x.type;
  const y = layout === 0 ? [seq, dirs, batch, hidden] : [batch, seq, dirs, hidden];
  return [{ type: t, dims: y }, ...Array.from({ length: outputs - 1 }, () => ({ type: t, dims: [...state] }))];
}

function nmsShapes(c: ShapeContext): ShapeInfo[] {
  const boxes = c.inp(0).dims,
    scores = c.inp(1).dims;
  if (boxes.length !== 3 || boxes[2] !== 4 || scores.length !== 3 || scores[0] !== boxes[0] || scores[2] !== boxes[1])
    c.fail(`boxes [${boxes}] and scores [${scores}] must be [batches, boxes, 4] and [batches, classes, boxes]`);
  const ks = [0, 1, 2, 3, 4].filter((k) => c.has(k));
  const fed = ks.filter((k) => !c.constant(k));
  if (fed.length)
    throw new RunTimeShapeError(
      'UNSUPPORTED_OP',
      `node ${JSON.stringify(c.node.name)} (NonMaxSuppression): the runtime runs it only on constant inputs, computed at load (its output's length depends on the data, and the runtime plans static shapes): ${fed
        .map((k) => c.inName(k))
        .join(', ')} ${fed.length > 1 ? 'are' : 'is'} not constant`,
      'model',
    );
  const first = (k: number): number | undefined => {
    const t = c.constant(k);
    if (!t) return undefined;
    if (t.data.length < 1) c.fail(`${c.inName(k)} is empty`);
    return Number(t.data[0]);
  };
  const iou = first(3) ?? 0;
  if (!(iou >= 0 && iou <= 1)) c.fail(`${c.inName(3)}, iou_threshold ${iou}, is not in [0, 1]`);
  const b = c.constant(0)!,
    s = c.constant(1)!;
  if (b.type !== 'float32' || s.type !== 'float32') c.fail('boxes and scores must be float32');
  const picked = nmsSelect(b.data as Float32Array, s.data as Float32Array, boxes[0], scores[1], boxes[1], {
    maxPerClass: first(2) ?? 0,
    iouThreshold: iou,
    scoreThreshold: first(4),
    centerPointBox: c.attrInt('center_point_box', 0),
  });
  return [{ type: 'int64', dims: [picked.length / 3, 3] }];
}

// ---- the rules -------------------------------------------------------------------------------------------------

/** The rules by name; the operator table picks one per operator. */
export const SHAPE = {
  /** one output of input 0's type and dims (element-wise unary ops, Softmax, Identity, ...) */
  same: (c: ShapeContext): ShapeInfo[] => c.same(),
  /** Crop: [N, C, rows, columns] of X's H and W less the border (or the given scale [h, w]) */
  crop: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0);
    if (x.dims.length !== 4) c.fail(`X is [${x.dims}]: 4-D (N, C, H, W) is required`);
    const border = c.attrInts('border') ?? [];
    if (border.length < 4) c.fail('border must hold 4 values (left, top, right, bottom)');
    const [left, top, right, bottom] = border;
    const scale = c.attrInts('scale');
    const h = scale && scale.length >= 2 ? scale[0] : x.dims[2] - top - bottom;
    const w = scale && scale.length >= 2 ? scale[1] : x.dims[3] - left - right;
    if (h < 0 || w < 0 || top + h > x.dims[2] || left + w > x.dims[3] || top < 0 || left < 0)
      c.fail(`border [${border}] (scale [${scale ?? []}]) falls outside X [${x.dims}]`);
    return [{ type: x.type, dims: [x.dims[0], x.dims[1], h, w] }];
  },
  /** numpy broadcast of inputs 0 and 1, input 0's type */
  broadcast2: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(0).type, dims: c.broadcast([0, 1]) }],
  /** QLinearAdd / QLinearMul: broadcast of inputs 0 and 3, input 0's type */
  qlinearBinary: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(0).type, dims: c.broadcast([0, 3]) }],
  /** i8conv Lut: x's dims, the table's (input 1) type */
  lut: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(1).type, dims: [...c.inp(0).dims] }],
  quantizeLinear: (c: ShapeContext): ShapeInfo[] => [{ type: c.typeAt(2, 'uint8'), dims: [...c.inp(0).dims] }],
  dequantizeLinear: (c: ShapeContext): ShapeInfo[] => [{ type: 'float32', dims: [...c.inp(0).dims] }],
  /** DynamicQuantizeLinear: y (uint8, x's dims), its scale (float32 scalar) and zero point (uint8 scalar) */
  dynamicQuantizeLinear: (c: ShapeContext): ShapeInfo[] => [
    { type: 'uint8', dims: [...c.inp(0).dims] },
    { type: 'float32', dims: [] },
    { type: 'uint8', dims: [] },
  ],
  conv: (c: ShapeContext): ShapeInfo[] => conv(c, 0, 1, c.inp(0).type),
  convInteger: (c: ShapeContext): ShapeInfo[] => conv(c, 0, 1, 'int32'),
  /** QLinearConv: the output type is y_zero_point's (input 7), else x's */
  qlinearConv: (c: ShapeContext): ShapeInfo[] => conv(c, 0, 3, c.typeAt(7, c.inp(0).type)),
  matmul: (c: ShapeContext): ShapeInfo[] => matmul(c, 0, 1, c.inp(0).type),
  matmulInteger: (c: ShapeContext): ShapeInfo[] => matmul(c, 0, 1, 'int32'),
  /** FusedMatMul: MatMul's dims of A' and B' (transA / transB swap the last two dims) */
  fusedMatMul: (c: ShapeContext): ShapeInfo[] =>
    matmul(c, 0, 1, c.inp(0).type, c.attrInt('transA', 0) === 1, c.attrInt('transB', 0) === 1),
  /** MatMulIntegerToFloat / DynamicQuantizeMatMul: MatMul's dims, float32 */
  matmulToFloat: (c: ShapeContext): ShapeInfo[] => matmul(c, 0, 1, 'float32'),
  qlinearMatMul: (c: ShapeContext): ShapeInfo[] => matmul(c, 0, 3, c.typeAt(7, c.inp(0).type)),
  gemm: (c: ShapeContext): ShapeInfo[] => {
    const [m, n] = gemmDims(c, 1, 'Gemm');
    if (c.has(2) && !broadcastDims(c.inp(2).dims, [m, n])?.every((d, i) => d === [m, n][i]))
      c.fail(`${c.inName(2)} [${c.inp(2).dims}] does not broadcast to [${m},${n}]`);
    return [{ type: c.inp(0).type, dims: [m, n] }];
  },
  /** QGemm: 8-bit output of y_zero_point's type when y_scale (input 7) is given, else float32 */
  qgemm: (c: ShapeContext): ShapeInfo[] => [
    { type: c.has(7) ? c.typeAt(8, 'uint8') : 'float32', dims: gemmDims(c, 3, 'QGemm') },
  ],
  convTranspose: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims,
      w = c.inp(1).dims;
    if (x.length < 3 || w.length !== x.length)
      c.fail(`${c.inName(0)} [${x}] and ${c.inName(1)} [${w}] must be of one rank >= 3`);
    const group = c.attrInt('group', 1);
    if (!Number.isSafeInteger(group) || group < 1) c.bad('group', `${group}: an integer >= 1 is required`);
    if (x[1] !== w[0] || w[0] % group !== 0)
      c.fail(`${c.inName(0)} has ${x[1]} channels, ${c.inName(1)} [${w}] with group ${group} takes ${w[0]}`);
    const n = x.length - 2;
    const kernel = c.attrInts('kernel_shape') ?? w.slice(2);
    if (kernel.length !== n || kernel.some((k, i) => k !== w[i + 2]))
      c.bad('kernel_shape', `[${kernel}] is not the weight's spatial dims [${w.slice(2)}]`);
    const { strides, dilations: dil, pads, autoPad } = windowAttrs(c, n, kernel, false);
    const outPad = c.attrInts('output_padding') ?? new Array(n).fill(0);
    // onnxruntime: each output_padding below its stride or its dilation (the rows it adds hold the bias alone)
    if (
      outPad.length !== n ||
      outPad.some((p, i) => !Number.isSafeInteger(p) || p < 0 || (p >= strides[i] && p >= dil[i]))
    )
      c.bad('output_padding', `[${outPad}]: ${n} integers >= 0, each below its stride or dilation, are required`);
    const given = c.attrInts('output_shape');
    if (given && given.length !== n && given.length !== n + 2)
      c.bad('output_shape', `[${given}] has ${given.length} values for ${n} spatial dims`);
    const sp = x.slice(2).map((d, i) => {
      if (given) return given[given.length - n + i];
      if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') return d * strides[i];
      const [b, e] = [pads[i], pads[i + n]];
      return strides[i] * (d - 1) + outPad[i] + (kernel[i] - 1) * dil[i] + 1 - b - e;
    });
    if (sp.some((o) => !(o >= 1))) c.fail(`input of shape [${x}] gives an empty output [${sp}]`);
    return [{ type: c.inp(0).type, dims: [x[0], w[1] * group, ...sp] }];
  },
  /** ReduceMean / Max / Min / Sum: axes from the attribute, or from input 1 (opset 18, ReduceSum from 13) */
  reduce: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axesIn =
      (c.opset >= 18 || (c.node.opType === 'ReduceSum' && c.opset >= 13)) && c.has(1)
        ? c.constInts(1, 'axes')
        : c.attrInts('axes');
    const keep = c.attrInt('keepdims', 1) !== 0;
    const axes = (axesIn ?? []).map((a) => c.axisOf(a, x.length, 'axis'));
    if (!axes.length && c.attrInt('noop_with_empty_axes', 0) === 1) return c.same();
    const all = axes.length === 0;
    const dims: number[] = [];
    x.forEach((d, i) => {
      if (all || axes.includes(i)) {
        if (keep) dims.push(1);
      } else dims.push(d);
    });
    return [{ type: c.inp(0).type, dims }];
  },
  /** Dropout: the data, and a bool mask of its dims */
  dropout: (c: ShapeContext): ShapeInfo[] => [...c.same(), { type: 'bool', dims: [...c.inp(0).dims] }],
  /** MaxPool: the pooled values, and int64 indices of their dims */
  maxPool: (c: ShapeContext): ShapeInfo[] => {
    const [y] = pool(c, 0, false, false);
    return [y, { type: 'int64', dims: [...y.dims] }];
  },
  /**
   * MaxUnpool: per spatial axis (in - 1) * stride - (pad begin + pad end) + kernel, or input 2's shape (a constant: the
   * run's value splits the model) of X's rank, N and C, and at least as many elements
   */
  maxUnpool: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const sp = x.length - 2;
    if (sp < 1 || sp > 3) c.fail(`X [${x}] must be of rank 3 to 5`);
    const kernel = c.attrInts('kernel_shape');
    if (!kernel || kernel.length !== sp) c.bad('kernel_shape', `must give ${sp} sizes`);
    const strides = c.attrInts('strides') ?? kernel!.map(() => 1);
    const pads = c.attrInts('pads') ?? new Array(2 * sp).fill(0);
    if (strides.length !== sp) c.bad('strides', `must give ${sp} values`);
    if (pads.length !== 2 * sp) c.bad('pads', `must give ${2 * sp} values`);
    const inferred = [
      x[0],
      x[1],
      ...x.slice(2).map((d, k) => (d - 1) * strides[k] - (pads[k] + pads[sp + k]) + kernel![k]),
    ];
    if (inferred.some((d) => d <= 0)) c.fail(`the output [${inferred}] would be empty`);
    if (!c.has(2)) return [{ type: c.inp(0).type, dims: inferred }];
    const given = c.constInts(2, 'output_shape');
    if (given.length !== x.length || given[0] !== x[0] || given[1] !== x[1] || numel(given) < numel(inferred))
      c.fail(`output_shape [${given}] must be [${x[0]}, ${x[1]}, ...] of at least ${numel(inferred)} elements`);
    return [{ type: c.inp(0).type, dims: given }];
  },
  averagePool: (c: ShapeContext): ShapeInfo[] => pool(c, 0, false, false),
  globalAveragePool: (c: ShapeContext): ShapeInfo[] => pool(c, 0, false, true),
  qlinearAveragePool: (c: ShapeContext): ShapeInfo[] => pool(c, 0, c.attrInt('channels_last', 0) === 1, false),
  qlinearGlobalAveragePool: (c: ShapeContext): ShapeInfo[] => pool(c, 0, c.attrInt('channels_last', 0) === 1, true),
  concat: (c: ShapeContext): ShapeInfo[] =>
    concat(
      c,
      c.node.inputs.map((_, k) => k).filter((k) => c.has(k)),
      c.inp(0).type,
    ),
  /** QLinearConcat: the data inputs are 2, 5, 8, ...; the output type is y_zero_point's (input 1) */
  qlinearConcat: (c: ShapeContext): ShapeInfo[] => {
    const ks: number[] = [];
    for (let k = 2; k < c.node.inputs.length; k += 3) ks.push(k);
    return concat(c, ks, c.typeAt(1, c.inp(2).type));
  },
  reshape: (c: ShapeContext): ShapeInfo[] => {
    const shape =
      c.opset < 5 ? (c.attrInts('shape') ?? c.fail('shape attribute is required')) : c.constInts(1, 'shape');
    const dims = reshapeDims(c.inp(0).dims, shape, c.attrInt('allowzero', 0) !== 0);
    if (!dims)
      c.fail(`${c.inName(0)} [${c.inp(0).dims}] (${numel(c.inp(0).dims)} elements) cannot be reshaped to [${shape}]`);
    return [{ type: c.inp(0).type, dims: dims! }];
  },
  flatten: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const a = c.attrInt('axis', 1);
    if (a < -x.length || a > x.length) c.fail(`axis ${a} is out of range for rank ${x.length}`);
    const axis = a < 0 ? a + x.length : a;
    return [{ type: c.inp(0).type, dims: [numel(x.slice(0, axis)), numel(x.slice(axis))] }];
  },
  transpose: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const perm = c.attrInts('perm') ?? x.map((_, i) => x.length - 1 - i);
    if (perm.length !== x.length || [...perm].sort((p, q) => p - q).some((p, i) => p !== i))
      c.fail(`perm [${perm}] is not a permutation of rank ${x.length}`);
    return [{ type: c.inp(0).type, dims: perm.map((p) => x[p]) }];
  },
  /** Squeeze / Unsqueeze: axes from the attribute, or from input 1 (opset 13) */
  squeeze: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axesIn = c.opset >= 13 ? (c.has(1) ? c.constInts(1, 'axes') : undefined) : c.attrInts('axes');
    if (c.node.opType === 'Unsqueeze') {
      if (!axesIn) c.fail('axes are required');
      const r = x.length + axesIn!.length;
      const axes = axesIn!.map((a) => c.axisOf(a, r, 'axis'));
      if (new Set(axes).size !== axes.length) c.fail(`axes [${axesIn}] repeat`);
      let k = 0;
      return [{ type: c.inp(0).type, dims: Array.from({ length: r }, (_, d) => (axes.includes(d) ? 1 : x[k++])) }];
    }
    const axes = axesIn ? axesIn.map((a) => c.axisOf(a, x.length, 'axis')) : x.flatMap((d, i) => (d === 1 ? [i] : []));
    for (const a of axes) if (x[a] !== 1) c.fail(`axis ${a} of [${x}] is not 1`);
    return [{ type: c.inp(0).type, dims: x.filter((_, i) => !axes.includes(i)) }];
  },
  slice: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const starts = c.opset < 10 ? (c.attrInts('starts') ?? c.fail('starts are required')) : c.constInts(1, 'starts');
    const stepsIn = c.opset >= 10 && c.has(4) ? c.constInts(4, 'steps') : undefined;
    const ends =
      c.opset < 10
        ? (c.attrInts('ends') ?? c.fail('ends are required'))
        : c.constInts(2, 'ends') && sliceEnds(c.constant(2)!, stepsIn)!;
    const axes =
      (c.opset < 10 ? c.attrInts('axes') : c.has(3) ? c.constInts(3, 'axes') : undefined) ?? starts.map((_, i) => i);
    const steps = c.opset >= 10 && c.has(4) ? c.constInts(4, 'steps') : starts.map(() => 1);
    if (ends.length !== starts.length || axes.length !== starts.length || steps.length !== starts.length)
      c.fail('starts, ends, axes and steps differ in length');
    const dims = [...x];
    const seen = new Set<number>();
    axes.forEach((a, i) => {
      const d = c.axisOf(a, x.length, 'axis');
      if (seen.has(d)) c.fail(`axis ${a} repeats`);
      seen.add(d);
      if (steps[i] === 0) c.fail('a step is 0');
      dims[d] = sliceAxis(x[d], starts[i], ends[i], steps[i]).count;
    });
    return [{ type: c.inp(0).type, dims }];
  },
  pad: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const pads = c.opset < 11 ? (c.attrInts('pads') ?? c.fail('pads are required')) : c.constInts(1, 'pads');
    const axes =
      c.opset >= 18 && c.has(3) ? c.constInts(3, 'axes').map((a) => c.axisOf(a, x.length, 'axis')) : x.map((_, i) => i);
    if (pads.length !== 2 * axes.length) c.fail(`${pads.length} pads for ${axes.length} axes`);
    const dims = [...x];
    axes.forEach((a, i) => (dims[a] += pads[i] + pads[i + axes.length]));
    if (dims.some((d) => d < 0)) c.fail(`pads [${pads}] crop [${x}] below zero`);
    return [{ type: c.inp(0).type, dims }];
  },
  /** Resize: `sizes` (input 3) where given and the scales are empty, else floor(f(scale * dim)) */
  resize: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const scalesK = c.opset < 11 ? 1 : 2;
    const scalesT = c.constant(scalesK);
    const useSizes = c.opset >= 11 && c.has(3) && (!scalesT || scalesT.data.length === 0);
    if (useSizes) {
      const sizes = c.constInts(3, 'sizes');
      if (sizes.length !== x.length) c.fail(`${sizes.length} sizes for rank ${x.length}`);
      return [{ type: c.inp(0).type, dims: sizes }];
    }
    if (!scalesT || scalesT.type !== 'float32')
      c.fail(`${c.inName(scalesK)}, the scales, is not a float32 constant after folding`);
    if (scalesT!.data.length !== x.length) c.fail(`${scalesT!.data.length} scales for rank ${x.length}`);
    return [{ type: c.inp(0).type, dims: x.map((d, i) => Math.floor(Math.fround((scalesT!.data[i] as number) * d))) }];
  },
  shape: (c: ShapeContext): ShapeInfo[] => {
    const r = c.inp(0).dims.length;
    const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
    return [{ type: 'int64', dims: [Math.max(0, clamp(c.attrInt('end', r)) - clamp(c.attrInt('start', 0)))] }];
  },
  gather: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axis = c.axisOf(c.attrInt('axis', 0), x.length, 'axis');
    return [{ type: c.inp(0).type, dims: [...x.slice(0, axis), ...c.inp(1).dims, ...x.slice(axis + 1)] }];
  },
  cast: (c: ShapeContext): ShapeInfo[] => {
    const to = ONNX_TYPES[c.attrInt('to', 0)] ?? c.fail(`Cast to ONNX type ${c.attrInt('to', 0)} is not carried`);
    return [{ type: to, dims: [...c.inp(0).dims] }];
  },
  /** Constant / ConstantOfShape: the value they evaluate to */
  constant: (c: ShapeContext): ShapeInfo[] => {
    let t: Tensor | undefined;
    try {
      t = evaluateConstant(
        c.node,
        c.node.inputs.map((_, k) => c.constant(k)),
        c.opset,
        () => undefined,
      )?.[0];
    } catch {
      t = undefined;
    }
    if (!t)
      c.node.opType === 'Constant'
        ? c.fail('its value does not read')
        : c.runTime(`${c.inName(0)}, the shape, is not a constant after folding`);
    return [{ type: t!.type, dims: [...t!.dims] }];
  },
  // ---- element-wise and comparison ----
  /** Max / Min / Sum / Mean: numpy broadcast of every input, input 0's type */
  variadic: (c: ShapeContext): ShapeInfo[] => [
    { type: c.inp(0).type, dims: c.broadcast(c.node.inputs.map((_, k) => k).filter((k) => c.has(k))) },
  ],
  /** Equal, Less, ... and And / Or / Xor: numpy broadcast of inputs 0 and 1, bool */
  compare: (c: ShapeContext): ShapeInfo[] => [{ type: 'bool', dims: c.broadcast([0, 1]) }],
  /** Where: numpy broadcast of the condition, X and Y, X's type */
  where: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(1).type, dims: c.broadcast([0, 1, 2]) }],
  // ---- end of element-wise and comparison ----
  // ---- activations ----
  /** PRelu: X's type and dims; the slope (input 1) must broadcast to X unidirectionally (right-aligned, 1 or X's). */
  prelu: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims,
      s = c.inp(1).dims;
    const off = x.length - s.length;
    if (off < 0 || s.some((d, i) => d !== 1 && d !== x[off + i]))
      c.fail(`${c.inName(1)}, the slope, of shape [${s}] does not broadcast to X's [${x}]`);
    return c.same();
  },
  /** com.microsoft BiasGelu / FastGelu: X's type and dims; the bias (input 1, where present) 1-D of X's last dim. */
  lastDimBias: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    if (c.has(1)) {
      const b = c.inp(1).dims;
      if (x.length < 1 || b.length !== 1 || b[0] !== x[x.length - 1])
        c.fail(`${c.inName(1)}, the bias, of shape [${b}] is not 1-D of X's last dim (X [${x}])`);
    }
    return c.same();
  },
  // ---- end of activations ----
  // ---- reductions and normalization ----
  /** ArgMax / ArgMin: int64 indices, the `axis` attribute (default 0) reduced, keepdims (default 1) */
  argReduce: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axis = c.axisOf(c.attrInt('axis', 0), x.length, 'axis');
    const keep = c.attrInt('keepdims', 1) !== 0;
    return [{ type: 'int64', dims: keep ? x.map((d, i) => (i === axis ? 1 : d)) : x.filter((_, i) => i !== axis) }];
  },
  /** TopK: values of X's type and int64 indices, X's dims with k along `axis` (default -1); k the attribute below
   * opset 10, then the constant input 1 */
  topK: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axis = c.axisOf(c.attrInt('axis', -1), x.length, 'axis');
    const k = c.opset < 10 ? c.attrInt('k', -1) : c.constInts(1, 'k')[0];
    if (!(k >= 0 && k <= x[axis])) c.fail(`k ${k} is out of range for an axis of ${x[axis]}`);
    const dims = x.map((d, i) => (i === axis ? k : d));
    return [
      { type: c.inp(0).type, dims },
      { type: 'int64', dims: [...dims] },
    ];
  },
  /** LayerNormalization: Y of X's type and dims; Mean and InvStdDev float32, X's dims up to `axis`, then 1s */
  layerNorm: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const axis = c.axisOf(c.attrInt('axis', -1), x.length, 'axis');
    const stat = x.map((d, i) => (i < axis ? d : 1));
    return [c.same()[0], { type: 'float32', dims: stat }, { type: 'float32', dims: [...stat] }];
  },
  // ---- end of reductions and normalization ----
  // ---- data movement (more) ----
  /** Split: one output per part (the `split` attribute below opset 13, input 1 from 13, num_outputs from 18, or
   * equal parts up to 17), of input 0's type */
  split: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0);
    const axis = c.axisOf(c.attrInt('axis', 0), x.dims.length, 'axis');
    const n = c.node.outputs.length;
    const given = c.opset < 13 ? c.attrInts('split') : c.has(1) ? c.constInts(1, 'split') : undefined;
    const num = c.opset >= 18 && c.node.attributes.has('num_outputs') ? c.attrInt('num_outputs', 0) : undefined;
    if (c.opset >= 18 && !given && num === undefined) c.fail('opset 18 takes the split input or num_outputs');
    const sizes = splitSizes(x.dims[axis], n, given, num);
    if (typeof sizes === 'string') return c.fail(sizes);
    return sizes.map((s) => ({ type: x.type, dims: x.dims.map((d, i) => (i === axis ? s : d)) }));
  },
  /** Tile: dim i times repeats[i] (input 1, constant) */
  tile: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0);
    const reps = c.constInts(1, 'repeats');
    if (c.inp(1).dims.length !== 1 || reps.length !== x.dims.length || reps.some((v) => v < 0))
      c.fail(`${c.inName(1)}, the repeats [${reps}], must be 1-D with one value >= 0 per axis of [${x.dims}]`);
    return [{ type: x.type, dims: x.dims.map((d, i) => d * reps[i]) }];
  },
  /** Expand: the numpy broadcast of input 0's dims and the shape (input 1, constant) */
  expand: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0);
    const shape = c.constInts(1, 'shape');
    if (c.inp(1).dims.length !== 1 || shape.some((v) => v < 0))
      c.fail(`${c.inName(1)}, the shape [${shape}], must be 1-D without negative dims`);
    const dims = broadcastDims(x.dims, shape) ?? c.fail(`[${x.dims}] does not broadcast to [${shape}]`);
    return [{ type: x.type, dims }];
  },
  /** DepthToSpace / SpaceToDepth: a 4-D [N, C, H, W] and the blocksize b: [N, C / b^2, H b, W b] / [N, C b^2, H / b,
   * W / b] */
  /** GridSample: X [N, C, spatial...] sampled at grid [N, out spatial..., rank - 2]: Y [N, C, out spatial...] */
  gridSample: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims,
      g = c.inp(1).dims;
    const sp = x.length - 2;
    if (sp < 1 || g.length !== x.length || g[0] !== x[0] || g[g.length - 1] !== sp)
      c.fail(`grid [${g}] must be [N, out dims..., ${sp}] for X [${x}]`);
    return [{ type: c.inp(0).type, dims: [x[0], x[1], ...g.slice(1, 1 + sp)] }];
  },
  spaceDepth: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0);
    const b = c.attrInt('blocksize', 0);
    if (x.dims.length !== 4) c.fail(`${c.inName(0)} [${x.dims}] must be 4-D`);
    if (!(b >= 1)) c.fail(`blocksize ${b} must be >= 1`);
    const [n, ch, h, w] = x.dims;
    if (c.node.opType === 'DepthToSpace') {
      const mode = c.attrString('mode', 'DCR');
      if (mode !== 'DCR' && mode !== 'CRD') c.fail(`mode ${mode} is neither DCR nor CRD`);
      if (ch % (b * b) !== 0) c.fail(`${ch} channels are not a multiple of blocksize^2 = ${b * b}`);
      return [{ type: x.type, dims: [n, ch / (b * b), h * b, w * b] }];
    }
    if (h % b !== 0 || w % b !== 0) c.fail(`H ${h} and W ${w} must be multiples of the blocksize ${b}`);
    return [{ type: x.type, dims: [n, ch * b * b, h / b, w / b] }];
  },
  /** Range, NonZero, ConstantOfShape: their output dims are values of their inputs, so the inputs must be constants
   * (then they fold at load); ConstantOfShape of an empty shape is a scalar whatever it reads */
  valueShaped: (c: ShapeContext): ShapeInfo[] => {
    const op = c.node.opType;
    if (op === 'ConstantOfShape' && c.has(0) && c.inp(0).dims.length === 1 && c.inp(0).dims[0] === 0) {
      const v = c.node.attributes.get('value');
      return [{ type: v?.kind === 'tensor' ? v.value.type : 'float32', dims: [] }];
    }
    let t: Tensor | undefined;
    try {
      t = evaluateConstant(
        c.node,
        c.node.inputs.map((_, k) => c.constant(k)),
        c.opset,
        () => undefined,
      )?.[0];
    } catch {
      t = undefined;
    }
    if (t) return [{ type: t.type, dims: [...t.dims] }];
    const computed = c.node.inputs.findIndex((n, k) => n !== '' && !c.constant(k));
    if (computed < 0)
      c.fail(
        `its constant inputs do not evaluate (a type it does not take, a zero delta, an output past ${MAX_FOLD_ELEMENTS} elements)`,
      );
    const where = `node ${JSON.stringify(c.node.name)} (${op})`;
    throw new RunTimeShapeError(
      'UNSUPPORTED_OP',
      `${where}: ${c.inName(computed)} is not a constant after folding: the output dims of ${op} are values of its inputs and the runtime plans static shapes, so it runs only on constant inputs (folded at load)`,
      where,
    );
  },
  /** Upsample (opset 7-9): floor(f(scales[i] * D_i)), the scales the attribute (7, 8) or input 1 (9, constant) */
  upsample: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    let scales: number[];
    if (c.opset < 9) {
      const a = c.node.attributes.get('scales');
      scales = a?.kind === 'floats' ? a.value : c.fail('the scales attribute is required');
    } else {
      const t = c.constant(1);
      if (!t || t.type !== 'float32') c.fail(`${c.inName(1)}, the scales, is not a float32 constant after folding`);
      scales = Array.from(t!.data as Float32Array);
    }
    if (scales.length !== x.length) c.fail(`${scales.length} scales for rank ${x.length}`);
    if (scales.some((s) => !(s >= 1))) c.fail(`scales [${scales}] below 1`);
    return [{ type: c.inp(0).type, dims: x.map((d, i) => Math.floor(Math.fround(scales[i] * d))) }];
  },
  /** Resize (opset 10+), as onnxruntime sizes it: scales (the non-empty input 1 at opset 10, 2 from 11) give
   * floor(f(scale * D)); else sizes (input 3); from opset 18 both may name only the `axes`, and with sizes
   * keep_aspect_ratio_policy not_larger / not_smaller scales every resized axis by the min / max of f(size / D),
   * each output dim then round(f(scale * D)) */
  resizeAll: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const r = x.length;
    const axes = (c.opset >= 18 ? c.attrInts('axes') : undefined)?.map((a) => c.axisOf(a, r, 'axis'));
    const on = axes ?? x.map((_, i) => i);
    if (axes && new Set(axes).size !== axes.length) c.fail(`axes [${axes}] repeat`);
    const scalesK = c.opset < 11 ? 1 : 2;
    const scalesT = c.constant(scalesK);
    if (c.has(scalesK) && !scalesT) c.runTime(`${c.inName(scalesK)}, the scales, is not a constant after folding`);
    const useSizes = c.opset >= 11 && c.has(3) && (!scalesT || scalesT.data.length === 0);
    if (!useSizes) {
      if (!scalesT || scalesT.type !== 'float32' || scalesT.data.length === 0)
        c.fail(`${c.inName(scalesK)}, the scales, is not a non-empty float32 constant after folding`);
      const s = Array.from(scalesT!.data as Float32Array);
      if (s.length !== on.length) c.fail(`${s.length} scales for ${on.length} axes`);
      const full = x.map(() => 1);
      on.forEach((a, i) => (full[a] = s[i]));
      return [{ type: c.inp(0).type, dims: x.map((d, i) => Math.floor(Math.fround(full[i] * d))) }];
    }
    const sizes = c.constInts(3, 'sizes');
    if (sizes.length !== on.length) c.fail(`${sizes.length} sizes for ${on.length} axes`);
    const out = [...x];
    on.forEach((a, i) => (out[a] = sizes[i]));
    const policy = c.opset >= 18 ? c.attrString('keep_aspect_ratio_policy', 'stretch') : 'stretch';
    if (policy === 'stretch') return [{ type: c.inp(0).type, dims: out }];
    if (policy !== 'not_larger' && policy !== 'not_smaller') c.fail(`keep_aspect_ratio_policy ${policy}`);
    const ratios = on.map((a) => (x[a] === 0 ? 1 : Math.fround(out[a] / x[a])));
    const s = policy === 'not_larger' ? Math.min(...ratios) : Math.max(...ratios);
    return [{ type: c.inp(0).type, dims: x.map((d, i) => (on.includes(i) ? Math.round(Math.fround(s * d)) : d)) }];
  },
  // ---- end of data movement (more) ----
  // ---- indexing and more element-wise ----
  /** CastLike: input 0's dims, input 1's type */
  castLike: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(1).type, dims: [...c.inp(0).dims] }],
  /** IsNaN / IsInf: bool of input 0's dims */
  boolSame: (c: ShapeContext): ShapeInfo[] => [{ type: 'bool', dims: [...c.inp(0).dims] }],
  /** GatherElements: data's type, the indices' dims */
  gatherElements: (c: ShapeContext): ShapeInfo[] => [{ type: c.inp(0).type, dims: [...c.inp(1).dims] }],
  /** GatherND: data's type, indices.dims[:-1] ++ data.dims[batch_dims + k:] (k the indices' last dim) */
  gatherND: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims,
      ind = c.inp(1).dims;
    const b = c.attrInt('batch_dims', 0);
    const k = ind[ind.length - 1];
    if (ind.length < 1 || !(b >= 0) || k === undefined || b + k > x.length)
      c.fail(`indices [${ind}] with batch_dims ${b} do not index data [${x}]`);
    return [{ type: c.inp(0).type, dims: [...ind.slice(0, -1), ...x.slice(b + k)] }];
  },
  /** OneHot: the values' type, the indices' dims with depth (input 1, a constant) inserted at axis (default -1) */
  oneHot: (c: ShapeContext): ShapeInfo[] => {
    const ind = c.inp(0).dims;
    if (ind.length === 0) c.fail(`${c.inName(0)}, the indices, must have rank >= 1`);
    const t = c.constant(1);
    if (!t) {
      const where = `node ${JSON.stringify(c.node.name)} (OneHot)`;
      throw new RunTimeShapeError(
        'UNSUPPORTED_OP',
        `${where}: ${c.inName(1)}, the depth, is not a constant after folding: the output dims are its value and the runtime plans static shapes, so it runs only on a constant depth`,
        where,
      );
    }
    if (t.data.length !== 1) c.fail(`${c.inName(1)}, the depth, holds ${t.data.length} values, one is required`);
    const depth = Math.trunc(Number(t!.data[0]));
    if (!(depth >= 1)) c.fail(`depth ${t!.data[0]} must be >= 1`);
    const axis = c.axisOf(c.attrInt('axis', -1), ind.length + 1, 'axis');
    return [{ type: c.inp(2).type, dims: [...ind.slice(0, axis), depth, ...ind.slice(axis)] }];
  },
  /** EyeLike: input 0's dims, of the dtype attribute's type (default input 0's) */
  eyeLike: (c: ShapeContext): ShapeInfo[] => {
    const code = c.attrInt('dtype', 0);
    const type = c.node.attributes.has('dtype')
      ? (ONNX_TYPES[code] ?? c.fail(`dtype ${code} is not a carried type`))
      : c.inp(0).type;
    return [{ type, dims: [...c.inp(0).dims] }];
  },
  /** Compress: input 0's type; the axis (or the flattened input) cut to the true entries of the condition (input 1,
   * which must be a constant: the output dims count them), read up to the axis length */
  compress: (c: ShapeContext): ShapeInfo[] => {
    const x = c.inp(0).dims;
    const t = c.constant(1);
    if (!t) {
      const where = `node ${JSON.stringify(c.node.name)} (Compress)`;
      throw new RunTimeShapeError(
        'UNSUPPORTED_OP',
        `${where}: ${c.inName(1)}, the condition, is not a constant after folding: the output dims count its true values and the runtime plans static shapes, so it runs only on a constant condition`,
        where,
      );
    }
    const hasAxis = c.node.attributes.has('axis');
    const axis = hasAxis ? c.axisOf(c.attrInt('axis', 0), x.length, 'axis') : 0;
    const d = hasAxis ? x[axis] : numel(x);
    let n = 0;
    for (let i = 0; i < Math.min(d, t.data.length); i++) if (t.data[i]) n++;
    return [{ type: c.inp(0).type, dims: hasAxis ? x.map((v, i) => (i === axis ? n : v)) : [n] }];
  },
  /** Einsum: input 0's type; the output letters' dims (after '->', or the letters seen once, sorted) */
  einsum: (c: ShapeContext): ShapeInfo[] => {
    const eq = c.attrString('equation', '').replace(/\s+/g, '');
    const [lhs, rhs] = eq.split('->');
    const terms = lhs.split(',');
    const dim = new Map<string, number>();
    const seen = new Map<string, number>();
    // '...' stands for the dims no letter names, numpy-broadcast across the operands
    let ell: number[] = [];
    terms.forEach((t, k) => {
      const d = c.inp(k).dims;
      const dots = t.indexOf('...');
      const letters = t.replace('...', '');
      const n = d.length - letters.length;
      if (n < 0 || (dots < 0 && n !== 0)) c.fail(`equation ${eq}: term ${t} for ${c.inName(k)} of dims [${d}]`);
      const ed = dots < 0 ? [] : d.slice(dots, dots + n);
      const r = Math.max(ell.length, ed.length);
      ell = Array.from({ length: r }, (_, i) => {
        const a = ell[ell.length - r + i] ?? 1,
          b = ed[ed.length - r + i] ?? 1;
        if (a !== b && a !== 1 && b !== 1) c.fail(`equation ${eq}: '...' dims [${ell}] and [${ed}] do not broadcast`);
        return a === 1 ? b : a;
      });
      [...letters].forEach((l, i) => {
        dim.set(l, d[i < dots || dots < 0 ? i : i + n]);
        seen.set(l, (seen.get(l) ?? 0) + 1);
      });
    });
    const named = (ls: string) =>
      [...ls].map((l) => dim.get(l) ?? c.fail(`equation ${eq}: output letter ${l} is in no operand`));
    if (rhs === undefined) {
      const once = [...seen.keys()].filter((l) => seen.get(l) === 1).sort();
      return [{ type: c.inp(0).type, dims: [...ell, ...named(once.join(''))] }];
    }
    const [before, after] = rhs.split('...');
    return [
      { type: c.inp(0).type, dims: after === undefined ? named(before) : [...named(before), ...ell, ...named(after)] },
    ];
  },
  // ---- end of indexing and more element-wise ----
  // ---- sequence, control flow and detection ----
  /**
   * If: where the condition (input 0) is a constant after folding, the chosen branch's outputs (the other is not
   * looked at); otherwise both branches', which must agree in type and dims (the runtime plans static shapes). A branch
   * whose shapes do not infer with the loaded shapes (BAD_SHAPE inside it) is left to refuse at run time, when the
   * condition chooses it; the If takes the other's outputs.
   */
  if: (c: ShapeContext): ShapeInfo[] => ifShapes(c),
  /** Loop: dims the run decides (its iterations): checked, then left to the loader's split */
  loop: (c: ShapeContext): ShapeInfo[] => loopShapes(c),
  /** Scan: checked, then left to the loader's split */
  scan: (c: ShapeContext): ShapeInfo[] => scanShapes(c),
  /** LSTM: Y [seq, dirs, batch, hidden], Y_h and Y_c [dirs, batch, hidden] (layout 1: batch first) */
  lstm: (c: ShapeContext): ShapeInfo[] => rnnShapes(c, 4, 3),
  /** DynamicQuantizeLSTM: LSTM's, its 8-bit W [dirs, input, 4 hidden] and R [dirs, hidden, 4 hidden] transposed */
  dynamicQuantizeLstm: (c: ShapeContext): ShapeInfo[] => rnnShapes(c, 4, 3, true),
  /** RNN: Y [seq, dirs, batch, hidden], Y_h [dirs, batch, hidden] (layout 1: batch first) */
  rnn: (c: ShapeContext): ShapeInfo[] => rnnShapes(c, 1, 2),
  /** GRU: Y [seq, dirs, batch, hidden], Y_h [dirs, batch, hidden] (layout 1: batch first) */
  gru: (c: ShapeContext): ShapeInfo[] => rnnShapes(c, 3, 2),
  /** Size: the element count, an int64 scalar (shapes are static: it folds at load) */
  size: (): ShapeInfo[] => [{ type: 'int64', dims: [] }],
  /**
   * NonMaxSuppression: [selected, 3] int64, a count only the data decides; planned only where every input is a
   * constant (the count is computed at load, as onnxruntime would at run time), else UNSUPPORTED_OP
   */
  nonMaxSuppression: (c: ShapeContext): ShapeInfo[] => nmsShapes(c),
  // ---- end of sequence, control flow and detection ----
} as const satisfies Record<string, ShapeRule>;
