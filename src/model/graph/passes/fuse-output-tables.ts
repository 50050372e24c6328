/**
 * Pass: look-up tables into the node that feeds them. A node the LUT kernel runs (an i8conv Lut, QLinearSigmoid,
 * QLinearLeakyRelu, a QLinearAdd / QLinearMul by a constant scalar) whose input is the 8-bit output of a convolution
 * or matrix product on the ConvBias pack or of an 8-bit Resize, read by nothing else and no graph output, is folded
 * into that node: the pair becomes the producer's i8conv form (`i8conv:QLinearConv`, `i8conv:QLinearMatMul`,
 * `i8conv:QGemm`, `i8conv:Resize`: the same inputs and attributes, plus `output_table`, the 256 raw output bytes by raw
 * byte of the producer's own output, and `table_input`, that output's name), named `<producer>+<table>` and writing
 * the table node's output. The kernels apply the table to each byte as they store it, while it is in L1, instead of
 * a pass of its own over the tensor. Exact: the same table on the same bytes.
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import { lookupTableOf, takesOutputTable } from '../../backends/wasm-int8/fusion.js';

export function fuseOutputTablesPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  for (const t of v.live()) {
    const lut = lookupTableOf(t, values);
    if (!lut) continue;
    const x = lut.x;
    const p = v.producerOf(x);
    if (!p || p.outputs[0] !== x || v.readers(x) !== 1 || !takesOutputTable(p, values)) continue;
    const type = values.get(t.outputs[0])?.type === 'int8' ? 'int8' : 'uint8';
    const attributes = new Map(p.attributes);
    attributes.set('output_table', {
      kind: 'tensor',
      value: { name: '', type, dims: [256], data: type === 'int8' ? new Int8Array(lut.table.buffer) : lut.table },
    });
    attributes.set('table_input', { kind: 'string', value: x });
    const fused: Node = {
      ...p,
      domain: 'i8conv',
      name: `${p.name}+${t.name}`,
      outputs: [t.outputs[0], ...p.outputs.slice(1)],
      attributes,
    };
    v.replace([p, t], fused);
  }
}
