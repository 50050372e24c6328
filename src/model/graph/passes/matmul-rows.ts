/**
 * Pass (after fuse-qdq, fold-pad and fuse-luts): a QLinearMatMul of many rows runs as a 1x1 QLinearConv over pixels. The
 * convolution kernels take NCHW data, so a matrix product A [..., M, K] x B [K, N] lowers as a convolution of M images
 * of one pixel and K channels each (./../backends/wasm-int8/conv.ts), which runs the GEMM one pixel at a time: 3.9
 * GMAC/s for M = 97, K = 257, N = 32 (oww-melspec's mel filter bank) where the same sums over 97 pixels of one image
 * run at 17 (Node 20, SIMD128). So, where M (the product of A's leading dims) is at least MIN_ROWS:
 *
 *   A -> Reshape [M, K] -> Transpose [K, M] -> Reshape [1, K, M, 1]
 *     -> QLinearConv(x_s, x_zp, W = B^T [N, K, 1, 1], w_s, w_zp, y_s, y_zp)   [1, N, M, 1]
 *     -> Reshape [N, M] -> Transpose [M, N] -> Reshape [..., M, N]
 *
 * The convolution's integer sums and its requantization are the matrix product's (both lower to one ConvBias with
 * the same parameters), the transposes and reshapes move bytes: the output is the same, bit for bit. B's scale and
 * zero point per column are the convolution's per output channel. Only for a constant 2-D 8-bit B with per-tensor A
 * and y parameters (what the lowering runs on the convolution kernels anyway) and an 8-bit A of known dims. Where the
 * product's only reader is a table of it (readByTable), the table moves between the convolution and the output
 * transposes, so that the output-table fusion still applies it as the convolution stores each byte (oww-melspec's
 * mel filter bank, read by the table of its Clip -> Log -> Mul: 300 us as 97 one-pixel images, 30 us this way).
 */
import type { Graph, Node } from '../ir.js';
import { transposeBytes } from '../../backends/wasm-int8/conv.js';
import { type GraphView, runPasses } from '../view.js';

/** The fewest rows a product is rewritten for (below, the transposes cost about what the pixels save). */
const MIN_ROWS = 8;

const ONNX_TYPE = { int8: 3, uint8: 2 } as const;

export function matmulRowsPass(v: GraphView): void {
  if (v.opset() < 5) return; // Reshape takes its shape as an input from opset 5 on
  for (const mm of v.nodes) {
    if (mm.domain !== '' || mm.opType !== 'QLinearMatMul' || mm.inputs.length !== 8 || mm.outputs.length !== 1)
      continue;
    const [a, , , b] = mm.inputs;
    const y = mm.outputs[0];
    const aType = v.typeOf(a);
    const yType = v.typeOf(y);
    const bT = v.constant(b);
    const ad = v.dimsOf(a);
    if ((aType !== 'uint8' && aType !== 'int8') || (yType !== 'uint8' && yType !== 'int8')) continue;
    if (!bT || (bT.type !== 'uint8' && bT.type !== 'int8') || bT.dims.length !== 2 || !ad || ad.length < 2) continue;
    const [k, n] = bT.dims;
    if (ad[ad.length - 1] !== k || k === 0 || n === 0) continue;
    const m = ad.slice(0, -1).reduce((x, d) => x * d, 1);
    if (m < MIN_ROWS) continue;
    // a table reader moves before the output transposes (it maps bytes one by one, so it commutes with them): a Lut,
    // or an operator whose other operands are single values; the output-table fusion then applies it as the
    // convolution stores each byte. With a constant operand of another shape the product stays as it is
    const table = readByTable(v, y) ? v.consumersOf(y)[0].node : undefined;
    const elementwise =
      table?.domain === 'i8conv' // a Lut: byte -> table[byte]
        ? table.inputs[0] === y
        : table?.inputs.every((x) => x === y || x === '' || v.constant(x)?.data.length === 1);
    if (table && !elementwise) continue;
    // the chain after the convolution carries the table's output where a table moved there
    const outType = table ? v.typeOf(table.outputs[0]) : yType;
    if (outType !== 'uint8' && outType !== 'int8') continue;
    // per-tensor A and y parameters, B's per tensor or per column (N): QLinearConv's own forms
    const one = (name: string) => v.constant(name)?.data.length === 1;
    const perColumn = (name: string) => {
      const t = v.constant(name);
      return t !== undefined && (t.data.length === 1 || (t.dims.length === 1 && t.dims[0] === n));
    };
    if (![1, 2, 6, 7].every((i) => one(mm.inputs[i])) || !perColumn(mm.inputs[4]) || !perColumn(mm.inputs[5])) continue;

    const base = mm.name || y;
    const shape = (name: string, dims: number[]): string =>
      v.addInitializer(
        `${base}/${name}_shape`,
        'int64',
        [dims.length],
        BigInt64Array.from(dims, (d) => BigInt(d)),
      );
    const value = (name: string, type: 'uint8' | 'int8', dims: number[]): string => {
      const out = v.fresh(`${base}/${name}`);
      v.annotate({ name: out, type, onnxElemType: ONNX_TYPE[type], shape: dims });
      return out;
    };
    const node = (name: string, opType: string, inputs: string[], outputs: string[], attrs: Node['attributes']) =>
      ({ name: v.fresh(`${base}/${name}`), opType, domain: '', inputs, outputs, attributes: attrs }) as Node;
    const perm = new Map([['perm', { kind: 'ints' as const, value: [1, 0] }]]);

    const rows = value('rows', aType, [m, k]);
    const cols = value('rows_t', aType, [k, m]);
    const x = value('pixels', aType, [1, k, m, 1]);
    const conv = value('conv', yType, [1, n, m, 1]);
    const mapped = table ? value('conv_table', outType, [1, n, m, 1]) : conv;
    const plane = value('conv_rows', outType, [n, m]);
    const back = value('rows_out', outType, [m, n]);
    // W = B^T as [N, K, 1, 1] (B's element type)
    const w = transposeBytes(bT.data as Int8Array | Uint8Array, k, n);
    const wName = v.addInitializer(`${b}_as_conv`, bT.type, [n, k, 1, 1], w);
    const nodes: Node[] = [
      node('rows', 'Reshape', [a, shape('rows', [m, k])], [rows], new Map()),
      node('rows_t', 'Transpose', [rows], [cols], perm),
      node('pixels', 'Reshape', [cols, shape('pixels', [1, k, m, 1])], [x], new Map()),
      {
        ...mm,
        opType: 'QLinearConv',
        inputs: [x, mm.inputs[1], mm.inputs[2], wName, mm.inputs[4], mm.inputs[5], mm.inputs[6], mm.inputs[7]],
        outputs: [conv],
        attributes: new Map(),
      },
      ...(table ? [{ ...table, inputs: table.inputs.map((x) => (x === y ? conv : x)), outputs: [mapped] }] : []),
      node('conv_rows', 'Reshape', [mapped, shape('conv_rows', [n, m])], [plane], new Map()),
      node('rows_out', 'Transpose', [plane], [back], perm),
      node('out', 'Reshape', [back, shape('out', [...ad.slice(0, -1), n])], [table ? table.outputs[0] : y], new Map()),
    ];
    if (table) v.remove(table);
    v.replaceWith(mm, nodes);
  }
}

/**
 * Whether a value's only reader is a 256-entry table of it (i8conv Lut, QLinearSigmoid, QLinearLeakyRelu, a
 * QLinearAdd / QLinearMul with a constant operand): the output-table fusion then applies that table as the product
 * stores each byte.
 */
function readByTable(v: GraphView, y: string): boolean {
  const edges = v.consumersOf(y);
  if (edges.length !== 1 || v.isGraphOutput(y)) return false;
  const r = edges[0].node;
  if (r.domain === 'i8conv') return r.opType === 'Lut';
  if (r.domain !== 'com.microsoft') return false;
  if (r.opType === 'QLinearSigmoid' || r.opType === 'QLinearLeakyRelu') return true;
  return (
    (r.opType === 'QLinearAdd' || r.opType === 'QLinearMul') &&
    r.inputs.some((x) => v.constant(x) !== undefined && (x === r.inputs[0] || x === r.inputs[3]))
  );
}

export function matmulRows(graph: Graph): Graph {
  return runPasses(graph, matmulRowsPass);
}
