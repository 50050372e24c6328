// Relayout kernels (docs/relayout.md). The host (src/relayout/) turns each mode into calls of these kernels;
// src/relayout/kernels.ts lists them with their contracts (element size, over-read).
export * from './pack';
export * from './unpack';
export * from './transpose';
export * from './weight';
export * from './copy';
