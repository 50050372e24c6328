/**
 * Pass: fold a float `BatchNormalization` that follows a float `Conv` into the Conv's weights and bias.
 *
 * BatchNormalization computes, per output channel c, `y = scale[c] * (x - mean[c]) / sqrt(var[c] + eps) + B[c]`.
 * With the Conv's `x = sum(W[c] * in) + b[c]` that is a Conv with
 *   s[c]  = f32(scale[c] / f32(sqrt(f32(var[c] + eps))))
 *   W'[c] = f32(W[c] * s[c])                      (every weight of output channel c)
 *   b'[c] = f32(f32(f32(b[c] - mean[c]) * s[c]) + B[c])   (b = 0 when the Conv has no bias)
 * every step rounded to float32, as a float32 runtime would. The result is not bit-identical to running the two
 * nodes: the scale is applied to each weight before the sum instead of once after it, so the roundings differ
 * (within a few float32 ulps of the sum's magnitude; the tests check 1e-5 relative).
 *
 * It folds only when: both nodes are in the default domain; the Conv's output feeds only this BatchNormalization
 * and is no graph output; W, the bias (if any) and the four BatchNormalization inputs are float32 initializers
 * with one value per output channel; the BatchNormalization is in inference mode (one output, training_mode 0).
 * The folded weights and bias are new initializers (fresh names), so other users of the old ones are unaffected;
 * old ones left unused are dropped. Pure: the input graph is not changed.
 */
import type { Graph, Node, Tensor } from '../ir.js';

const f32 = Math.fround;

function freshName(base: string, taken: (n: string) => boolean): string {
  let name = base;
  for (let k = 1; taken(name); k++) name = `${base}_${k}`;
  return name;
}

export function foldBatchNorm(graph: Graph): Graph {
  let nodes = [...graph.nodes];
  const initializers = new Map(graph.initializers);
  const outputNames = new Set(graph.outputs.map((o) => o.name));
  const allNames = new Set<string>([...initializers.keys(), ...graph.inputs.map((v) => v.name), ...nodes.flatMap((n) => [...n.inputs, ...n.outputs])]);
  const taken = (n: string): boolean => allNames.has(n);
  const floatInit = (name: string | undefined, len?: number): Tensor | undefined => {
    const t = name ? initializers.get(name) : undefined;
    return t && t.type === 'float32' && (len === undefined || (t.dims.length === 1 && t.data.length === len)) ? t : undefined;
  };

  for (const bn of graph.nodes) {
    if (bn.opType !== 'BatchNormalization' || bn.domain !== '') continue;
    if (bn.outputs.filter((o) => o !== '').length !== 1 || bn.outputs[0] === '') continue;
    const tm = bn.attributes.get('training_mode');
    if (tm && tm.kind === 'int' && tm.value !== 0) continue;
    const spatial = bn.attributes.get('spatial'); // opset < 9: spatial 0 has per-element parameters
    if (spatial && spatial.kind === 'int' && spatial.value === 0) continue;
    const conv = nodes.find((n) => n.outputs.includes(bn.inputs[0]));
    if (!conv || conv.opType !== 'Conv' || conv.domain !== '' || conv.outputs[0] !== bn.inputs[0]) continue;
    const mid = conv.outputs[0];
    if (outputNames.has(mid) || nodes.some((n) => n !== bn && n.inputs.includes(mid))) continue;
    const w = floatInit(conv.inputs[1]);
    if (!w || w.dims.length < 1) continue;
    const m = w.dims[0];
    const bias = conv.inputs[2] ? floatInit(conv.inputs[2], m) : undefined;
    if (conv.inputs[2] && !bias) continue;
    const [scale, beta, mean, variance] = [1, 2, 3, 4].map((k) => floatInit(bn.inputs[k], m));
    if (!scale || !beta || !mean || !variance) continue;
    const epsAttr = bn.attributes.get('epsilon');
    const eps = epsAttr && epsAttr.kind === 'float' ? epsAttr.value : 1e-5;

    const per = w.data.length / m;
    const wData = new Float32Array(w.data.length);
    const bData = new Float32Array(m);
    for (let c = 0; c < m; c++) {
      const s = f32((scale.data[c] as number) / f32(Math.sqrt(f32((variance.data[c] as number) + eps))));
      for (let k = 0; k < per; k++) wData[c * per + k] = f32((w.data[c * per + k] as number) * s);
      const b0 = bias ? (bias.data[c] as number) : 0;
      bData[c] = f32(f32(f32(b0 - (mean.data[c] as number)) * s) + (beta.data[c] as number));
    }
    const wName = freshName(`${w.name}_bnfold`, taken);
    allNames.add(wName);
    const bName = freshName(`${conv.name || w.name}_bnfold_bias`, taken);
    allNames.add(bName);
    initializers.set(wName, { name: wName, type: 'float32', dims: [...w.dims], data: wData });
    initializers.set(bName, { name: bName, type: 'float32', dims: [m], data: bData });
    const folded: Node = { ...conv, inputs: [conv.inputs[0], wName, bName], outputs: [bn.outputs[0]] };
    nodes = nodes.filter((n) => n !== bn).map((n) => (n === conv ? folded : n));
  }
  // Drop initializers nobody reads any more (the old weights, bias and BatchNormalization parameters).
  const read = new Set([...nodes.flatMap((n) => n.inputs), ...outputNames, ...graph.inputs.map((v) => v.name)]);
  const readBefore = new Set(graph.nodes.flatMap((n) => n.inputs));
  for (const name of [...initializers.keys()]) if (readBefore.has(name) && !read.has(name)) initializers.delete(name);
  const valueInfo = new Map(graph.valueInfo);
  for (const name of [...valueInfo.keys()]) if (!read.has(name) && !nodes.some((n) => n.outputs.includes(name))) valueInfo.delete(name);
  return { ...graph, nodes, initializers, valueInfo };
}
