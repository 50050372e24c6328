/** Concat: any element type, all inputs of one type and rank, equal dims off `axis` (required; negative from opset 11). */
import { attrInt, makeTensor, normAxis, numel, onlyAttrs, type OpFn, type Tensor } from '../tensor.js';

export const Concat: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Concat', 'axis');
  if (!attrs.has('axis')) throw new Error('Concat: attribute axis is required');
  const xs = inputs.filter((t): t is Tensor => t !== undefined);
  if (xs.length === 0 || xs.length !== inputs.length) throw new Error('Concat: every input is required');
  const r = xs[0].dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', 0), r, 'Concat: axis');
  for (const x of xs) {
    if (x.type !== xs[0].type) throw new Error(`Concat: input types differ (${xs[0].type}, ${x.type})`);
    if (x.dims.length !== r || x.dims.some((d, i) => i !== axis && d !== xs[0].dims[i]))
      throw new Error(`Concat: dims [${x.dims}] do not match [${xs[0].dims}] off axis ${axis}`);
  }
  const dims = [...xs[0].dims];
  dims[axis] = xs.reduce((a, x) => a + x.dims[axis], 0);
  const y = makeTensor(xs[0].type, dims);
  const outer = numel(dims.slice(0, axis));
  const inner = numel(dims.slice(axis + 1));
  let k = 0;
  for (let o = 0; o < outer; o++)
    for (const x of xs) {
      const len = x.dims[axis] * inner;
      for (let j = 0; j < len; j++) y.data[k++] = x.data[o * len + j];
    }
  return [y];
};
