/**
 * Pass: onnxruntime's WeightBiasQuantization (core/optimizer/qdq_transformer/weight_bias_quantization.cc, a Level-1
 * transformer, on in every session that keeps QDQ handling): in a QDQ model, a Conv, ConvTranspose or Gemm whose
 * data input comes from a DequantizeLinear but whose weight and / or bias are still float initializers gets them
 * quantized, so that it computes with the weights onnxruntime computes with. Without it a model whose quantizer left
 * such weights in float (PP-OCR det's ConvTranspose upsampling, quantized by fixtures/models/quantize-minmax.ts) gives
 * other bits than onnxruntime-web.
 *
 * A node is taken (onnxruntime's conditions, in its order) when
 * - it is a default-domain Conv, ConvTranspose or Gemm whose input 0 is the output of a DequantizeLinear with a
 *   per-tensor scale (rank 0 or [1]);
 * - its one output leads to a QuantizeLinear through a chain of zero or more Relu / Clip nodes, each value on the
 *   way read by exactly one node (graph outputs do not count as readers);
 * - its weight is the output of a DequantizeLinear, or a float32 initializer;
 * - its bias, when present, is an initializer of rank 1 (of M values); when the weight is already dequantized there
 *   must be a bias (else there is nothing to do), and a per-channel weight DQ must have M scales, no block_size and
 *   `axis` (default 1) equal to 0 (Gemm: 1 when transB = 0, else 0).
 * What it computes (every step float32, as onnxruntime's kernels and constant folding do):
 * - a float weight W: min = min(min(W), 0), max = max(max(W), 0); s = max == min ? 1 : f(f(max - min) / 255);
 *   zp = int8(RNE(clamp(f(-128 - f(min / s)), -128, 127))) (asymmetric int8, per tensor: GetQuantizationParameter
 *   <int8_t>, whose "symmetric" flag is off); q = QuantizeLinear(W, s, zp) (RNE(f(w / s)) + zp,
 *   saturated); the node reads DequantizeLinear(q, s, zp) = f((q - zp) * s).
 * - a float bias b (with the weight scale s_w: the new s, or the weight DQ's scale, per tensor or per channel):
 *   s_b = f(s_x * s_w) (s_x: input 0's DQ scale); q_b = int32(RNE(f(b / s_b))) (Div, Round, Cast; saturated to
 *   int32, NaN to 0); the node reads DequantizeLinear(q_b, s_b) (axis 0 when per channel) = f(float(q_b) * s_b).
 * How the graph shows it: for Conv and Gemm, as onnxruntime's graph after constant folding: new int8 / int32
 * initializers read by new DequantizeLinear nodes (placed just before the node), so that fuseQdq then makes the
 * same QLinearConv / QGemm as onnxruntime does; for ConvTranspose (which no QDQ rule fuses on the CPU EP: it
 * stays float there), the dequantized values themselves as new float32 initializers, so the executor keeps a
 * constant weight (the same values the DQ would produce at run time).
 * A ConvTranspose whose W / B are already DequantizeLinear outputs of initializers reads them dequantized, as float32
 * initializers, too (`constantConvTransposeInputs`): the float executor needs them constant.
 * Not taken (left as they are, where onnxruntime would still quantize): a node whose float weight holds a NaN or an
 * infinity (MLAS's min / max of those is not reproduced), whose input DQ's scale is not an initializer while a bias
 * is to be quantized (onnxruntime multiplies at run time), or whose bias is not float32.
 * New names are fresh (`<node>_weight_q` etc., suffixed when taken); the old initializers stay while anything reads
 * them. Pure: the input graph is not changed. Run it after foldBatchNorm and before fuseQdq (onnxruntime runs its
 * Conv + BatchNormalization fusion and this pass at Level 1, its QDQ fusions at Level 2).
 */
import { quantizeValue, roundHalfEven } from '../../numerics/quantize.js';
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';

const f32 = Math.fround;

/** onnxruntime's GetQuantizationParameter<int8_t> (asymmetric): the scale and zero point of W. */
export function ortWeightQuantParams(w: ArrayLike<number>): { scale: number; zeroPoint: number } {
  let mn = Infinity,
    mx = -Infinity;
  for (let i = 0; i < w.length; i++) {
    mn = Math.min(mn, w[i]);
    mx = Math.max(mx, w[i]);
  }
  mn = Math.min(mn, 0);
  mx = Math.max(mx, 0);
  const scale = mx === mn ? 1 : f32(f32(mx - mn) / 255);
  const izp = f32(-128 - f32(mn / scale));
  // std::max(float(qmin), std::min(float(qmax), izp))
  const lo = izp < 127 ? izp : 127;
  return { scale, zeroPoint: roundHalfEven(-128 < lo ? lo : -128) };
}

const isDq = (n: Node | undefined): n is Node =>
  !!n && n.opType === 'DequantizeLinear' && (n.domain === '' || n.domain === 'com.microsoft');

export function weightBiasQuantizationPass(v: GraphView): void {
  quantizeWeightsAndBiases(v);
  constantConvTransposeInputs(v);
}

export function weightBiasQuantization(graph: Graph): Graph {
  return runPasses(graph, weightBiasQuantizationPass);
}

function quantizeWeightsAndBiases(v: GraphView): void {
  const { initializers, valueInfo } = v;
  const fresh = (base: string): string => v.fresh(base);
  const dimsOf = (name: string): readonly (number | string | null)[] | null | undefined =>
    initializers.get(name)?.dims ?? valueInfo.get(name)?.shape ?? v.inputs.find((i) => i.name === name)?.shape;
  const isScalar = (name: string | undefined): boolean => {
    const d = name ? dimsOf(name) : undefined;
    return !!d && (d.length === 0 || (d.length === 1 && d[0] === 1));
  };
  const intAttr = (n: Node, k: string): number | undefined => {
    const a = n.attributes.get(k);
    return a && a.kind === 'int' ? a.value : undefined;
  };
  /** The node's output reaches a QuantizeLinear through Relu / Clip nodes only, each value read once. */
  const leadsToQ = (n: Node): boolean => {
    for (let cur = n; ; ) {
      if (cur.outputs.length !== 1) return false;
      const rs = new Set(v.consumersOf(cur.outputs[0]).map((e) => e.node));
      if (rs.size !== 1) return false;
      const next = [...rs][0];
      if (next.opType === 'QuantizeLinear') return true;
      if (next.opType !== 'Relu' && next.opType !== 'Clip') return false;
      cur = next;
    }
  };

  for (const node of v.nodes) {
    if (node.domain !== '' || !['Conv', 'ConvTranspose', 'Gemm'].includes(node.opType)) continue;
    const [xName, wName, bName] = node.inputs;
    const dq0 = v.producerOf(xName);
    if (!isDq(dq0) || !isScalar(dq0.inputs[1]) || !leadsToQ(node) || !wName) continue;
    const dq1 = v.producerOf(wName);
    const wInit = isDq(dq1) ? undefined : initializers.get(wName);
    if (!isDq(dq1) && (!wInit || wInit.type !== 'float32')) continue;
    let biasSize = -1;
    const bInit = bName ? initializers.get(bName) : undefined;
    if (bName) {
      if (!bInit || bInit.dims.length !== 1) continue;
      biasSize = bInit.dims[0];
    }
    if (isDq(dq1) && biasSize === -1) continue;
    // a per-channel weight DQ: M scales on the expected axis
    let perTensor = true;
    if (isDq(dq1) && !isScalar(dq1.inputs[1])) {
      perTensor = false;
      const sd = dimsOf(dq1.inputs[1]);
      if (!sd || sd.length !== 1 || sd[0] !== biasSize) continue;
      if ((intAttr(dq1, 'block_size') ?? 0) !== 0) continue;
      let axis = intAttr(dq1, 'axis') ?? 1;
      if (dq1.attributes.has('axis') && axis < 0) {
        const wd = dimsOf(dq1.inputs[0]);
        if (!wd) continue;
        axis += wd.length;
      }
      const expected = node.opType === 'Gemm' ? ((intAttr(node, 'transB') ?? 0) === 0 ? 1 : 0) : 0;
      if (axis !== expected) continue;
    }
    // what this runtime needs known to compute it
    const w = wInit?.data as Float32Array | undefined;
    if (w && w.some((v) => !Number.isFinite(v))) continue;
    if (bInit && bInit.type !== 'float32') continue;
    const sx = initializers.get(dq0.inputs[1]);
    const swName = isDq(dq1) ? dq1.inputs[1] : undefined;
    const swInit = swName ? initializers.get(swName) : undefined;
    if (bInit && (!sx || sx.type !== 'float32' || (swName && (!swInit || swInit.type !== 'float32')))) continue;

    const inline = node.opType === 'ConvTranspose';
    const newNodes: Node[] = [];
    const inputs = [...node.inputs];
    const addInit = (base: string, t: Omit<Tensor, 'name'>): string => {
      const name = fresh(base);
      initializers.set(name, { ...t, name });
      return name;
    };
    const addDq = (base: string, ins: string[], dims: number[], attrs: [string, Attribute][] = []): string => {
      const out = fresh(`${node.name}_${base}_dq`);
      newNodes.push({
        name: fresh(`${node.name}_${base}_dq`),
        opType: 'DequantizeLinear',
        domain: '',
        inputs: ins,
        outputs: [out],
        attributes: new Map(attrs),
      });
      const vi: ValueInfo = { name: out, type: 'float32', onnxElemType: 1, shape: [...dims] };
      v.annotate(vi);
      return out;
    };
    let wScale: Float32Array; // per tensor: one value
    if (w && wInit) {
      const { scale, zeroPoint } = ortWeightQuantParams(w);
      wScale = Float32Array.of(scale);
      const q = Int8Array.from(w, (v) => quantizeValue(v, scale, zeroPoint, 'int8'));
      if (inline)
        inputs[1] = addInit(`${node.name}_weight_dq`, {
          type: 'float32',
          dims: [...wInit.dims],
          data: Float32Array.from(q, (v) => f32((v - zeroPoint) * scale)),
        });
      else {
        const qn = addInit(`${node.name}_weight_q`, { type: 'int8', dims: [...wInit.dims], data: q });
        const sn = addInit(`${node.name}_weight_scale`, { type: 'float32', dims: [], data: Float32Array.of(scale) });
        const zn = addInit(`${node.name}_weight_zp`, { type: 'int8', dims: [], data: Int8Array.of(zeroPoint) });
        inputs[1] = addDq('weight', [qn, sn, zn], [...wInit.dims]);
      }
    } else wScale = swInit ? (swInit.data as Float32Array) : new Float32Array(0);
    if (bInit && sx) {
      const b = bInit.data as Float32Array;
      const sxv = (sx.data as Float32Array)[0];
      const sb = Float32Array.from(perTensor ? [wScale[0]] : wScale, (v) => f32(sxv * v));
      const qb = Int32Array.from(b, (v, i) => {
        const r = roundHalfEven(f32(v / sb[perTensor ? 0 : i]));
        return Number.isNaN(r) ? 0 : Math.max(-2147483648, Math.min(2147483647, r));
      });
      if (inline)
        inputs[2] = addInit(`${node.name}_bias_dq`, {
          type: 'float32',
          dims: [biasSize],
          data: Float32Array.from(qb, (v, i) => f32(f32(v) * sb[perTensor ? 0 : i])),
        });
      else {
        const qn = addInit(`${node.name}_bias_int32`, { type: 'int32', dims: [biasSize], data: qb });
        const sn = addInit(`${node.name}_bias_scale`, { type: 'float32', dims: perTensor ? [] : [biasSize], data: sb });
        inputs[2] = addDq('bias', [qn, sn], [biasSize], perTensor ? [] : [['axis', { kind: 'int', value: 0 }]]);
      }
    }
    // the new DQ nodes go before the node that reads them; initializers left unread are dropped by toGraph
    v.replaceWith(node, [...newNodes, { ...node, inputs }]);
  }
}

/**
 * A ConvTranspose stays float (no QDQ rule fuses it), and its executor wants a constant W and B: where they are
 * DequantizeLinear outputs of initializers (a model quantized with ConvTranspose as a QDQ group, as onnxruntime's
 * quantizer writes it), the node reads the dequantized values as new float32 initializers instead, f((q - zp) * s)
 * per tensor or along the DQ's axis: the values the DQ would give at run time. A DQ nothing else reads goes.
 */
function constantConvTransposeInputs(v: GraphView): void {
  const initializers = v.initializers;
  for (const node of v.nodes) {
    if (node.domain !== '' || node.opType !== 'ConvTranspose') continue;
    const inputs = [...node.inputs];
    const dqs: Node[] = [];
    for (const k of [1, 2]) {
      const dq = inputs[k] ? v.producerOf(inputs[k]) : undefined;
      if (!isDq(dq) || dq.domain !== '') continue;
      const [q, s, z] = [0, 1, 2].map((j) => (dq.inputs[j] ? initializers.get(dq.inputs[j]) : undefined));
      if (!q || !s || s.type !== 'float32' || (dq.inputs[2] && !z) || !['int8', 'uint8', 'int32'].includes(q.type))
        continue;
      const sd = s.data as Float32Array;
      const zd = z ? Array.from(z.data as ArrayLike<number>, Number) : new Array<number>(sd.length).fill(0);
      if (zd.length !== sd.length) continue;
      let axis = 0;
      let inner = 1;
      if (sd.length > 1) {
        const a = dq.attributes.get('axis');
        axis = a && a.kind === 'int' ? a.value : 1;
        if (axis < 0) axis += q.dims.length;
        if (
          q.dims[axis] !== sd.length ||
          (dq.attributes.get('block_size')?.kind === 'int' &&
            (dq.attributes.get('block_size') as { value: number }).value !== 0)
        )
          continue;
        for (let d = axis + 1; d < q.dims.length; d++) inner *= q.dims[d];
      }
      const qd = q.data as ArrayLike<number>;
      const c = (i: number) => (sd.length > 1 ? Math.floor(i / inner) % sd.length : 0);
      const data = Float32Array.from({ length: qd.length }, (_, i) => f32((qd[i] - zd[c(i)]) * sd[c(i)]));
      inputs[k] = v.addInitializer(
        `${node.name || node.outputs[0]}_${k === 1 ? 'weight' : 'bias'}_dq`,
        'float32',
        [...q.dims],
        data,
      );
      dqs.push(dq);
    }
    if (!inputs.some((x, k) => x !== node.inputs[k])) continue;
    v.replace([node], { ...node, inputs });
    // a DQ that fed it and that nothing reads any more goes
    for (const dq of dqs) if (v.has(dq) && dq.outputs.every((o) => v.readers(o) === 0)) v.remove(dq);
  }
}
