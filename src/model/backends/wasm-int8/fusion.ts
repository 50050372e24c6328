/**
 * What the fusion passes (src/model/graph/passes/fuse-*.ts) ask of the 8-bit kernels before they rewrite the graph:
 * which nodes run as a 256-entry table look-up (and their table), which producers can apply a table to their 8-bit
 * output as they store it, which QLinearAdd / QLinearMul run on the element-wise kernel (and their quantization), and
 * what a concat is made of. Each answer is the one the node's lowering (the operator table's first implementation
 * that applies) acts on, so a fused node computes what the nodes it replaces computed.
 */
import { I8ConvError } from '../../../errors.js';
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import { checkTable } from '../../numerics/tables.js';
import { binaryTableOf } from './binary.js';
import { convTakesOutputTable } from './conv.js';
import { lutTableOf, sameRows } from './lut.js';
import { resizeTakesOutputTable } from './resize.js';

export { binaryKernelQuant } from './binary.js';
export { concatPlan } from './concat.js';
export { resizeTakesOutputTable } from './resize.js';

/**
 * A node the LUT kernel runs: its table (256 raw output bytes by raw input byte) and the input it indexes; undefined
 * for any other node, and for one whose lowering refuses it (the lowering reports that).
 */
export function lookupTableOf(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): { table: Uint8Array; x: string } | undefined {
  // asked again and again by the fusion passes (each chain step, each producer of a table's input): kept per node
  // (nodes are never edited, only replaced) while the values it was computed against are the ones asked with
  const had = LOOKUPS.get(node);
  if (had?.values === values) return had.found;
  const found = lookupTable(node, values);
  LOOKUPS.set(node, { values, found });
  return found;
}
const LOOKUPS = new WeakMap<
  Node,
  { values: ReadonlyMap<string, PlannedValue>; found: { table: Uint8Array; x: string } | undefined }
>();

function lookupTable(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): { table: Uint8Array; x: string } | undefined {
  if (node.domain !== 'i8conv' && node.domain !== 'com.microsoft') return undefined;
  const key = `${node.domain}:${node.opType}`;
  try {
    if (key === 'i8conv:Lut' || key === 'com.microsoft:QLinearSigmoid' || key === 'com.microsoft:QLinearLeakyRelu') {
      return { table: checkTable(lutTableOf(node, values)), x: node.inputs[0] };
    }
    if (key === 'com.microsoft:QLinearAdd' || key === 'com.microsoft:QLinearMul') {
      const t = binaryTableOf(node, values);
      return t && { table: checkTable(t.table), x: t.x };
    }
    if (key === 'i8conv:ChannelTable') return uniformChannelTable(node, values);
  } catch (e) {
    if (e instanceof I8ConvError) return undefined;
    throw e;
  }
  return undefined;
}

/**
 * A ChannelTable (fuse-channel-chains.ts) of 8-bit codes to 8-bit codes whose rows are the same for every channel: a
 * chain that was tabulated per channel although none of its constants is (a requantization DequantizeLinear ->
 * QuantizeLinear, DequantizeLinear -> Clip -> QuantizeLinear): one table of 256 bytes.
 */
function uniformChannelTable(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): { table: Uint8Array; x: string } | undefined {
  const x = values.get(node.inputs[0] ?? ''),
    y = values.get(node.outputs[0] ?? '');
  const t = node.attributes.get('table');
  if (!x || !y || node.attributes.has('quantize_type') || t?.kind !== 'tensor') return undefined;
  if (!['uint8', 'int8'].includes(x.type) || !['uint8', 'int8'].includes(y.type) || x.dims.length !== 4)
    return undefined;
  const d = t.value.data;
  if (!(d instanceof Uint8Array) || !sameRows(d, x.dims[1], 256)) return undefined;
  return { table: d.slice(0, 256), x: node.inputs[0] };
}

/** Whether a node's 8-bit output can go through a table as the kernels store it (a convolution, a Resize). */
export function takesOutputTable(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  return convTakesOutputTable(node, values) || resizeTakesOutputTable(node, values);
}
