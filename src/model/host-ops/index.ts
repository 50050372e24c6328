import type { HostOpFactory } from '../kernels/types.js'; export const HOST_OPS: ReadonlyMap<string, HostOpFactory> = new Map();
