// The scalar oracles: slow, obviously right references for every operator of i8conv.
// `import { reference } from 'i8conv/reference'`.
import { convBias, convAccumulate, dotFilterToOIHW } from './conv-bias.js';
import * as requant from './requant.js';

export { convBias, convAccumulate, dotFilterToOIHW };
export type { Rounding, Nonlinearity } from './requant.js';
export { refShape, refOffset, type RefShape } from './shape.js';
export * as relayoutRef from './relayout.js';
export * from './lowmem-conv.js';
export { referenceInterpreter } from './model/interpreter.js';

export const reference = { convBias, convAccumulate, dotFilterToOIHW, requant };
