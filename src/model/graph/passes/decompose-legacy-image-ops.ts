/**
 * Pass: the experimental image operators of early ONNX (opset 1..9 converters: CoreML, Caffe, Keras), which
 * onnxruntime still runs, taken apart into standard nodes computing the same float32 operations:
 *
 *   ImageScaler(X; scale, bias[C]) = Add(Mul(X, scale), bias as [1, C, 1, 1])     (onnxruntime: scale x + bias[c])
 *   Crop(X; border [left, top, right, bottom], scale [h, w]?) = Slice of H and W: rows top .. H - bottom (or
 *     top + h), columns left .. W - right (or left + w)                            (onnxruntime's crop.h)
 *
 * X is 4-D (N, C, H, W), float32 for ImageScaler (onnxruntime registers float). Both exist at opsets 1 .. 9 only (ONNX
 * removed them at 10; onnxruntime refuses them there, as the operator table does); the Mul / Add / Slice are written
 * at the model's opset (7 .. 9: broadcasting without an attribute, Slice's bounds as attributes). A node this pass
 * does not take (another rank, a bias of another length, a border outside the input, an opset before 7) stays and is
 * refused at lowering (the operator table's row says why).
 */
import type { Attribute, Node } from '../ir.js';
import type { GraphView } from '../view.js';

export function decomposeLegacyImageOpsPass(v: GraphView): void {
  const opset = v.opset();
  if (opset < 7 || opset > 9) return;
  for (const n of [...v.live()]) {
    if (n.domain !== '' || (n.opType !== 'ImageScaler' && n.opType !== 'Crop')) continue;
    const x = n.inputs[0];
    const dims = v.dimsOf(x);
    const out = n.outputs[0];
    if (!dims || dims.length !== 4 || !x) continue;
    const base = n.name || out;
    const node = (opType: string, inputs: string[], outputs: string[], attrs?: Map<string, Attribute>): Node =>
      v.newNode(base, opType, inputs, outputs, attrs);
    if (n.opType === 'ImageScaler') {
      const s = n.attributes.get('scale'),
        b = n.attributes.get('bias');
      if (s?.kind !== 'float' || b?.kind !== 'floats' || b.value.length !== dims[1] || v.typeOf(x) !== 'float32')
        continue;
      const scaled = v.fresh(`${base}_scaled`);
      v.annotate({ name: scaled, type: 'float32', onnxElemType: 1, shape: dims });
      const scale = v.addInitializer(`${base}_scale`, 'float32', [], Float32Array.of(s.value));
      const bias = v.addInitializer(`${base}_bias`, 'float32', [1, dims[1], 1, 1], Float32Array.from(b.value));
      v.replaceWith(n, [node('Mul', [x, scale], [scaled]), node('Add', [scaled, bias], [out])]);
      continue;
    }
    const border = n.attributes.get('border');
    const scaleA = n.attributes.get('scale');
    if (border?.kind !== 'ints' || border.value.length < 4) continue;
    const [left, top, right, bottom] = border.value;
    const [H, W] = [dims[2], dims[3]];
    const hw = scaleA?.kind === 'ints' && scaleA.value.length >= 2 ? scaleA.value : null;
    const bottomLimit = hw ? top + hw[0] : H - bottom,
      rightLimit = hw ? left + hw[1] : W - right;
    if (top < 0 || left < 0 || bottomLimit > H || rightLimit > W || bottomLimit < top || rightLimit < left) continue;
    const starts = [top, left],
      ends = [bottomLimit, rightLimit],
      axes = [2, 3];
    const ints = (value: number[]): Attribute => ({ kind: 'ints', value });
    v.replaceWith(n, [
      node(
        'Slice',
        [x],
        [out],
        new Map([
          ['starts', ints(starts)],
          ['ends', ints(ends)],
          ['axes', ints(axes)],
        ]),
      ),
    ]);
  }
}
