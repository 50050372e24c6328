/**
 * The float element-wise region: i8conv's ElementwiseRegion node (what src/model/graph/passes/fuse-float-regions.ts
 * makes of a connected group of float32 element-wise operators of one output shape) compiled into a program of the
 * wasm kernel assembly/model/region.ts and run as one pass over memory on the pool's threads.
 *
 * The node: `body` (a graph attribute) holds the operators in dependency order, reading values of the enclosing graph
 * by name; the node's inputs are every value the body reads from outside (data, broadcast operands, scales and zero
 * points), its outputs the body's values read outside the region or graph outputs. Every body value has the
 * region's shape S; an outside operand is
 *   full     S's dims exactly (any rank, or fewer leading 1s), read element by element in the step's layout;
 *   scalar   one element (a constant, or a value computed at run time such as DynamicQuantizeLinear's scale);
 *   channel  one axis k of S (the same for the whole region), every other dim 1: a constant or computed float32 [C].
 * The operators taken (REGION_OPS, each as its TypeScript operator computes it: src/model/backends/host/):
 *   Add, Sub, Mul, Div (float32, numpy broadcast within the kinds above); Max, Min, Sum, Mean (any number of inputs,
 *   left to right, onnxruntime's operand swap where its broadcast loop sees input 0 as a scalar); PRelu; Pow by a
 *   constant 2 or 3 (onnxruntime's x * x shortcuts); Reciprocal; Floor, Ceil, Round, Sign; Relu; Clip (constant or
 *   scalar bounds); LeakyRelu; HardSigmoid; HardSwish; Sigmoid, Tanh, Exp (MLAS); Log (musl's logf); Neg; Abs;
 *   Sqrt; Elu, Selu, Celu, Softplus (musl's expf and log1pf), Mish (Softplus, MLAS tanh, Mul), Softsign,
 *   ThresholdedRelu, Erf (MLAS), Gelu (opset 20, 'none' / 'tanh') and com.microsoft Gelu, FastGelu, BiasGelu (their
 *   bias, 1-D of X's last dim, a channel operand of the last axis);
 *   Cast to float32 of a full int32, 8-bit or float32 input; DequantizeLinear of a full 8-bit input per tensor;
 *   QuantizeLinear per tensor to 8 bits (its output leaves the region).
 * Layouts: NCHW (row-major; channel operands by the axis's inner size), or NCHW44 where S is [N, C, H, W] with
 * C % 4 == 0, every full operand has S's rank and the channel axis (if any) is 1 — the layout planner runs the step
 * in its full inputs' layout.
 */
import { GuardedBlocks } from '../../../heap.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch } from '../../../threads/protocol.js';
import { JOB, runJob, writeJob } from '../../../threads/protocol.js';
import type { Node, Tensor } from '../../graph/ir.js';
import { attrFloat, attrInt, numbersOf } from '../../graph/attrs.js';
import type { BuildEnv, Lower, LoweredNode, StepImpl, StepPointers } from '../../executor/step.js';
import { unsupported } from '../../executor/step.js';
import { REGION_CTX as R } from './ctx.generated.js';
import { ortOperandSwaps, powShortcut } from '../host/variadic.js';

const f32 = Math.fround;

/** Elements per task: a multiple of the block, a few tens of microseconds of work. */
export const REGION_GRAIN = 16384;
/** Most registers a region's program may use (the scratch slice per thread is this many registers at most). */
export const REGION_MAX_REGS = 48;

/** What the region knows of a value. */
export interface RegionValue {
  type: string;
  dims: readonly number[];
  constant?: Tensor;
}
type Facts = (name: string) => RegionValue | undefined;

/** How an outside operand is read. */
export type OperandKind = { kind: 'full' } | { kind: 'scalar' } | { kind: 'channel'; axis: number };

const numel = (d: readonly number[]): number => d.reduce((a, b) => a * b, 1);

/** The kind of an operand of dims `d` in a region of shape S (undefined: none of them). */
export function operandKind(d: readonly number[], S: readonly number[]): OperandKind | undefined {
  if (d.length > S.length) return undefined;
  const off = S.length - d.length;
  if (numel(d) === numel(S) && d.every((v, k) => v === S[off + k])) return { kind: 'full' };
  if (numel(d) === 1) return { kind: 'scalar' };
  let axis = -1;
  for (let k = 0; k < d.length; k++) {
    if (d[k] === 1) continue;
    if (d[k] !== S[off + k] || axis >= 0) return undefined;
    axis = off + k;
  }
  return axis >= 0 ? { kind: 'channel', axis } : undefined;
}

// ---- the operators ------------------------------------------------------------------------------------------------

/** What the compiler gives an operator's emitter. */
interface Emit {
  /** the register holding a float operand (an outside one is loaded or broadcast as its kind says) */
  reg(name: string): number;
  /** a fresh register for the node's output */
  out(): number;
  /** a fresh register holding a copy of register r (pmax(r, r) is r, NaN included) */
  copy(r: number): number;
  op(code: number, dst: number, a: number, b?: number, f0?: number, f1?: number): void;
  /** a register holding the float32 constant v in every lane (one per value in a region) */
  constant(v: number): number;
  /** gives back a register of this node's intermediate steps (not its output) */
  release(r: number): void;
  /** what the region knows of a value */
  value(name: string): RegionValue;
  /** a full 8-bit / int32 operand loaded by `code` (OP_LD_I32 / OP_LD_B8 / OP_LD_DQ) into a fresh register */
  load(code: number, name: string, scale?: string, zeroPoint?: string): number;
  /** stores register r to the region output `name` quantized with scale / zero point (QuantizeLinear) */
  storeQ(r: number, name: string, scale: string, zeroPoint: string | undefined): void;
}

interface RegionOp {
  /** why the node cannot be in a region, or null (types, attributes, operands' kinds are checked by the pass) */
  check(node: Node, facts: Facts, opset: number): string | null;
  /** the node's inputs that are float data of the region's shape or a broadcast of it (the others are parameters) */
  data(node: Node): number[];
  /** emits the node's instructions; returns the output register (undefined: the output is stored, QuantizeLinear) */
  emit(node: Node, e: Emit, opset: number): number | undefined;
}

const isF32 = (v: RegionValue | undefined) => v?.type === 'float32';
const is8 = (v: RegionValue | undefined) => v?.type === 'uint8' || v?.type === 'int8';
const one = (v: RegionValue | undefined) => v !== undefined && numel(v.dims) === 1;

function onlyAttrs(node: Node, ...names: string[]): string | null {
  for (const k of node.attributes.keys()) if (!names.includes(k)) return `attribute ${k}`;
  return null;
}

function floatIn(node: Node, facts: Facts, count: number): string | null {
  if (node.inputs.length !== count || node.inputs.some((x) => x === '')) return `${node.inputs.length} inputs`;
  for (const x of node.inputs) if (!isF32(facts(x))) return `input ${x} is not float32`;
  return null;
}

const binary = (code: number): RegionOp => ({
  check: (node, facts) => onlyAttrs(node) ?? floatIn(node, facts, 2),
  data: () => [0, 1],
  emit: (node, e) => {
    const a = e.reg(node.inputs[0]);
    const b = e.reg(node.inputs[1]);
    const d = e.out();
    e.op(code, d, a, b);
    return d;
  },
});

const unary = (code: number, attrs: string[] = [], imm: (node: Node) => [number, number] = () => [0, 0]): RegionOp => ({
  check: (node, facts) => onlyAttrs(node, ...attrs) ?? floatIn(node, facts, 1),
  data: () => [0],
  emit: (node, e) => {
    const a = e.reg(node.inputs[0]);
    const d = e.out();
    const [f0, f1] = imm(node);
    e.op(code, d, a, 0, f0, f1);
    return d;
  },
});

/** Max / Min / Sum / Mean: one or more float32 inputs, combined left to right as the TypeScript operator does. */
const variadic = (op: 'Max' | 'Min' | 'Sum' | 'Mean'): RegionOp => ({
  check: (node, facts, opset) => {
    const why = onlyAttrs(node);
    if (why) return why;
    if (opset < 6) return `opset ${opset}`;
    if (!node.inputs.length || node.inputs.some((x) => x === '' || !isF32(facts(x)))) return 'an input is not float32';
    const d0 = facts(node.inputs[0])!.dims;
    if (opset < 8 && node.inputs.some((x) => facts(x)!.dims.join() !== d0.join())) return 'shapes differ at opset < 8';
    return null;
  },
  data: (node) => node.inputs.map((_, k) => k),
  emit: (node, e, opset) => {
    let acc = e.reg(node.inputs[0]);
    const code = op === 'Max' ? R.OP_MAXN : op === 'Min' ? R.OP_MINN : R.OP_ADD;
    if (node.inputs.length === 1) return e.copy(acc);
    // onnxruntime's "input 0 is a scalar" broadcast case computes op(in_k, acc): only Max / Min's tie and NaN rules
    // see the order (addition commutes bit for bit)
    const swaps = ortOperandSwaps(
      node.inputs.map((x) => e.value(x).dims),
      opset,
    );
    for (let k = 1; k < node.inputs.length; k++) {
      const b = e.reg(node.inputs[k]);
      const d = e.out();
      e.op(code, d, swaps[k - 1] ? b : acc, swaps[k - 1] ? acc : b);
      acc = d;
    }
    if (op === 'Mean') {
      const d = e.out();
      e.op(R.OP_MUL, d, acc, e.constant(f32(1 / node.inputs.length)));
      acc = d;
    }
    return acc;
  },
});

/**
 * Pow by a constant one-element exponent of 2, or of 3 where onnxruntime's broadcast loop takes the exponent as its
 * scalar (X of more than one element, not seen as the loop's scalar: ortInput0Scalar): x * x (x * x * x). (x * x is
 * pow(x, 2) exactly: the square of a float32 is exact in double, rounded once either way.)
 */
function powExponent(node: Node, facts: Facts): number | null {
  const y = facts(node.inputs[1]);
  if (!y?.constant || !one(y) || !['float32', 'int32', 'int64'].includes(y.type)) return null;
  const k = Number(numbersOf(y.constant)[0]);
  const x = facts(node.inputs[0]);
  return k === 2 || (k === 3 && x !== undefined && powShortcut(x.dims, y.dims)) ? k : null;
}

/** `op`, refused below opset `first` (the versions the TypeScript operator takes) */
const since = (first: number, op: RegionOp): RegionOp => ({
  ...op,
  check: (node, facts, opset) => (opset < first ? `opset ${opset}` : op.check(node, facts, opset)),
});

const CLIP_FLT_MAX = 3.4028234663852886e38;

/** A float32 unary activation: `code` with the immediates `imm` of its attributes, refused below opset `first`. */
const activation = (
  first: number,
  code: number,
  attrs: string[] = [],
  imm: (node: Node) => [number, number] = () => [0, 0],
): RegionOp => since(first, unary(code, attrs, imm));

/** A float32 unary activation composed of region steps: `steps(x, y)` writes register y from register x. */
const composed = (first: number, steps: (e: Emit, x: number, y: number) => void): RegionOp =>
  since(first, {
    check: (node, facts) => onlyAttrs(node) ?? floatIn(node, facts, 1),
    data: () => [0],
    emit: (node, e) => {
      const y = e.out();
      steps(e, e.reg(node.inputs[0]), y);
      return y;
    },
  });

const GELU_SQRT1_2 = f32(Math.SQRT1_2);
const GELU_TANH_B = f32(0.7978845608028654); // sqrt(2 / pi)
const GELU_TANH_C = f32(0.035677408136300125); // 0.044715 sqrt(2 / pi)

/**
 * Gelu of register v as src/model/backends/host/activations.ts computes it, each step one float32 operation:
 * 'none' f(f(0.5 v) * f(erf(f(v * f(1 / sqrt 2))) + 1)); 'tanh' t = f(v * f(f(f(C v) v) + B)),
 * f(f(0.5 v) * f(tanh(t) + 1)). The steps overwrite two registers (an element-wise op may write its operand's).
 */
function emitGelu(e: Emit, v: number, tanh: boolean): number {
  const t = e.out();
  if (tanh) {
    e.op(R.OP_MUL, t, e.constant(GELU_TANH_C), v);
    e.op(R.OP_MUL, t, t, v);
    e.op(R.OP_ADD, t, t, e.constant(GELU_TANH_B));
    e.op(R.OP_MUL, t, v, t);
    e.op(R.OP_TANH, t, t);
  } else {
    e.op(R.OP_MUL, t, v, e.constant(GELU_SQRT1_2));
    e.op(R.OP_ERF, t, t);
  }
  e.op(R.OP_ADD, t, t, e.constant(1));
  const y = e.out();
  e.op(R.OP_MUL, y, e.constant(0.5), v);
  e.op(R.OP_MUL, y, y, t);
  e.release(t);
  return y;
}

/**
 * Gelu (the erf or the tanh formula) of input 0, plus input 1 where `bias` says (a float32 1-D of X's last dim: in
 * the region a channel operand on the last axis, a scalar where that dim is 1, or full where X is 1-D).
 */
const gelu = (
  tanh: (node: Node) => boolean,
  bias: 'none' | 'optional' | 'required',
  attrs: string[] = [],
): RegionOp => ({
  check: (node, facts) => {
    const why = onlyAttrs(node, ...attrs);
    if (why) return why;
    const hasBias = bias !== 'none' && node.inputs.length > 1 && node.inputs[1] !== '';
    if (bias === 'required' && !hasBias) return 'no bias';
    if (node.inputs.length > (bias === 'none' ? 1 : 2)) return `${node.inputs.length} inputs`;
    const x = facts(node.inputs[0]);
    if (!isF32(x)) return 'X is not float32';
    if (attrs.includes('approximate')) {
      const a = node.attributes.get('approximate');
      const v = a === undefined ? 'none' : a.kind === 'string' ? a.value : '';
      if (v !== 'none' && v !== 'tanh') return `approximate ${JSON.stringify(v)}`;
    }
    if (hasBias) {
      const b = facts(node.inputs[1]);
      if (!isF32(b)) return 'the bias is not float32';
      const last = x!.dims[x!.dims.length - 1];
      if (x!.dims.length < 1 || b!.dims.length !== 1 || b!.dims[0] !== last)
        return "the bias is not 1-D of X's last dim";
    }
    return null;
  },
  data: (node) => (bias !== 'none' && node.inputs.length > 1 && node.inputs[1] !== '' ? [0, 1] : [0]),
  emit: (node, e) => {
    let v = e.reg(node.inputs[0]);
    const hasBias = bias !== 'none' && node.inputs.length > 1 && node.inputs[1] !== '';
    if (hasBias) {
      const s = e.out();
      e.op(R.OP_ADD, s, v, e.reg(node.inputs[1]));
      v = s;
    }
    const y = emitGelu(e, v, tanh(node));
    if (hasBias) e.release(v);
    return y;
  },
});

const approximateTanh = (node: Node): boolean => {
  const a = node.attributes.get('approximate');
  return a?.kind === 'string' && a.value === 'tanh';
};

/** Cast's `to` of float32 (TensorProto.FLOAT). */
const TO_FLOAT = 1;

export const REGION_OPS: ReadonlyMap<string, RegionOp> = new Map<string, RegionOp>([
  ['Add', binary(R.OP_ADD)],
  ['Sub', binary(R.OP_SUB)],
  ['Mul', binary(R.OP_MUL)],
  ['Div', binary(R.OP_DIV)],
  ['Relu', unary(R.OP_RELU)],
  ['LeakyRelu', unary(R.OP_LEAKY, ['alpha'], (n) => [f32(attrFloat(n, 'alpha', 0.01)), 0])],
  [
    'HardSigmoid',
    unary(R.OP_HSIG, ['alpha', 'beta'], (n) => [f32(attrFloat(n, 'alpha', 0.2)), f32(attrFloat(n, 'beta', 0.5))]),
  ],
  ['HardSwish', unary(R.OP_HSWISH, [], () => [f32(1 / 6), 0.5])],
  ['Sigmoid', unary(R.OP_SIGMOID)],
  ['Tanh', unary(R.OP_TANH)],
  ['Exp', unary(R.OP_EXP)],
  ['Neg', unary(R.OP_NEG)],
  ['Abs', unary(R.OP_ABS)],
  ['Sqrt', unary(R.OP_SQRT)],
  ['Floor', since(6, unary(R.OP_FLOOR))],
  ['Ceil', since(6, unary(R.OP_CEIL))],
  ['Round', since(11, unary(R.OP_ROUND))],
  ['Sign', since(9, unary(R.OP_SIGN))],
  ['Log', since(6, unary(R.OP_LOG))],
  [
    'Reciprocal',
    since(6, {
      check: (node, facts) => onlyAttrs(node) ?? floatIn(node, facts, 1),
      data: () => [0],
      emit: (node, e) => {
        const d = e.out();
        e.op(R.OP_DIV, d, e.constant(1), e.reg(node.inputs[0]));
        return d;
      },
    }),
  ],
  ['PRelu', since(7, binary(R.OP_PRELU))],
  ['Elu', activation(6, R.OP_ELU, ['alpha'], (n) => [f32(attrFloat(n, 'alpha', 1)), 0])],
  [
    'Selu',
    activation(6, R.OP_SELU, ['alpha', 'gamma'], (n) => {
      const alpha = f32(attrFloat(n, 'alpha', 1.67326319217681884765625));
      const gamma = f32(attrFloat(n, 'gamma', 1.05070102214813232421875));
      return [gamma, f32(gamma * alpha)];
    }),
  ],
  ['Celu', activation(12, R.OP_CELU, ['alpha'], (n) => [f32(attrFloat(n, 'alpha', 1)), 0])],
  ['Softplus', activation(1, R.OP_SOFTPLUS)],
  ['ThresholdedRelu', activation(10, R.OP_THRELU, ['alpha'], (n) => [f32(attrFloat(n, 'alpha', 1)), 0])],
  ['Erf', activation(9, R.OP_ERF)],
  [
    // f(f(1 / f(1 + |x|)) * x)
    'Softsign',
    composed(1, (e, x, y) => {
      e.op(R.OP_ABS, y, x);
      e.op(R.OP_ADD, y, e.constant(1), y);
      e.op(R.OP_DIV, y, e.constant(1), y);
      e.op(R.OP_MUL, y, y, x);
    }),
  ],
  [
    // f(x * tanh(Softplus(x))), tanh MLAS's
    'Mish',
    composed(18, (e, x, y) => {
      e.op(R.OP_SOFTPLUS, y, x);
      e.op(R.OP_TANH, y, y);
      e.op(R.OP_MUL, y, x, y);
    }),
  ],
  ['Gelu', since(20, gelu(approximateTanh, 'none', ['approximate']))],
  ['com.microsoft:Gelu', gelu(() => false, 'none')],
  ['com.microsoft:FastGelu', gelu(() => true, 'optional')],
  ['com.microsoft:BiasGelu', gelu(() => false, 'required')],
  ['Max', variadic('Max')],
  ['Min', variadic('Min')],
  ['Sum', variadic('Sum')],
  ['Mean', variadic('Mean')],
  [
    'Pow',
    since(7, {
      check: (node, facts) => {
        const why = onlyAttrs(node);
        if (why) return why;
        if (node.inputs.length !== 2 || !isF32(facts(node.inputs[0]))) return 'X is not float32';
        return powExponent(node, facts) === null ? 'the exponent is not a constant 2 or 3' : null;
      },
      data: () => [0],
      emit: (node, e) => {
        const x = e.reg(node.inputs[0]);
        const sq = e.out();
        e.op(R.OP_MUL, sq, x, x);
        if (powExponent(node, e.value) !== 3) return sq; // checked: 2 or 3

        const d = e.out();
        e.op(R.OP_MUL, d, sq, x);
        return d;
      },
    }),
  ],
  [
    'Clip',
    {
      check: (node, facts, opset) => {
        if (opset < 11) return onlyAttrs(node, 'min', 'max') ?? floatIn(node, facts, 1);
        const why = onlyAttrs(node);
        if (why) return why;
        if (!isF32(facts(node.inputs[0]))) return 'X is not float32';
        for (const k of [1, 2]) {
          const b = node.inputs[k];
          if (b && !(isF32(facts(b)) && one(facts(b)))) return `bound ${k} is not one float32`;
        }
        return null;
      },
      data: () => [0],
      emit: (node, e, opset) => {
        const x = e.reg(node.inputs[0]);
        let r = x;
        const bound = (k: number, dflt: number, code: number) => {
          // an absent bound is -+FLT_MAX (onnxruntime's float limits): -+inf is clamped to it
          const b =
            opset < 11
              ? e.constant(f32(attrFloat(node, k === 1 ? 'min' : 'max', dflt)))
              : node.inputs[k]
                ? e.reg(node.inputs[k])
                : e.constant(dflt);
          const d = e.out();
          e.op(code, d, r, b);
          r = d;
        };
        bound(1, -CLIP_FLT_MAX, R.OP_PMAX);
        bound(2, CLIP_FLT_MAX, R.OP_PMIN);
        return r;
      },
    },
  ],
  [
    'Cast',
    {
      check: (node, facts) => {
        const why = onlyAttrs(node, 'to', 'saturate');
        if (why) return why;
        if (attrInt(node, 'to', 0) !== TO_FLOAT) return 'not a cast to float32';
        const x = facts(node.inputs[0]);
        if (!x || !['float32', 'int32', 'uint8', 'int8'].includes(x.type)) return `input type ${x?.type}`;
        return null;
      },
      data: () => [0],
      emit: (node, e) => e.load(0, node.inputs[0]),
    },
  ],
  [
    'DequantizeLinear',
    {
      check: (node, facts) => {
        const why = onlyAttrs(node, 'axis');
        if (why) return why;
        const [x, s, z] = node.inputs.map(facts);
        if (!is8(x)) return 'x is not 8-bit';
        if (!(isF32(s) && one(s))) return 'the scale is not one float32';
        if (node.inputs[2] && !(z && z.type === x!.type && one(z))) return 'the zero point is not one value of x';
        return null;
      },
      data: () => [0],
      emit: (node, e) => e.load(R.OP_LD_DQ, node.inputs[0], node.inputs[1], node.inputs[2] || undefined),
    },
  ],
  [
    'QuantizeLinear',
    {
      check: (node, facts) => {
        const why = onlyAttrs(node, 'axis', 'saturate');
        if (why) return why;
        const [x, s, z] = node.inputs.map(facts);
        if (!isF32(x)) return 'x is not float32';
        if (!(isF32(s) && one(s))) return 'the scale is not one float32';
        if (node.inputs[2] && !(is8(z) && one(z))) return 'the zero point is not one 8-bit value';
        return null;
      },
      data: () => [0],
      emit: (node, e) => {
        e.storeQ(e.reg(node.inputs[0]), node.outputs[0], node.inputs[1], node.inputs[2] || undefined);
        return undefined;
      },
    },
  ],
]);

/** The region operator of a node: REGION_OPS's key is the op type (default domain) or `domain:OpType`. */
function regionOpOf(node: Node): RegionOp | undefined {
  return REGION_OPS.get(node.domain === '' ? node.opType : `${node.domain}:${node.opType}`);
}

/** Why `node` cannot join a float region (null: it can), before its operands' kinds are looked at. */
export function regionNodeProblem(node: Node, facts: Facts, opset: number): string | null {
  if (node.domain !== '' && node.domain !== 'com.microsoft') return `domain ${node.domain}`;
  const op = regionOpOf(node);
  if (!op) return 'not a region operator';
  if (node.outputs.length !== 1 || node.outputs[0] === '') return 'not one output';
  const y = facts(node.outputs[0]);
  if (!y) return 'no output facts';
  if (node.opType === 'QuantizeLinear' ? !is8(y) : y.type !== 'float32') return `output type ${y.type}`;
  return op.check(node, facts, opset);
}

/** The positions of the node's data inputs (the region's shape or a broadcast of it). */
export function regionDataInputs(node: Node): number[] {
  return regionOpOf(node)!.data(node);
}

// ---- the compiler ---------------------------------------------------------------------------------------------------

interface Slot {
  /** the value the slot's data pointer is (a step input or output), or a constant block */
  value?: string;
  output?: boolean;
  xor?: number;
  scale?: string;
  zeroPoint?: string;
  /** data of a constant (copied to the kernel's heap) */
  constant?: Float32Array | Uint8Array;
  /** a full constant: stored in the step's layout (NCHW44: relaid out from its NCHW values) */
  full?: boolean;
}

export interface RegionProgram {
  shape: number[];
  /** the channel axis of the channel operands, or -1 */
  channelAxis: number;
  /** whether the step may run in NCHW44 */
  nchw44: boolean;
  /** positions (in node.inputs) of the full operands: the layout planner's data inputs */
  fullInputs: number[];
  prologue: number[][];
  body: number[][];
  slots: Slot[];
  regs: number;
}

/** Compiles a region node (UNSUPPORTED_OP for anything its body or operands do not allow). */
export function compileRegion(node: Node, facts: Facts, opsetOf: (domain: string) => number): RegionProgram {
  const ba = node.attributes.get('body');
  if (ba?.kind !== 'graph') unsupported(node, 'attribute body must be a graph');
  const nodes = ba.value.nodes;
  if (!nodes.length) unsupported(node, 'the body is empty');
  const inside = new Set(nodes.flatMap((n) => n.outputs));
  const outputs = new Set(node.outputs);
  for (const o of outputs) if (!inside.has(o)) unsupported(node, `output ${o} is not a body value`);
  const first = facts(nodes[0].outputs[0]);
  if (!first) unsupported(node, 'the body has no shape');
  const S = [...first.dims];
  let channelAxis = -1;
  const kinds = new Map<string, OperandKind>();
  nodes.forEach((n, i) => {
    const why = regionNodeProblem(n, facts, opsetOf(n.domain));
    if (why) unsupported(node, `body node ${n.name || n.opType}: ${why}`);
    const y = facts(n.outputs[0])!;
    if (y.dims.length !== S.length || y.dims.some((d, k) => d !== S[k]))
      unsupported(node, `body node ${n.name || n.opType} has dims [${y.dims}], the region [${S}]`);
    for (const x of n.inputs)
      if (x && inside.has(x) && facts(x)?.type !== 'float32')
        unsupported(node, `body value ${x} (${facts(x)?.type}) is read inside the region`);
    for (const k of regionDataInputs(n)) {
      const x = n.inputs[k];
      if (!x || inside.has(x)) continue;
      const v = facts(x);
      const kind = v ? operandKind(v.dims, S) : undefined;
      if (!kind) unsupported(node, `operand ${x} [${v?.dims}] is not a full, scalar or channel broadcast of [${S}]`);
      if (kind.kind !== 'full' && v!.type !== 'float32') unsupported(node, `broadcast operand ${x} is ${v!.type}`);
      if (kind.kind !== 'full' && (n.opType === 'Cast' || n.opType === 'DequantizeLinear'))
        unsupported(node, `${n.opType} of a broadcast operand ${x}`);
      if (kind.kind === 'channel') {
        if (channelAxis >= 0 && channelAxis !== kind.axis)
          unsupported(node, `channel operands on axes ${channelAxis} and ${kind.axis}`);
        channelAxis = kind.axis;
      }
      kinds.set(x, kind);
    }
    for (const x of n.inputs)
      if (x && !inside.has(x) && !node.inputs.includes(x)) unsupported(node, `${x} is not an input of the node`);
    // parameters (Clip's bounds, scales, zero points) are one element
    for (const x of n.inputs) if (x && !inside.has(x) && !kinds.has(x)) kinds.set(x, { kind: 'scalar' });
  });
  // the full operands computed at run time: the layout planner hands them in the step's layout (constants are laid
  // out by the kernel)
  const fullInputs = node.inputs.flatMap((x, k) => (kinds.get(x)?.kind === 'full' && !facts(x)!.constant ? [k] : []));
  const nchw44 =
    S.length === 4 &&
    S[1] % 4 === 0 &&
    (channelAxis === -1 || channelAxis === 1) &&
    fullInputs.every((k) => facts(node.inputs[k])!.dims.length === 4) &&
    node.outputs.every((o) => facts(o)!.dims.length === 4);

  // registers: a free list; outside operands keep theirs for the whole program (prologue or per block)
  const slots: Slot[] = [];
  const prologue: number[][] = [];
  const body: number[][] = [];
  // the block's reads of its operands, first in the body: every load precedes every store, so an output may be
  // written over a full input (the memory plan's in-place reuse); their registers are the loads' own
  const reads: number[][] = [];
  const free: number[] = [];
  let regs = 0;
  /** a register; `fresh`: never written by the body (a prologue register, written once per task, must keep its value
   * across every block) */
  const take = (fresh = false): number => {
    const r = fresh ? regs++ : (free.pop() ?? regs++);
    if (regs > REGION_MAX_REGS) unsupported(node, `needs more than ${REGION_MAX_REGS} registers`);
    return r;
  };
  const pinned = new Set<number>();
  // registers whose every vector is the same within a block: scalar broadcasts (1), channel values (2: in the
  // channel-run modes; the kernel checks the mode)
  const uniform = new Map<number, number>();
  /** the registers of the broadcast constants, by value (NaN's payload aside: the constants are numbers) */
  const constants = new Map<string, number>();
  const regOf = new Map<string, number>();
  const slotOf = (s: Slot): number => {
    slots.push(s);
    return slots.length - 1;
  };
  const instr = (code: number, dst: number, a: number, b = 0, f0 = 0, f1 = 0): number[] => [code, dst, a, b, f0, f1];
  const constSlot = (v: number): number => slotOf({ constant: Float32Array.of(v) });
  const xorOf = (name: string) => (facts(name)!.type === 'int8' ? 0x80 : 0);
  let current = 0;
  const lastUse = new Map<string, number>();
  nodes.forEach((n, i) => {
    for (const x of n.inputs) if (x) lastUse.set(x, i);
  });
  const e: Emit = {
    reg(name) {
      const have = regOf.get(name);
      if (have !== undefined) return have;
      const kind = kinds.get(name);
      const v = facts(name);
      if (!kind || !v) unsupported(node, `operand ${name} has no register`);
      const r = take(true);
      pinned.add(r);
      regOf.set(name, r);
      const constant = v.constant ? Float32Array.from(numbersOf(v.constant)) : undefined;
      const s = slotOf({ value: constant ? undefined : name, constant, full: kind.kind === 'full' });
      if (kind.kind === 'scalar') {
        prologue.push(instr(R.OP_BC_SCALAR, r, s));
        uniform.set(r, 1);
      } else if (kind.kind === 'channel') {
        reads.push(instr(R.OP_BC_CHANNEL, r, s));
        uniform.set(r, 2);
      } else reads.push(instr(R.OP_LD_F32, r, s));
      return r;
    },
    out: () => take(),
    copy(r) {
      const d = take();
      body.push(instr(R.OP_PMAX, d, r, r));
      return d;
    },
    op(code, dst, a, b = 0, f0 = 0, f1 = 0) {
      body.push(instr(code, dst, a, b, f0, f1));
    },
    value(name) {
      const v = facts(name);
      if (!v) unsupported(node, `no facts of ${name}`);
      return v;
    },
    constant(v) {
      const key = Object.is(v, -0) ? '-0' : String(f32(v));
      const have = constants.get(key);
      if (have !== undefined) return have;
      const r = take(true);
      pinned.add(r);
      constants.set(key, r);
      prologue.push(instr(R.OP_BC_SCALAR, r, constSlot(v)));
      uniform.set(r, 1);
      return r;
    },
    release(r) {
      if (!pinned.has(r) && !free.includes(r)) free.push(r);
    },
    load(code, name, scale, zeroPoint) {
      const v = facts(name)!;
      if (v.constant) unsupported(node, `a constant operand ${name} of a load (folded before)`);
      if (v.type === 'float32' && code === 0) return e.copy(e.reg(name));
      const op = code !== 0 ? code : v.type === 'int32' ? R.OP_LD_I32 : R.OP_LD_B8;
      const r = take(true);
      pinned.add(r);
      const s = slotOf({ value: name, xor: xorOf(name), scale, zeroPoint });
      reads.push(instr(op, r, s));
      return r;
    },
    storeQ(r, name, scale, zeroPoint) {
      const s = slotOf({ value: name, output: true, xor: facts(name)!.type === 'int8' ? 0x80 : 0, scale, zeroPoint });
      body.push(instr(R.OP_ST_Q, s, r));
    },
  };
  for (const n of nodes) {
    const r = regionOpOf(n)!.emit(n, e, opsetOf(n.domain));
    if (r !== undefined) {
      regOf.set(n.outputs[0], r);
      if (outputs.has(n.outputs[0])) body.push(instr(R.OP_ST_F32, slotOf({ value: n.outputs[0], output: true }), r));
    }
    // free the registers of values this node read last (not outside operands: those hold for every block)
    for (const x of n.inputs) {
      const rx = regOf.get(x);
      if (rx !== undefined && lastUse.get(x) === current && !pinned.has(rx) && !free.includes(rx)) free.push(rx);
    }
    const ry = r === undefined ? undefined : regOf.get(n.outputs[0]);
    if (ry !== undefined && !lastUse.has(n.outputs[0]) && !pinned.has(ry) && !free.includes(ry)) free.push(ry);
    current++;
  }
  // the binary operators whose b is uniform in the block load it once (their registers are pinned: never rewritten)
  for (const ins of body)
    if (ins[0] >= R.OP_ADD && ins[0] <= R.OP_PMIN && uniform.has(ins[3])) ins[6] = uniform.get(ins[3])!;
  return {
    shape: S,
    channelAxis,
    nchw44,
    fullInputs,
    prologue,
    body: [...reads, ...body],
    slots,
    regs: Math.max(regs, 1),
  };
}

// ---- the kernel -----------------------------------------------------------------------------------------------------

/** Where each run's pointers go: slot field byte offsets and the step input / output they come from. */
interface Patch {
  at: number;
  from: 'input' | 'output';
  index: number;
}

class RegionKernel {
  readonly ctx: number;
  readonly dispatch: KernelDispatch[];
  readonly patches: Patch[] = [];
  private readonly blocks: GuardedBlocks;

  constructor(
    private readonly core: WasmRuntimeCore,
    prog: RegionProgram,
    layout: 'NCHW' | 'NCHW44',
    inputs: readonly string[],
    outputs: readonly string[],
    constants: (name: string) => Tensor | undefined,
    regBytes: number,
  ) {
    this.blocks = new GuardedBlocks(core, { param: 'kernel', what: 'the region program', zero: true });
    try {
      const ctx = this.blocks.alloc(R.RG_CTX_BYTES);
      this.ctx = ctx;
      const ib = R.RG_INSTR_BYTES;
      const pro = this.blocks.alloc(Math.max(prog.prologue.length, 1) * ib);
      const body = this.blocks.alloc(Math.max(prog.body.length, 1) * ib);
      const slots = this.blocks.alloc(Math.max(prog.slots.length, 1) * R.RG_SLOT_BYTES);
      const i32 = () => core.i32();
      const f32v = () => core.f32();
      const writeInstr = (at: number, ins: number[]) => {
        const I = i32();
        I[(at + R.IN_OP) >> 2] = ins[0];
        I[(at + R.IN_DST) >> 2] = ins[1];
        I[(at + R.IN_A) >> 2] = ins[2];
        I[(at + R.IN_B) >> 2] = ins[3];
        f32v()[(at + R.IN_F0) >> 2] = ins[4];
        f32v()[(at + R.IN_F1) >> 2] = ins[5];
        I[(at + R.IN_UB) >> 2] = ins[6] ?? 0;
      };
      prog.prologue.forEach((ins, k) => writeInstr(pro + k * ib, ins));
      prog.body.forEach((ins, k) => writeInstr(body + k * ib, ins));
      /** a pointer field: a constant block, or patched each run from the step's input / output */
      const pointer = (field: number, name: string | undefined, output: boolean, bytes?: () => Uint8Array) => {
        if (name !== undefined) {
          const c = output ? undefined : constants(name);
          if (!c) {
            const index = (output ? outputs : inputs).indexOf(name);
            if (index < 0) throw new Error(`region: ${name} is not a step ${output ? 'output' : 'input'}`);
            this.patches.push({ at: field, from: output ? 'output' : 'input', index });
            return;
          }
          bytes = () => constantBytes(c);
        }
        const b = bytes!();
        const at = this.blocks.alloc(Math.max(b.byteLength, 16));
        core.u8().set(b, at);
        i32()[field >> 2] = at;
      };
      prog.slots.forEach((s, k) => {
        const at = slots + k * R.RG_SLOT_BYTES;
        if (s.constant) {
          let c = s.constant;
          if (s.full && layout === 'NCHW44') c = nchw44Of(c as Float32Array, prog.shape);
          pointer(at + R.SL_PTR, undefined, false, () => new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
        } else pointer(at + R.SL_PTR, s.value, s.output === true);
        i32()[(at + R.SL_XOR) >> 2] = s.xor ?? 0;
        if (s.scale !== undefined) pointer(at + R.SL_SCALE, s.scale, false);
        if (s.xor !== undefined && (s.scale !== undefined || s.zeroPoint !== undefined)) {
          if (s.zeroPoint !== undefined) pointer(at + R.SL_ZP, s.zeroPoint, false);
          else pointer(at + R.SL_ZP, undefined, false, () => new Uint8Array(1)); // zero point 0: byte 0 in both types
        }
      });
      const S = prog.shape;
      const n = numel(S);
      let mode: number = R.RG_MODE_FLAT;
      let inner = 1;
      let C = 1;
      if (prog.channelAxis >= 0) {
        C = S[prog.channelAxis];
        inner = numel(S.slice(prog.channelAxis + 1));
        if (layout === 'NCHW44') mode = R.RG_MODE_RUNS44;
        else mode = inner >= 16 ? R.RG_MODE_RUNS : R.RG_MODE_GATHER;
      }
      const I = i32();
      const set = (f: number, v: number) => {
        I[(ctx + f) >> 2] = v;
      };
      set(R.RG_N, n);
      set(R.RG_GRAIN, REGION_GRAIN);
      set(R.RG_MODE, mode);
      set(R.RG_INNER, inner);
      set(R.RG_C, C);
      set(R.RG_PRO, pro);
      set(R.RG_NPRO, prog.prologue.length);
      set(R.RG_BODY, body);
      set(R.RG_NBODY, prog.body.length);
      set(R.RG_SLOTS, slots);
      const tasks = Math.ceil(n / REGION_GRAIN);
      this.dispatch =
        tasks > 0
          ? [
              {
                fn: 'regionTask',
                range: [tasks],
                args: [{ base: 'none' }, { base: 'slices', perThread: regBytes }, { base: 'none' }],
              },
            ]
          : [];
    } catch (e) {
      this.blocks.release();
      throw e;
    }
  }

  get bytes(): number {
    return this.blocks.bytes;
  }

  /** Writes the run's pointers into the slots. */
  bind(p: StepPointers): void {
    const I = this.core.i32();
    for (const q of this.patches) I[q.at >> 2] = q.from === 'input' ? p.inputs[q.index] : p.outputs[q.index];
  }

  dispose(): void {
    this.blocks.release();
  }
}

/** NCHW44 order ([N][C/4][H][W][4]) of float32 values in NCHW order of dims [N, C, H, W]. */
function nchw44Of(x: Float32Array, [N, C, H, W]: readonly number[]): Float32Array {
  const y = new Float32Array(x.length);
  const hw = H * W;
  for (let n = 0; n < N; n++)
    for (let c = 0; c < C; c++)
      for (let i = 0; i < hw; i++) y[((n * (C >> 2) + (c >> 2)) * hw + i) * 4 + (c & 3)] = x[(n * C + c) * hw + i];
  return y;
}

/** A constant's bytes as the kernel reads them: float32 values, or 8-bit bytes as they are. */
function constantBytes(c: Tensor): Uint8Array {
  if (c.type === 'uint8' || c.type === 'int8') {
    const d = c.data as Uint8Array | Int8Array;
    return new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
  }
  const f = Float32Array.from(numbersOf(c));
  return new Uint8Array(f.buffer);
}

/** The operator table's implementation of i8conv ElementwiseRegion. */
export const lowerRegion: Lower = (node, c) => {
  const facts: Facts = (name) => c.values.get(name);
  // the body's operators are of the default domain, at the model's opset (the node's attribute `opset`)
  const opset = attrInt(node, 'opset', 0);
  if (opset < 1) unsupported(node, 'attribute opset (the default domain opset of the body) is missing');
  const prog = compileRegion(node, facts, () => opset);
  const lowered: LoweredNode = {
    name: c.name,
    op: 'ElementwiseRegion',
    node,
    inputs: [...node.inputs],
    outputs: [...node.outputs],
    rule: { kind: 'follow', nchw44: prog.nchw44 && prog.fullInputs.length > 0, data: prog.fullInputs },
    inPlace: inPlaceOk(node, prog, facts),
    build: (env, step) => buildRegion(env, step, node, prog),
  };
  return lowered;
};

/** Output 0 may overwrite input 0: a full operand of 4-byte elements, output 0 float32 (each block reads before it
 * writes, and only its own elements). */
function inPlaceOk(node: Node, prog: RegionProgram, facts: Facts): boolean {
  const x = facts(node.inputs[0]);
  const y = facts(node.outputs[0]);
  return (
    prog.fullInputs.includes(0) &&
    !!x &&
    !x.constant &&
    (x.type === 'float32' || x.type === 'int32') &&
    y?.type === 'float32' &&
    x.dims.length === y.dims.length
  );
}

function buildRegion(env: BuildEnv, step: { layout?: string }, node: Node, prog: RegionProgram): StepImpl {
  const core = env.core;
  const threads = core.pool?.size ?? 1;
  const regBytes = prog.regs * R.RG_REG_BYTES;
  const k = new RegionKernel(
    core,
    prog,
    step.layout === 'NCHW44' ? 'NCHW44' : 'NCHW',
    // the slots name the node's values; the step's are the same positions (the layout planner may rename them)
    node.inputs,
    node.outputs,
    (name) => env.values.get(name)?.constant,
    regBytes,
  );
  const job = new Int32Array(JOB.SIZE);
  const exec = (p: StepPointers) => ({ ctx: k.ctx, src: 0, dst: 0, slices: p.scratch });
  return {
    algorithm: `region-simd(${prog.body.length})`,
    bytes: k.bytes,
    scratchBytes: regBytes * threads,
    macs: 0,
    run(p) {
      k.bind(p);
      const e = exec(p);
      const pool = core.pool;
      if (pool && pool.awake) {
        for (const d of k.dispatch) pool.run(core.exports, d, e);
        return;
      }
      for (const d of k.dispatch) {
        writeJob(job, d, e);
        job[JOB.NEXT] = 0;
        runJob(core.exports, job, 0, 1);
      }
    },
    async runAsync(p) {
      k.bind(p);
      const pool = core.pool;
      if (!pool) return this.run(p);
      await pool.runAsync(k.dispatch, exec(p));
    },
    dispose: () => k.dispose(),
  };
}
