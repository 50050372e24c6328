/**
 * Nodes run by the wasm kernels of src/model/backends/wasm-int8/: QuantizeLinear / DequantizeLinear (per tensor),
 * QLinearAdd / QLinearMul (same shape, scalar, channel broadcast), look-up tables (QLinearSigmoid,
 * QLinearLeakyRelu, the fusion pass's i8conv.Lut), MaxPool / QLinearAveragePool / QLinearGlobalAveragePool / Resize /
 * Transpose on 8-bit data, Concat / QLinearConcat (ops/concat.ts), and the planner's relayouts. What a kernel does
 * not take (per-axis Q/DQ, general broadcasts, float data) goes to a host fallback (ops/quant-host.ts,
 * host-ops/). Element-wise and pooling steps run in NCHW44 where their input is planned so.
 */
import { I8ConvError } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Node } from '../../graph/ir.js';
import type { Layout, ModelKernel, QType } from '../types.js';
import type { Lowering, PlannedValue } from '../../lowering/plan.js';
import type { BuildEnv, LoweredNode, StepImpl } from '../../executor/step.js';
import { kernelStep, unsupported } from '../../executor/step.js';
import { attrFloat, attrInt, numbersOf } from '../../graph/attrs.js';
import { QuantizeKernel, DequantizeKernel } from './quantize.js';
import { QLinearBinaryKernel, planBinaryBroadcast } from './binary.js';
import { LutKernel, checkTable, leakyReluTable, sigmoidTable } from './lut.js';
import { MaxPool, QLinearAveragePool, QLinearGlobalAveragePool, poolAttributesOf } from './pool.js';
import { Resize, resizeAttributesOf } from './resize.js';
import { Transpose } from './transpose.js';
import { Relayout } from './relayout.js';
import { lowerHost } from '../host/lower.js';
import { dequantizeHost, qlinearBinaryHost, qlinearBinaryTable, quantizeHost } from '../host/quant.js';
import { lowerConcat } from './concat.js';

/** Steps writing at least this many bytes run on the pool's threads when it is awake. */
export const THREADED_BYTES = 1 << 16;

const is8 = (t: string): t is QType => t === 'uint8' || t === 'int8';

function scalarConst(node: Node, values: ReadonlyMap<string, PlannedValue>, k: number, what: string, dflt?: number): number {
  const name = node.inputs[k];
  if (!name) {
    if (dflt === undefined) unsupported(node, `${what} (input ${k}) is required`);
    return dflt;
  }
  const v = values.get(name);
  if (!v?.constant) unsupported(node, `${what} (input ${k}) must be a constant`);
  if (v.constant.data.length !== 1) return Number.NaN; // per axis: the caller decides
  return numbersOf(v.constant)[0];
}

/** A kernel-backed step: the kernel is made at build time, in the step's planned layout. */
function kernelLowering(node: Node, name: string, inputs: string[], rule: Lowering['rule'], make: (env: BuildEnv, layout: Layout, step: Lowering) => ModelKernel,
  opts: { second?: boolean; inPlace?: boolean } = {}): LoweredNode {
  return {
    name,
    op: node.opType,
    node,
    inputs,
    outputs: [node.outputs[0]],
    rule,
    inPlace: opts.inPlace,
    build: (env, step) => {
      const layout = step.layout ?? 'NCHW';
      const k = make(env, layout, step);
      const out = env.values.get(step.outputs[0])!;
      const consts = step.inputs.map((n) => constantPointer(env, n, layout));
      const impl = kernelStep(env.core, k, { second: opts.second ? 1 : undefined, threaded: out.bytes >= THREADED_BYTES });
      const owned = consts.filter((c) => c !== undefined) as { ptr: number; release: () => void }[];
      if (!owned.length) return impl;
      return {
        ...impl,
        bytes: impl.bytes + owned.length * 64,
        run: (p) => impl.run({ ...p, inputs: p.inputs.map((x, i) => consts[i]?.ptr ?? x) }),
        dispose: () => {
          impl.dispose();
          for (const c of owned) c.release();
        },
      };
    },
  };
}

/** A constant input of a kernel step, copied into wasm memory once (in the step's layout). */
function constantPointer(env: BuildEnv, name: string, layout: Layout): { ptr: number; release: () => void } | undefined {
  const v = env.values.get(name);
  if (!v?.constant) return undefined;
  const c = v.constant.data as ArrayBufferView;
  let bytes = new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
  const d = v.dims;
  if (layout === 'NCHW44' && d.length === 4 && d[2] * d[3] > 1 && d[1] % 4 === 0) {
    const es = c.byteLength / Math.max(1, d.reduce((a, b) => a * b, 1));
    const out = new Uint8Array(bytes.length);
    const hw = d[2] * d[3];
    for (let n = 0; n < d[0]; n++) for (let ch = 0; ch < d[1]; ch++) for (let i = 0; i < hw; i++) for (let e = 0; e < es; e++)
      out[((((n * (d[1] >> 2) + (ch >> 2)) * hw + i) * 4) + (ch & 3)) * es + e] = bytes[(((n * d[1] + ch) * hw) + i) * es + e];
    bytes = out;
  }
  const off = env.core.heap.alloc(Math.max(16, bytes.length) + 16, 64);
  env.core.u8().set(bytes, off);
  return { ptr: off, release: () => env.core.heap.release(off) };
}

const follow = (nchw44: boolean, data: number[] = [0]): Lowering['rule'] => ({ kind: 'follow', nchw44, data });
const c4 = (v: PlannedValue): boolean => v.dims.length === 4 && v.dims[1] % 4 === 0;

/** A Lut step marked as one (LoweredNode.table: a convolution feeding it may absorb it, fuseOutputTables). */
function lookupStep(l: LoweredNode, table: ArrayLike<number>): LoweredNode {
  let t: Uint8Array;
  try {
    t = checkTable(table);
  } catch {
    return l; // a bad table is reported when the step is built
  }
  return { ...l, table: t };
}

export function lowerKernelOp(node: Node, name: string, values: Map<string, PlannedValue>): LoweredNode | undefined {
  const key = `${node.domain}:${node.opType}`;
  const val = (k: number) => values.get(node.inputs[k])!;
  const out = values.get(node.outputs[0]);
  switch (key) {
    case ':QuantizeLinear': {
      const s = scalarConst(node, values, 1, 'y_scale'), z = scalarConst(node, values, 2, 'y_zero_point', 0);
      if (Number.isNaN(s) || Number.isNaN(z) || !out || !is8(out.type)) return lowerHost(node, name, values, quantizeHost, 13);
      return kernelLowering(node, name, [node.inputs[0]], follow(false), (env) =>
        new QuantizeKernel(env.core, { length: out.dims.reduce((a, b) => a * b, 1), type: out.type as QType, scale: s, zeroPoint: z }));
    }
    case ':DequantizeLinear': {
      const x = val(0);
      const s = scalarConst(node, values, 1, 'x_scale'), z = scalarConst(node, values, 2, 'x_zero_point', 0);
      if (Number.isNaN(s) || Number.isNaN(z) || !is8(x.type) || x.constant) return lowerHost(node, name, values, dequantizeHost, 13);
      return kernelLowering(node, name, [node.inputs[0]], follow(false), (env) =>
        new DequantizeKernel(env.core, { length: x.dims.reduce((a, b) => a * b, 1), type: x.type as QType, scale: s, zeroPoint: z }));
    }
    case 'com.microsoft:QLinearAdd':
    case 'com.microsoft:QLinearMul': {
      const a = val(0), b = val(3);
      const sc = [1, 2, 4, 5, 6, 7].map((k) => scalarConst(node, values, k, `input ${k}`, k === 2 || k === 5 || k === 7 ? 0 : undefined));
      const fits = (layout: Layout): boolean => {
        try {
          planBinaryBroadcast(a.dims, b.dims, layout);
          return true;
        } catch (e) {
          if (e instanceof I8ConvError) return false;
          throw e;
        }
      };
      if (!is8(a.type) || sc.some(Number.isNaN) || !fits('NCHW') || (a.constant && b.constant)) {
        return lowerHost(node, name, values, qlinearBinaryHost(node.opType === 'QLinearMul'), 1);
      }
      // one operand a constant scalar: the output is a function of the other operand's byte, a 256-entry table of
      // the same formula (bit for bit), which the LUT kernel applies faster than the float path
      const scalarSide = a.constant && a.constant.data.length === 1 ? 0 : b.constant && b.constant.data.length === 1 ? 1 : -1;
      const act = scalarSide === 0 ? b : a;
      if (scalarSide >= 0 && !act.constant && act.bytes === out!.bytes && out!.type === act.type) {
        const c = numbersOf((scalarSide === 0 ? a : b).constant!)[0];
        const table = qlinearBinaryTable(node.opType === 'QLinearMul', act.type as QType, scalarSide as 0 | 1, c, sc);
        return lookupStep(kernelLowering(node, name, [scalarSide === 0 ? node.inputs[3] : node.inputs[0]], follow(c4(act)), (env) =>
          new LutKernel(env.core, { length: act.dims.reduce((p, q) => p * q, 1), table }), { inPlace: true }), table);
      }
      const data = [a, b].map((v, i) => (v.constant ? -1 : i)).filter((i) => i >= 0);
      const q = { aScale: sc[0], aZeroPoint: sc[1], bScale: sc[2], bZeroPoint: sc[3], cScale: sc[4], cZeroPoint: sc[5] };
      return {
        ...kernelLowering(node, name, [node.inputs[0], node.inputs[3]], follow(fits('NCHW44') && c4(out!), data), (env, layout) =>
          new QLinearBinaryKernel(env.core, { op: node.opType === 'QLinearMul' ? 'mul' : 'add', type: a.type as QType, aDims: a.dims, bDims: b.dims, layout, ...q }),
        { second: true, inPlace: a.bytes === out!.bytes }),
        // the fusion passes (ops/chains.ts fuseChannelGates) read the quantization from here
        qbinary: data.length === 2 ? q : undefined,
      };
    }
    case 'com.microsoft:QLinearSigmoid':
    case 'com.microsoft:QLinearLeakyRelu':
    case 'i8conv:Lut': {
      const x = val(0);
      if (!is8(x.type) || !out || !is8(out.type)) unsupported(node, `types ${x.type} -> ${out?.type}`);
      let table: ArrayLike<number>;
      if (key === 'i8conv:Lut') {
        const t = val(1);
        if (!t.constant || t.constant.data.length !== 256) unsupported(node, 'the table (input 1) must be a constant of 256 entries');
        table = numbersOf(t.constant);
      } else {
        const sc = [1, 2, 3, 4].map((k) => scalarConst(node, values, k, `input ${k}`, k === 2 || k === 4 ? 0 : undefined));
        if (sc.some(Number.isNaN)) unsupported(node, 'per-axis scales');
        if (x.type !== out.type) unsupported(node, `input ${x.type}, output ${out.type}`);
        table = key.endsWith('Sigmoid') ? sigmoidTable(x.type, sc[0], sc[1], sc[2], sc[3]) : leakyReluTable(x.type, sc[0], sc[1], sc[2], sc[3], attrFloat(node, 'alpha', 0.01));
      }
      return lookupStep(kernelLowering(node, name, [node.inputs[0]], follow(c4(x)), (env) => new LutKernel(env.core, { length: x.dims.reduce((a, b) => a * b, 1), table }), { inPlace: true }), table);
    }
    case ':MaxPool': {
      const x = val(0);
      if (!is8(x.type) || x.dims.length !== 4 || node.outputs.filter((o) => o !== '').length > 1) return undefined; // host
      const a = poolAttributesOf('MaxPool', node.name, node.attributes);
      if (attrInt(node, 'storage_order', 0) !== 0) unsupported(node, 'storage_order 1');
      return kernelLowering(node, name, [node.inputs[0]], follow(c4(x)), (env, layout) =>
        new MaxPool(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...a }));
    }
    case 'com.microsoft:QLinearAveragePool':
    case 'com.microsoft:QLinearGlobalAveragePool': {
      const x = val(0);
      if (!is8(x.type) || x.dims.length !== 4) unsupported(node, `a ${x.dims.length}-D ${x.type} input (4-D 8-bit only)`);
      if (attrInt(node, 'channels_last', 0) !== 0) unsupported(node, 'channels_last = 1');
      const sc = [1, 2, 3, 4].map((k) => scalarConst(node, values, k, `input ${k}`, k === 2 || k === 4 ? 0 : undefined));
      if (sc.some(Number.isNaN)) unsupported(node, 'per-axis scales');
      const q = { xScale: sc[0], xZeroPoint: sc[1], yScale: sc[2], yZeroPoint: sc[3] };
      if (key.endsWith('GlobalAveragePool')) {
        return kernelLowering(node, name, [node.inputs[0]], follow(c4(x)), (env, layout) =>
          new QLinearGlobalAveragePool(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...q }));
      }
      const a = poolAttributesOf('QLinearAveragePool', node.name, node.attributes);
      return kernelLowering(node, name, [node.inputs[0]], follow(c4(x)), (env, layout) =>
        new QLinearAveragePool(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...a, ...q }));
    }
    case ':Resize': {
      const x = val(0);
      if (!is8(x.type) || x.dims.length !== 4) return undefined; // host
      const attrs = resizeAttributesOf(node.name, node.attributes);
      const cst = (k: number): number[] | undefined => {
        const n = node.inputs[k];
        if (!n) return undefined;
        const v = values.get(n);
        if (!v?.constant) unsupported(node, `input ${k} must be a constant`);
        return v.constant.data.length ? numbersOf(v.constant) : undefined;
      };
      const scales = cst(2), sizes = cst(3);
      const opset = 13;
      const resize = (table?: Uint8Array, output = node.outputs[0], by?: string): LoweredNode => {
        const l = kernelLowering(node, by ? `${name}+${by}` : name, [node.inputs[0]], follow(c4(x) && c4(out!)), (env, layout) =>
          new Resize(env.core, { node: node.name, type: x.type as QType, layout, dims: x.dims, ...attrs, ...(sizes ? { sizes } : { scales }), opset: env.opset('') || opset, table }));
        // a look-up step reading this resize's output alone is applied to the rows as they are written
        return { ...l, outputs: [output], withOutputTable: table ? undefined : (t, o, b) => resize(t, o, b) };
      };
      return resize();
    }
    case ':Transpose': {
      const x = val(0);
      const es = x.type === 'float32' || x.type === 'int32' ? 4 : is8(x.type) || x.type === 'bool' ? 1 : 0;
      if (!es || x.constant || x.dims.length > 6) return undefined; // host
      const a = node.attributes.get('perm');
      const perm = a?.kind === 'ints' ? a.value : undefined;
      return kernelLowering(node, name, [node.inputs[0]], { kind: 'nchw' }, (env) => new Transpose(env.core, { node: node.name, elementBytes: es, dims: x.dims, perm }));
    }
    case ':Concat':
    case 'com.microsoft:QLinearConcat':
      return lowerConcat(node, name, values);
    default:
      return undefined;
  }
}

/** NCHW <-> NCHW44 of a 4-D value: the wasm kernel for 8-bit data, a plain loop otherwise. */
export function buildRelayout(env: BuildEnv, step: Lowering): StepImpl {
  const src = env.values.get(step.inputs[0])!;
  const to = step.layout ?? 'NCHW';
  if (is8(src.type) && src.dims.length === 4) {
    const k = new Relayout(env.core, { node: step.name, dims: src.dims, from: to === 'NCHW' ? 'NCHW44' : 'NCHW', to });
    const impl = kernelStep(env.core, k, { threaded: src.bytes >= THREADED_BYTES });
    return { ...impl, run: (p) => (p.inputs[0] === p.outputs[0] ? undefined : impl.run(p)) };
  }
  return relayoutLoop(env.core, src, to);
}

function relayoutLoop(core: WasmRuntimeCore, src: PlannedValue, to: Layout): StepImpl {
  const [n, c, h, w] = src.dims.length === 4 ? src.dims : [src.dims[0], src.dims[1], 1, src.dims.slice(2).reduce((a, b) => a * b, 1)];
  const es = src.bytes / Math.max(1, src.dims.reduce((a, b) => a * b, 1));
  const hw = h * w;
  return {
    algorithm: 'relayout-host',
    bytes: 0,
    scratchBytes: 0,
    macs: 0,
    run(p) {
      const u8 = new Uint8Array(core.memory.buffer);
      const from = p.inputs[0], dst = p.outputs[0];
      if (from === dst) return; // H * W = 1: planned as an alias
      for (let b = 0; b < n; b++) {
        for (let ch = 0; ch < c; ch++) {
          const plane = ((b * c + ch) * hw) * es;
          const blk = ((b * (c >> 2) + (ch >> 2)) * hw * 4 + (ch & 3)) * es;
          for (let i = 0; i < hw; i++) {
            const a = plane + i * es, q = blk + i * 4 * es;
            for (let e = 0; e < es; e++) {
              if (to === 'NCHW44') u8[dst + q + e] = u8[from + a + e];
              else u8[dst + a + e] = u8[from + q + e];
            }
          }
        }
      }
    },
    dispose() {},
  };
}
