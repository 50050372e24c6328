/**
 * Detection post-processing and the small shape operators of the sequence / control-flow family:
 * - NonMaxSuppression (opset 10+): onnxruntime's selection (../../numerics/nms.ts: its heap order of equal scores,
 *   its float32 IOU, center_point_box 0 and 1, max_output_boxes_per_class / iou_threshold / score_threshold
 *   optional). Its output, [selected, 3] int64 triples [batch, class, box], has a length only the data decides,
 *   and the runtime plans static shapes: it runs only where every input is a constant (the shape rule computed
 *   the count at load; src/model/graph/shape-rules.ts refuses the rest with UNSUPPORTED_OP), and writes the triples
 *   computed once at load.
 * - Size: the element count of X as an int64 scalar (it folds at load; the step exists for a graph that keeps it).
 */
import type { HostOpFactory, HostOpNode } from '../types.js';
import { attrInt, expectDims, expectOutType, fail, need, numel, onlyAttrs, unsupported } from './common.js';
import { nmsSelect } from '../../numerics/nms.js';

export const NonMaxSuppression: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'center_point_box');
  const boxes = need(node, inputs, 0, 'boxes'),
    scores = need(node, inputs, 1, 'scores');
  const fed = inputs.flatMap((v, k) => (v && !v.constant ? [k] : []));
  if (fed.length)
    unsupported(
      node,
      `inputs ${fed.join(', ')} are not constant: its output's length depends on the data, and the runtime plans static shapes`,
    );
  if (boxes.type !== 'float32' || scores.type !== 'float32') unsupported(node, 'boxes and scores must be float32');
  const picked = selectBoxes(
    node,
    'BAD_MODEL',
    { data: boxes.constant!.data as Float32Array, dims: boxes.dims },
    { data: scores.constant!.data as Float32Array, dims: scores.dims },
    (k) => inputs[k]?.constant?.data,
  );
  expectDims(node, outputs[0], [picked.length / 3, 3]);
  expectOutType(node, outputs[0], 'int64');
  return (_ins, outs) => (outs[0].data as BigInt64Array).set(picked);
};

/**
 * NonMaxSuppression's selection as int64 triples [batch, class, box], flattened: boxes [batches, boxes, 4] and scores
 * [batches, classes, boxes] (dims checked by the shape rule); the optional inputs 2..4 by `param` (their first
 * element). An iou_threshold outside [0, 1] is `bad`: BAD_MODEL for a constant, BAD_FEED for a value a run computed
 * (the split model's frontier: executor/staged.ts), as onnxruntime fails the run.
 */
export function selectBoxes(
  node: HostOpNode,
  bad: 'BAD_MODEL' | 'BAD_FEED',
  boxes: { data: Float32Array; dims: readonly number[] },
  scores: { data: Float32Array; dims: readonly number[] },
  param: (k: number) => ArrayLike<number | bigint> | undefined,
): BigInt64Array {
  const first = (k: number): number | undefined => {
    const d = param(k);
    return d?.length ? Number(d[0]) : undefined;
  };
  const iou = first(3) ?? 0;
  if (!(iou >= 0 && iou <= 1)) fail(bad, node, `iou_threshold ${iou} is not in [0, 1]`);
  const picked = nmsSelect(boxes.data, scores.data, boxes.dims[0], scores.dims[1], boxes.dims[1], {
    maxPerClass: first(2) ?? 0,
    iouThreshold: iou,
    scoreThreshold: first(4),
    centerPointBox: attrInt(node, 'center_point_box', 0),
  });
  return BigInt64Array.from(picked, (v) => BigInt(v));
}

export const Size: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  expectDims(node, outputs[0], []);
  expectOutType(node, outputs[0], 'int64');
  const n = BigInt(numel(x.dims));
  return (_ins, outs) => {
    (outs[0].data as BigInt64Array)[0] = n;
  };
};
