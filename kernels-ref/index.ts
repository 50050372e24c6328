// The scalar oracles: slow, obviously right references for every operator of i8conv.
// `import { reference } from 'i8conv/reference'`.
import { convBias, convAccumulate } from './conv-bias.js';
import * as requant from './requant.js';

export const reference = { convBias, convAccumulate, requant };
export { convBias, convAccumulate };
export type { Rounding, Nonlinearity } from './requant.js';
export * as relayoutRef from './relayout.js';
export * from './lowmem-conv.js';
