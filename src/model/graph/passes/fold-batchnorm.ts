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
 * old ones left unused are dropped. On a GraphView (foldBatchNorm: on a Graph, which it does not change).
 */
import type { Graph, Node, Tensor } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';

const f32 = Math.fround;

export function foldBatchNormPass(v: GraphView): void {
  const floatInit = (name: string | undefined, len?: number): Tensor | undefined => {
    const t = name ? v.initializers.get(name) : undefined;
    return t && t.type === 'float32' && (len === undefined || (t.dims.length === 1 && t.data.length === len))
      ? t
      : undefined;
  };

  for (const bn of v.live()) {
    if (bn.opType !== 'BatchNormalization' || bn.domain !== '') continue;
    if (bn.outputs.filter((o) => o !== '').length !== 1 || bn.outputs[0] === '') continue;
    const tm = bn.attributes.get('training_mode');
    if (tm && tm.kind === 'int' && tm.value !== 0) continue;
    const spatial = bn.attributes.get('spatial'); // opset < 9: spatial 0 has per-element parameters
    if (spatial && spatial.kind === 'int' && spatial.value === 0) continue;
    const conv = v.producerOf(bn.inputs[0]);
    if (!conv || conv.opType !== 'Conv' || conv.domain !== '' || conv.outputs[0] !== bn.inputs[0]) continue;
    const mid = conv.outputs[0];
    if (v.isGraphOutput(mid) || v.consumersOf(mid).some((e) => e.node !== bn)) continue;
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
    const wName = v.addInitializer(`${w.name}_bnfold`, 'float32', [...w.dims], wData);
    const bName = v.addInitializer(`${conv.name || w.name}_bnfold_bias`, 'float32', [m], bData);
    const folded: Node = { ...conv, inputs: [conv.inputs[0], wName, bName], outputs: [bn.outputs[0]] };
    v.replace([conv, bn], folded);
  }
}

export function foldBatchNorm(graph: Graph): Graph {
  return runPasses(graph, foldBatchNormPass);
}
