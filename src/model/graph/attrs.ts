/** Reading node attributes with defaults (the passes have run: kinds are as ONNX declares them). */
import type { Node, Tensor } from './ir.js';
import { unsupported } from '../executor/step.js';

export function attrInt(node: Node, name: string, dflt: number): number {
  const a = node.attributes.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'int') unsupported(node, `attribute ${name} is not an int`);
  return a.value;
}
export function attrFloat(node: Node, name: string, dflt: number): number {
  const a = node.attributes.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'float') unsupported(node, `attribute ${name} is not a float`);
  return a.value;
}
export function attrInts(node: Node, name: string): number[] | undefined {
  const a = node.attributes.get(name);
  if (a === undefined) return undefined;
  if (a.kind !== 'ints') unsupported(node, `attribute ${name} is not a list of ints`);
  return a.value;
}
export function attrString(node: Node, name: string, dflt: string): string {
  const a = node.attributes.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'string') unsupported(node, `attribute ${name} is not a string`);
  return a.value;
}

/** The numbers of a constant tensor (int64 as numbers). */
export function numbersOf(t: Tensor): number[] {
  const d = t.data;
  const n = d.length;
  // an indexed loop into a preallocated array: Array.from of a typed array goes through its iterator, about 20x slower
  const out = new Array<number>(n);
  if (d instanceof BigInt64Array) for (let i = 0; i < n; i++) out[i] = Number(d[i]);
  else for (let i = 0; i < n; i++) out[i] = (d as ArrayLike<number>)[i];
  return out;
}

/** Padding [top, left, bottom, right] of a 2-D conv / pool from pads / auto_pad. */
export function spatialPads(
  node: Node,
  inHW: readonly number[],
  kernel: readonly number[],
  strides: readonly number[],
  dil: readonly number[],
): [number, number, number, number] {
  const autoPad = attrString(node, 'auto_pad', 'NOTSET');
  if (autoPad === 'VALID') return [0, 0, 0, 0];
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    const p = [0, 0, 0, 0];
    for (let i = 0; i < 2; i++) {
      const out = Math.ceil(inHW[i] / strides[i]);
      const total = Math.max(0, (out - 1) * strides[i] + (kernel[i] - 1) * dil[i] + 1 - inHW[i]);
      const small = Math.floor(total / 2);
      p[i] = autoPad === 'SAME_UPPER' ? small : total - small;
      p[i + 2] = total - p[i];
    }
    return p as [number, number, number, number];
  }
  if (autoPad !== 'NOTSET') unsupported(node, `auto_pad ${JSON.stringify(autoPad)}`);
  const pads = attrInts(node, 'pads') ?? [0, 0, 0, 0];
  if (pads.length !== 4) unsupported(node, `pads of length ${pads.length} for 2 spatial dims`);
  return [pads[0], pads[1], pads[2], pads[3]];
}
