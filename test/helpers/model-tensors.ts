// IR tensors for the model tests, built from plain numbers: the element types the hand-made models use, their
// ONNX data-type codes (for the writer) and one short builder per type. The builder checks the value count
// against the dims, so a miscounted test vector fails where it is written.
import { expect } from 'vitest';
import type { Tensor } from '../../src/model/graph/ir.js';
import { DT } from './onnx-writer.js';

export type QType = 'float32' | 'uint8' | 'int8' | 'int32' | 'int64';
export const DT_OF: Record<string, number> = {
  float32: DT.FLOAT,
  uint8: DT.UINT8,
  int8: DT.INT8,
  int32: DT.INT32,
  int64: DT.INT64,
};

export function tensor(type: QType, dims: number[], values: readonly number[]): Tensor {
  const data =
    type === 'float32'
      ? Float32Array.from(values)
      : type === 'uint8'
        ? Uint8Array.from(values)
        : type === 'int8'
          ? Int8Array.from(values)
          : type === 'int32'
            ? Int32Array.from(values)
            : BigInt64Array.from(values, (v) => BigInt(v));
  expect(data.length, `tensor [${dims}]`).toBe(dims.reduce((a, b) => a * b, 1));
  return { name: '', type, dims, data };
}
export const f = (dims: number[], v: readonly number[]) => tensor('float32', dims, v);
export const u8 = (dims: number[], v: readonly number[]) => tensor('uint8', dims, v);
export const i8 = (dims: number[], v: readonly number[]) => tensor('int8', dims, v);
export const i32 = (dims: number[], v: readonly number[]) => tensor('int32', dims, v);
export const i64 = (dims: number[], v: readonly number[]) => tensor('int64', dims, v);

/** An initializer of a hand-made graph: its name and the typed array as it is (no copy, no count check). */
export const named = (name: string, type: Tensor['type'], dims: number[], data: Tensor['data']): Tensor => ({
  name,
  type,
  dims,
  data,
});
