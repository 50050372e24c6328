// The scalar oracles: slow, obviously right references for every operator of i8conv.
// `import { reference } from 'i8conv/reference'`.
export {};
