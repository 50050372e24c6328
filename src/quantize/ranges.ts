/**
 * The range rule of `observer: 'auto'` (quantizeModel's default): a histogram's least-error range for every
 * activation, except the values that feed a graph output, which keep their full observed range (min / max).
 *
 * Why: a least-squared-error range clips the rare large values, which is the right trade inside a network (the next
 * layers average the clipped few away) and the wrong one at its end, where those rare values are often what the
 * output is read for: a detector's score logits at the faces, a heat map's peaks. A value feeds a graph output when
 * it is one, or when an output is computed from it by operators that only move, select or pad values
 * (`RANGE_KEEPING`): its range is the output's.
 *
 * quantizeModel then measures the result against min / max on every value (switch-graph.ts, evaluate.ts) and keeps
 * min / max where the rule loses on a graph output (by more than `GUARD_DB`).
 */
import type { Graph } from '../model/graph/ir.js';

/** Operators whose output values are some of their data inputs' values (or the padding's zeros). */
export const RANGE_KEEPING: ReadonlySet<string> = new Set([
  'Reshape',
  'Flatten',
  'Transpose',
  'Squeeze',
  'Unsqueeze',
  'Slice',
  'Gather',
  'GatherElements',
  'Split',
  'Concat',
  'Identity',
  'MaxPool',
  'Pad',
  'Expand',
  'Tile',
  'DepthToSpace',
  'SpaceToDepth',
]);

/** How far below min / max (dB, on any graph output) the rule may fall before quantizeModel takes min / max. */
export const GUARD_DB = 0.5;

/** The values that feed a graph output (see the header). */
export function outputFeeders(g: Graph): Set<string> {
  const producer = new Map<string, number>();
  g.nodes.forEach((n, i) => n.outputs.forEach((o) => o && producer.set(o, i)));
  const out = new Set<string>();
  const stack = g.outputs.map((o) => o.name);
  while (stack.length) {
    const v = stack.pop()!;
    if (out.has(v)) continue;
    out.add(v);
    const i = producer.get(v);
    if (i === undefined) continue;
    const n = g.nodes[i];
    if (n.domain !== '' || !RANGE_KEEPING.has(n.opType)) continue;
    const data = n.opType === 'Concat' ? n.inputs : n.inputs.slice(0, 1);
    for (const x of data) if (x && !g.initializers.has(x)) stack.push(x);
  }
  return out;
}
