/**
 * Pass: onnxruntime's fused 8-bit matrix products to float32, which its graph optimizer writes into the models it
 * saves after optimizing a quantize_dynamic model (com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul),
 * taken apart into the nodes quantize_dynamic itself writes, which compute the same float32 operations:
 *
 *   MatMulIntegerToFloat(A, B, a_scale, b_scale, a_zero_point?, b_zero_point?, bias?)
 *     = Add(Mul(Cast(MatMulInteger(A, B, a_zero_point, b_zero_point), float32), Mul(a_scale, b_scale)), bias)
 *   DynamicQuantizeMatMul(A, B, b_scale, b_zero_point?, bias?)
 *     = the same on (A8, a_scale, a_zero_point) = DynamicQuantizeLinear(A)
 *
 * onnxruntime's kernels (dynamic_quantize_matmul.cc) compute exactly that: the product of the two scales in float32,
 * the exact int32 sums, f32(sum) * scale, then + bias (MLAS's scale-and-bias output stage, one rounding each), and
 * DynamicQuantizeMatMul quantizes A with DynamicQuantizeLinear's formula. They take one scale and one zero point per
 * operand; a node with more stays and is refused at lowering (the operator table's row says why). The chain is then
 * folded into the product's finishing stage by fuse-integer-epilogue.ts, as for a quantize_dynamic model.
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';

const MS = 'com.microsoft';

/** One value: dims [] or [1] (onnxruntime's IsScalarOr1ElementVector). */
function oneValue(v: GraphView, name: string | undefined): boolean {
  if (!name) return true;
  const d = v.dimsOf(name);
  return d !== null && d.reduce((a, b) => a * b, 1) === 1 && d.length <= 1;
}

export function decomposeIntegerToFloatPass(v: GraphView): void {
  // DynamicQuantizeLinear from opset 11
  if (v.opset() < 11) return;
  for (const n of [...v.live()]) {
    if (n.domain !== MS || (n.opType !== 'MatMulIntegerToFloat' && n.opType !== 'DynamicQuantizeMatMul')) continue;
    const dynamic = n.opType === 'DynamicQuantizeMatMul';
    const input = (k: number): string | undefined => (n.inputs[k] ? n.inputs[k] : undefined);
    const [a, b] = [input(0), input(1)];
    const aScale = dynamic ? undefined : input(2);
    const bScale = input(dynamic ? 2 : 3);
    const aZp = dynamic ? undefined : input(4);
    const bZp = input(dynamic ? 3 : 5);
    const bias = input(dynamic ? 4 : 6);
    const out = n.outputs[0];
    const outDims = v.dimsOf(out);
    if (!a || !b || !bScale || !outDims || (!dynamic && !aScale)) continue;
    if (![aScale, bScale, aZp, bZp].every((x) => oneValue(v, x))) continue;
    const base = n.name || out;
    const value = (suffix: string, type: 'float32' | 'uint8' | 'int32', dims: number[]): string => {
      const name = v.fresh(`${base}_${suffix}`);
      v.annotate({ name, type, onnxElemType: type === 'float32' ? 1 : type === 'uint8' ? 2 : 6, shape: dims });
      return name;
    };
    const node = (opType: string, inputs: string[], outputs: string[], attrs?: Node['attributes']): Node =>
      v.newNode(base, opType, inputs, outputs, attrs);
    const news: Node[] = [];
    let a8 = a,
      aS = aScale!,
      aZ = aZp ?? '';
    if (dynamic) {
      a8 = value('quantized', 'uint8', v.dimsOf(a) ?? []);
      aS = value('scale', 'float32', []);
      aZ = value('zero_point', 'uint8', []);
      news.push(node('DynamicQuantizeLinear', [a], [a8, aS, aZ]));
    }
    const scaleDims = [aS, bScale].some((x) => (v.dimsOf(x) ?? []).length === 1) ? [1] : [];
    const scale = value('scale_product', 'float32', scaleDims);
    news.push(node('Mul', [aS, bScale], [scale]));
    const sums = value('sums', 'int32', outDims);
    const mmInputs = [a8, b, aZ, bZp ?? ''];
    while (mmInputs[mmInputs.length - 1] === '') mmInputs.pop();
    news.push(node('MatMulInteger', mmInputs, [sums]));
    const asFloat = value('float', 'float32', outDims);
    news.push(node('Cast', [sums], [asFloat], new Map([['to', { kind: 'int', value: 1 }]])));
    if (bias) {
      const scaled = value('scaled', 'float32', outDims);
      news.push(node('Mul', [asFloat, scale], [scaled]), node('Add', [scaled, bias], [out]));
    } else news.push(node('Mul', [asFloat, scale], [out]));
    v.replaceWith(n, news);
  }
}
