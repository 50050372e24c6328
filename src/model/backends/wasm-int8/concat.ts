/**
 * Concat (any element type) and com.microsoft QLinearConcat: the output is, per outer index (the dims before the
 * axis), each input's run of dims[axis..] elements in turn. An input whose scale and zero point equal the output's
 * (bit for bit) is copied; another is mapped through its 256-entry requantization table (onnxruntime's QLinearConcat
 * table: docs/int8-ops.md, QLinearConcat). In NCHW44 (axis 1 of a 4-D value, every input's channels a multiple of 4)
 * the runs are the same bytes as in NCHW: [N][C/4][H][W][4] per batch is a contiguous C*H*W block, so the step runs
 * in either layout.
 */
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import type { Lower, LoweredNode, StepImpl } from '../../executor/step.js';
import { readerCounts, unsupported } from '../../executor/step.js';
import { attrInt, numbersOf } from '../../graph/attrs.js';
import { LutKernel } from './lut.js';
import { requantTable } from '../../numerics/tables.js';
import { runKernelSerial } from '../types.js';
import { JOB } from '../../../threads/protocol.js';

/** Concat of any element type, and QLinearConcat with per-tensor parameters (the operator table's lowering). */
export const lowerConcatOp: Lower = (node, { name, values }) => lowerConcat(node, name, values);

/**
 * A concat lowering; `feeders[i]`: the step that produces data input i (a Resize whose output only this concat
 * reads, see fuseConcatFeeders), run by the concat into its own output: input i of the step is then the feeder's
 * input, and input i's requantization table is applied by the feeder as it writes (its withOutputTable).
 */
export function lowerConcat(node: Node, name: string, values: ReadonlyMap<string, PlannedValue>, feeders: readonly (LoweredNode | undefined)[] = []): LoweredNode {
  const q = node.opType === 'QLinearConcat';
  const out = values.get(node.outputs[0])!;
  const rank = out.dims.length;
  const axisAttr = attrInt(node, 'axis', Number.NaN);
  if (!Number.isInteger(axisAttr) || axisAttr < -rank || axisAttr >= rank) unsupported(node, `axis ${axisAttr} for rank ${rank}`);
  const axis = (axisAttr + rank) % rank;
  // data inputs and, for QLinearConcat, their tables
  const data: number[] = [];
  const tables: (Uint8Array | undefined)[] = [];
  if (q) {
    const cst = (k: number) => {
      const v = values.get(node.inputs[k]);
      if (!v?.constant || v.constant.data.length !== 1) unsupported(node, `input ${k} (a scale or zero point) must be a constant scalar`);
      return { n: numbersOf(v.constant)[0], t: v.constant.type };
    };
    const ys = cst(0), yz = cst(1);
    if (out.type !== 'uint8' && out.type !== 'int8') unsupported(node, `output type ${out.type}`);
    for (let k = 2; k + 2 < node.inputs.length; k += 3) {
      const xs = cst(k + 1), xz = cst(k + 2);
      data.push(k);
      const x = values.get(node.inputs[k])!;
      if (x.type !== out.type) unsupported(node, `input ${k} is ${x.type}, the output ${out.type}`);
      const same = Math.fround(xs.n) === Math.fround(ys.n) && xz.n === yz.n;
      tables.push(same ? undefined : requantTable(out.type, xs.n, xz.n, ys.n, yz.n));
    }
  } else {
    node.inputs.forEach((_, k) => data.push(k));
    data.forEach(() => tables.push(undefined));
  }
  const ins = data.map((k) => values.get(node.inputs[k])!);
  const outer = out.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const es = out.bytes / Math.max(1, out.dims.reduce((a, b) => a * b, 1));
  const runs = ins.map((v) => v.dims.slice(axis).reduce((a, b) => a * b, 1) * es);
  const nchw44 = rank === 4 && axis === 1 && ins.every((v) => v.dims[1] % 4 === 0) && !ins.some((v) => v.constant);
  const fed = feeders.some((f) => f);
  return {
    name: fed ? [...feeders.filter((f) => f).map((f) => f!.name), name].join('+') : name,
    op: node.opType,
    node,
    inputs: data.map((k, i) => feeders[i]?.inputs[0] ?? node.inputs[k]),
    outputs: [node.outputs[0]],
    rule: { kind: 'follow', nchw44, data: data.map((_, i) => i) },
    // a Resize producing input i, its output read by this concat alone and N = 1 (input i is one run of the output)
    withFeeder: outer !== 1 ? undefined : (i: number, f: LoweredNode) => {
      if (feeders[i] || ins[i].constant || f.outputs[0] !== node.inputs[data[i]] || (tables[i] && !f.withOutputTable)) return undefined;
      const all = [...feeders];
      all[i] = f;
      return lowerConcat(node, name, values, all);
    },
    build: (env, step): StepImpl => {
      // an input with its own table runs through the wasm LUT kernel, one call per outer index
      const luts = ins.map((v, i) => (tables[i] && !v.constant && !feeders[i] ? new LutKernel(env.core, { length: runs[i], table: tables[i]! }) : undefined));
      const subs: (StepImpl | undefined)[] = [];
      try {
        feeders.forEach((f, i) => {
          if (!f) return;
          const g = tables[i] ? f.withOutputTable!(tables[i]!, f.outputs[0], name) : f;
          subs[i] = g.build(env, { ...g, layout: step.layout });
        });
      } catch (e) {
        for (const k of luts) k?.dispose();
        for (const s of subs) s?.dispose();
        throw e;
      }
      const job = new Int32Array(JOB.SIZE);
      return {
      algorithm: (tables.some((t) => t) ? 'concat-requant' : 'concat-copy') + subs.filter((s) => s).map((s) => `+${s!.algorithm}`).join(''),
      bytes: luts.reduce((a, k) => a + (k?.bytes ?? 0), 0) + subs.reduce((a, k) => a + (k?.bytes ?? 0), 0),
      scratchBytes: 0,
      macs: 0,
      dispose() {
        for (const k of luts) k?.dispose();
        for (const s of subs) s?.dispose();
      },
      run(p) {
        const u8 = new Uint8Array(env.core.memory.buffer);
        const total = runs.reduce((a, b) => a + b, 0);
        for (let i = 0; i < ins.length; i++) {
          if (subs[i]) {
            // outer is 1: input i is the output's bytes [sum of the runs before it, + runs[i])
            subs[i]!.run({ inputs: [p.inputs[i]], outputs: [p.outputs[0] + runs.slice(0, i).reduce((a, b) => a + b, 0)], scratch: p.scratch });
            continue;
          }
          const v = ins[i], run = runs[i], t = tables[i];
          const c = v.constant?.data as ArrayBufferView | undefined;
          const src = c ? new Uint8Array(c.buffer, c.byteOffset, c.byteLength) : undefined;
          let off = runs.slice(0, i).reduce((a, b) => a + b, 0);
          for (let o = 0; o < outer; o++, off += total) {
            const dst = p.outputs[0] + off;
            const from = o * run;
            if (luts[i]) {
              runKernelSerial(env.core, luts[i]!, p.inputs[i] + from, 0, dst, job);
            } else if (t) {
              for (let e = 0; e < run; e++) u8[dst + e] = t[src ? src[from + e] : u8[p.inputs[i] + from + e]];
            } else if (src) {
              u8.set(src.subarray(from, from + run), dst);
            } else {
              u8.copyWithin(dst, p.inputs[i] + from, p.inputs[i] + from + run);
            }
          }
        }
      },
    };
    },
  };
}

/**
 * Resizes feeding a concat: a Resize step whose output is read by one Concat / QLinearConcat alone (not a graph
 * output) runs inside that concat, writing its rows straight into the concat's output, through the input's
 * requantization table where it has one (PP-OCR det's FPN upsamples three maps by 2, 4 and 8 and concatenates them:
 * the resized tensors are never stored, and each computed row is looked up once, not each of its copies).
 */
export function fuseConcatFeeders(steps: readonly LoweredNode[], graphOutputs: readonly string[]): LoweredNode[] {
  const readers = readerCounts(steps, graphOutputs);
  const producer = new Map<string, number>();
  steps.forEach((s, i) => s.outputs.forEach((o) => producer.set(o, i)));
  const out: (LoweredNode | null)[] = steps.slice();
  for (let c = 0; c < out.length; c++) {
    const s = out[c];
    if (!s?.withFeeder) continue;
    let cur: LoweredNode = s;
    s.inputs.forEach((x, i) => {
      const p = producer.get(x);
      const f = p === undefined ? null : out[p];
      if (!f || f.op !== 'Resize' || f.outputs.length !== 1 || f.outputs[0] !== x || readers.get(x) !== 1 || !cur.withFeeder) return;
      const next = cur.withFeeder(i, f);
      if (!next) return;
      cur = next;
      out[p!] = null;
    });
    out[c] = cur;
  }
  return out.filter((s): s is LoweredNode => s !== null);
}
