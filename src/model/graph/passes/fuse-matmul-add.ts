/**
 * Pass: a float32 MatMul whose only reader is an Add becomes a Gemm with the Add's other operand as C, as
 * onnxruntime's graph optimizer rewrites it before running the model (its MatMul + Add fusion, on by default).
 * The values change: Gemm starts each output from C and adds the product's blocks of K onto it (C + s1 + s2 ...),
 * where the MatMul then Add sums the blocks first ((s1 + s2) + C) -- different bits once K spans more than one
 * block (../../numerics/sgemm.ts), so i8conv rewrites the same nodes to compute the same bits.
 *
 * The rewrite happens where onnxruntime's does: the MatMul is not a graph output and its output has exactly one
 * reader, an Add; both are float32; B is 2-D with known dims; A's dims are known; C (the Add's other input) is
 * [N], or, when A is 2-D, [1, N], [M, 1] or [M, N] (M = A's first dim). Where A is not 2-D, A is reshaped to
 * [rows, K] before the Gemm and the result back to A's leading dims and N after it.
 * One difference, decided for i8conv: a MatMul that reads a DequantizeLinear output stays as it is (the Q / DQ
 * fusion, which runs next, keeps its quantized groups as before).
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';

export function fuseMatMulAddPass(v: GraphView): void {
  // Gemm broadcasts C (and Reshape takes its shape as an input) from opset 7 on
  if (v.opset() < 7) return;
  for (const mm of v.live()) {
    if (mm.domain !== '' || mm.opType !== 'MatMul' || mm.inputs.length !== 2) continue;
    const [a, b] = mm.inputs;
    const y = mm.outputs[0];
    if (!y || v.isGraphOutput(y) || v.readers(y) !== 1) continue;
    const edges = v.consumersOf(y);
    if (edges.length !== 1) continue;
    const add = edges[0].node;
    if (add.domain !== '' || add.opType !== 'Add' || add.inputs.length !== 2 || add.inputs[0] === add.inputs[1])
      continue;
    if (v.typeOf(a) !== 'float32' || v.typeOf(add.inputs[0]) !== 'float32') continue;
    if ([a, b].some((name) => v.producerOf(name)?.opType === 'DequantizeLinear')) continue;
    const ad = v.dimsOf(a);
    const bd = v.dimsOf(b);
    if (!ad || !bd || bd.length !== 2 || ad.length < 1) continue;
    const c = add.inputs[0] === y ? add.inputs[1] : add.inputs[0];
    const cd = v.dimsOf(c);
    const out = add.outputs[0];
    if (!cd || !out) continue;
    const [k, n] = bd;
    const reshape = ad.length !== 2;
    const valid =
      (cd.length === 1 && cd[0] === n) ||
      (!reshape && cd.length === 2 && cd[0] === 1 && cd[1] === n) ||
      (!reshape && cd.length === 2 && cd[0] === ad[0] && (cd[1] === 1 || cd[1] === n));
    if (!valid || ad[ad.length - 1] !== k) continue;
    const rows = ad.slice(0, -1).reduce((x, d) => x * d, 1);
    const gemmOut = reshape ? v.fresh(`${out}_gemm`) : out;
    const nodes: Node[] = [];
    let gemmA = a;
    if (reshape) {
      gemmA = v.fresh(`${a}_gemm_rows`);
      const shapeIn = v.addInitializer(`${gemmA}_shape`, 'int64', [2], BigInt64Array.of(BigInt(rows), BigInt(k)));
      v.annotate({ name: gemmA, type: 'float32', onnxElemType: 1, shape: [rows, k] });
      v.annotate({ name: gemmOut, type: 'float32', onnxElemType: 1, shape: [rows, n] });
      nodes.push({
        name: v.fresh(`${mm.name || 'MatMul'}/gemm_input_reshape`),
        opType: 'Reshape',
        domain: '',
        inputs: [a, shapeIn],
        outputs: [gemmA],
        attributes: new Map(),
      });
    }
    nodes.push({
      name: v.fresh(`${mm.name || 'MatMul'}/MatMulAddFusion`),
      opType: 'Gemm',
      domain: '',
      inputs: [gemmA, b, c],
      outputs: [gemmOut],
      attributes: new Map(),
    });
    if (reshape) {
      const dims = [...ad.slice(0, -1), n];
      const shapeOut = v.addInitializer(
        `${out}_shape`,
        'int64',
        [dims.length],
        BigInt64Array.from(dims, (d) => BigInt(d)),
      );
      nodes.push({
        name: v.fresh(`${mm.name || 'MatMul'}/gemm_output_reshape`),
        opType: 'Reshape',
        domain: '',
        inputs: [gemmOut, shapeOut],
        outputs: [out],
        attributes: new Map(),
      });
    }
    v.remove(add);
    v.replaceWith(mm, nodes);
  }
}
