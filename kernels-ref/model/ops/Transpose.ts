/** Transpose: output dim i is input dim perm[i] (perm defaults to the reversed axes). */
import { attrInts, makeTensor, need, onlyAttrs, stridesOf, unravel, type OpFn } from '../tensor.js';

export const Transpose: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Transpose', 'perm');
  const x = need(inputs, 0, 'data');
  const r = x.dims.length;
  const perm = attrInts(attrs, 'perm') ?? x.dims.map((_, i) => r - 1 - i);
  if (perm.length !== r || [...perm].sort((a, b) => a - b).some((p, i) => p !== i))
    throw new Error(`Transpose: perm [${perm}] is not a permutation of ${r} axes`);
  const dims = perm.map((p) => x.dims[p]);
  const y = makeTensor(x.type, dims);
  const xs = stridesOf(x.dims);
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    let src = 0;
    for (let k = 0; k < r; k++) src += idx[k] * xs[perm[k]];
    y.data[i] = x.data[src];
  }
  return [y];
};
