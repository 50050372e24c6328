/**
 * NonMaxSuppression's selection as onnxruntime's CPU kernel computes it (object_detection/non_max_suppression.cc),
 * shared by the shape rule (the count of a constant NonMaxSuppression, src/model/graph/shape-rules.ts) and the host
 * operator (src/model/backends/host/detection.ts).
 *
 * Per batch b and class c, in that order: the boxes whose score passes the threshold (`score > score_threshold`,
 * every box where no threshold is given) go into a max-heap on the score alone; the top is popped repeatedly and kept
 * unless its IOU with a box already kept for this class exceeds `iou_threshold` (strictly), until the heap is empty
 * or `max_output_boxes_per_class` boxes are kept. Each kept box is the triple [b, c, box index].
 *
 * Equal scores come out lower box index first (onnxruntime-web 1.30's order, measured: test/model-ops-control.test.ts;
 * its heap compares the score, then the index). The heap is libc++'s (emscripten's std::priority_queue): push a
 * sift-up, pop Floyd's (the hole sinks to a leaf by the larger child, the last element fills it and sifts up), so
 * that even a NaN score, which compares with nothing, leaves the heap in onnxruntime's order.
 *
 * IOU in float32, as onnxruntime's SuppressByIOU: center_point_box 0 reads [y1, x1, y2, x2] with the corners in
 * either order (min / max of each pair), 1 reads [x_center, y_center, width, height] (half sizes f(w / 2)); the x
 * overlap is checked before the y boxes are decoded; no overlap, a zero intersection or a non-positive area or union
 * suppresses nothing; otherwise suppression is f(intersection / union) > iou_threshold.
 */
const f32 = Math.fround;

export interface NmsParams {
  /** max_output_boxes_per_class, negative read as 0 (0: no box is kept) */
  maxPerClass: number;
  iouThreshold: number;
  /** undefined: no score filter */
  scoreThreshold: number | undefined;
  centerPointBox: number;
}

interface Entry {
  score: number;
  index: number;
}

/** The heap's order: the score, then the lower index first (a is "less" when it comes out later). */
const less = (a: Entry, b: Entry): boolean => a.score < b.score || (a.score === b.score && a.index > b.index);

/** libc++'s __sift_up of the element at `n - 1` in heap[0, n). */
function siftUp(h: Entry[], n: number): void {
  if (n <= 1) return;
  let len = (n - 2) >> 1;
  let last = n - 1;
  if (!less(h[len], h[last])) return;
  const t = h[last];
  for (;;) {
    h[last] = h[len];
    last = len;
    if (len === 0) break;
    len = (len - 1) >> 1;
    if (!less(h[len], t)) break;
  }
  h[last] = t;
}

/** libc++'s pop_heap (Floyd's sift-down, then a sift-up) and the pop of the back. */
function popTop(h: Entry[]): Entry {
  const n = h.length;
  const top = h[0];
  if (n > 1) {
    let hole = 0;
    let child = 0;
    for (;;) {
      child = 2 * child + 1;
      if (child + 1 < n && less(h[child], h[child + 1])) child++;
      h[hole] = h[child];
      hole = child;
      if (child > (n - 2) >> 1) break;
    }
    if (hole === n - 1) h[hole] = top;
    else {
      h[hole] = h[n - 1];
      h[n - 1] = top;
      siftUp(h, hole + 1);
    }
  }
  h.pop();
  return top;
}

/** C++ std::max / std::min as written: (a < b) ? b : a, (b < a) ? b : a. */
const cmax = (a: number, b: number): number => (a < b ? b : a);
const cmin = (a: number, b: number): number => (b < a ? b : a);

function suppressed(boxes: Float32Array, at: number, i: number, j: number, center: boolean, iou: number): boolean {
  const p = at + 4 * i,
    q = at + 4 * j;
  let x1min: number, x1max: number, x2min: number, x2max: number;
  let y1min: number, y1max: number, y2min: number, y2max: number;
  let ixmin: number, ixmax: number, iymin: number, iymax: number;
  if (!center) {
    [x1min, x1max] = boxes[p + 1] >= boxes[p + 3] ? [boxes[p + 3], boxes[p + 1]] : [boxes[p + 1], boxes[p + 3]];
    [x2min, x2max] = boxes[q + 1] >= boxes[q + 3] ? [boxes[q + 3], boxes[q + 1]] : [boxes[q + 1], boxes[q + 3]];
    ixmin = cmax(x1min, x2min);
    ixmax = cmin(x1max, x2max);
    if (ixmax <= ixmin) return false;
    [y1min, y1max] = boxes[p] >= boxes[p + 2] ? [boxes[p + 2], boxes[p]] : [boxes[p], boxes[p + 2]];
    [y2min, y2max] = boxes[q] >= boxes[q + 2] ? [boxes[q + 2], boxes[q]] : [boxes[q], boxes[q + 2]];
    iymin = cmax(y1min, y2min);
    iymax = cmin(y1max, y2max);
    if (iymax <= iymin) return false;
  } else {
    const w1 = f32(boxes[p + 2] / 2),
      h1 = f32(boxes[p + 3] / 2),
      w2 = f32(boxes[q + 2] / 2),
      h2 = f32(boxes[q + 3] / 2);
    x1min = f32(boxes[p] - w1);
    x1max = f32(boxes[p] + w1);
    x2min = f32(boxes[q] - w2);
    x2max = f32(boxes[q] + w2);
    ixmin = cmax(x1min, x2min);
    ixmax = cmin(x1max, x2max);
    if (ixmax <= ixmin) return false;
    y1min = f32(boxes[p + 1] - h1);
    y1max = f32(boxes[p + 1] + h1);
    y2min = f32(boxes[q + 1] - h2);
    y2max = f32(boxes[q + 1] + h2);
    iymin = cmax(y1min, y2min);
    iymax = cmin(y1max, y2max);
    if (iymax <= iymin) return false;
  }
  const inter = f32(f32(ixmax - ixmin) * f32(iymax - iymin));
  if (inter <= 0) return false;
  const area1 = f32(f32(x1max - x1min) * f32(y1max - y1min));
  const area2 = f32(f32(x2max - x2min) * f32(y2max - y2min));
  const union = f32(f32(area1 + area2) - inter);
  if (area1 <= 0 || area2 <= 0 || union <= 0) return false;
  return f32(inter / union) > iou;
}

/**
 * The selected [batch, class, box] triples, flattened, of boxes [batches, nBoxes, 4] and scores [batches, classes,
 * nBoxes] (row-major float32).
 */
export function nmsSelect(
  boxes: Float32Array,
  scores: Float32Array,
  batches: number,
  classes: number,
  nBoxes: number,
  p: NmsParams,
): number[] {
  const out: number[] = [];
  const maxPer = Math.max(p.maxPerClass, 0);
  if (maxPer === 0) return out;
  const center = p.centerPointBox !== 0;
  for (let b = 0; b < batches; b++) {
    for (let c = 0; c < classes; c++) {
      const so = (b * classes + c) * nBoxes;
      const bo = b * nBoxes * 4;
      const heap: Entry[] = [];
      for (let i = 0; i < nBoxes; i++) {
        const s = scores[so + i];
        if (p.scoreThreshold !== undefined && !(s > p.scoreThreshold)) continue;
        heap.push({ score: s, index: i });
        siftUp(heap, heap.length);
      }
      const kept: number[] = [];
      while (heap.length) {
        const top = popTop(heap);
        if (kept.some((k) => suppressed(boxes, bo, k, top.index, center, p.iouThreshold))) continue;
        if (kept.length >= maxPer) break;
        kept.push(top.index);
        out.push(b, c, top.index);
      }
    }
  }
  return out;
}
