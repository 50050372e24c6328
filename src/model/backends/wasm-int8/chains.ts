/**
 * Per-channel chains: a run of element-wise steps on an 8-bit NCHW tensor x, each a function of the element and its
 * channel alone, becomes one ChannelTable step (src/model/backends/wasm-int8/lut.ts): y = T[c][x byte], a table of 256 entries
 * per channel, float32 or 8-bit, computed at load time by running the chain's own host operators on an input that
 * holds every byte value in every channel. Exact by construction: the host operators compute the bits the chain's
 * steps compute (their wasm kernels are tested equal to them and to the reference executor), applied to the same
 * byte of the same channel.
 *
 * Chain steps (every input but the chain's a constant, the output the shape of the input):
 *   QLinearAdd / QLinearMul (com.microsoft) with a scalar or per-channel constant operand; per-tensor
 *   DequantizeLinear / QuantizeLinear; BatchNormalization, Relu, Clip, LeakyRelu; the look-up steps (LoweredNode.table).
 * A chain is two steps or more, each intermediate value read by the next step only and not a graph output. Such
 * runs are what a QDQ model leaves around float operators onnxruntime does not fuse: PP-OCR det's head runs
 * Q -> QLinearAdd(bias) -> DQ -> BatchNormalization -> Relu after each ConvTranspose, four passes over a 10 MB
 * tensor that become one.
 */
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import { kernelStep, readerCounts, type LoweredNode } from '../../executor/step.js';
import type { HostOpFactory, HostTensor } from '../types.js';
import { HOST_OPS } from '../host/index.js';
import { dequantizeHost, qlinearBinaryHost, quantizeHost } from '../host/quant.js';
import { ChannelGateKernel, ChannelTableKernel, type ChannelTableParams } from './lut.js';
import { numbersOf } from '../../graph/attrs.js';
import type { BinaryQuant } from './binary.js';
import type { QType } from '../types.js';
import { infoOf, VIEW } from '../host/lower.js';
import { THREADED_BYTES } from './lower-common.js';

type Factory = HostOpFactory | 'table';

/** The chain step's factory and its chain input, or undefined where the step cannot be part of a chain. */
function chainStep(s: LoweredNode, values: ReadonlyMap<string, PlannedValue>): { f: Factory; x: string } | undefined {
  const n = s.node;
  if (!n || s.outputs.length !== 1 || n.outputs.filter((o) => o !== '').length !== 1) return undefined;
  const data = n.inputs.filter((i) => i !== '' && !values.get(i)?.constant);
  if (data.length !== 1 || n.inputs.filter((i) => i === data[0]).length !== 1) return undefined;
  const x = values.get(data[0]), y = values.get(s.outputs[0]);
  if (!x || !y || x.dims.length !== 4 || y.dims.length !== 4 || x.dims.some((d, i) => d !== y.dims[i])) return undefined;
  if (s.table && s.inputs.length === 1 && s.inputs[0] === data[0]) return { f: 'table', x: data[0] };
  const key = `${n.domain}:${n.opType}`;
  const scalar = (k: number) => !n.inputs[k] || values.get(n.inputs[k])!.constant!.data.length === 1;
  switch (key) {
    case 'com.microsoft:QLinearAdd':
    case 'com.microsoft:QLinearMul': {
      const other = n.inputs[0] === data[0] ? 3 : 0;
      const c = values.get(n.inputs[other])!;
      // scalar, or per channel: every dim 1 but the channel axis once right-aligned to rank 4
      const dims = [...Array(4 - c.dims.length).fill(1), ...c.dims];
      if (c.dims.length > 4 || dims.some((d, i) => i !== 1 && d !== 1) || ![1, x.dims[1]].includes(dims[1])) return undefined;
      if (![1, 2, 4, 5, 6, 7].every(scalar)) return undefined;
      return { f: qlinearBinaryHost(n.opType === 'QLinearMul'), x: data[0] };
    }
    case ':DequantizeLinear':
    case ':QuantizeLinear':
      return n.inputs[0] === data[0] && scalar(1) && scalar(2) ? { f: key === ':QuantizeLinear' ? quantizeHost : dequantizeHost, x: data[0] } : undefined;
    case ':BatchNormalization':
    case ':Relu':
    case ':Clip':
    case ':LeakyRelu':
      return n.inputs[0] === data[0] ? { f: HOST_OPS.get(key)!, x: data[0] } : undefined;
  }
  return undefined;
}

/** The per-channel table of a chain: entry [c][j] = the chain on raw byte j in channel c, as raw bytes. */
function tabulate(chain: { s: LoweredNode; f: Factory; x: string }[], values: ReadonlyMap<string, PlannedValue>, opset: (d: string) => number): Uint8Array {
  const x = values.get(chain[0].x)!;
  const C = x.dims[1];
  const dims = [1, C, 1, 256];
  const input = new Uint8Array(C * 256).map((_, i) => i & 255);
  let cur: HostTensor = { type: x.type, dims, data: new (VIEW[x.type] as Uint8ArrayConstructor)(input.buffer) } as HostTensor;
  for (const { s, f, x: chainIn } of chain) {
    const y = values.get(s.outputs[0])!;
    const out = { type: y.type, dims, data: new (VIEW[y.type] as unknown as new (n: number) => HostTensor['data'])(C * 256) } as HostTensor;
    if (f === 'table') {
      const src = new Uint8Array(cur.data.buffer, cur.data.byteOffset, C * 256), dst = new Uint8Array(out.data.buffer);
      for (let i = 0; i < src.length; i++) dst[i] = s.table![src[i]];
    } else {
      // the chain's value has the table's dims; every other input is a constant (chainStep checked)
      const n = s.node as Node;
      const ins = n.inputs.map((name) => (name === '' ? undefined : name === chainIn ? { type: cur.type, dims } : infoOf(values.get(name)!)));
      const op = f({ name: n.name, opType: n.opType, domain: n.domain, attributes: n.attributes }, ins, [{ type: y.type, dims }], opset(n.domain));
      op(ins.map((i) => (i === undefined ? undefined : i.constant ?? cur)), [out]);
    }
    cur = out;
  }
  return new Uint8Array(cur.data.buffer, cur.data.byteOffset, cur.data.byteLength).slice();
}

export function fuseChannelChains(steps: readonly LoweredNode[], values: ReadonlyMap<string, PlannedValue>, graphOutputs: readonly string[], opset: (domain: string) => number): LoweredNode[] {
  const readers = readerCounts(steps, graphOutputs);
  const readerOf = new Map<string, number>();
  steps.forEach((s, i) => s.inputs.forEach((x) => readerOf.set(x, i)));
  const out: (LoweredNode | null)[] = steps.slice();
  for (let i = 0; i < steps.length; i++) {
    const first = out[i] && chainStep(out[i]!, values);
    if (!first) continue;
    const x0 = values.get(first.x)!;
    // a float32 input: the chain starts with its QuantizeLinear, which the kernel applies before the look-up
    const quantizes = x0.type === 'float32' && first.f === quantizeHost;
    if (x0.type !== 'uint8' && x0.type !== 'int8' && !quantizes) continue;
    const chain = [{ s: out[i]!, ...first, at: i }];
    for (;;) {
      const last = chain[chain.length - 1];
      const v = last.s.outputs[0];
      const next = readerOf.get(v);
      if (readers.get(v) !== 1 || next === undefined || !out[next]) break;
      const c = chainStep(out[next]!, values);
      if (!c || c.x !== v) break;
      chain.push({ s: out[next]!, ...c, at: next });
    }
    const y = values.get(chain[chain.length - 1].s.outputs[0])!;
    if (chain.length < 2 || !['uint8', 'int8', 'float32'].includes(y.type)) continue;
    let quantize: ChannelTableParams['quantize'];
    if (quantizes) {
      const qn = chain[0].s.node!;
      const qv = (k: number, d?: number) => (qn.inputs[k] ? numbersOf(values.get(qn.inputs[k])!.constant!)[0] : d!);
      quantize = { type: values.get(qn.outputs[0])!.type as QType, scale: qv(1), zeroPoint: qv(2, 0) };
    }
    let table: Uint8Array;
    try {
      table = tabulate(quantizes ? chain.slice(1) : chain, values, opset);
    } catch {
      continue; // a step its host operator refuses on the table's shape: the steps stay as they are
    }
    const outBytes = y.type === 'float32' ? 4 : 1;
    const x = x0;
    const [, C, H, W] = x.dims;
    const length = x.dims.reduce((a, b) => a * b, 1);
    const fused: LoweredNode = {
      name: chain.map((c) => c.s.name).join('+'),
      op: 'ChannelTable',
      inputs: [first.x],
      outputs: [y.name],
      rule: { kind: 'follow', nchw44: false, data: [0] },
      // over its input where the element sizes agree (bytes to bytes, float32 quantized to float32): each step reads
      // its word or vector before it writes it; no write-allocate of a second stream
      inPlace: true,
      build: (env) => kernelStep(env.core, new ChannelTableKernel(env.core, { length, inner: H * W, channels: C, outBytes, table, quantize }), { threaded: y.bytes >= THREADED_BYTES }),
    };
    chain.forEach((c) => (out[c.at] = null));
    out[chain[chain.length - 1].at] = fused;
  }
  return out.filter((s): s is LoweredNode => s !== null);
}

/**
 * Squeeze-and-excitation gates: m = QLinearMul(x, g), g a per-channel tensor of the same run ([1 | N, C, 1, 1]
 * against x's [N, C, H, W]), then y = QLinearAdd(x, m) where m is read by that add alone (PP-OCR det's RSE layers:
 * x + x * hardsigmoid(conv(pool(x)))). Both become one ChannelGate step (kernels/lut.ts ChannelGateKernel): per run
 * a 256-byte table per channel of g, then one look-up pass over x, where the two steps make two passes over x, one
 * over m and write two tensors. A product without such an add is fused alone where its plane is large enough for
 * the tables to cost less than the float kernel's pass (INNER_ALONE).
 */
const INNER_WITH_ADD = 64;
const INNER_ALONE = 1024;

export function fuseChannelGates(steps: readonly LoweredNode[], values: ReadonlyMap<string, PlannedValue>, graphOutputs: readonly string[]): LoweredNode[] {
  const readers = readerCounts(steps, graphOutputs);
  const readerOf = new Map<string, number>();
  steps.forEach((s, i) => s.inputs.forEach((x) => readerOf.set(x, i)));
  const out: (LoweredNode | null)[] = steps.slice();
  /** a QLinearAdd / Mul step of two runtime operands, and its node */
  const binary = (s: LoweredNode | null, op: string): { n: Node; q: BinaryQuant } | undefined => {
    const n = s?.node;
    return n && n.domain === 'com.microsoft' && n.opType === op && s!.op === op && s!.qbinary && s!.inputs.length === 2 ? { n, q: s!.qbinary } : undefined;
  };
  /** the quantization with the operand sides exchanged where the kernel's A (x) is the node's input 3 */
  const aFirst = (q: BinaryQuant, swap: boolean): BinaryQuant =>
    swap ? { ...q, aScale: q.bScale, aZeroPoint: q.bZeroPoint, bScale: q.aScale, bZeroPoint: q.aZeroPoint } : q;
  for (let i = 0; i < steps.length; i++) {
    const mb = binary(out[i], 'QLinearMul');
    if (!mb) continue;
    const mn = mb.n;
    const [i0, i1] = [mn.inputs[0], mn.inputs[3]];
    const v0 = values.get(i0), v1 = values.get(i1);
    if (!v0 || !v1 || v0.constant || v1.constant || i0 === i1) continue;
    // x: the [N, C, H, W] operand; g: [1 | N, C, 1, 1] (right-aligned to rank 4)
    const xSide: 0 | 1 = v0.dims.length === 4 && v0.dims.reduce((a, b) => a * b, 1) >= v1.dims.reduce((a, b) => a * b, 1) ? 0 : 1;
    const [x, g] = xSide === 0 ? [v0, v1] : [v1, v0];
    const m = values.get(mn.outputs[0]);
    if (!m || x.dims.length !== 4 || g.dims.length > 4 || !m.dims.every((d, k) => d === x.dims[k]) || m.dims.length !== 4) continue;
    if ((x.type !== 'uint8' && x.type !== 'int8') || g.type !== x.type || m.type !== x.type) continue;
    const [N, C, H, W] = x.dims;
    const gd = [...Array(4 - g.dims.length).fill(1), ...g.dims];
    if (gd[1] !== C || gd[2] !== 1 || gd[3] !== 1 || (gd[0] !== 1 && gd[0] !== N) || C < 1 || H * W < 1) continue;
    // the kernels' records take x as A; B is g (the product), the product (the add)
    const mul = aFirst(mb.q, xSide === 1);
    // the add reading m and x (either order), m read by it alone
    const j = readerOf.get(m.name);
    const ab = readers.get(m.name) === 1 && j !== undefined ? binary(out[j], 'QLinearAdd') : undefined;
    const an = ab?.n;
    let add: BinaryQuant | undefined;
    if (an && new Set([an.inputs[0], an.inputs[3]]).size === 2 && [an.inputs[0], an.inputs[3]].every((v) => v === m.name || v === x.name)) {
      const y = values.get(an.outputs[0]);
      if (y && y.type === x.type && y.dims.every((d, k) => d === x.dims[k])) add = aFirst(ab!.q, an.inputs[0] === m.name);
    }
    if (H * W < (add ? INNER_WITH_ADD : INNER_ALONE)) continue;
    const yName = add ? an!.outputs[0] : m.name;
    const channels = gd[0] * C;
    const fused: LoweredNode = {
      name: add ? `${out[i]!.name}+${out[j!]!.name}` : out[i]!.name,
      op: 'ChannelGate',
      inputs: [x.name, g.name],
      outputs: [yName],
      rule: { kind: 'follow', nchw44: C % 4 === 0, data: [0, 1] },
      inPlace: true,
      build: (env, step) => kernelStep(env.core, new ChannelGateKernel(env.core, {
        type: x.type as QType, length: N * C * H * W, inner: H * W, channels, layout: step.layout ?? 'NCHW',
        mul, add,
      }), { second: 1, threaded: values.get(yName)!.bytes >= THREADED_BYTES }),
    };
    out[i] = null;
    if (add) out[j!] = fused;
    else out[i] = fused;
  }
  return out.filter((s): s is LoweredNode => s !== null);
}
