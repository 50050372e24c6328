/**
 * Pass: a two-operand float32 Einsum becomes the Transposes, Reshapes and batched MatMul that onnxruntime's Einsum
 * kernel computes it with, so that it runs on the MatMul kernel (../../backends/wasm-float/gemm.ts) instead of the
 * TypeScript operator (../../backends/host/einsum.ts, which states the order): A permuted to [batch, M, K] and B to
 * [batch, K, N] (K's letters in the order A has them), one product of [M, K] x [K, N] per batch, the result
 * [batch, M, N] permuted to the output's letters. The MatMul computes each product as the operator does (MLAS's
 * order for an unpacked B; the one-row product where M is 1), so the bits are the same. It runs after the passes
 * that fuse MatMul with what follows it (onnxruntime does not fuse an Einsum). Taken: opset 12+, float32 operands of
 * known dims, each letter once per operand and every letter of an operand either in the other one or in the output;
 * anything else stays an Einsum.
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import { parseEquation } from '../../backends/host/einsum.js';

/** The two terms and the output of a product this pass takes, or null (see the header). */
function terms(eq: string): { ins: string[][]; out: string[] } | null {
  const p = parseEquation(eq, 2);
  if (typeof p === 'string') return null;
  const [a, b] = p.ins;
  for (const [t, other] of [
    [a, b],
    [b, a],
  ])
    if (t.some((c) => !other.includes(c) && !p.out.includes(c))) return null;
  return p;
}

export function decomposeEinsumPass(v: GraphView): void {
  if (v.opset() < 12) return;
  for (const n of [...v.live()]) {
    if (n.domain !== '' || n.opType !== 'Einsum' || n.inputs.length !== 2 || n.outputs.length !== 1) continue;
    const eq = n.attributes.get('equation');
    if (eq?.kind !== 'string') continue;
    const t = terms(eq.value);
    const [x, y] = n.inputs;
    const dx = v.dimsOf(x),
      dy = v.dimsOf(y);
    if (!t || !dx || !dy || v.typeOf(x) !== 'float32' || v.typeOf(y) !== 'float32') continue;
    const [a, b] = t.ins;
    const { out } = t;
    if (a.length !== dx.length || b.length !== dy.length) continue;
    const dim = new Map<string, number>();
    let same = true;
    a.forEach((c, i) => dim.set(c, dx[i]));
    b.forEach((c, i) => {
      if (dim.has(c) && dim.get(c) !== dy[i]) same = false;
      dim.set(c, dy[i]);
    });
    if (!same) continue;
    const batch = out.filter((c) => a.includes(c) && b.includes(c));
    const ms = a.filter((c) => out.includes(c) && !b.includes(c));
    const ns = b.filter((c) => out.includes(c) && !a.includes(c));
    const ks = a.filter((c) => b.includes(c) && !out.includes(c));
    const size = (l: string[]) => l.reduce((p, c) => p * dim.get(c)!, 1);
    const [nb, m, nn, k] = [size(batch), size(ms), size(ns), size(ks)];
    if (nb * m * nn * k === 0) continue;
    const nodes: Node[] = [];
    const base = n.name || n.outputs[0];
    const value = (suffix: string, dims: number[]) => {
      const name = v.fresh(`${base}/${suffix}`);
      v.annotate({ name, type: 'float32', onnxElemType: 1, shape: dims });
      return name;
    };
    const node = (opType: string, inputs: string[], output: string, perm?: number[]) =>
      nodes.push({
        name: v.fresh(`${base}/${opType}`),
        opType,
        domain: '',
        inputs,
        outputs: [output],
        attributes: perm ? new Map([['perm', { kind: 'ints', value: perm }]]) : new Map(),
      });
    // an operand laid out by `to` (a permutation of its letters `from`), then viewed as the 3-D `shape`
    const operand = (name: string, from: string[], to: string[], shape: number[], tag: string) => {
      const perm = to.map((c) => from.indexOf(c));
      let cur = name;
      if (perm.some((p, i) => p !== i)) {
        cur = value(
          `${tag}_permuted`,
          to.map((c) => dim.get(c)!),
        );
        node('Transpose', [name], cur, perm);
      }
      const flat = value(`${tag}_3d`, shape);
      node(
        'Reshape',
        [cur, v.addInitializer(`${base}/${tag}_shape`, 'int64', [3], BigInt64Array.from(shape, BigInt))],
        flat,
      );
      return flat;
    };
    const a3 = operand(x, a, [...batch, ...ms, ...ks], [nb, m, k], 'a');
    const b3 = operand(y, b, [...batch, ...ks, ...ns], [nb, k, nn], 'b');
    const prod = value('product', [nb, m, nn]);
    node('MatMul', [a3, b3], prod);
    const letters = [...batch, ...ms, ...ns];
    const perm = out.map((c) => letters.indexOf(c));
    const identity = perm.every((p, i) => p === i);
    const full = identity
      ? n.outputs[0]
      : value(
          'unpermuted',
          letters.map((c) => dim.get(c)!),
        );
    const fullShape = letters.map((c) => dim.get(c)!);
    node(
      'Reshape',
      [prod, v.addInitializer(`${base}/y_shape`, 'int64', [fullShape.length], BigInt64Array.from(fullShape, BigInt))],
      full,
    );
    if (!identity) node('Transpose', [full], n.outputs[0], perm);
    v.replaceWith(n, nodes);
  }
}
