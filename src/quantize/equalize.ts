/**
 * Activation equalization across a Conv and the depthwise Conv it feeds (cross-layer equalization, after Nagel et
 * al.'s data-free quantization, with the scales chosen from calibration data).
 *
 * A pair is: a Conv A (float initializer weight, optional 1-D float initializer bias) whose output y is read by one
 * node only, directly or through one Relu that is y's only reader, and that reader is a depthwise Conv B (group =
 * its input channels = A's output channels, weight [C * m, 1, kh, kw], a float initializer read by B alone); A's
 * weight and bias are read by A alone; neither y nor the Relu's output is a graph output. Between A and B every
 * channel c of y is multiplied by B's weights of channel c only, so for any s[c] > 0
 *   A'  = A with output channel c's weights and bias divided by s[c]   (y'[c] = y[c] / s[c])
 *   B'  = B with the weights of input channel c (outputs c*m .. c*m+m-1) multiplied by s[c]
 * computes the same B output in real arithmetic (Relu(y / s) = Relu(y) / s for s > 0; B's zero padding stays zero).
 * With per-tensor activation scales the quantization step of y is set by its widest channel; with
 * s[c] = amax[c] / max_c amax[c] (amax: the largest |y[c]| over the calibration data) every channel spans the
 * whole range, and the weights, quantized per output channel (A's c, B's c*m + j), lose nothing: a scaled channel
 * of weights quantizes to the same codes with a scaled step. So the pair's activation noise drops and nothing
 * else changes. It is not exact in float32: each rescaled weight and bias is rounded once (a relative 2^-24).
 * s[c] is kept at or above 2^-10 (a channel a thousand times narrower than the widest is not amplified further:
 * calibration may have seen too little of it), and a channel never seen nonzero keeps s = 1.
 *
 * `equalizationPairs` finds the pairs; `equalize` rescales given amax per pair (the caller measures it by running
 * the float graph with the pairs' y values as outputs). Pure: the input graph is not changed; the rescaled tensors
 * replace the old ones under the same names (each is read by its one node).
 */
import type { Graph, Node, Tensor } from '../model/graph/ir.js';
import { consumersOf } from './graph.js';

export interface EqualizationPair {
  /** the Conv whose output channels are rescaled, and B, the depthwise Conv that reads them */
  a: Node;
  b: Node;
  /** A's output, whose per-channel ranges choose the scales */
  y: string;
  channels: number;
}

const MIN_SCALE = 2 ** -10;
const f32 = Math.fround;

function intAttr(n: Node, name: string, dflt: number): number {
  const a = n.attributes.get(name);
  return a?.kind === 'int' ? a.value : dflt;
}

/** The Conv -> (Relu) -> depthwise Conv pairs of a prepared float graph (see the header). */
export function equalizationPairs(g: Graph): EqualizationPair[] {
  const cons = consumersOf(g.nodes);
  const outputs = new Set(g.outputs.map((o) => o.name));
  const readers = (v: string) => cons.get(v) ?? [];
  const floatInit = (v: string | undefined): Tensor | undefined => {
    const t = v ? g.initializers.get(v) : undefined;
    return t && t.type === 'float32' && !g.inputs.some((i) => i.name === v) ? t : undefined;
  };
  const readOnlyBy = (v: string, node: number) => readers(v).length === 1 && readers(v)[0] === node;
  const pairs: EqualizationPair[] = [];
  const used = new Set<number>();
  g.nodes.forEach((a, ia) => {
    if (a.opType !== 'Conv' || a.domain !== '' || a.outputs.length !== 1) return;
    const wa = floatInit(a.inputs[1]);
    if (!wa || wa.dims.length < 3 || !readOnlyBy(a.inputs[1], ia)) return;
    const c = wa.dims[0];
    const ba = a.inputs[2] ? floatInit(a.inputs[2]) : undefined;
    if (a.inputs[2] && (!ba || ba.dims.length !== 1 || ba.data.length !== c || !readOnlyBy(a.inputs[2], ia))) return;
    const y = a.outputs[0];
    if (outputs.has(y) || readers(y).length !== 1) return;
    let ib = readers(y)[0];
    let x = y;
    if (g.nodes[ib].opType === 'Relu' && g.nodes[ib].domain === '') {
      x = g.nodes[ib].outputs[0];
      if (outputs.has(x) || readers(x).length !== 1) return;
      ib = readers(x)[0];
    }
    const b = g.nodes[ib];
    if (b.opType !== 'Conv' || b.domain !== '' || b.inputs[0] !== x || used.has(ia) || used.has(ib)) return;
    const wb = floatInit(b.inputs[1]);
    if (
      !wb ||
      wb.dims.length !== wa.dims.length ||
      wb.dims[1] !== 1 ||
      intAttr(b, 'group', 1) !== c ||
      wb.dims[0] % c !== 0
    )
      return;
    if (!readOnlyBy(b.inputs[1], ib)) return;
    used.add(ia);
    used.add(ib);
    pairs.push({ a, b, y, channels: c });
  });
  return pairs;
}

/** The per-channel scales of one pair from amax[c] (see the header). */
export function equalizationScales(amax: Float64Array): Float64Array {
  let top = 0;
  for (const v of amax) top = Math.max(top, v);
  return amax.map((v) => (top > 0 && v > 0 ? Math.max(v / top, MIN_SCALE) : 1));
}

/** The graph with each pair rescaled by the scales of its amax (by y's name). */
export function equalize(g: Graph, pairs: readonly EqualizationPair[], amax: ReadonlyMap<string, Float64Array>): Graph {
  const inits = new Map(g.initializers);
  const scaled = (t: Tensor, per: number, s: (k: number) => number, divide: boolean): Tensor => {
    const src = t.data as Float32Array;
    const data = new Float32Array(src.length);
    for (let i = 0; i < src.length; i++)
      data[i] = divide ? f32(src[i] / s(Math.floor(i / per))) : f32(src[i] * s(Math.floor(i / per)));
    return { ...t, data };
  };
  for (const p of pairs) {
    const r = amax.get(p.y);
    if (!r) continue;
    const s = equalizationScales(r);
    const wa = inits.get(p.a.inputs[1])!;
    inits.set(
      wa.name,
      scaled(wa, wa.data.length / p.channels, (k) => s[k], true),
    );
    if (p.a.inputs[2]) {
      const ba = inits.get(p.a.inputs[2])!;
      inits.set(
        ba.name,
        scaled(ba, 1, (k) => s[k], true),
      );
    }
    const wb = inits.get(p.b.inputs[1])!;
    const m = wb.dims[0] / p.channels;
    inits.set(
      wb.name,
      scaled(wb, wb.data.length / wb.dims[0], (k) => s[Math.floor(k / m)], false),
    );
  }
  return { ...g, initializers: inits };
}

/** Accumulates max |y[c]| per channel of NCHW-like data ([N, C, ...]). */
export function channelAbsMax(into: Float64Array, data: Float32Array, channels: number, inner: number): void {
  const outer = data.length / (channels * inner);
  for (let n = 0; n < outer; n++) {
    for (let c = 0; c < channels; c++) {
      let m = into[c];
      const base = (n * channels + c) * inner;
      for (let i = 0; i < inner; i++) {
        const v = Math.abs(data[base + i]);
        if (v > m) m = v;
      }
      into[c] = m;
    }
  }
}
