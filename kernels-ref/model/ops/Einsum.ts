/**
 * Einsum (opset 12+; float32, int32, int64; two operands also double, summed in k order, which onnxruntime-web does
 * not run):
 * - one operand: a permutation of its letters, or (float32) a sum over the letters the output drops, as onnxruntime
 *   computes it: ./Reduce.ts's ReduceSum of the input, then the kept letters permuted to the output's order;
 * - two operands without diagonals or one-sided sums: out[letters] = the sum over the letters of both operands that
 *   the output drops (K) of A[...] * B[...]; float32 in onnxruntime's order: a matrix product (../sgemm-order.ts, B
 *   not constant) of M = the letters of A and the output only, N = those of B and the output only, K flattened in A's
 *   letter order, one per batch (the letters of all three). Integers wrap.
 * Without '->' the output is the letters seen once, sorted.
 */
import { sgemmElement } from '../sgemm-order.js';
import { ReduceSum } from './Reduce.js';
import { attrString, f32, makeTensor, need, numel, onlyAttrs, stridesOf, unravel, type OpFn } from '../tensor.js';

export const Einsum: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Einsum', 'equation');
  const eq = attrString(attrs, 'equation', '').replace(/\s+/g, '');
  if (eq.includes('.')) throw new Error('Einsum: ... is not supported');
  const [lhs, rhs] = eq.split('->');
  const terms = lhs.split(',').map((t) => [...t]);
  const xs = terms.map((_, k) => need(inputs, k, `input ${k}`));
  const seen = new Map<string, number>();
  terms.forEach((t) => t.forEach((c) => seen.set(c, (seen.get(c) ?? 0) + 1)));
  const out = rhs !== undefined ? [...rhs] : [...seen.keys()].filter((c) => seen.get(c) === 1).sort();
  const dim = new Map<string, number>();
  terms.forEach((t, k) =>
    t.forEach((c, i) => {
      if (t.indexOf(c) !== i) throw new Error('Einsum: diagonals are not supported');
      if (dim.has(c) && dim.get(c) !== xs[k].dims[i]) throw new Error(`Einsum: letter ${c} sizes differ`);
      dim.set(c, xs[k].dims[i]);
    }),
  );
  const outDims = out.map((c) => dim.get(c)!);
  const type = xs[0].type;
  const y = makeTensor(type, outDims);
  const at = (k: number, letters: Map<string, number>) => {
    const s = stridesOf(xs[k].dims);
    return terms[k].reduce((a, c, i) => a + letters.get(c)! * s[i], 0);
  };
  if (terms.length === 1) {
    let src = xs[0];
    let letters = terms[0];
    if (out.length !== letters.length) {
      // onnxruntime sums the dropped letters with its ReduceSum (./Reduce.ts), the kept ones in the input's order
      if (type !== 'float32') throw new Error(`Einsum: a one-operand ${type} sum is not supported`);
      const axes = letters.flatMap((l, i) => (out.includes(l) ? [] : [i]));
      src = ReduceSum(
        [src],
        new Map([
          ['axes', { kind: 'ints', value: axes }],
          ['keepdims', { kind: 'int', value: 0 }],
        ]),
        11,
      )[0];
      letters = letters.filter((l) => out.includes(l));
    }
    const s = stridesOf(src.dims);
    for (let p = 0; p < y.data.length; p++) {
      const c = unravel(p, outDims);
      y.data[p] = src.data[letters.reduce((a, l, i) => a + c[out.indexOf(l)] * s[i], 0)];
    }
    return [y];
  }
  if (terms.length !== 2) throw new Error('Einsum: one or two operands');
  const [a, b] = terms;
  for (const c of [...a, ...b])
    if (!(a.includes(c) && b.includes(c)) && !out.includes(c))
      throw new Error('Einsum: one-sided sums are not supported');
  const ks = a.filter((c) => b.includes(c) && !out.includes(c));
  const kDims = ks.map((c) => dim.get(c)!);
  const K = numel(kDims);
  const M = numel(a.filter((c) => out.includes(c) && !b.includes(c)).map((c) => dim.get(c)!));
  const N = numel(b.filter((c) => out.includes(c) && !a.includes(c)).map((c) => dim.get(c)!));
  const order = { m: M, n: N, k: K, transA: false, transB: false, alpha: 1, beta: 0, constantB: false };
  const nLetters = b.filter((c) => out.includes(c) && !a.includes(c));
  for (let p = 0; p < y.data.length; p++) {
    const c = unravel(p, outDims);
    const letters = new Map(out.map((l, i) => [l, c[i]]));
    const terms2 = (q: number) => {
      const kc = unravel(q, kDims);
      const m2 = new Map(letters);
      ks.forEach((l, i) => m2.set(l, kc[i]));
      return [xs[0].data[at(0, m2)], xs[1].data[at(1, m2)]] as const;
    };
    if (type === 'float32') {
      // the output's column: its N letters' flat index
      const j = nLetters.reduce((acc, l) => acc * dim.get(l)! + letters.get(l)!, 0);
      y.data[p] = sgemmElement(
        order,
        j,
        (q) => {
          const [u, v] = terms2(q);
          return f32((u as number) * (v as number));
        },
        0,
      );
    } else if (type === 'double') {
      let sum = 0;
      for (let q = 0; q < K; q++) {
        const [u, v] = terms2(q);
        sum += (u as number) * (v as number);
      }
      y.data[p] = sum;
    } else if (type === 'int64') {
      let s = 0n;
      for (let q = 0; q < K; q++) {
        const [u, v] = terms2(q);
        s = BigInt.asIntN(64, s + (u as bigint) * (v as bigint));
      }
      y.data[p] = s;
    } else if (type === 'int32') {
      let s = 0n;
      for (let q = 0; q < K; q++) {
        const [u, v] = terms2(q);
        s += BigInt(u as number) * BigInt(v as number);
      }
      y.data[p] = Number(BigInt.asIntN(32, s));
    } else throw new Error(`Einsum: type ${type}`);
  }
  return [y];
};
