// The reference model executor: runs the graph IR (src/model/graph/ir.ts, types only) with the scalar operators of ops/.
export { runReference } from './run.js';
export { DOMAINS, MS_OPS, OPS } from './ops/index.js';
export type { OpFn } from './tensor.js';
