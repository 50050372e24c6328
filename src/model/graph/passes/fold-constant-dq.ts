/**
 * Pass (after fuse-qdq and fold-pad): a DequantizeLinear of a constant (its data, scale and zero point initializers)
 * that the Q/DQ fusion left in the graph becomes a float32 initializer, computed once at load by the host
 * DequantizeLinear operator (the operator table's implementation for constants), which is what a run computed before, every run. Such a DQ is left where onnxruntime's
 * rules do not fuse the group around its reader: a convolution whose float output is also read by a float node (a
 * quantizer that quantizes a tensor for one reader only), a weight read by a float MatMul or Gather. Its reader then
 * sees a constant: a float Conv runs on its wasm kernel (constant weights) instead of the host's, and nothing
 * dequantizes the weights again at each run (Silero VAD quantized by i8conv's defaults: 183 us of a 370 us run).
 *
 * Only where nothing changes but when the values are computed: the DQ's inputs are initializers no feed can replace,
 * its output is no graph output, and the host operator accepts it (an attribute or a type it refuses leaves the node
 * as it is: the lowering reports it as before). The values are the operator's own, bit for bit.
 */
import type { Graph, Tensor } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { dequantizeHost } from '../../backends/host/quant.js';
import type { HostTensor, HostValueInfo } from '../../backends/types.js';
import { I8ConvError } from '../../../errors.js';

/** The most values a DequantizeLinear is folded for (the float copy is held by the model, as its arena held it). */
const MAX_FOLDED = 1 << 26;

export function foldConstantDqPass(v: GraphView): void {
  for (const n of v.nodes) {
    if (n.domain !== '' || n.opType !== 'DequantizeLinear' || n.outputs.length !== 1) continue;
    const y = n.outputs[0];
    if (y === '' || v.isGraphOutput(y)) continue;
    const ins: (Tensor | undefined)[] = n.inputs.map((name) => (name === '' ? undefined : v.constant(name)));
    if (ins[0] === undefined || ins[1] === undefined || ins.some((t, k) => t === undefined && n.inputs[k] !== ''))
      continue;
    const x = ins[0];
    if (x.data.length > MAX_FOLDED) continue;
    const tensors = ins.map((t) => t && ({ type: t.type, dims: t.dims, data: t.data } as HostTensor));
    const infos: (HostValueInfo | undefined)[] = tensors.map((h) => h && { type: h.type, dims: h.dims, constant: h });
    const out: HostTensor = { type: 'float32', dims: x.dims, data: new Float32Array(x.data.length) };
    try {
      const run = dequantizeHost(
        { name: n.name, opType: n.opType, domain: n.domain, attributes: n.attributes },
        infos,
        [{ type: 'float32', dims: x.dims }],
        v.opset(''),
      );
      run(tensors, [out]);
    } catch (e) {
      if (e instanceof I8ConvError) continue; // refused: the node stays, and the lowering says why
      throw e;
    }
    v.setInitializer({ name: y, type: 'float32', dims: [...x.dims], data: out.data as Float32Array });
    v.remove(n);
  }
}

export function foldConstantDq(graph: Graph): Graph {
  return runPasses(graph, foldConstantDqPass);
}
