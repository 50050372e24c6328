/**
 * NonMaxSuppression (opset 10+), from ONNX's definition: per batch and class, the boxes whose score passes
 * score_threshold (strictly greater; every box when it is omitted), by score descending (equal scores: the lower box
 * index first), each kept unless its IOU with a box kept before for this class is greater than iou_threshold, at most
 * max_output_boxes_per_class of them (omitted: 0, no box). Boxes are [y1, x1, y2, x2] with the corners in either
 * order (center_point_box 0) or [x_center, y_center, width, height] (1). IOU in double precision; a box of no area,
 * or no overlap, suppresses nothing. Output: [selected, 3] int64 triples [batch, class, box], in that order.
 */
import { attrInt, expectType, makeTensor, need, numbers, onlyAttrs, type OpFn } from '../tensor.js';

function corners(b: ArrayLike<number>, at: number, center: boolean): [number, number, number, number] {
  if (center) {
    const [cx, cy, w, h] = [b[at], b[at + 1], b[at + 2], b[at + 3]];
    return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
  }
  const [y1, x1, y2, x2] = [b[at], b[at + 1], b[at + 2], b[at + 3]];
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

function iou(a: [number, number, number, number], b: [number, number, number, number]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (!(w > 0 && h > 0)) return 0;
  const inter = w * h;
  const area = (r: typeof a) => (r[2] - r[0]) * (r[3] - r[1]);
  const union = area(a) + area(b) - inter;
  if (!(area(a) > 0 && area(b) > 0 && union > 0)) return 0;
  return inter / union;
}

export const NonMaxSuppression: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'NonMaxSuppression', 'center_point_box');
  const boxes = need(inputs, 0, 'boxes'),
    scores = need(inputs, 1, 'scores');
  expectType(boxes, 'NonMaxSuppression boxes', 'float32');
  expectType(scores, 'NonMaxSuppression scores', 'float32');
  const [batches, n] = boxes.dims;
  if (boxes.dims.length !== 3 || boxes.dims[2] !== 4 || scores.dims.length !== 3)
    throw new Error(`NonMaxSuppression: boxes [${boxes.dims}] and scores [${scores.dims}] do not fit`);
  if (scores.dims[0] !== batches || scores.dims[2] !== n)
    throw new Error(`NonMaxSuppression: boxes [${boxes.dims}] and scores [${scores.dims}] do not fit`);
  const classes = scores.dims[1];
  const first = (k: number): number | undefined => (inputs[k] ? numbers(inputs[k]!)[0] : undefined);
  const maxOut = Math.max(first(2) ?? 0, 0);
  const iouMax = first(3) ?? 0;
  if (!(iouMax >= 0 && iouMax <= 1)) throw new Error(`NonMaxSuppression: iou_threshold ${iouMax} is not in [0, 1]`);
  const scoreMin = first(4);
  const center = attrInt(attrs, 'center_point_box', 0) === 1;
  const b = boxes.data as Float32Array,
    s = scores.data as Float32Array;
  const out: number[] = [];
  for (let bi = 0; bi < batches; bi++)
    for (let c = 0; c < classes; c++) {
      const order: number[] = [];
      for (let i = 0; i < n; i++) {
        const v = s[(bi * classes + c) * n + i];
        if (scoreMin === undefined || v > scoreMin) order.push(i);
      }
      order.sort((p, q) => s[(bi * classes + c) * n + q] - s[(bi * classes + c) * n + p] || p - q);
      const kept: number[] = [];
      for (const i of order) {
        if (kept.length >= maxOut) break;
        const box = corners(b, (bi * n + i) * 4, center);
        if (kept.some((k) => iou(corners(b, (bi * n + k) * 4, center), box) > iouMax)) continue;
        kept.push(i);
        out.push(bi, c, i);
      }
    }
  return [
    makeTensor(
      'int64',
      [out.length / 3, 3],
      BigInt64Array.from(out, (v) => BigInt(v)),
    ),
  ];
};
