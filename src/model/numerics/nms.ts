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

/**
 * Each box of one batch decoded as SuppressByIOU decodes it, [xmin, xmax, ymin, ymax, area] per box (float32 values):
 * corners (center_point_box 0) ordered by min / max of each pair, or center and half sizes (1). The decoding is pure,
 * so doing it once per box gives the numbers onnxruntime computes per pair.
 */
function decode(boxes: Float32Array, at: number, n: number, center: boolean): Float64Array {
  const d = new Float64Array(5 * n);
  for (let i = 0; i < n; i++) {
    const p = at + 4 * i;
    let xmin: number, xmax: number, ymin: number, ymax: number;
    if (!center) {
      const ge = boxes[p + 1] >= boxes[p + 3];
      xmin = ge ? boxes[p + 3] : boxes[p + 1];
      xmax = ge ? boxes[p + 1] : boxes[p + 3];
      const gy = boxes[p] >= boxes[p + 2];
      ymin = gy ? boxes[p + 2] : boxes[p];
      ymax = gy ? boxes[p] : boxes[p + 2];
    } else {
      const w = f32(boxes[p + 2] / 2),
        h = f32(boxes[p + 3] / 2);
      xmin = f32(boxes[p] - w);
      xmax = f32(boxes[p] + w);
      ymin = f32(boxes[p + 1] - h);
      ymax = f32(boxes[p + 1] + h);
    }
    d[5 * i] = xmin;
    d[5 * i + 1] = xmax;
    d[5 * i + 2] = ymin;
    d[5 * i + 3] = ymax;
    d[5 * i + 4] = f32(f32(xmax - xmin) * f32(ymax - ymin));
  }
  return d;
}

/** Whether kept box i suppresses box j: SuppressByIOU on decoded boxes (above). */
function suppressed(d: Float64Array, i: number, j: number, iou: number): boolean {
  const p = 5 * i,
    q = 5 * j;
  const ixmin = cmax(d[p], d[q]);
  const ixmax = cmin(d[p + 1], d[q + 1]);
  if (ixmax <= ixmin) return false;
  const iymin = cmax(d[p + 2], d[q + 2]);
  const iymax = cmin(d[p + 3], d[q + 3]);
  if (iymax <= iymin) return false;
  const inter = f32(f32(ixmax - ixmin) * f32(iymax - iymin));
  if (inter <= 0) return false;
  const area1 = d[p + 4],
    area2 = d[q + 4];
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
    const decoded = decode(boxes, b * nBoxes * 4, nBoxes, center);
    for (let c = 0; c < classes; c++) {
      const so = (b * classes + c) * nBoxes;
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
        let hit = false;
        for (let k = 0; k < kept.length && !hit; k++) hit = suppressed(decoded, kept[k], top.index, p.iouThreshold);
        if (hit) continue;
        if (kept.length >= maxPer) break;
        kept.push(top.index);
        out.push(b, c, top.index);
      }
    }
  }
  return out;
}
