/**
 * The planned model's values and steps, as the lowering (./lower.ts) makes them and the planners read them: every
 * tensor the run touches (PlannedValue: element type, dims, layout, arena offset) and every step (Lowering: op,
 * inputs, outputs, the layouts it can run in). Data only; the planners are ./layouts.ts and ./memory.ts.
 */
import type { Tensor } from '../graph/ir.js';
import type { Layout } from '../backends/types.js';

export type ValueType = 'float32' | 'int32' | 'uint8' | 'int8' | 'int64' | 'bool' | 'double';

export const ELEMENT_BYTES: Record<ValueType, number> = {
  float32: 4,
  int32: 4,
  uint8: 1,
  int8: 1,
  int64: 8,
  bool: 1,
  double: 8,
};

/** Arena offsets are multiples of this (v128 loads, BigInt64Array views). */
export const VALUE_ALIGN = 64;

export interface PlannedValue {
  name: string;
  type: ValueType;
  /** logical dims (NCHW order even when the layout is NCHW44) */
  dims: number[];
  layout: Layout;
  bytes: number;
  /** set for initializers: their data lives in JS (host ops) or was packed into a step at build time */
  constant?: Tensor;
  /** another value whose bytes this one shares (a Reshape, an in-place step) */
  aliasOf?: string;
  /** with aliasOf: where this value's bytes start in aliasOf's (a Slice of a contiguous range), 0 when absent */
  aliasDelta?: number;
  /** byte offset in the arena (after planMemory); -1 for constants */
  offset: number;
}

/** Where a step's operator can run. */
export type LayoutRule =
  /** NCHW only (host ops, data movement other than the ones below) */
  | { kind: 'nchw' }
  /**
   * a convolution: NCHW44 in and out when `nchw44`; 'hybrid': NCHW in, NCHW44 out (a first layer, IC < 4);
   * `withOutput`: inputs read in the output's layout (a residual add's operand)
   */
  | { kind: 'conv'; nchw44: boolean; hybrid: boolean; withOutput?: readonly number[] }
  /** runs in either layout when `nchw44` is true, all its `data` inputs and its output in the same layout */
  | { kind: 'follow'; nchw44: boolean; data: readonly number[] }
  /** a relayout inserted by the planner */
  | { kind: 'relayout'; to: Layout };

export interface Lowering {
  /** the node's name, or a generated one (`op#index`) */
  name: string;
  /** op type as model.nodes shows it (the fused node's, e.g. 'QLinearConv') */
  op: string;
  inputs: string[];
  outputs: string[];
  rule: LayoutRule;
  /** output 0 is a view of input 0's bytes (Reshape, Flatten, Squeeze, Unsqueeze, Identity) */
  alias?: boolean;
  /** with alias: output 0 is input 0's bytes from this byte on (a Slice of a contiguous range); 0 when absent */
  aliasDelta?: number;
  /** output 0 may be written over input 0 when input 0 dies here (element-wise) */
  inPlace?: boolean;
  /** the layout the step runs in, set by planLayouts */
  layout?: Layout;
}
