/**
 * i8conv's ElementwiseRegion (domain 'i8conv'), what src/model/graph/passes/fuse-float-regions.ts makes of a group
 * of float element-wise operators: attribute `body` (graph, required) holds the operators, reading values of the
 * enclosing graph by name; the body graph's `outputs` name the node's outputs, in order. Meaning: run the body's
 * nodes as the plain operators they are; the outputs are the body's values of those names. (`opset`, the default
 * domain's opset of the body, is the body graph's own import here.) Refused: a body that is not a graph, outputs
 * that do not match the node's count or that the body does not produce.
 */
import type { OpFn } from '../tensor.js';

export const ElementwiseRegion: OpFn = (_inputs, attrs, _opset, outputCount, ctx) => {
  const b = attrs.get('body');
  if (b?.kind !== 'graph')
    throw new Error(`i8conv ElementwiseRegion: attribute body must be a graph, is ${b?.kind ?? 'absent'}`);
  if (!ctx) throw new Error('i8conv ElementwiseRegion: runs its body through the executor (no context given)');
  const names = b.value.outputs.map((o) => o.name);
  if (outputCount !== undefined && names.length !== outputCount)
    throw new Error(`i8conv ElementwiseRegion: the body names ${names.length} outputs, the node ${outputCount}`);
  const scope = ctx.runSubgraph(b.value);
  return names.map((n) => {
    const t = scope.get(n);
    if (!t) throw new Error(`i8conv ElementwiseRegion: the body does not produce ${JSON.stringify(n)}`);
    return t;
  });
};
