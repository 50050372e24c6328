// The reference model executor: runs the graph IR (src/model/graph/ir.ts, types only) with the scalar operators of ops/.
export { runReference } from './run.js';
export { DOMAINS, I8CONV_OPS, MS_OPS, OPS } from './ops/index.js';
export type { OpContext, OpFn } from './tensor.js';
