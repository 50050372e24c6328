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
import { unsupported } from '../../executor/step.js';
import { attrInt, numbersOf } from '../../graph/attrs.js';
import { ConcatRowsKernel, LutKernel } from './lut.js';
import { requantTable } from '../../numerics/tables.js';
import { runKernelSerial } from '../types.js';
import { JOB } from '../../../threads/protocol.js';

/** What a concat node is made of: its data inputs (positions in node.inputs), their requantization tables
 * (QLinearConcat inputs whose scale or zero point differ from the output's), the axis and the outer count (the
 * product of the dims before the axis). UNSUPPORTED_OP where the node cannot run. */
export function concatPlan(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): { data: number[]; tables: (Uint8Array | undefined)[]; axis: number; outer: number } {
  const q = node.opType === 'QLinearConcat';
  const out = values.get(node.outputs[0])!;
  const rank = out.dims.length;
  const axisAttr = attrInt(node, 'axis', Number.NaN);
  if (!Number.isInteger(axisAttr) || axisAttr < -rank || axisAttr >= rank)
    unsupported(node, `axis ${axisAttr} for rank ${rank}`);
  const axis = (axisAttr + rank) % rank;
  const data: number[] = [];
  const tables: (Uint8Array | undefined)[] = [];
  if (q) {
    const cst = (k: number) => {
      const v = values.get(node.inputs[k]);
      if (!v?.constant || v.constant.data.length !== 1)
        unsupported(node, `input ${k} (a scale or zero point) must be a constant scalar`);
      return { n: numbersOf(v.constant)[0], t: v.constant.type };
    };
    const ys = cst(0),
      yz = cst(1);
    if (out.type !== 'uint8' && out.type !== 'int8') unsupported(node, `output type ${out.type}`);
    for (let k = 2; k + 2 < node.inputs.length; k += 3) {
      const xs = cst(k + 1),
        xz = cst(k + 2);
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
  return { data, tables, axis, outer: out.dims.slice(0, axis).reduce((a, b) => a * b, 1) };
}

/**
 * Concat of any element type, and QLinearConcat with per-tensor parameters (the operator table's lowering); their
 * i8conv forms (made by src/model/graph/passes/fuse-concat-feeders.ts) run the Resize nodes of their `feeders`
 * subgraph into their own output, input `feeds[k]` being the output of feeder k.
 */
export const lowerConcatOp: Lower = (node, c) => {
  if (node.domain !== 'i8conv') return lowerConcat(node, c.name, c.values, []);
  const fa = node.attributes.get('feeders'),
    pa = node.attributes.get('feeds');
  if (fa?.kind !== 'graph' || pa?.kind !== 'ints' || !c.lowerSub)
    unsupported(node, 'a fused concat without its feeders');
  const inputs = [...node.inputs];
  const byPos = new Map<number, Node>();
  if (fa.value.nodes.length !== pa.value.length) unsupported(node, 'feeders and feeds differ in length');
  fa.value.nodes.forEach((f, k) => {
    if (node.inputs[pa.value[k]] !== f.inputs[0] || f.outputs.length !== 1)
      unsupported(node, `input ${pa.value[k]} is not the input of feeder ${k}`);
    inputs[pa.value[k]] = f.outputs[0];
    byPos.set(pa.value[k], f);
  });
  const plain: Node = { ...node, domain: node.opType === 'QLinearConcat' ? 'com.microsoft' : '', inputs };
  const { data } = concatPlan(plain, c.values);
  return lowerConcat(
    plain,
    c.name,
    c.values,
    data.map((k) => byPos.get(k)),
    c.lowerSub,
  );
};

/**
 * A concat's step. `feeders[i]`: the Resize node that produces data input i, run by the concat into its own output
 * (input i of the step is then the feeder's input); where input i has a requantization table, the feeder applies it
 * to the rows it writes (its i8conv form with an output_table). `lowerSub` lowers a feeder.
 */
export function lowerConcat(
  node: Node,
  name: string,
  values: ReadonlyMap<string, PlannedValue>,
  feederNodes: readonly (Node | undefined)[],
  lowerSub?: (n: Node) => LoweredNode,
): LoweredNode {
  const { data, tables, axis, outer } = concatPlan(node, values);
  const out = values.get(node.outputs[0])!;
  const rank = out.dims.length;
  const ins = data.map((k) => values.get(node.inputs[k])!);
  const feeders = feederNodes.map((f, i) => {
    if (!f) return undefined;
    const t = tables[i];
    if (t && f.attributes.has('output_table'))
      unsupported(node, `feeder ${f.name} has a table of its own and input ${i} needs another`);
    const withTable: Node = t
      ? {
          ...f,
          domain: 'i8conv',
          attributes: new Map([
            ...f.attributes,
            [
              'output_table',
              {
                kind: 'tensor',
                value: { name: '', type: out.type === 'int8' ? 'int8' : 'uint8', dims: [256], data: t },
              },
            ],
          ]),
        }
      : f;
    return lowerSub!(withTable);
  });
  const es =
    out.bytes /
    Math.max(
      1,
      out.dims.reduce((a, b) => a * b, 1),
    );
  const runs = ins.map((v) => v.dims.slice(axis).reduce((a, b) => a * b, 1) * es);
  // a feeder writes its rows in the concat's layout: NCHW44 only where every feeder's step can (a TypeScript Resize
  // writes NCHW rows only)
  const nchw44 =
    rank === 4 &&
    axis === 1 &&
    ins.every((v) => v.dims[1] % 4 === 0) &&
    feeders.every((f) => !f || (f.rule.kind === 'follow' && f.rule.nchw44));
  if (outer !== 1 && feeders.some((f) => f)) unsupported(node, 'feeders of a concat with an outer count above 1');
  return {
    name,
    op: node.opType,
    node,
    inputs: data.map((k, i) => feeders[i]?.inputs[0] ?? node.inputs[k]),
    outputs: [node.outputs[0]],
    rule: { kind: 'follow', nchw44, data: data.map((_, i) => i) },
    build: (env, step): StepImpl => {
      // an input with its own table runs through the wasm LUT kernel, one call per outer index; a computed input of
      // short rows (under 64 bytes) through the rows kernel, one call for all its rows
      const total = runs.reduce((a, b) => a + b, 0);
      const shortRows = ins.map((v, i) =>
        runs[i] < 64 && !v.constant && !feeders[i]
          ? new ConcatRowsKernel(env.core, { rows: outer, run: runs[i], total, table: tables[i] })
          : undefined,
      );
      const luts = ins.map((v, i) =>
        tables[i] && !v.constant && !feeders[i] && !shortRows[i]
          ? new LutKernel(env.core, { length: runs[i], table: tables[i]! })
          : undefined,
      );
      const subs: (StepImpl | undefined)[] = [];
      try {
        feeders.forEach((f, i) => {
          if (f) subs[i] = f.build(env, { ...f, layout: step.layout });
        });
      } catch (e) {
        for (const k of luts) k?.dispose();
        for (const k of shortRows) k?.dispose();
        for (const s of subs) s?.dispose();
        throw e;
      }
      const job = new Int32Array(JOB.SIZE);
      // constant inputs' bytes, in the step's layout (NCHW44: relaid out once, here), through their requantization
      // table once, here: a run copies them (a channel-padding Pad's quantized zeros, read by each run before)
      const constants = ins.map((v, i) => {
        const c = v.constant?.data as ArrayBufferView | undefined;
        if (!c) return undefined;
        const b = new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
        const laid = step.layout === 'NCHW44' ? nchw44Bytes(b, v.dims, es) : b;
        const t = tables[i];
        return t ? laid.map((x) => t[x]) : laid;
      });
      return {
        algorithm:
          (tables.some((t) => t) ? 'concat-requant' : 'concat-copy') +
          subs
            .filter((s) => s)
            .map((s) => `+${s!.algorithm}`)
            .join(''),
        bytes:
          luts.reduce((a, k) => a + (k?.bytes ?? 0), 0) +
          shortRows.reduce((a, k) => a + (k?.bytes ?? 0), 0) +
          subs.reduce((a, k) => a + (k?.bytes ?? 0), 0),
        scratchBytes: 0,
        macs: 0,
        dispose() {
          for (const k of luts) k?.dispose();
          for (const k of shortRows) k?.dispose();
          for (const s of subs) s?.dispose();
        },
        run(p) {
          const u8 = new Uint8Array(env.core.memory.buffer);
          for (let i = 0; i < ins.length; i++) {
            if (subs[i]) {
              // outer is 1: input i is the output's bytes [sum of the runs before it, + runs[i])
              subs[i]!.run({
                inputs: [p.inputs[i]],
                outputs: [p.outputs[0] + runs.slice(0, i).reduce((a, b) => a + b, 0)],
                scratch: p.scratch,
              });
              continue;
            }
            const run = runs[i];
            const src = constants[i];
            let off = runs.slice(0, i).reduce((a, b) => a + b, 0);
            if (shortRows[i]) {
              // short rows (a box's coordinates): every row in one kernel call (a call, or a copyWithin, per row of
              // a few bytes cost more than the row)
              runKernelSerial(env.core, shortRows[i]!, p.inputs[i], 0, p.outputs[0] + off, job);
              continue;
            }
            for (let o = 0; o < outer; o++, off += total) {
              const dst = p.outputs[0] + off;
              const from = o * run;
              if (luts[i]) {
                runKernelSerial(env.core, luts[i]!, p.inputs[i] + from, 0, dst, job);
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

/** The bytes of an NCHW tensor of `es`-byte elements (C % 4 == 0) in NCHW44 order: [N, C / 4, H, W, 4]. */
function nchw44Bytes(src: Uint8Array, dims: readonly number[], es: number): Uint8Array {
  const [N, C, H, W] = dims;
  const hw = H * W;
  const dst = new Uint8Array(src.length);
  for (let n = 0; n < N; n++)
    for (let c = 0; c < C; c++)
      for (let i = 0; i < hw; i++) {
        const from = ((n * C + c) * hw + i) * es;
        const to = (((n * (C >> 2) + (c >> 2)) * hw + i) * 4 + (c & 3)) * es;
        for (let k = 0; k < es; k++) dst[to + k] = src[from + k];
      }
  return dst;
}
