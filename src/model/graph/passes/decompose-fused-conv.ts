/**
 * Pass: com.microsoft FusedConv, which onnxruntime's graph optimizer writes into the models it saves (a Conv and the
 * activation after it, level 'extended'), taken apart into that Conv and the activation's own node, which compute the
 * same float32 operations: onnxruntime applies the activation to each output as its Conv kernel stores it, with the
 * functions its activation operators use (MLAS's logistic and tanh; max(x, 0); x >= 0 ? x : alpha x; max then min
 * for Clip; min(max(alpha x + beta ... ), 1) for HardSigmoid, each step one float32 operation):
 *
 *   FusedConv(X, W, B?; activation, activation_params, Conv's attributes) = Act(Conv(X, W, B))
 *   activation: Relu, Tanh, Sigmoid, LeakyRelu (params [alpha]), Clip (params [min, max]), HardSigmoid
 *   (params [alpha, beta]).
 *
 * The later passes then fuse the pair again where they can (a float Conv's activation, a QDQ group). A FusedConv with
 * its fourth input Z (a sum added before the activation, in an order of its own) or another activation stays and is
 * refused at lowering (the operator table's row says why).
 */
import type { Attribute } from '../ir.js';
import type { GraphView } from '../view.js';

const PARAMS: Record<string, number> = { Relu: 0, Tanh: 0, Sigmoid: 0, LeakyRelu: 1, Clip: 2, HardSigmoid: 2 };

export function decomposeFusedConvPass(v: GraphView): void {
  for (const n of [...v.live()]) {
    if (n.domain !== 'com.microsoft' || n.opType !== 'FusedConv' || (n.inputs[3] ?? '') !== '') continue;
    const act = n.attributes.get('activation');
    if (act?.kind !== 'string' || !Object.hasOwn(PARAMS, act.value)) continue;
    const p = n.attributes.get('activation_params');
    const params = p?.kind === 'floats' ? p.value : [];
    if (params.length !== PARAMS[act.value]) continue;
    const out = n.outputs[0];
    const dims = v.dimsOf(out);
    if (!dims) continue;
    const conv = v.fresh(`${n.name || out}_conv`);
    v.annotate({ name: conv, type: 'float32', onnxElemType: 1, shape: dims });
    const attributes = new Map([...n.attributes].filter(([k]) => k !== 'activation' && k !== 'activation_params'));
    const convNode = v.newNode(n.name || out, 'Conv', n.inputs.slice(0, 3), [conv], attributes);
    const f = (value: number): Attribute => ({ kind: 'float', value });
    let actInputs = [conv];
    const actAttrs = new Map<string, Attribute>();
    if (act.value === 'LeakyRelu') actAttrs.set('alpha', f(params[0]));
    if (act.value === 'HardSigmoid') {
      actAttrs.set('alpha', f(params[0]));
      actAttrs.set('beta', f(params[1]));
    }
    if (act.value === 'Clip') {
      // Clip's bounds are inputs from opset 11, attributes before
      if (v.opset() >= 11)
        actInputs = [
          conv,
          v.addInitializer(`${out}_clip_min`, 'float32', [], Float32Array.of(params[0])),
          v.addInitializer(`${out}_clip_max`, 'float32', [], Float32Array.of(params[1])),
        ];
      else {
        actAttrs.set('min', f(params[0]));
        actAttrs.set('max', f(params[1]));
      }
    }
    const actNode = v.newNode(n.name || out, act.value, actInputs, [out], actAttrs);
    v.replaceWith(n, [convNode, actNode]);
  }
}
