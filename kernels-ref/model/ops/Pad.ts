/**
 * Pad, modes constant, edge (the nearest input cell) and reflect (mirrored without repeating the edge): pads [b1..bn, e1..en] from the attribute (opset < 11, with `value`) or the int64 input 1
 * (11+, with the optional scalar constant_value input 2, default 0, and from opset 18 the optional axes input 3).
 * Negative pads crop; reflect pads longer than the cropped axis less 1 reflect again (numpy's rule; onnxruntime fails
 * on them). Any element type. (wrap, opset 19, is refused.)
 */
import {
  attrFloat,
  attrInts,
  attrString,
  expectType,
  makeTensor,
  need,
  normAxis,
  numbers,
  onlyAttrs,
  scalarOf,
  stridesOf,
  unravel,
  type OpFn,
} from '../tensor.js';

export const Pad: OpFn = (inputs, attrs, opset) => {
  const x = need(inputs, 0, 'data');
  const r = x.dims.length;
  let pads: number[];
  let value = 0;
  if (opset < 11) {
    onlyAttrs(attrs, 'Pad', 'mode', 'pads', 'value');
    pads = attrInts(attrs, 'pads') ?? [];
    value = attrFloat(attrs, 'value', 0);
  } else {
    onlyAttrs(attrs, 'Pad', 'mode');
    const p = need(inputs, 1, 'pads');
    expectType(p, 'Pad pads', 'int64');
    pads = numbers(p);
    if (inputs[2]) {
      if (inputs[2].type !== x.type) throw new Error(`Pad: constant_value is ${inputs[2].type}, data is ${x.type}`);
      value = scalarOf(inputs[2], 'Pad constant_value');
    }
    if (inputs[3]) {
      expectType(inputs[3], 'Pad axes', 'int64', 'int32');
      const axes = numbers(inputs[3]).map((a) => normAxis(a, r, 'Pad: axis'));
      if (pads.length !== 2 * axes.length) throw new Error(`Pad: ${pads.length} pads for ${axes.length} axes`);
      const full = new Array<number>(2 * r).fill(0);
      axes.forEach((a, i) => {
        full[a] = pads[i];
        full[r + a] = pads[axes.length + i];
      });
      pads = full;
    }
  }
  const mode = attrString(attrs, 'mode', 'constant');
  if (mode !== 'constant' && mode !== 'edge' && mode !== 'reflect')
    throw new Error(`Pad: mode ${mode} is not supported`);
  if (mode !== 'constant' && x.dims.some((d) => d === 0)) throw new Error(`Pad: mode ${mode} of an empty input`);
  if (pads.length !== 2 * r) throw new Error(`Pad: ${pads.length} pads for rank ${r}`);
  const dims = x.dims.map((d, i) => d + pads[i] + pads[r + i]);
  if (dims.some((d) => d < 0)) throw new Error('Pad: negative output dim');
  const y = makeTensor(x.type, dims);
  const xs = stridesOf(x.dims);
  const fill = x.type === 'int64' ? BigInt(value) : value;
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    let src = 0;
    let inside = true;
    for (let k = 0; k < r; k++) {
      let q = idx[k] - pads[k];
      const d = x.dims[k];
      if (mode === 'edge') q = Math.min(Math.max(q, 0), d - 1);
      else if (mode === 'reflect' && d > 1) {
        const period = 2 * (d - 1);
        q = ((q % period) + period) % period;
        if (q >= d) q = period - q;
      } else if (mode === 'reflect') q = 0;
      if (q < 0 || q >= d) inside = false;
      src += q * xs[k];
    }
    y.data[i] = inside ? x.data[src] : fill;
  }
  return [y];
};
