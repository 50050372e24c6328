/**
 * TopK (float32 -> values float32, indices int64), bit for bit as onnxruntime's CPU kernel (one thread) computes it
 * and as the reference executor defines it (kernels-ref/model/ops/TopK.ts states the rules): k from the attribute
 * (opset < 10) or the constant one-element input 1, axis (default -1), largest and sorted (opset 11+, default 1).
 *
 * "a beats b": a larger (smaller) value, or an equal one at a lower index. onnxruntime's loop by k and the axis
 * length n: k = 1 a running best by value (x > best); k < 4 or log2(k) / log2(n) < 0.725 a k-element heap with the
 * weakest at the root (its sift and its sorted pop reproduced below, so the unsorted order and the NaN cases are
 * onnxruntime's too); otherwise nth_element and sort: the k best in order. Refused: sorted = 0 on that last loop
 * (libc++'s nth_element order is not reproduced); with NaN that loop's order is libc++'s and not defined (no strict
 * order): there NaN ranks above +inf.
 * Axis lengths and k are known at load (k must be a constant).
 */
import type { HostOpFactory } from '../types.js';
import {
  attrInt,
  constInts,
  expectDims,
  expectOutType,
  expectType,
  need,
  normAxis,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

export const TopK: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'axis', ...(opset < 10 ? ['k'] : []), ...(opset >= 11 ? ['largest', 'sorted'] : []));
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  const r = x.dims.length;
  const axis = normAxis(node, attrInt(node, 'axis', -1), r);
  let k: number;
  if (opset < 10) k = attrInt(node, 'k', -1);
  else {
    const kv = constInts(node, need(node, inputs, 1, 'K'), 'input 1 (K)');
    if (kv.length !== 1) unsupported(node, `K holds ${kv.length} values, one is required`);
    k = kv[0];
  }
  const n = x.dims[axis];
  if (!(k >= 0 && k <= n)) unsupported(node, `k ${k} is out of range for an axis of ${n}`);
  const largest = attrInt(node, 'largest', 1) !== 0;
  const sorted = attrInt(node, 'sorted', 1) !== 0;
  const heap = k !== 1 && (k < 4 || Math.log2(k) / Math.log2(n) < 0.725);
  if (!sorted && k > 1 && !heap)
    unsupported(node, `sorted = 0 with k ${k} of ${n}: onnxruntime's nth_element order is not reproduced`);
  const outDims = x.dims.map((d, i) => (i === axis ? k : d));
  expectDims(node, outputs[0], outDims, 0);
  expectDims(node, outputs[1], outDims, 1);
  expectOutType(node, outputs[0], 'float32', 0);
  expectOutType(node, outputs[1], 'int64', 1);
  const outer = numel(x.dims.slice(0, axis));
  const inner = numel(x.dims.slice(axis + 1));
  const h = new Int32Array(Math.max(k, 1));
  const order = new Int32Array(n);
  return (ins, outs) => {
    if (k === 0) return;
    const X = ins[0]!.data as Float32Array;
    const V = outs[0].data as Float32Array,
      I = outs[1].data as BigInt64Array;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const x0 = o * n * inner + j;
        const at = (l: number) => X[x0 + l * inner];
        /** a beats b: a better value, or an equal one at a lower index */
        const beats = (a: number, b: number) => {
          const va = at(a),
            vb = at(b);
          return (largest ? va > vb : va < vb) || (va === vb && a < b);
        };
        const put = (t: number, l: number) => {
          const y = (o * k + t) * inner + j;
          V[y] = at(l);
          I[y] = BigInt(l);
        };
        if (k === 1) {
          let best = 0;
          for (let l = 1; l < n; l++) if (largest ? at(l) > at(best) : at(l) < at(best)) best = l;
          put(0, best);
        } else if (heap) {
          // the weakest of the k kept at the root; a node beats neither of its children
          const sift = (i: number, size: number) => {
            for (;;) {
              const left = 2 * i + 1,
                right = left + 1;
              let next = -1;
              if (right < size) {
                const iBeatsLeft = beats(h[i], h[left]);
                if (iBeatsLeft && beats(h[right], h[left])) next = left;
                else if (iBeatsLeft || beats(h[i], h[right])) next = right;
              } else if (left < size && beats(h[i], h[left])) next = left;
              if (next < 0) return;
              const t = h[i];
              h[i] = h[next];
              h[next] = t;
              i = next;
            }
          };
          for (let l = 0; l < k; l++) {
            h[k - l - 1] = l;
            sift(k - l - 1, k);
          }
          for (let l = k; l < n; l++)
            if (largest ? at(l) > at(h[0]) : at(l) < at(h[0])) {
              h[0] = l;
              sift(0, k);
            }
          if (sorted)
            for (let l = 0; l < k; l++) {
              put(k - l - 1, h[0]);
              h[0] = h[k - l - 1];
              sift(0, k - l - 1);
            }
          else for (let l = 0; l < k; l++) put(l, h[l]);
        } else {
          // NaN ranks above +inf here (onnxruntime's order of NaN on this loop is libc++'s, not defined)
          for (let l = 0; l < n; l++) order[l] = l;
          order.sort((a, b) => {
            const va = at(a),
              vb = at(b);
            const c = va !== va ? (vb !== vb ? 0 : 1) : vb !== vb ? -1 : va > vb ? 1 : va < vb ? -1 : 0;
            return (largest ? -c : c) || a - b;
          });
          for (let t = 0; t < k; t++) put(t, order[t]);
        }
      }
  };
};
