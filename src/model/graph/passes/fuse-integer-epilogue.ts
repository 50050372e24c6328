/**
 * Pass: the float epilogue onnxruntime's `quantize_dynamic` writes after each ConvInteger / MatMulInteger, folded into
 * it. The chain
 *   ConvInteger | MatMulInteger (int32) [-> Add (an int32 IB: ConvInteger)] -> Cast (to float32) -> Mul (by S)
 *   [-> Add (a constant B)] [-> Relu]
 * where S is a float32 of one value or one per output channel (computed, the product of the run's x scale and the
 * weight scales, or constant), B a constant float32 of one value or one per output channel (shaped to broadcast along
 * the channel axis: [C, 1, 1] / [1, C, 1, 1] for a convolution, [C] / [1, C] for a matrix product, whose channel is
 * its last axis), every value between the nodes read once and no graph output, becomes one i8conv node of the
 * product's op type with inputs [x, w, x_zero_point, w_zero_point, S, B or '' (, IB)] and attribute `activation` =
 * 'Relu' where the Relu was; it writes the chain's last output, float32, in place of the chain's last node. IB (older
 * quantize_dynamic writes a ConvInteger's bias so, quantized to int32 with the run's input scale and added before the
 * Cast) is taken where the kernels store the sums (batch 1, one group): the accumulators start from it, the same
 * wrapping int32 sum. Where no float epilogue follows it (a quantizer's Q/DQ between the Cast and the Mul), the
 * ConvInteger and its bias alone become the node (inputs 4 and 5 empty), writing the Add's int32 output.
 *
 * The convolution then computes f32(f32(acc) * S[c]) + B[c] and the Relu's max(f, 0) on each sum as it stores it
 * (its kernels, where it has batch 1 and one group; else the window correction's pass of weights shifted per channel:
 * src/model/backends/wasm-int8/conv.ts): the three or four operators' float32 operations in their order, one
 * rounding each, so the same bits, and the int32 tensor's write and the element-wise region's pass over it go. Taken
 * where one of the two applies (`convTakesFloatEpilogue`); elsewhere the float region keeps the epilogue. The
 * reference executor runs the node as the operators it replaces (kernels-ref/model/ops/IntegerEpilogue.ts).
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import { convTakesFloatEpilogue, convTakesIntBias } from '../../backends/wasm-int8/conv.js';

/**
 * Whether a float32 value of dims `d` broadcasts along the channel axis `axis` of an output of dims `out` only (one
 * value, or the channel count there and 1 elsewhere, right-aligned, of no higher rank).
 */
export function perChannelOperand(d: readonly number[], out: readonly number[], axis: number): boolean {
  const n = d.reduce((a, b) => a * b, 1);
  if (d.length > out.length) return false;
  if (n === 1) return true;
  const shift = out.length - d.length;
  return d.every((k, i) => (i + shift === axis ? k === out[axis] : k === 1));
}

export function fuseIntegerEpiloguePass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  /** The only reader of a node's single output, when that output is no graph output. */
  const soleReader = (n: Node): Node | undefined => {
    if (n.outputs.filter((o) => o !== '').length !== 1) return undefined;
    const out = n.outputs[0];
    if (v.isGraphOutput(out)) return undefined;
    const edges = v.consumersOf(out);
    if (edges.length !== 1) return undefined;
    return edges[0].node;
  };
  const float = (name: string | undefined): PlannedValue | undefined => {
    const x = name ? values.get(name) : undefined;
    return x?.type === 'float32' ? x : undefined;
  };
  for (const p of [...v.live()]) {
    if ((p.opType !== 'ConvInteger' && p.opType !== 'MatMulInteger') || p.domain !== '') continue;
    const y = values.get(p.outputs[0]);
    if (!y || y.type !== 'int32') continue;
    const axis = p.opType === 'ConvInteger' ? 1 : y.dims.length - 1;
    // a ConvInteger's int32 bias added before the Cast (one value or one per channel, constant or computed: older
    // quantize_dynamic quantizes the bias with the run's input scale; the Add's int32 wrapping sum): folded too where
    // the kernels store the sums (the accumulators start from it, set before each run where computed)
    let intBias = '';
    let before: Node = p;
    const ia = soleReader(p);
    if (p.opType === 'ConvInteger' && ia && ia.opType === 'Add' && ia.domain === '' && ia.inputs.length === 2) {
      const b = ia.inputs[0] === p.outputs[0] ? ia.inputs[1] : ia.inputs[0];
      const bv = values.get(b);
      if (
        b !== p.outputs[0] &&
        bv?.type === 'int32' &&
        values.get(ia.outputs[0])?.type === 'int32' &&
        perChannelOperand(bv.dims, y.dims, axis) &&
        convTakesIntBias(p, values)
      ) {
        intBias = b;
        before = ia;
      }
    }
    /** The int32 bias alone (no float epilogue after it: a quantizer put its Q/DQ there): the int32 output. */
    const biasOnly = () => {
      if (!intBias) return;
      const inputs = [...p.inputs];
      while (inputs.length < 4) inputs.push('');
      inputs.push('', '', intBias);
      v.replace([before, p], { ...p, domain: 'i8conv', name: `${p.name}+bias`, inputs, outputs: [...before.outputs] });
    };
    const cast = soleReader(before);
    const to = cast?.attributes.get('to');
    if (!cast || cast.opType !== 'Cast' || cast.domain !== '' || to?.kind !== 'int' || to.value !== 1) {
      biasOnly();
      continue;
    }
    const mul = soleReader(cast);
    const c = cast.outputs[0];
    const s = mul && mul.inputs.length === 2 ? (mul.inputs[0] === c ? mul.inputs[1] : mul.inputs[0]) : '';
    const sv = float(s);
    if (
      !mul ||
      mul.opType !== 'Mul' ||
      mul.domain !== '' ||
      mul.inputs.length !== 2 ||
      mul.inputs[0] === mul.inputs[1] ||
      !sv ||
      !perChannelOperand(sv.dims, y.dims, axis)
    ) {
      biasOnly();
      continue;
    }
    const chain = intBias ? [mul, cast, before, p] : [mul, cast, p];
    let last = mul;
    let bias = '';
    const add = soleReader(mul);
    if (add && add.opType === 'Add' && add.domain === '' && add.inputs.length === 2) {
      const b = add.inputs[0] === mul.outputs[0] ? add.inputs[1] : add.inputs[0];
      const bv = float(b);
      if (bv?.constant && b !== mul.outputs[0] && perChannelOperand(bv.dims, y.dims, axis)) {
        bias = b;
        chain.unshift(add);
        last = add;
      }
    }
    const relu = soleReader(last);
    const withRelu = !!relu && relu.opType === 'Relu' && relu.domain === '' && relu.attributes.size === 0;
    if (withRelu) {
      chain.unshift(relu);
      last = relu;
    }
    if (!convTakesFloatEpilogue(p, values)) {
      biasOnly();
      continue;
    }
    const inputs = [...p.inputs];
    while (inputs.length < 4) inputs.push('');
    inputs.push(s, bias);
    if (intBias) inputs.push(intBias);
    const attributes = new Map(p.attributes);
    if (withRelu) attributes.set('activation', { kind: 'string', value: 'Relu' });
    v.replace(chain, {
      ...p,
      domain: 'i8conv',
      name: `${p.name}+epilogue`,
      inputs,
      outputs: [...last.outputs],
      attributes,
    });
  }
}
