/**
 * Pass: per-channel chains. A run of two or more element-wise nodes on an 8-bit NCHW tensor x, each a function of the
 * element and its channel alone, each intermediate value read by the next node only and no graph output, becomes one
 * `i8conv:ChannelTable(x)` in the last node's place, named `<node>+<node>+...`: y = T[c][x byte], a table of 256
 * entries per channel (float32 or 8-bit, attribute `table`), computed here by running the chain's own operators (the
 * TypeScript operators, whose bits the kernels equal; a look-up node's table) on an input that holds every byte
 * value in every channel (in one channel, repeated, where every constant of the chain is a single value: the entries
 * are then the same in each). Exact by construction. A chain may start with the per-tensor QuantizeLinear of a float32
 * tensor (attributes `quantize_type`, `quantize_scale`, `quantize_zero_point`): the kernel quantizes each element
 * exactly as QuantizeLinear does, then looks the byte up.
 *
 * Chain nodes (every input but the chain's a constant, the output of the input's dims): QLinearAdd / QLinearMul
 * (com.microsoft) with a scalar or per-channel constant operand; per-tensor DequantizeLinear / QuantizeLinear;
 * BatchNormalization, Relu, Clip, LeakyRelu; the nodes the LUT kernel runs; any float32 element-wise operator of
 * fuse-luts.ts's FLOAT_ELEMENTWISE (Add, Mul, Max, Pow, Sigmoid, Elu, ...) whose other inputs are scalar or
 * per-channel constants (Max / Min only where onnxruntime's operand order, which its broadcast loop decides on the
 * dims, is the same on the table's dims). Such runs are what a QDQ model leaves
 * around float operators onnxruntime does not fuse: PP-OCR det's head runs Q -> QLinearAdd(bias) -> DQ ->
 * BatchNormalization -> Relu after each ConvTranspose, four passes over a 10 MB tensor that become one.
 * A float Add / Sub / Mul / Div / Max / Min of the chain's value and an earlier value of the chain is a chain node too
 * (x * f(x): HardSwish written out, x * Clip(x + 3, 0, 6) / 6, as Paddle and PyTorch export it; Swish): the tables
 * hold every value of the chain, so the step reads both. The chain is then cut to its longest prefix whose values but
 * the last are read by its own nodes only (and are no graph outputs). PP-OCR's classifier quantized with only its
 * convolutions in Q/DQ ran each written-out HardSwish as a float region over its convolution's output (330 us of a
 * 1.9 ms run); one float table of 256 entries now (161 us).
 */
import type { Attribute, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import type { HostOpFactory, HostTensor, QType } from '../../backends/types.js';
import { HOST_OPS } from '../../backends/host/index.js';
import { dequantizeHost, qlinearBinaryHost, quantizeHost } from '../../backends/host/quant.js';
import { infoOf, VIEW } from '../../backends/host/lower.js';
import { numbersOf } from '../attrs.js';
import { lookupTableOf } from '../../backends/wasm-int8/fusion.js';
import { powShortcut, sameOperandOrder } from '../../backends/host/variadic.js';
import { FLOAT_ELEMENTWISE } from './fuse-luts.js';

/** How a chain node computes: its TypeScript operator, or its look-up table. */
type Step = { node: Node; f: HostOpFactory } | { node: Node; table: Uint8Array };

/** The chain step of a node and its chain input, or undefined where the node cannot be part of a chain. */
function chainStep(
  n: Node,
  values: ReadonlyMap<string, PlannedValue>,
  opset: number,
  earlier: ReadonlySet<string> = new Set(),
  cur?: string,
): { step: Step; x: string } | undefined {
  if (n.outputs.filter((o) => o !== '').length !== 1 || n.outputs[0] === '') return undefined;
  const all = n.inputs.filter((i) => i !== '' && !values.get(i)?.constant);
  // a binary float operator of the chain's value and an earlier value of the chain (x * f(x): HardSwish written out as
  // x * Clip(x + 3, 0, 6) / 6, Swish as x * Sigmoid(x)): the chain's value is the step's input, the earlier one is
  // read from the chain's own tables
  const pair =
    cur !== undefined &&
    all.length === 2 &&
    all.includes(cur) &&
    all.some((i) => i !== cur && earlier.has(i)) &&
    n.domain === '' &&
    ['Add', 'Sub', 'Mul', 'Div', 'Max', 'Min'].includes(n.opType);
  const data = pair ? [cur] : all;
  if (data.length !== 1 || n.inputs.filter((i) => i === data[0]).length !== 1) return undefined;
  const x = values.get(data[0]),
    y = values.get(n.outputs[0]);
  if (!x || !y || x.dims.length !== 4 || y.dims.length !== 4 || x.dims.some((d, i) => d !== y.dims[i]))
    return undefined;
  const lut = lookupTableOf(n, values);
  if (lut && lut.x === data[0]) return { step: { node: n, table: lut.table }, x: data[0] };
  const key = `${n.domain}:${n.opType}`;
  const scalar = (k: number) => !n.inputs[k] || values.get(n.inputs[k])!.constant!.data.length === 1;
  switch (key) {
    case 'com.microsoft:QLinearAdd':
    case 'com.microsoft:QLinearMul': {
      const other = n.inputs[0] === data[0] ? 3 : 0;
      const c = values.get(n.inputs[other])!;
      // scalar, or per channel: every dim 1 but the channel axis once right-aligned to rank 4
      const dims = [...Array(4 - c.dims.length).fill(1), ...c.dims];
      if (c.dims.length > 4 || dims.some((d, i) => i !== 1 && d !== 1) || ![1, x.dims[1]].includes(dims[1]))
        return undefined;
      if (![1, 2, 4, 5, 6, 7].every(scalar)) return undefined;
      return { step: { node: n, f: qlinearBinaryHost(n.opType === 'QLinearMul') }, x: data[0] };
    }
    case ':DequantizeLinear':
    case ':QuantizeLinear':
      return n.inputs[0] === data[0] && scalar(1) && scalar(2)
        ? { step: { node: n, f: key === ':QuantizeLinear' ? quantizeHost : dequantizeHost }, x: data[0] }
        : undefined;
    case ':BatchNormalization':
    case ':Relu':
    case ':Clip':
    case ':LeakyRelu':
      // run by their TypeScript operator (or its float kernel): every output slot a step output
      return n.inputs[0] === data[0] && n.outputs.length === 1
        ? { step: { node: n, f: HOST_OPS.get(key)! }, x: data[0] }
        : undefined;
  }
  // a float32 element-wise operator whose other inputs are scalar or per-channel constants
  if (n.domain !== '' || !FLOAT_ELEMENTWISE.has(n.opType) || y.type !== 'float32' || !HOST_OPS.has(key))
    return undefined;
  const C = x.dims[1];
  const tdims = [1, C, 1, 256];
  const cdims = (k: number) => {
    const d = values.get(n.inputs[k])!.dims;
    return d.length > 4 ? undefined : [...Array(4 - d.length).fill(1), ...d];
  };
  for (let k = 0; k < n.inputs.length; k++) {
    if (n.inputs[k] === '' || n.inputs[k] === data[0] || (pair && earlier.has(n.inputs[k]))) continue;
    const d = cdims(k);
    if (!d || d.some((v, i) => (i === 1 ? v !== 1 && v !== C : v !== 1))) return undefined;
  }
  if (n.opType === 'Pow') {
    // x * x * x or pow(): onnxruntime decides on the dims (powShortcut; x * x and pow(x, 2) agree)
    const ev = values.get(n.inputs[1]);
    const two = ev?.constant !== undefined && ev.constant.data.length === 1 && Number(ev.constant.data[0]) === 2;
    if (!ev || (!two && powShortcut(x.dims, ev.dims) !== powShortcut(tdims, ev.dims))) return undefined;
  }
  // onnxruntime's operand order decides on the dims: the table's must decide as the model's
  const chained = (i: string) => i === data[0] || (pair && earlier.has(i));
  const of = (t: boolean) => n.inputs.map((i) => (chained(i) ? (t ? tdims : x.dims) : values.get(i)!.dims));
  if ((n.opType === 'Max' || n.opType === 'Min') && !sameOperandOrder(of(false), of(true), opset)) return undefined;
  return { step: { node: n, f: HOST_OPS.get(key)! }, x: data[0] };
}

/** The per-channel table of a chain: entry [c][j] = the chain on raw byte j in channel c, as raw bytes. */
function tabulate(
  chain: { step: Step; x: string }[],
  values: ReadonlyMap<string, PlannedValue>,
  opset: (d: string) => number,
): Uint8Array {
  const x = values.get(chain[0].x)!;
  // a chain whose every constant is one value computes the same in every channel: one channel's table, repeated
  const channels = x.dims[1];
  const same = chain.every(
    ({ step }) =>
      'table' in step ||
      step.node.inputs.every((i) => i === '' || !values.get(i)!.constant || values.get(i)!.constant!.data.length === 1),
  );
  const C = same ? 1 : channels;
  const dims = [1, C, 1, 256];
  const input = new Uint8Array(C * 256);
  for (let i = 0; i < input.length; i++) input[i] = i & 255;
  let cur: HostTensor = {
    type: x.type,
    dims,
    data: new (VIEW[x.type] as Uint8ArrayConstructor)(input.buffer),
  } as HostTensor;
  // every value of the chain so far, as its table (a step may read an earlier one: chainStep's pairs)
  const tables = new Map<string, HostTensor>([[chain[0].x, cur]]);
  for (const { step, x: chainIn } of chain) {
    const n = step.node;
    const y = values.get(n.outputs[0])!;
    const out = {
      type: y.type,
      dims,
      data: new (VIEW[y.type] as unknown as new (n: number) => HostTensor['data'])(C * 256),
    } as HostTensor;
    if ('table' in step) {
      const src = new Uint8Array(cur.data.buffer, cur.data.byteOffset, C * 256),
        dst = new Uint8Array(out.data.buffer);
      for (let i = 0; i < src.length; i++) dst[i] = step.table[src[i]];
    } else {
      // the chain's values have the table's dims; every other input is a constant (chainStep checked)
      const ins = n.inputs.map((name) => {
        if (name === '') return undefined;
        const t = name === chainIn ? cur : tables.get(name);
        return t ? { type: t.type, dims } : infoOf(values.get(name)!);
      });
      const op = step.f(
        { name: n.name, opType: n.opType, domain: n.domain, attributes: n.attributes },
        ins,
        [{ type: y.type, dims }],
        opset(n.domain),
      );
      op(
        ins.map((i, k) =>
          i === undefined ? undefined : (i.constant ?? (n.inputs[k] === chainIn ? cur : tables.get(n.inputs[k])!)),
        ),
        [out],
      );
    }
    cur = out;
    tables.set(n.outputs[0], out);
  }
  const one = new Uint8Array(cur.data.buffer, cur.data.byteOffset, cur.data.byteLength);
  if (C === channels) return one.slice();
  const all = new Uint8Array(one.length * channels);
  for (let c = 0; c < channels; c++) all.set(one, c * one.length);
  return all;
}

export function fuseChannelChainsPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  for (const n0 of v.live()) {
    const first = chainStep(n0, values, v.opset(''));
    if (!first) continue;
    const x0 = values.get(first.x)!;
    // a float32 input: the chain starts with its QuantizeLinear, which the kernel applies before the look-up
    const quantizes = x0.type === 'float32' && 'f' in first.step && first.step.f === quantizeHost;
    if (x0.type !== 'uint8' && x0.type !== 'int8' && !quantizes) continue;
    let chain = [first];
    // the chain's values (an earlier one may be read again by a later step: x * f(x))
    const made = new Set([first.step.node.outputs[0]]);
    for (;;) {
      const y = chain[chain.length - 1].step.node.outputs[0];
      if (v.isGraphOutput(y)) break;
      const readers = [...new Set(v.consumersOf(y).map((e) => e.node))].filter(
        (r) => !chain.some((c) => c.step.node === r),
      );
      let next: { step: Step; x: string } | undefined;
      for (const r of readers) {
        next = chainStep(r, values, v.opset(''), made, y);
        if (next && next.x === y) break;
        next = undefined;
      }
      if (!next) break;
      chain.push(next);
      made.add(next.step.node.outputs[0]);
    }
    // the longest prefix whose every value but the last is read only by its steps (and is no graph output)
    const inside = (k: number) => {
      const within = new Set(chain.slice(0, k).map((c) => c.step.node));
      return chain
        .slice(0, k - 1)
        .every(
          (c) =>
            !v.isGraphOutput(c.step.node.outputs[0]) &&
            v.consumersOf(c.step.node.outputs[0]).every((e) => within.has(e.node)),
        );
    };
    let k = chain.length;
    while (k > 1 && !inside(k)) k--;
    chain = chain.slice(0, k);
    const y = values.get(chain[chain.length - 1].step.node.outputs[0])!;
    if (chain.length < 2 || !['uint8', 'int8', 'float32'].includes(y.type)) continue;
    const attributes = new Map<string, Attribute>();
    if (quantizes) {
      const qn = first.step.node;
      const qv = (k: number, d?: number) => (qn.inputs[k] ? numbersOf(values.get(qn.inputs[k])!.constant!)[0] : d!);
      attributes.set('quantize_type', { kind: 'string', value: values.get(qn.outputs[0])!.type as QType });
      attributes.set('quantize_scale', { kind: 'float', value: qv(1) });
      attributes.set('quantize_zero_point', { kind: 'int', value: qv(2, 0) });
    }
    let table: Uint8Array;
    try {
      table = tabulate(quantizes ? chain.slice(1) : chain, values, (d) => v.opset(d));
    } catch {
      continue; // a step its operator refuses on the table's shape: the nodes stay as they are
    }
    attributes.set('table', { kind: 'tensor', value: { name: '', type: 'uint8', dims: [table.length], data: table } });
    const nodes = chain.map((c) => c.step.node);
    const fused: Node = {
      name: nodes.map((n) => n.name).join('+'),
      opType: 'ChannelTable',
      domain: 'i8conv',
      inputs: [first.x],
      outputs: [y.name],
      attributes,
    };
    v.replace([nodes[nodes.length - 1], ...nodes.slice(0, -1)], fused);
  }
}
