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
import type { HostOpFactory } from '../types.js';
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
  const first = (k: number): number | undefined =>
    inputs[k]?.constant && inputs[k]!.constant!.data.length ? Number(inputs[k]!.constant!.data[0]) : undefined;
  const iou = first(3) ?? 0;
  if (!(iou >= 0 && iou <= 1)) fail('BAD_MODEL', node, `iou_threshold ${iou} is not in [0, 1]`);
  const picked = nmsSelect(
    boxes.constant!.data as Float32Array,
    scores.constant!.data as Float32Array,
    boxes.dims[0],
    scores.dims[1],
    boxes.dims[1],
    {
      maxPerClass: first(2) ?? 0,
      iouThreshold: iou,
      scoreThreshold: first(4),
      centerPointBox: attrInt(node, 'center_point_box', 0),
    },
  );
  expectDims(node, outputs[0], [picked.length / 3, 3]);
  expectOutType(node, outputs[0], 'int64');
  const triples = BigInt64Array.from(picked, (v) => BigInt(v));
  return (_ins, outs) => (outs[0].data as BigInt64Array).set(triples);
};

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
