/**
 * Passes: two float rewrites of onnxruntime's graph optimizer that change the bits, made here on the same nodes so
 * that i8conv computes what onnxruntime-web computes (docs/model.md, onnxruntime's float fusions; confirmed on
 * onnxruntime-web by test/model-fuse-gelu.test.ts):
 *
 * - `fuseDivMulPass` (onnxruntime's DivMulFusion, level 'basic'): `Mul(Div(1, x), y)` becomes `Div(y, x)` where
 *   the 1 is a constant of one value and the Div's output is read by the Mul alone and is no graph output (opset 7
 *   on). i8conv rewrites float32 only (onnxruntime also rewrites integers).
 * - `fuseGeluPass` (onnxruntime's GeluFusion, level 'extended'): `x * 0.5 * (1 + erf(x / sqrt 2))` becomes
 *   com.microsoft Gelu (MLAS's erf in one pass), in both of onnxruntime's shapes: `Mul(Mul(x, 0.5), 1 + erf(...))`
 *   and `Mul(Mul(x, 1 + erf(...)), 0.5)`. The divisor is a constant scalar close to sqrt 2 (or to BERT's
 *   1.4142099618911743), the 1 and the 0.5 constant scalars (onnxruntime's tolerance: 1e-8 + 1e-5 of the value),
 *   the Div, the Erf, the Add and the first Mul each read once and no graph output.
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import { ortMatch } from './ort-match.js';

function helpers(v: GraphView) {
  const { is, edges, firstChild, firstParent, floats } = ortMatch(v);
  /** onnxruntime's IsInitializerWithExpectedValue: a constant of dims [] or [1], within 1e-8 + 1e-5 |value| */
  const scalarNear = (name: string, value: number) => {
    const t = v.constant(name);
    if (!t || t.type !== 'float32' || !(t.dims.length === 0 || (t.dims.length === 1 && t.dims[0] === 1))) return false;
    return Math.abs((t.data[0] as number) - value) <= 1e-8 + 1e-5 * Math.abs(value);
  };
  return { is, edges, firstChild, firstParent, floats, scalarNear };
}

export function fuseDivMulPass(v: GraphView): void {
  const { is, edges, firstChild, floats } = helpers(v);
  const op = v.opset();
  // the Div and Mul of opset 7 on (onnxruntime-web 1.30 rewrites them at opset 14 too)
  if (op < 7) return;
  for (const div of v.live()) {
    if (!v.has(div) || !is(div, 'Div') || !floats(div) || !edges(div, 1)) continue;
    const one = v.constant(div.inputs[0]);
    if (!one || one.type !== 'float32' || one.data.length !== 1 || one.data[0] !== 1) continue;
    const mul = firstChild(div);
    if (!is(mul, 'Mul') || !floats(mul)) continue;
    const r = div.outputs[0];
    const y = mul.inputs[0] === r ? mul.inputs[1] : mul.inputs[0];
    v.remove(div);
    v.replace([mul], { ...div, inputs: [y, div.inputs[1]], outputs: [mul.outputs[0]] });
  }
}

export function fuseGeluPass(v: GraphView): void {
  const { is, edges, firstChild, firstParent, floats, scalarNear } = helpers(v);
  if (v.opset() < 9) return; // Erf from opset 9
  for (const div of v.live()) {
    if (!v.has(div) || !is(div, 'Div') || !floats(div) || !edges(div, 1)) continue;
    if (!scalarNear(div.inputs[1], 1.4142099618911743) && !scalarNear(div.inputs[1], Math.fround(Math.SQRT2))) continue;
    const x = div.inputs[0];
    const erf = firstChild(div);
    if (!is(erf, 'Erf') || !edges(erf, 1) || !floats(erf)) continue;
    const add = firstChild(erf);
    if (!is(add, 'Add') || !edges(add, 1) || !floats(add)) continue;
    if (!scalarNear(add.inputs[0] === erf.outputs[0] ? add.inputs[1] : add.inputs[0], 1)) continue;
    const mul = firstChild(add);
    if (!is(mul, 'Mul') || !floats(mul)) continue;
    let last: Node;
    let mul2 = firstParent(mul, 'Mul');
    if (mul2) {
      // Mul(Mul(x, 0.5), 1 + erf)
      if (!edges(mul2, 1) || !floats(mul2)) continue;
      const root = mul2.inputs.indexOf(x);
      if (root < 0 || !scalarNear(mul2.inputs[root === 0 ? 1 : 0], 0.5)) continue;
      last = mul;
    } else {
      // Mul(Mul(x, 1 + erf), 0.5)
      if (!edges(mul, 1) || !mul.inputs.includes(x)) continue;
      mul2 = firstChild(mul);
      if (!is(mul2, 'Mul') || !floats(mul2)) continue;
      if (!scalarNear(mul2.inputs[mul2.inputs[0] === mul.outputs[0] ? 1 : 0], 0.5)) continue;
      last = mul2;
    }
    for (const nd of [div, erf, add, mul, mul2]) if (nd !== last) v.remove(nd);
    v.replace([last], {
      name: v.fresh(`${div.name || 'Div'}/GeluFusion`),
      opType: 'Gelu',
      domain: 'com.microsoft',
      inputs: [x],
      outputs: [last.outputs[0]],
      attributes: new Map(),
    });
  }
}
