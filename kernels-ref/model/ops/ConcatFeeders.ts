/**
 * i8conv's Concat and QLinearConcat (domain 'i8conv'), what src/model/graph/passes/fuse-concat-feeders.ts makes of a
 * concat some of whose inputs are the outputs of Resize nodes read by nothing else: the inputs and attributes of
 * Concat (default domain) / QLinearConcat (com.microsoft), plus
 * - `feeders` (graph, required): a subgraph whose nodes are the Resize nodes (default domain, or i8conv's tabled
 *   Resize), reading values of the enclosing graph by name (their data inputs, their constant scales or sizes);
 * - `feeds` (ints, required): one per feeder, in order: the input position of the concat that feeder k fills.
 * Input `feeds[k]` of the node holds feeder k's input (its X) in place of its output, so that the node depends on
 * what the feeder reads. Meaning: run the feeders as the plain nodes they are, put feeder k's output at position
 * feeds[k], then run the concat. Refused: a feeder that is not a Resize or names other than one output, a position
 * out of range, named twice or not a data input (QLinearConcat: 2, 5, 8, ...), and a node whose input at feeds[k]
 * is not the value feeder k reads.
 */
import { Concat } from './Concat.js';
import { QLinearConcat } from './QLinearConcat.js';
import type { OpFn, Tensor } from '../tensor.js';

function withFeeders(op: string, base: OpFn, baseDomain: string, isData: (k: number) => boolean): OpFn {
  return (inputs, attrs, _opset, outputCount, ctx) => {
    const name = `i8conv ${op}`;
    const fa = attrs.get('feeders'),
      pa = attrs.get('feeds');
    if (fa?.kind !== 'graph') throw new Error(`${name}: attribute feeders must be a graph, is ${fa?.kind ?? 'absent'}`);
    if (pa?.kind !== 'ints') throw new Error(`${name}: attribute feeds must be ints, is ${pa?.kind ?? 'absent'}`);
    const feeders = fa.value.nodes,
      feeds = pa.value;
    if (feeds.length !== feeders.length)
      throw new Error(`${name}: ${feeds.length} feeds for ${feeders.length} feeders`);
    if (!ctx) throw new Error(`${name}: runs its feeders through the executor (no context given)`);
    feeds.forEach((k, j) => {
      if (!Number.isInteger(k) || k < 0 || k >= inputs.length || !isData(k))
        throw new Error(`${name}: feeds[${j}] = ${k} is not a data input position`);
      if (feeds.indexOf(k) !== j) throw new Error(`${name}: position ${k} is fed twice`);
      const f = feeders[j];
      if (f.opType !== 'Resize' || (f.domain !== '' && f.domain !== 'i8conv'))
        throw new Error(`${name}: feeder ${j} is ${f.domain}:${f.opType}, not a Resize`);
      if (f.outputs.length !== 1 || f.outputs[0] === '') throw new Error(`${name}: feeder ${j} must name one output`);
      // the executor hands the node the same tensor objects the subgraph reads by name
      if (inputs[k] === undefined || inputs[k] !== ctx.value(f.inputs[0]))
        throw new Error(`${name}: input ${k} is not ${JSON.stringify(f.inputs[0])}, the input of feeder ${j}`);
    });
    const scope = ctx.runSubgraph(fa.value);
    const restored: (Tensor | undefined)[] = [...inputs];
    feeds.forEach((k, j) => (restored[k] = scope.get(feeders[j].outputs[0])));
    const own = new Map(attrs);
    own.delete('feeders');
    own.delete('feeds');
    return base(restored, own, ctx.opset(baseDomain), outputCount);
  };
}

export const FedConcat = withFeeders('Concat', Concat, '', () => true);
export const FedQLinearConcat = withFeeders(
  'QLinearConcat',
  QLinearConcat,
  'com.microsoft',
  (k) => k >= 2 && (k - 2) % 3 === 0,
);
