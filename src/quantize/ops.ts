/**
 * Which operators quantizeModel quantizes (`ops`), as the rule sets of plan.ts (full: its inputs and output
 * quantized with their own ranges; same: on 8-bit data after a quantized input, its outputs sharing the input's scale
 * and zero point; removable: a Relu / Clip absorbed into its producer's output range where the Q's saturation clips as
 * it would):
 *
 * - 'default': i8conv's rules (plan.ts's header): full Conv, MatMul, Gemm, Add, Mul, Concat, GlobalAveragePool,
 *   Sigmoid, LeakyRelu; same MaxPool, AveragePool, Resize, Reshape, Flatten, Transpose, Squeeze, Unsqueeze, Slice,
 *   Gather, Split; Relu / Clip removable; element-wise chains float (`elementwise: 'table'`).
 * - 'all': onnxruntime's static quantizer in QDQ format with its default operator list (every operator of its
 *   QLinear and QDQ registries that this planner has a rule for): the default's full operators and ConvTranspose,
 *   Softmax (input and output with their own ranges, as onnxruntime's QDQOperatorBase); the default's same-as-input
 *   operators and Pad, GatherElements; Relu / Clip removable; element-wise nodes each with their own range
 *   (`elementwise: 'quantize'`). Not planned (they stay float): Where, ArgMax, InstanceNormalization,
 *   LayerNormalization (BatchNormalization after a Conv is folded before planning).
 * - 'convs': Conv, MatMul and Gemm only (each with its inputs and output quantized); everything else float, Relu and
 *   Clip included (they run in float between the Q/DQ pairs of their neighbours).
 * - an array of operator types: onnxruntime's `op_types_to_quantize`. Each listed type takes its rule above; a type
 *   with no rule above is quantized as a full operator (inputs and output with their own ranges, as onnxruntime's
 *   QDQOperatorBase does for what its registries do not name).
 */
import { check } from '../errors.js';
import { FULL_OPS, REMOVABLE, SAME_OPS, type OpRules } from './plan.js';

export type OpsOption = 'default' | 'all' | 'convs' | readonly string[];

const ALL_FULL: ReadonlySet<string> = new Set([...FULL_OPS, 'ConvTranspose', 'Softmax']);
const ALL_SAME: ReadonlySet<string> = new Set([...SAME_OPS, 'Pad', 'GatherElements']);

/** The rule sets, the default `elementwise` and whether ConvTranspose is quantized, of an `ops` option. */
export function opRules(ops: OpsOption): {
  rules: OpRules;
  elementwise: 'table' | 'quantize';
  convTranspose: 'float' | 'quantize';
} {
  if (ops === 'default')
    return {
      rules: { full: FULL_OPS, same: SAME_OPS, removable: REMOVABLE },
      elementwise: 'table',
      convTranspose: 'float',
    };
  if (ops === 'all')
    return {
      rules: { full: ALL_FULL, same: ALL_SAME, removable: REMOVABLE },
      elementwise: 'quantize',
      convTranspose: 'quantize',
    };
  if (ops === 'convs')
    return {
      rules: { full: new Set(['Conv', 'MatMul', 'Gemm']), same: new Set(), removable: new Set() },
      elementwise: 'quantize',
      convTranspose: 'float',
    };
  const list = new Set(ops);
  const same = new Set([...list].filter((op) => ALL_SAME.has(op)));
  const removable = new Set([...list].filter((op) => REMOVABLE.has(op)));
  const full = new Set([...list].filter((op) => !same.has(op) && !removable.has(op)));
  return {
    rules: { full, same, removable },
    elementwise: 'quantize',
    convTranspose: full.has('ConvTranspose') ? 'quantize' : 'float',
  };
}

export function checkOps(ops: unknown): asserts ops is OpsOption {
  check(
    ops === 'default' ||
      ops === 'all' ||
      ops === 'convs' ||
      (Array.isArray(ops) && ops.every((op) => typeof op === 'string' && /^[A-Za-z][A-Za-z0-9_]*$/.test(op))),
    'INVALID_PARAM',
    'ops',
    () => `must be 'default', 'all', 'convs' or an array of ONNX operator types, got ${JSON.stringify(ops)}`,
  );
}
