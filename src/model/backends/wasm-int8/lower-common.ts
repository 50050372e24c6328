/**
 * What the lowerings of the 8-bit wasm kernels share: a step around a ModelKernel made at build time in the step's
 * planned layout (kernelLowering), constant inputs copied into wasm memory once (constantPointer), the per-tensor
 * scalar parameters a node's inputs hold (scalarConst), and the layout rules (follow: either layout, the data inputs
 * and the output alike).
 */
import type { Node } from '../../graph/ir.js';
import type { Layout, ModelKernel, QType } from '../types.js';
import type { Lowering, PlannedValue } from '../../lowering/values.js';
import type { BuildEnv, LoweredNode } from '../../executor/step.js';
import { kernelStep, unsupported } from '../../executor/step.js';
import { GuardedBlocks } from '../../../heap.js';
import { numbersOf } from '../../graph/attrs.js';

/** Steps writing at least this many bytes run on the pool's threads when it is awake. */
export const THREADED_BYTES = 1 << 16;

export const is8 = (t: string): t is QType => t === 'uint8' || t === 'int8';

export function scalarConst(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
  k: number,
  what: string,
  dflt?: number,
): number {
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
export function kernelLowering(
  node: Node,
  name: string,
  inputs: string[],
  rule: Lowering['rule'],
  make: (env: BuildEnv, layout: Layout, step: Lowering) => ModelKernel,
  opts: { second?: boolean; inPlace?: boolean } = {},
): LoweredNode {
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
      const blocks = new GuardedBlocks(env.core, { param: 'model', what: `the constant inputs of ${step.name}` });
      let consts: (number | undefined)[];
      try {
        consts = step.inputs.map((n) => constantPointer(env, blocks, n, layout));
      } catch (e) {
        k.dispose();
        throw e;
      }
      const impl = kernelStep(env.core, k, {
        second: opts.second ? 1 : undefined,
        threaded: out.bytes >= THREADED_BYTES,
      });
      const owned = consts.filter((c) => c !== undefined).length;
      if (!owned) return impl;
      return {
        ...impl,
        bytes: impl.bytes + owned * 64,
        run: (p) => impl.run({ ...p, inputs: p.inputs.map((x, i) => consts[i] ?? x) }),
        dispose: () => {
          impl.dispose();
          blocks.release();
        },
      };
    },
  };
}

/** A constant input of a kernel step, copied into wasm memory once (in the step's layout), or undefined. */
function constantPointer(env: BuildEnv, blocks: GuardedBlocks, name: string, layout: Layout): number | undefined {
  const v = env.values.get(name);
  if (!v?.constant) return undefined;
  const c = v.constant.data as ArrayBufferView;
  let bytes = new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
  const d = v.dims;
  if (layout === 'NCHW44' && d.length === 4 && d[2] * d[3] > 1 && d[1] % 4 === 0) {
    const es =
      c.byteLength /
      Math.max(
        1,
        d.reduce((a, b) => a * b, 1),
      );
    const out = new Uint8Array(bytes.length);
    const hw = d[2] * d[3];
    for (let n = 0; n < d[0]; n++)
      for (let ch = 0; ch < d[1]; ch++)
        for (let i = 0; i < hw; i++)
          for (let e = 0; e < es; e++)
            out[(((n * (d[1] >> 2) + (ch >> 2)) * hw + i) * 4 + (ch & 3)) * es + e] =
              bytes[((n * d[1] + ch) * hw + i) * es + e];
    bytes = out;
  }
  const off = blocks.alloc(Math.max(16, bytes.length) + 16);
  env.core.u8().set(bytes, off);
  return off;
}

export const follow = (nchw44: boolean, data: number[] = [0]): Lowering['rule'] => ({ kind: 'follow', nchw44, data });
export const c4 = (v: PlannedValue): boolean => v.dims.length === 4 && v.dims[1] % 4 === 0;

/**
 * The `output_table` of an i8conv form of an operator (a look-up folded into its producer by
 * src/model/graph/passes/fuse-output-tables.ts): 256 raw output bytes by raw byte of the operator's own output.
 */
export function outputTable(node: Node): Uint8Array | undefined {
  const a = node.domain === 'i8conv' ? node.attributes.get('output_table') : undefined;
  if (a?.kind !== 'tensor') return undefined;
  const d = a.value.data as ArrayBufferView;
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice();
}

/** The name the operator's own output had before a look-up was folded into it (attribute `table_input`). */
export function tableInput(node: Node): string | undefined {
  const a = node.attributes.get('table_input');
  return a?.kind === 'string' ? a.value : undefined;
}

/** A node's attributes without those its i8conv form adds (`output_table`, `table_input`): the operator's own. */
export function ownAttributes(node: Node): Node['attributes'] {
  if (node.domain !== 'i8conv') return node.attributes;
  const a = new Map(node.attributes);
  a.delete('output_table');
  a.delete('table_input');
  return a;
}
