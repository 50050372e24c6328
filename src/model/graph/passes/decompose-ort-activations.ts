/**
 * Pass: com.microsoft FusedGemm and QuickGelu, which onnxruntime's graph optimizer writes into the models it saves,
 * taken apart into the nodes they compute (the later passes fuse them again where they can):
 *
 *   FusedGemm(A, B, C?; Gemm's attributes, activation, activation_<attr>...) = Act(Gemm(A, B, C)): onnxruntime's
 *   GemmActivationFusion moves the activation's attributes under an `activation_` prefix, and its kernel applies the
 *   activation's own function to the Gemm's output. Taken: Elu, HardSigmoid, LeakyRelu, Relu, Selu, Sigmoid, Softplus,
 *   Softsign, Tanh, ThresholdedRelu (ScaledTanh and ParametricSoftplus, experimental operators, are not).
 *   QuickGelu(X; alpha = 1.702) = X * Sigmoid(X * alpha): the kernel multiplies by alpha, takes MLAS's logistic, and
 *   multiplies by X, one float32 operation each, which Mul -> Sigmoid -> Mul computes in the same order.
 */
import type { Attribute } from '../ir.js';
import type { GraphView } from '../view.js';

const FUSED_GEMM_ACTIVATIONS = new Set([
  'Elu',
  'HardSigmoid',
  'LeakyRelu',
  'Relu',
  'Selu',
  'Sigmoid',
  'Softplus',
  'Softsign',
  'Tanh',
  'ThresholdedRelu',
]);

export function decomposeOrtActivationsPass(v: GraphView): void {
  for (const n of [...v.live()]) {
    if (n.domain !== 'com.microsoft') continue;
    const out = n.outputs[0];
    const dims = out ? v.dimsOf(out) : undefined;
    if (!dims) continue;
    if (n.opType === 'FusedGemm') {
      const act = n.attributes.get('activation');
      if (act?.kind !== 'string' || !FUSED_GEMM_ACTIVATIONS.has(act.value)) continue;
      const gemmAttrs = new Map<string, Attribute>();
      const actAttrs = new Map<string, Attribute>();
      for (const [k, a] of n.attributes) {
        if (k === 'activation') continue;
        if (k.startsWith('activation_')) actAttrs.set(k.slice('activation_'.length), a);
        else gemmAttrs.set(k, a);
      }
      const gemm = v.fresh(`${n.name || out}_gemm`);
      v.annotate({ name: gemm, type: 'float32', onnxElemType: 1, shape: dims });
      v.replaceWith(n, [
        v.newNode(n.name || out, 'Gemm', n.inputs.slice(0, 3), [gemm], gemmAttrs),
        v.newNode(n.name || out, act.value, [gemm], [out], actAttrs),
      ]);
    } else if (n.opType === 'QuickGelu') {
      const a = n.attributes.get('alpha');
      if (n.attributes.size > (a ? 1 : 0) || (a && a.kind !== 'float')) continue;
      const alpha = a?.kind === 'float' ? a.value : 1.702;
      const x = n.inputs[0];
      const scaled = v.fresh(`${n.name || out}_scaled`);
      const gate = v.fresh(`${n.name || out}_gate`);
      for (const t of [scaled, gate]) v.annotate({ name: t, type: 'float32', onnxElemType: 1, shape: dims });
      const k = v.addInitializer(`${out}_alpha`, 'float32', [], Float32Array.of(alpha));
      v.replaceWith(n, [
        v.newNode(n.name || out, 'Mul', [x, k], [scaled], new Map()),
        v.newNode(n.name || out, 'Sigmoid', [scaled], [gate], new Map()),
        v.newNode(n.name || out, 'Mul', [x, gate], [out], new Map()),
      ]);
    }
  }
}
