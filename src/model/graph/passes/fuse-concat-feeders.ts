/**
 * Pass: Resizes into the concat they feed. A Resize whose output one Concat / QLinearConcat reads alone (no graph
 * output), where the concat's outer count is 1 (batch 1 on the channel axis: each input is one contiguous run of the
 * output, in NCHW and NCHW44), runs inside the concat: the concat becomes its i8conv form (`i8conv:Concat`,
 * `i8conv:QLinearConcat`) reading the Resizes' inputs in their places, with attribute `feeders` (a subgraph holding
 * the Resize nodes) and `feeds` (the input position each feeds), named `<resizes>+<concat>`. The resized tensors are
 * never stored: each Resize writes its rows into the concat's output, through the input's requantization table where
 * a QLinearConcat input has one (only a Resize the 8-bit kernel runs can apply one). PP-OCR det's FPN upsamples three
 * maps by 8, 4 and 2 into one concat.
 */
import { I8ConvError } from '../../../errors.js';
import type { Graph, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import { concatPlan, resizeTakesOutputTable } from '../../backends/wasm-int8/fusion.js';

export function fuseConcatFeedersPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  for (const c of v.live()) {
    if (!((c.domain === '' && c.opType === 'Concat') || (c.domain === 'com.microsoft' && c.opType === 'QLinearConcat')))
      continue;
    let plan: ReturnType<typeof concatPlan>;
    try {
      plan = concatPlan(c, values);
    } catch (e) {
      if (e instanceof I8ConvError) continue; // the lowering reports it
      throw e;
    }
    if (plan.outer !== 1) continue;
    const feeders: Node[] = [];
    const feeds: number[] = [];
    const inputs = [...c.inputs];
    plan.data.forEach((k, i) => {
      const x = c.inputs[k];
      const f = v.producerOf(x);
      if (
        !f ||
        f.opType !== 'Resize' ||
        (f.domain !== '' && f.domain !== 'i8conv') ||
        f.outputs.length !== 1 ||
        f.outputs[0] !== x
      )
        return;
      if (v.readers(x) !== 1 || feeders.includes(f) || values.get(x)?.constant) return;
      if (plan.tables[i] && !resizeTakesOutputTable(f, values)) return;
      feeders.push(f);
      feeds.push(k);
      inputs[k] = f.inputs[0];
    });
    if (!feeders.length) continue;
    const sub: Graph = {
      name: 'feeders',
      irVersion: 0,
      opsetImports: new Map(),
      inputs: [],
      outputs: [],
      initializers: new Map(),
      valueInfo: new Map(),
      nodes: feeders,
    };
    const attributes = new Map(c.attributes);
    attributes.set('feeders', { kind: 'graph', value: sub });
    attributes.set('feeds', { kind: 'ints', value: feeds });
    v.replace([c, ...feeders], {
      ...c,
      domain: 'i8conv',
      name: [...feeders.map((f) => f.name), c.name].join('+'),
      inputs,
      attributes,
    });
  }
}
