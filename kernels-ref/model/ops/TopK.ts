/**
 * TopK (float32 -> values float32, indices int64), as onnxruntime's CPU kernel (one thread) computes it. k: the `k`
 * attribute below opset 10, the one-element int64 input 1 from then on; axis (default -1); from opset 11 largest
 * (default 1) and sorted (default 1). Outputs: X's dims with k along the axis.
 *
 * Order: "a beats b" when a's value is larger (smaller with largest = 0), or equal and a's index is lower; sorted
 * output lists the k best in that order, and without NaN every loop below gives exactly that. onnxruntime picks a
 * loop per axis length n and k:
 * - k = 1: m = the first element, then each x that beats m by value alone (x > m; a NaN is kept only where first);
 * - k > 1 and (k < 4 or log2(k) / log2(n) < 0.725): a heap of k indices, the weakest at the root (heap order "a is
 *   above b" = b beats a): the first k elements inserted from the bottom up (element l at slot k - l - 1, sifted
 *   down), then each later element that beats the root by value replaces it and is sifted down; sorted output pops
 *   the root into the last free place; unsorted output is the heap array as it stands. The sift takes, from slot i
 *   with both children present, the left child when i and the right child both beat it, else the right child when
 *   i beats the left child or the right child; with only a left child, that child when i beats it.
 * - otherwise: std::nth_element then std::sort: the k best in order. Unsorted output there is libc++'s nth_element
 *   order, which is not reproduced: refused (sorted = 0 with such k and n). With NaN the comparisons are no order and
 *   onnxruntime's result is libc++'s, not defined: here NaN ranks above +inf.
 */
import { attrInt, expectType, makeTensor, need, normAxis, numbers, numel, onlyAttrs, type OpFn } from '../tensor.js';

/** Whether onnxruntime takes its heap for k of n. */
export const topKHeap = (k: number, n: number): boolean => k !== 1 && (k < 4 || Math.log2(k) / Math.log2(n) < 0.725);

export const TopK: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'TopK', 'axis', ...(opset < 10 ? ['k'] : []), ...(opset >= 11 ? ['largest', 'sorted'] : []));
  const x = need(inputs, 0, 'X');
  expectType(x, 'TopK X', 'float32');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', -1), r, 'TopK: axis');
  let k: number;
  if (opset < 10) k = attrInt(attrs, 'k', -1);
  else {
    const kv = numbers(need(inputs, 1, 'K'));
    if (kv.length !== 1) throw new Error(`TopK: K must hold one value, holds ${kv.length}`);
    k = kv[0];
  }
  const n = x.dims[axis];
  if (!Number.isInteger(k) || k < 0 || k > n) throw new Error(`TopK: k ${k} is out of range for an axis of ${n}`);
  const largest = attrInt(attrs, 'largest', 1) !== 0;
  const sorted = attrInt(attrs, 'sorted', 1) !== 0;
  if (!sorted && k > 1 && !topKHeap(k, n))
    throw new Error(`TopK: sorted = 0 with k ${k} of ${n} (onnxruntime's nth_element order is not reproduced)`);
  const outDims = x.dims.map((d, i) => (i === axis ? k : d));
  const values = makeTensor('float32', outDims);
  const indices = makeTensor('int64', outDims);
  if (k === 0) return [values, indices];
  const xd = x.data as Float32Array;
  const outer = numel(x.dims.slice(0, axis));
  const inner = numel(x.dims.slice(axis + 1));
  for (let o = 0; o < outer; o++)
    for (let j = 0; j < inner; j++) {
      const v = (l: number) => xd[(o * n + l) * inner + j];
      const better = (a: number, b: number) => (largest ? v(a) > v(b) : v(a) < v(b));
      const beats = (a: number, b: number) => better(a, b) || (v(a) === v(b) && a < b);
      let picked: number[];
      if (k === 1) {
        let m = 0;
        for (let l = 1; l < n; l++) if (better(l, m)) m = l;
        picked = [m];
      } else if (topKHeap(k, n)) {
        const heap = new Array<number>(k);
        const sift = (i: number, size: number) => {
          for (;;) {
            const left = 2 * i + 1,
              right = left + 1;
            let next = -1;
            if (right < size) {
              const iBeatsLeft = beats(heap[i], heap[left]);
              if (iBeatsLeft && beats(heap[right], heap[left])) next = left;
              else if (iBeatsLeft || beats(heap[i], heap[right])) next = right;
            } else if (left < size && beats(heap[i], heap[left])) next = left;
            if (next < 0) return;
            [heap[i], heap[next]] = [heap[next], heap[i]];
            i = next;
          }
        };
        for (let l = 0; l < k; l++) {
          heap[k - l - 1] = l;
          sift(k - l - 1, k);
        }
        for (let l = k; l < n; l++)
          if (better(l, heap[0])) {
            heap[0] = l;
            sift(0, k);
          }
        if (sorted) {
          picked = new Array<number>(k);
          for (let l = 0; l < k; l++) {
            picked[k - l - 1] = heap[0];
            heap[0] = heap[k - l - 1];
            sift(0, k - l - 1);
          }
        } else picked = heap;
      } else {
        // NaN ranks above +inf (the comparisons order no NaN)
        const rank = (a: number, b: number) => {
          const [va, vb] = [v(a), v(b)];
          if (Number.isNaN(va) || Number.isNaN(vb)) return Number(Number.isNaN(va)) - Number(Number.isNaN(vb));
          return va > vb ? 1 : va < vb ? -1 : 0;
        };
        picked = Array.from({ length: n }, (_, l) => l)
          .sort((a, b) => (largest ? -rank(a, b) : rank(a, b)) || a - b)
          .slice(0, k);
      }
      picked.forEach((l, t) => {
        const at = (o * k + t) * inner + j;
        values.data[at] = v(l);
        indices.data[at] = BigInt(l);
      });
    }
  return [values, indices];
};
