/**
 * Pass: onnxruntime's MatMulScaleFusion (graph optimizer, level 'extended', which onnxruntime-web applies), made here
 * on the same nodes because it changes the bits: a float32 MatMul (opset 9 on) or FusedMatMul whose input comes from a
 * Mul or Div by a scalar constant, or whose one reader is one, becomes com.microsoft FusedMatMul with alpha = the
 * product of those scales (a Div's scale is f32(1 / divisor)). onnxruntime's SGEMM then applies alpha to each block's
 * sum, f32(alpha * s), which is not the product of the scaled operand (f32(alpha * a) summed): an attention's
 * `MatMul(Mul(q, scale), k^T)` or `Mul(MatMul(q, k^T), scale)` (SVTR, YOLO's attention blocks) gives other low bits.
 *
 * Its conditions, as onnxruntime checks them:
 * - the scale: a constant of one element whose rank is at most the other operand's (no broadcasting; 0 where
 *   onnxruntime knows no shape of that operand), float32 here; for Div the divisor (input 1); for Mul either input;
 * - an input's scale node: its other operand has a shape of rank > 0 that onnxruntime's shape inference knows at
 *   session creation (`known`, ./ort-shapes.ts); the node stays where something else reads it;
 * - the output's: the MatMul's output is read by that one node alone and is no graph output;
 * - alpha: f32 products of the scales, inputs in input order, then the output's (and a FusedMatMul's own alpha first).
 * The pass repeats until nothing changes (onnxruntime runs its transformers again while they modify the graph), so a
 * chain of scales folds in.
 */
import type { Attribute, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import { ortMatch } from './ort-match.js';

export function fuseMatMulScalePass(v: GraphView, known: () => ReadonlyMap<string, boolean> | null = () => null): void {
  // MatMul-9 and -13 (a model at opset 9 or later), Mul / Div of opset 7 on
  if (v.opset() < 9) return;
  let shapes: ReadonlyMap<string, boolean> | null | undefined;
  /** onnxruntime knows a shape of the value (one a pass made: taken as known) */
  const hasShape = (x: string): boolean => {
    if (shapes === undefined) shapes = known();
    return shapes?.get(x) ?? true;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const { edges, outEdges } = ortMatch(v);
    /** the scale of a Mul / Div node by a scalar constant, and the index of its other (scaled) input */
    const scaleOf = (nd: Node | undefined): { scale: number; other: number } | null => {
      if (!nd || nd.domain !== '' || (nd.opType !== 'Mul' && nd.opType !== 'Div') || nd.inputs.length !== 2)
        return null;
      const candidates = nd.opType === 'Div' ? [1] : [0, 1];
      for (const k of candidates) {
        const t = v.constant(nd.inputs[k]);
        const other = nd.inputs[1 - k];
        const rank = hasShape(other) ? (v.dimsOf(other)?.length ?? 0) : 0;
        if (!t || t.type !== 'float32' || t.data.length !== 1 || t.dims.length > rank) continue;
        const s = t.data[0] as number;
        return { scale: nd.opType === 'Div' ? Math.fround(1 / s) : s, other: 1 - k };
      }
      return null;
    };
    for (const n of [...v.live()]) {
      if (!v.has(n)) continue;
      const isMatMul = n.domain === '' && n.opType === 'MatMul';
      const isFused = n.domain === 'com.microsoft' && n.opType === 'FusedMatMul';
      if (!isMatMul && !isFused) continue;
      if (v.typeOf(n.inputs[0]) !== 'float32' || v.typeOf(n.inputs[1]) !== 'float32') continue;
      const inputs = [...n.inputs];
      const scales: number[] = [];
      const merged: Node[] = [];
      for (let k = 0; k < 2; k++) {
        const p = v.producerOf(n.inputs[k]);
        const sc = scaleOf(p);
        if (!p || !sc) continue;
        const scaled = p.inputs[sc.other];
        const dims = v.dimsOf(scaled);
        if (!dims || dims.length === 0 || !hasShape(scaled)) continue;
        inputs[k] = scaled;
        scales.push(sc.scale);
        merged.push(p);
      }
      let output = n.outputs[0];
      let outNode: Node | undefined;
      if (edges(n, 1)) {
        const reader = outEdges(n)[0].node;
        const sc = scaleOf(reader);
        if (sc && reader.inputs[sc.other] === n.outputs[0] && reader.outputs.length === 1) {
          scales.push(sc.scale);
          output = reader.outputs[0];
          outNode = reader;
        }
      }
      if (!scales.length) continue;
      const own = n.attributes.get('alpha');
      let alpha = isFused && own?.kind === 'float' ? Math.fround(own.value) : 1;
      for (const s of scales) alpha = Math.fround(alpha * s);
      const attributes = new Map<string, Attribute>(isFused ? n.attributes : []);
      attributes.set('alpha', { kind: 'float', value: alpha });
      const fused: Node = {
        name: v.fresh(`${n.name || output}/MatMulScaleFusion`),
        opType: 'FusedMatMul',
        domain: 'com.microsoft',
        inputs,
        outputs: [output],
        attributes,
      };
      // the scale nodes before it go where nothing else reads them; the one after it always
      const gone = [n, ...(outNode ? [outNode] : [])];
      v.replace(gone, fused);
      for (const p of merged)
        if (v.has(p) && v.readers(p.outputs[0]) === 0 && !v.isGraphOutput(p.outputs[0])) v.remove(p);
      changed = true;
    }
  }
}
