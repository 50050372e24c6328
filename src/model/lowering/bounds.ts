/**
 * The work budget of a model, checked at load before the fusions and the lowering (src/model/load.ts): what each node
 * may cost, and what the whole plan may cost, computed from the inferred shapes and the attributes alone (a few
 * arithmetic operations per node, nothing allocated), so that a model whose bytes ask for hours of work or gigabytes
 * of tables is refused in milliseconds with TOO_LARGE, naming the node, the quantity and the limit.
 *
 * Per node:
 * - multiply-adds: a convolution N * OC * out * IC/G * kernel, a transposed one N * IC * in * OC/G * kernel, a matrix
 *   product batch * M * N * K, an LSTM / GRU seq * batch * dirs * gates * hidden * (input + hidden); a pool's window
 *   cells N * C * out * kernel (every cell of every window, padding included) count the same;
 * - padding cells: the cells of one window that lie outside the input whatever the output position (the kernel's
 *   cells less those an input of this size can hold), and the same over the node (N * C * out of them, times IC/G
 *   for a convolution): work that reads nothing. A window far larger than its input (a kernel of 2^24 over a few
 *   rows, half of it padding) is refused here, whatever the input;
 * - axis taps: for each spatial axis out * kernel, the per-axis tables and loops the pool and convolution planners
 *   build at load; table entries: output positions * kernel cells, the tap table the TypeScript pools (float, or of a
 *   rank the 8-bit kernels do not take) and float convolutions build when the node is lowered;
 * - a padded source: N * C * the padded input's cells * element size, the bytes a convolution's padded copy takes.
 * Per plan (one graph; an If's branch is a plan of its own): the multiply-adds and window cells of every node, and
 * the bytes every node reads and writes.
 *
 * The limits (BOUNDS) lie far above real models: ResNet-50 at 224 x 224 is 4.1 G multiply-adds in all, 0.23 G in
 * its largest convolution, 7 M window cells in its max pool and no padding cell beyond its kernels' edges; a
 * detector at 1280 x 1280 or a segmenter at 2048 x 1024 stays under 2^36 per node and 2^39 in all.
 */
import { I8ConvError } from '../../errors.js';
import type { Graph, Node } from '../graph/ir.js';
import type { PlannedValue } from './values.js';
import { ELEMENT_BYTES } from './values.js';

export const BOUNDS = {
  /** multiply-adds (or pool window cells) of one node */
  nodeWork: 2 ** 38,
  /** cells of one window (one output's) that lie in the padding whatever the output position */
  windowPaddingCells: 2 ** 20,
  /** the same over all of a node's outputs (times IC/G for a convolution) */
  nodePaddingCells: 2 ** 30,
  /** sum over the spatial axes of output size * kernel size, one node (the planners' per-axis tables at load) */
  nodeAxisTaps: 2 ** 26,
  /** entries of a node's load-time window table (output positions * kernel cells: the TypeScript pool's and float
   * convolution's tap tables, built when the node is lowered) */
  nodeTableEntries: 2 ** 25,
  /** bytes of a convolution's source padded by its pads */
  paddedSourceBytes: 2 ** 31,
  /** multiply-adds and window cells of the whole plan */
  planWork: 2 ** 42,
  /** bytes read and written by every node of the plan, summed */
  planBytes: 2 ** 38,
} as const;

const prod = (a: readonly number[]): number => a.reduce((p, d) => p * d, 1);

/** A node's work (see the header). */
export interface NodeCost {
  work: number;
  /** per output window, and over the node */
  windowPaddingCells: number;
  paddingCells: number;
  axisTaps: number;
  tableEntries: number;
  paddedSourceBytes: number;
  bytes: number;
}

interface Window {
  kernel: number[];
  /** input and output spatial dims */
  inSp: number[];
  outSp: number[];
  pads: number[];
  dilations: number[];
}

function ints(node: Node, name: string): number[] | undefined {
  const a = node.attributes.get(name);
  return a?.kind === 'ints' ? a.value : undefined;
}
function int(node: Node, name: string, dflt: number): number {
  const a = node.attributes.get(name);
  return a?.kind === 'int' ? a.value : dflt;
}

/** The window of a convolution or pool over input dims x (NCHW) to output dims y; weight dims w for a convolution. */
function windowOf(node: Node, x: readonly number[], y: readonly number[], w?: readonly number[]): Window | undefined {
  const n = x.length - 2;
  if (n < 1 || y.length !== x.length) return undefined;
  const kernel = ints(node, 'kernel_shape') ?? w?.slice(2);
  if (!kernel || kernel.length !== n) return undefined;
  const autoPad = node.attributes.get('auto_pad');
  const same = autoPad?.kind === 'string' && autoPad.value.startsWith('SAME');
  // SAME pads are at most the dilated kernel less one on each side; the attribute's otherwise
  const dilations = ints(node, 'dilations') ?? new Array<number>(n).fill(1);
  const pads = same
    ? [...kernel, ...kernel].map((k, i) => (k - 1) * dilations[i % n])
    : (ints(node, 'pads') ?? new Array<number>(2 * n).fill(0));
  return { kernel, inSp: x.slice(2), outSp: y.slice(2), pads, dilations };
}

/** Window cells outside an input of this size, per output: the kernel's cells less those the input can hold. */
function paddingCellsPerOutput(w: Window): number {
  const inside = w.kernel.map((k, i) => Math.min(k, Math.ceil(w.inSp[i] / w.dilations[i])));
  return prod(w.kernel) - prod(inside);
}

const axisTaps = (w: Window): number => w.outSp.reduce((s, o, i) => s + o * w.kernel[i], 0);

function paddedBytes(x: PlannedValue, w: Window): number {
  const n = w.inSp.length;
  return x.dims[0] * x.dims[1] * prod(w.inSp.map((d, i) => d + w.pads[i] + w.pads[i + n])) * ELEMENT_BYTES[x.type];
}

/** The cost of one node over the planned values (see the header). */
export function nodeCost(node: Node, values: ReadonlyMap<string, PlannedValue>): NodeCost {
  const v = (k: number, outs = false): PlannedValue | undefined => {
    const name = (outs ? node.outputs : node.inputs)[k];
    return name ? values.get(name) : undefined;
  };
  let bytes = 0;
  for (const name of [...node.inputs, ...node.outputs]) bytes += (name && values.get(name)?.bytes) || 0;
  const cost: NodeCost = {
    work: 0,
    windowPaddingCells: 0,
    paddingCells: 0,
    axisTaps: 0,
    tableEntries: 0,
    paddedSourceBytes: 0,
    bytes,
  };
  const op = node.domain === 'com.microsoft' || node.domain === '' ? node.opType : `${node.domain}:${node.opType}`;
  const y = v(0, true);
  switch (op) {
    case 'Conv':
    case 'ConvInteger':
    case 'QLinearConv': {
      const x = v(0),
        wt = v(op === 'QLinearConv' ? 3 : 1);
      if (!x || !wt || !y) break;
      const win = windowOf(node, x.dims, y.dims, wt.dims);
      if (!win) break;
      const perOut = prod(wt.dims.slice(1)); // IC/G * kernel
      cost.work = y.dims[0] * y.dims[1] * prod(win.outSp) * perOut;
      cost.windowPaddingCells = paddingCellsPerOutput(win);
      cost.paddingCells = y.dims[0] * y.dims[1] * prod(win.outSp) * wt.dims[1] * cost.windowPaddingCells;
      cost.axisTaps = axisTaps(win);
      if (x.type === 'float32') cost.tableEntries = prod(win.outSp) * prod(win.kernel);
      cost.paddedSourceBytes = paddedBytes(x, win);
      break;
    }
    case 'ConvTranspose': {
      const x = v(0),
        wt = v(1);
      if (!x || !wt || !y || x.dims.length < 3) break;
      // every input cell scatters into OC/G * kernel outputs
      cost.work = prod(x.dims) * prod(wt.dims.slice(1));
      cost.axisTaps = x.dims.slice(2).reduce((s, d, i) => s + d * (wt.dims[i + 2] ?? 1), 0);
      cost.tableEntries = prod(x.dims.slice(2)) * prod(wt.dims.slice(2));
      break;
    }
    case 'MaxPool':
    case 'AveragePool':
    case 'QLinearAveragePool': {
      const x = v(0);
      if (!x || !y) break;
      const last = int(node, 'channels_last', 0) === 1;
      const nchw = (d: readonly number[]) => (last ? [d[0], d[d.length - 1], ...d.slice(1, -1)] : d);
      const win = windowOf(node, nchw(x.dims), nchw(y.dims));
      if (!win) break;
      const outs = prod(y.dims);
      cost.work = outs * prod(win.kernel);
      cost.windowPaddingCells = paddingCellsPerOutput(win);
      cost.paddingCells = outs * cost.windowPaddingCells;
      cost.axisTaps = axisTaps(win);
      // the TypeScript operator's window table: float pools (their factory checks the node when it is lowered) and
      // what the 8-bit kernels leave to it (another rank)
      if (x.type === 'float32' || x.dims.length !== 4) cost.tableEntries = prod(win.outSp) * prod(win.kernel);
      break;
    }
    case 'MatMul':
    case 'MatMulInteger':
    case 'QLinearMatMul': {
      const a = v(0),
        b = v(op === 'QLinearMatMul' ? 3 : 1);
      if (!a || !b || !y) break;
      // every output element sums K products (K: A's last dim)
      cost.work = prod(y.dims) * (a.dims[a.dims.length - 1] ?? 1);
      break;
    }
    case 'Gemm':
    case 'QGemm': {
      const a = v(0);
      if (!a || !y || a.dims.length !== 2) break;
      cost.work = prod(y.dims) * (int(node, 'transA', 0) ? a.dims[0] : a.dims[1]);
      break;
    }
    case 'LSTM':
    case 'GRU': {
      const x = v(0),
        r = v(2);
      if (!x || !r || x.dims.length !== 3 || r.dims.length !== 3) break;
      const [dirs, gh, hidden] = r.dims;
      cost.work = x.dims[0] * x.dims[1] * dirs * gh * (x.dims[2] + hidden);
      break;
    }
    case 'LRN': {
      // each output sums the squares of `size` channels
      if (y) cost.work = prod(y.dims) * Math.max(1, int(node, 'size', 1));
      break;
    }
  }
  return cost;
}

function refuse(node: Node, what: string, got: number, limit: number): never {
  const where = `node ${JSON.stringify(node.name)} (${node.opType})`;
  const lim = Number.isInteger(Math.log2(limit)) ? `2^${Math.log2(limit)}` : String(limit);
  throw new I8ConvError(
    'TOO_LARGE',
    `${where}: its ${what} come to ${got} (2^${Math.log2(got).toFixed(1)}), more than the limit ${lim}`,
    where,
  );
}

/**
 * Checks every node of the graph and the plan's totals against BOUNDS (TOO_LARGE naming the node, the quantity and
 * the limit); returns the totals.
 */
export function checkBounds(
  graph: Pick<Graph, 'nodes'>,
  values: ReadonlyMap<string, PlannedValue>,
): { work: number; bytes: number } {
  let work = 0,
    bytes = 0;
  for (const node of graph.nodes) {
    const c = nodeCost(node, values);
    if (!(c.work <= BOUNDS.nodeWork)) refuse(node, 'multiply-adds (or window cells)', c.work, BOUNDS.nodeWork);
    if (!(c.windowPaddingCells <= BOUNDS.windowPaddingCells))
      refuse(
        node,
        'window cells in the padding of one window (outside any input of this size)',
        c.windowPaddingCells,
        BOUNDS.windowPaddingCells,
      );
    if (!(c.paddingCells <= BOUNDS.nodePaddingCells))
      refuse(
        node,
        'window cells in the padding (outside any input of this size)',
        c.paddingCells,
        BOUNDS.nodePaddingCells,
      );
    if (!(c.axisTaps <= BOUNDS.nodeAxisTaps))
      refuse(node, 'per-axis window taps (output size times kernel size)', c.axisTaps, BOUNDS.nodeAxisTaps);
    if (!(c.tableEntries <= BOUNDS.nodeTableEntries))
      refuse(
        node,
        'window table entries (output positions times kernel cells)',
        c.tableEntries,
        BOUNDS.nodeTableEntries,
      );
    if (!(c.paddedSourceBytes <= BOUNDS.paddedSourceBytes))
      refuse(node, 'padded source bytes', c.paddedSourceBytes, BOUNDS.paddedSourceBytes);
    work += c.work;
    bytes += c.bytes;
    if (!(work <= BOUNDS.planWork)) refuse(node, 'plan multiply-adds up to this node', work, BOUNDS.planWork);
    if (!(bytes <= BOUNDS.planBytes))
      refuse(node, 'plan bytes read and written up to this node', bytes, BOUNDS.planBytes);
  }
  return { work, bytes };
}
