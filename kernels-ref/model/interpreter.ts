/**
 * The reference executor as a float graph interpreter for the quantizer (`quantizeModel(bytes, { executor:
 * referenceInterpreter })`, src/quantize/): runReference over the same IR, and which operators it runs. The product
 * imports nothing from kernels-ref/; a caller hands this object to it, which keeps the oracle independent.
 */
import type { FloatInterpreter } from '../../src/quantize/executors.js';
import { DOMAINS } from './ops/index.js';
import { runReference } from './run.js';

export const referenceInterpreter: FloatInterpreter = {
  name: 'reference',
  supports: (domain, opType) => DOMAINS.get(domain)?.has(opType) ?? false,
  run: (graph, feeds) => runReference(graph, feeds),
};
