/**
 * Concat (any element type) and com.microsoft QLinearConcat: the output is, per outer index (the dims before the
 * axis), each input's run of dims[axis..] elements in turn. An input whose scale and zero point equal the output's
 * (bit for bit) is copied; another is mapped through its 256-entry requantization table (spec §6: the QLinearConcat
 * table of onnxruntime). In NCHW44 (axis 1 of a 4-D value, every input's channels a multiple of 4) the runs are
 * the same bytes as in NCHW: [N][C/4][H][W][4] per batch is a contiguous C*H*W block, so the step runs in either
 * layout.
 */
import type { Node } from '../ir.js';
import type { PlannedValue } from '../plan.js';
import type { LoweredNode, StepImpl } from '../step.js';
import { unsupported } from '../step.js';
import { attrInt, numbersOf } from '../attrs.js';
import { LutKernel, requantTable } from '../kernels/lut.js';
import { runKernelSerial } from '../kernels/types.js';
import { JOB } from '../../threads/protocol.js';

export function lowerConcat(node: Node, name: string, values: ReadonlyMap<string, PlannedValue>): LoweredNode {
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
  return {
    name,
    op: node.opType,
    node,
    inputs: data.map((k) => node.inputs[k]),
    outputs: [node.outputs[0]],
    rule: { kind: 'follow', nchw44, data: data.map((_, i) => i) },
    build: (env): StepImpl => {
      // an input with its own table runs through the wasm LUT kernel, one call per outer index
      const luts = ins.map((v, i) => (tables[i] && !v.constant ? new LutKernel(env.core, { length: runs[i], table: tables[i]! }) : undefined));
      const job = new Int32Array(JOB.SIZE);
      return {
      algorithm: tables.some((t) => t) ? 'concat-requant' : 'concat-copy',
      bytes: luts.reduce((a, k) => a + (k?.bytes ?? 0), 0),
      scratchBytes: 0,
      macs: 0,
      dispose() {
        for (const k of luts) k?.dispose();
      },
      run(p) {
        const u8 = new Uint8Array(env.core.memory.buffer);
        const total = runs.reduce((a, b) => a + b, 0);
        for (let i = 0; i < ins.length; i++) {
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
