/**
 * Einsum (opset 12+; float32, int32, int64: onnxruntime's types), the forms CNN and attention exports write, as
 * onnxruntime's CPU kernel computes them:
 * - one operand: a permutation of its letters ('ij->ji', 'bhwc->bchw'), a copy; or (float32) a sum over the letters
 *   the output drops ('ij->i', 'bhwc->bc'): onnxruntime's ReduceSum of the input (./reduce.ts, its loop per fast
 *   shape), then the kept letters permuted to the output's order;
 * - two operands, each letter once per operand, every letter of an operand either in the other operand or in the
 *   output: the letters of both operands and the output are batch dims, those of A (B) and the output only are M (N),
 *   those of both operands only are K (summed). onnxruntime permutes A to [batch, M, K] and B to [batch, K, N] and
 *   runs one matrix product per batch (MLAS SGEMM for float32: ../../numerics/sgemm.ts's order, B not packed; K
 *   flattened in the order its letters come in A), then permutes [batch, M, N] to the output's letters. Integers sum
 *   wrapping (the order does not matter).
 * The output letters are given after '->' or, without it, those appearing once, in alphabetical order. Refused
 * (UNSUPPORTED_OP): '...', a letter twice in one operand (a diagonal), a letter of one operand only that the output
 * does not keep (onnxruntime sums it first, in an order not reproduced), a one-operand integer sum, three or more
 * operands, dims of one letter that differ.
 */
import { type SgemmPlan, sgemm } from '../../numerics/sgemm.js';
import type { HostData, HostOpFactory, HostOpNode } from '../types.js';
import { ReduceSum } from './reduce.js';
import {
  attrString,
  checkWorkspace,
  expectDims,
  expectOutType,
  expectType,
  need,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
} from './common.js';

interface Parsed {
  ins: string[][];
  out: string[];
}

/**
 * The letters of an equation's terms (`ins`, one list per operand) and of its output (given after '->', or the letters
 * that appear once, in alphabetical order), or why it is not taken: '...', another operand count, a character that is
 * no letter, a letter twice in one term (a diagonal), an output letter in no operand. Shared with the load pass that
 * takes two-operand products apart (../../graph/passes/decompose-einsum.ts).
 */
export function parseEquation(eq: string, operands: number): Parsed | string {
  const s = eq.replace(/\s+/g, '');
  if (s.includes('.')) return `equation ${eq}: '...' (broadcast dims) is not supported`;
  const [lhs, rhs] = s.split('->') as [string, string | undefined];
  const ins = lhs.split(',').map((t) => [...t]);
  if (ins.length !== operands) return `equation ${eq} names ${ins.length} operands, the node has ${operands}`;
  for (const t of [...ins, ...(rhs !== undefined ? [[...rhs]] : [])])
    for (const c of t) if (!/[a-zA-Z]/.test(c)) return `equation ${eq}: ${JSON.stringify(c)} is not a letter`;
  const count = new Map<string, number>();
  for (const t of ins) for (const c of t) count.set(c, (count.get(c) ?? 0) + 1);
  const out =
    rhs !== undefined
      ? [...rhs]
      : [...count]
          .filter(([, n]) => n === 1)
          .map(([c]) => c)
          .sort();
  for (const t of [...ins, out])
    if (new Set(t).size !== t.length) return `equation ${eq}: a letter repeats in one term (a diagonal)`;
  for (const c of out) if (!count.has(c)) return `equation ${eq}: output letter ${c} is in no operand`;
  return { ins, out };
}

function parse(node: HostOpNode, eq: string, operands: number): Parsed {
  const p = parseEquation(eq, operands);
  return typeof p === 'string' ? unsupported(node, p) : p;
}

/** Copies X (dims `dims`, letters `from`) into Y laid out by the letters `to` (a permutation of `from`). */
function permuter(from: string[], to: string[], dims: readonly number[]): (X: HostData, Y: HostData) => void {
  const xs = stridesOf(dims);
  const order = to.map((c) => from.indexOf(c));
  const tdims = order.map((i) => dims[i]),
    tstr = order.map((i) => xs[i]);
  const total = numel(dims),
    r = to.length;
  return (X, Y) => {
    const Xa = X as Float32Array,
      Ya = Y as Float32Array;
    if (total === 0) return;
    const idx = new Array<number>(r).fill(0);
    let at = 0;
    for (let p = 0; p < total; p++) {
      Ya[p] = Xa[at];
      for (let i = r - 1; i >= 0; i--) {
        if (++idx[i] < tdims[i]) {
          at += tstr[i];
          break;
        }
        at -= tstr[i] * (tdims[i] - 1);
        idx[i] = 0;
      }
    }
  };
}

export const Einsum: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 12) unsupported(node, `opset ${opset} has no Einsum (from 12)`);
  onlyAttrs(node, 'equation');
  const eq = attrString(node, 'equation', '');
  const n = inputs.length;
  if (n !== 1 && n !== 2) unsupported(node, `${n} operands: one or two are supported`);
  const ops = inputs.map((_, k) => need(node, inputs, k, `input ${k}`));
  const type = ops[0].type;
  expectType(node, ops[0], 'input 0', 'float32', 'int32', 'int64');
  for (const v of ops) if (v.type !== type) unsupported(node, `operand types differ (${ops.map((o) => o.type)})`);
  const { ins, out } = parse(node, eq, n);
  const dim = new Map<string, number>();
  ins.forEach((t, k) => {
    if (t.length !== ops[k].dims.length)
      unsupported(node, `equation ${eq}: term ${t.join('')} for input ${k} of dims [${ops[k].dims}]`);
    t.forEach((c, i) => {
      const d = ops[k].dims[i];
      if (dim.has(c) && dim.get(c) !== d) unsupported(node, `equation ${eq}: letter ${c} is ${dim.get(c)} and ${d}`);
      dim.set(c, d);
    });
  });
  const outDims = out.map((c) => dim.get(c)!);
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], type);
  if (n === 1) {
    if (out.length === ins[0].length) {
      const perm = permuter(ins[0], out, ops[0].dims);
      return (i, o) => perm(i[0]!.data, o[0].data);
    }
    // a sum over the letters the output drops: onnxruntime's ReduceSum (./reduce.ts) of the input, then the kept
    // letters (in the input's order) permuted to the output's
    if (type !== 'float32')
      unsupported(node, `equation ${eq}: a one-operand ${type} sum is not supported (float32 is)`);
    const kept = ins[0].filter((c) => out.includes(c));
    const axes = ins[0].flatMap((c, i) => (out.includes(c) ? [] : [i]));
    const keptDims = kept.map((c) => dim.get(c)!);
    const sum = ReduceSum(
      {
        ...node,
        opType: 'ReduceSum',
        attributes: new Map([
          ['axes', { kind: 'ints', value: axes }],
          ['keepdims', { kind: 'int', value: 0 }],
        ]),
      },
      [ops[0]],
      [{ type, dims: keptDims }],
      11,
    );
    const perm = permuter(kept, out, keptDims);
    const tmp = new Float32Array(numel(keptDims));
    return (i, o) => {
      sum([i[0]], [{ type, dims: keptDims, data: tmp }]);
      perm(tmp, o[0].data);
    };
  }
  const [a, b] = ins;
  for (const [t, other] of [
    [a, b],
    [b, a],
  ])
    for (const c of t)
      if (!other.includes(c) && !out.includes(c))
        unsupported(node, `equation ${eq}: letter ${c} of one operand only is summed (not supported)`);
  const batch = out.filter((c) => a.includes(c) && b.includes(c));
  const ms = a.filter((c) => out.includes(c) && !b.includes(c));
  const ns = b.filter((c) => out.includes(c) && !a.includes(c));
  const ks = a.filter((c) => b.includes(c) && !out.includes(c));
  const size = (l: string[]) => numel(l.map((c) => dim.get(c)!));
  const [nb, m, nn, k] = [size(batch), size(ms), size(ns), size(ks)];
  checkWorkspace(node, numel(ops[0].dims) + numel(ops[1].dims) + nb * m * nn, 'permuted operands');
  const permA = permuter(a, [...batch, ...ms, ...ks], ops[0].dims);
  const permB = permuter(b, [...batch, ...ks, ...ns], ops[1].dims);
  const permC = permuter(
    [...batch, ...ms, ...ns],
    out,
    [...batch, ...ms, ...ns].map((c) => dim.get(c)!),
  );
  const Arr = type === 'int64' ? BigInt64Array : type === 'int32' ? Int32Array : Float32Array;
  const pa = new Arr(nb * m * k),
    pb = new Arr(nb * k * nn),
    pc = new Arr(nb * m * nn);
  const plan: SgemmPlan = { m, n: nn, k, transA: false, transB: false, alpha: 1, beta: 0, packed: false };
  const row = new Float32Array(nn);
  return (i, o) => {
    permA(i[0]!.data, pa);
    permB(i[1]!.data, pb);
    for (let q = 0; q < nb; q++) {
      if (type === 'float32')
        sgemm(
          plan,
          pa as Float32Array,
          q * m * k,
          k,
          1,
          pb as Float32Array,
          q * k * nn,
          pc as Float32Array,
          q * m * nn,
          row,
        );
      else if (type === 'int32') {
        const A = pa as Int32Array,
          B = pb as Int32Array,
          C = pc as Int32Array;
        for (let x = 0; x < m; x++)
          for (let y = 0; y < nn; y++) {
            let s = 0;
            for (let z = 0; z < k; z++) s = (s + Math.imul(A[(q * m + x) * k + z], B[(q * k + z) * nn + y])) | 0;
            C[(q * m + x) * nn + y] = s;
          }
      } else {
        const A = pa as BigInt64Array,
          B = pb as BigInt64Array,
          C = pc as BigInt64Array;
        for (let x = 0; x < m; x++)
          for (let y = 0; y < nn; y++) {
            let s = 0n;
            for (let z = 0; z < k; z++) s += A[(q * m + x) * k + z] * B[(q * k + z) * nn + y];
            C[(q * m + x) * nn + y] = s; // the store keeps the low 64 bits
          }
      }
    }
    permC(pc, o[0].data);
  };
};
