/**
 * Per-channel chains: a run of element-wise steps on an 8-bit NCHW tensor x, each a function of the element and its
 * channel alone, becomes one ChannelTable step (src/model/kernels/lut.ts): y = T[c][x byte], a table of 256 entries
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
import type { Node } from '../ir.js';
import type { PlannedValue } from '../plan.js';
import { kernelStep, readerCounts, type LoweredNode } from '../step.js';
import type { HostOpFactory, HostTensor } from '../kernels/types.js';
import { HOST_OPS } from '../host-ops/index.js';
import { dequantizeHost, qlinearBinaryHost, quantizeHost } from './quant-host.js';
import { ChannelTableKernel } from '../kernels/lut.js';
import { infoOf, VIEW } from './host.js';
import { THREADED_BYTES } from './kernels.js';

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
    const x = values.get(first.x)!;
    if (x.type !== 'uint8' && x.type !== 'int8') continue;
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
    let table: Uint8Array;
    try {
      table = tabulate(chain, values, opset);
    } catch {
      continue; // a step its host operator refuses on the table's shape: the steps stay as they are
    }
    const outBytes = y.type === 'float32' ? 4 : 1;
    const [, C, H, W] = x.dims;
    const length = x.dims.reduce((a, b) => a * b, 1);
    const fused: LoweredNode = {
      name: chain.map((c) => c.s.name).join('+'),
      op: 'ChannelTable',
      inputs: [first.x],
      outputs: [y.name],
      rule: { kind: 'follow', nchw44: false, data: [0] },
      build: (env) => kernelStep(env.core, new ChannelTableKernel(env.core, { length, inner: H * W, channels: C, outBytes, table }), { threaded: y.bytes >= THREADED_BYTES }),
    };
    chain.forEach((c) => (out[c.at] = null));
    out[chain[chain.length - 1].at] = fused;
  }
  return out.filter((s): s is LoweredNode => s !== null);
}
