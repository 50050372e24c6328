// The ONNX reader (src/model/graph/onnx/reader.ts): every field kind it reads, compared with the IR field by field; the
// benchmark's QLinearConv model; the refusals, each with the path and byte offset of the break; a seeded fuzz of
// 1,000 mutations of three models (each reads or raises BAD_MODEL); and ONNX's own quantized-operator test models
// where Debian's libonnx-testdata is installed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildQLinearConvModel } from '../fixtures/qlinearconv-model.js';
import { I8ConvError } from '../src/errors.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel, readTensor } from '../src/model/graph/onnx/reader.js';
import { AT, DT, le, ProtoWriter, writeModel, writeTensor, type ModelSpec } from './helpers/onnx-writer.js';
import { randInt, randInt8, randInt32, rng } from './helpers/rng.js';

/** Runs f and returns the I8ConvError it throws (failing the test on any other outcome). */
function badModel(f: () => unknown): I8ConvError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(I8ConvError);
    expect((e as I8ConvError).code).toBe('BAD_MODEL');
    return e as I8ConvError;
  }
  throw new Error('expected BAD_MODEL, nothing was thrown');
}

const f16 = (bits: number[]) => Uint16Array.from(bits);

/** A model that uses every field kind the reader reads. */
function allFieldsSpec(): ModelSpec {
  return {
    irVersion: 8,
    opsets: [
      ['', 13],
      ['com.microsoft', 1],
      ['ai.onnx.ml', 3],
    ],
    graph: {
      name: 'all-fields',
      nodes: [
        {
          name: 'c0',
          opType: 'Constant',
          inputs: [],
          outputs: ['k'],
          attributes: [
            { name: 'value', type: AT.TENSOR, t: { dataType: DT.INT8, dims: [2, 2], int32Data: [-128, -1, 0, 127] } },
          ],
        },
        {
          name: 'n1',
          opType: 'QLinearAdd',
          domain: 'com.microsoft',
          inputs: ['x', 'xs', '', 'k'],
          outputs: ['y'],
          attributes: [
            { name: 'f', type: AT.FLOAT, f: 0.25 },
            { name: 'i', type: AT.INT, i: -3 },
            { name: 'big', type: AT.INT, i: 9223372036854775807n },
            { name: 's', type: AT.STRING, s: 'nearest' },
            { name: 'floats_packed', type: AT.FLOATS, floats: [1.5, -2, 3.25] },
            { name: 'floats_unpacked', type: AT.FLOATS, floats: [0.5, 7], packed: false },
            { name: 'ints_packed', type: AT.INTS, ints: [1, -1, 300, 2 ** 40] },
            { name: 'ints_unpacked', type: AT.INTS, ints: [5, -6], packed: false },
            { name: 'strings', type: AT.STRINGS, strings: ['a', '', 'ü'] },
            {
              name: 'tensor',
              type: AT.TENSOR,
              t: { name: 'tt', dataType: DT.FLOAT, dims: [3], floatData: [1, 2, 3], packed: false },
            },
            {
              name: 'body',
              type: AT.GRAPH,
              g: { nodes: [{ opType: 'Relu', inputs: ['a'], outputs: ['b'] }], inputs: [], outputs: [] },
            },
          ],
        },
        { opType: 'Relu', domain: 'ai.onnx', inputs: ['y'], outputs: ['z'] },
      ],
      initializers: [
        { name: 'r_f32', dataType: DT.FLOAT, dims: [2, 3], raw: le(Float32Array.from([1, -2, 3.5, 0, -0, 1e-30])) },
        { name: 'r_u8', dataType: DT.UINT8, dims: [3], raw: le(Uint8Array.from([0, 128, 255])) },
        { name: 'r_i8', dataType: DT.INT8, dims: [3], raw: le(Int8Array.from([-128, 0, 127])) },
        { name: 'r_i32', dataType: DT.INT32, dims: [2], raw: le(Int32Array.from([-2147483648, 2147483647])) },
        { name: 'r_i64', dataType: DT.INT64, dims: [2], raw: le(BigInt64Array.from([-9223372036854775808n, 42n])) },
        { name: 'r_f16', dataType: DT.FLOAT16, dims: [2], raw: le(f16([0x3c00, 0xc000])) },
        { name: 'r_bool', dataType: DT.BOOL, dims: [2], raw: Uint8Array.from([1, 0]) },
        { name: 'r_f64', dataType: DT.DOUBLE, dims: [1], raw: le(Float64Array.from([Math.PI])) },
        { name: 't_f32', dataType: DT.FLOAT, dims: [3], floatData: [0.1, -0.2, 1e9] },
        { name: 't_f32_unpacked', dataType: DT.FLOAT, dims: [2], floatData: [4, 5], packed: false },
        { name: 't_u8', dataType: DT.UINT8, dims: [3], int32Data: [0, 200, 255] },
        { name: 't_i8', dataType: DT.INT8, dims: [1, 3], int32Data: [-128, -5, 127], packed: false },
        { name: 't_i32', dataType: DT.INT32, dims: [2], int32Data: [-2147483648, 123456] },
        { name: 't_i64', dataType: DT.INT64, dims: [3], int64Data: [-1n, 9223372036854775807n, 7] },
        { name: 't_i64_unpacked', dataType: DT.INT64, dims: [2], int64Data: [-2, 2 ** 40], packed: false },
        { name: 't_f16', dataType: DT.FLOAT16, dims: [2], int32Data: [0x3c00, 0x7bff] },
        { name: 't_bool', dataType: DT.BOOL, dims: [3], int32Data: [0, 1, 1] },
        { name: 't_f64', dataType: DT.DOUBLE, dims: [2], doubleData: [1 / 3, -2] },
        { name: 't_f64_unpacked', dataType: DT.DOUBLE, dims: [1], doubleData: [2.5], packed: false },
        { name: 'scalar', dataType: DT.FLOAT, dims: [], floatData: [0.02] },
        { name: 'xs', dataType: DT.FLOAT, dims: [], raw: le(Float32Array.from([0.5])) },
        { name: 'empty', dataType: DT.INT8, dims: [0, 3] },
        { name: '__proto__', dataType: DT.UINT8, dims: [1], raw: Uint8Array.from([9]) },
      ],
      inputs: [
        { name: 'x', elemType: DT.UINT8, shape: ['N', 3, null, 224] },
        { name: 'unranked', elemType: DT.FLOAT },
      ],
      outputs: [
        { name: 'z', elemType: DT.UINT8, shape: ['N', 3, 'H', 224] },
        { name: 's16', elemType: DT.INT16, shape: [] },
      ],
      valueInfo: [
        { name: 'y', elemType: DT.UINT8, shape: [1, 3, 7, 224] },
        { name: 'k', elemType: DT.INT8, shape: [2, 2] },
      ],
    },
  };
}

function tensor(g: Graph, name: string): Tensor {
  const t = g.initializers.get(name);
  expect(t, name).toBeDefined();
  return t!;
}

describe('ONNX reader: every field kind', () => {
  const g = readOnnxModel(writeModel(allFieldsSpec()));

  it('model and graph fields, opset imports (ai.onnx read as the default domain)', () => {
    expect(g.name).toBe('all-fields');
    expect(g.irVersion).toBe(8);
    expect([...g.opsetImports]).toEqual([
      ['', 13],
      ['com.microsoft', 1],
      ['ai.onnx.ml', 3],
    ]);
    expect(g.nodes.map((n) => [n.name, n.opType, n.domain, n.inputs, n.outputs])).toEqual([
      ['c0', 'Constant', '', [], ['k']],
      ['n1', 'QLinearAdd', 'com.microsoft', ['x', 'xs', '', 'k'], ['y']],
      ['', 'Relu', '', ['y'], ['z']],
    ]);
  });

  it('inputs, outputs and value_info: element types, numeric, symbolic and unknown dims, no shape', () => {
    expect(g.inputs).toEqual([
      { name: 'x', type: 'uint8', onnxElemType: DT.UINT8, shape: ['N', 3, null, 224] },
      { name: 'unranked', type: 'float32', onnxElemType: DT.FLOAT, shape: null },
    ]);
    expect(g.outputs).toEqual([
      { name: 'z', type: 'uint8', onnxElemType: DT.UINT8, shape: ['N', 3, 'H', 224] },
      { name: 's16', type: null, onnxElemType: DT.INT16, shape: [] },
    ]);
    expect([...g.valueInfo.values()]).toEqual([
      { name: 'y', type: 'uint8', onnxElemType: DT.UINT8, shape: [1, 3, 7, 224] },
      { name: 'k', type: 'int8', onnxElemType: DT.INT8, shape: [2, 2] },
    ]);
  });

  it('every attribute kind; a GRAPH attribute read as a subgraph', () => {
    const a = g.nodes[1].attributes;
    expect([...a.keys()]).toEqual([
      'f',
      'i',
      'big',
      's',
      'floats_packed',
      'floats_unpacked',
      'ints_packed',
      'ints_unpacked',
      'strings',
      'tensor',
      'body',
    ]);
    expect(a.get('f')).toEqual({ kind: 'float', value: 0.25 });
    expect(a.get('i')).toEqual({ kind: 'int', value: -3 });
    expect(a.get('big')).toEqual({ kind: 'int', value: 2 ** 63 });
    expect(a.get('s')).toEqual({ kind: 'string', value: 'nearest' });
    expect(a.get('floats_packed')).toEqual({ kind: 'floats', value: [1.5, -2, 3.25] });
    expect(a.get('floats_unpacked')).toEqual({ kind: 'floats', value: [0.5, 7] });
    expect(a.get('ints_packed')).toEqual({ kind: 'ints', value: [1, -1, 300, 2 ** 40] });
    expect(a.get('ints_unpacked')).toEqual({ kind: 'ints', value: [5, -6] });
    expect(a.get('strings')).toEqual({ kind: 'strings', value: ['a', '', 'ü'] });
    expect(a.get('tensor')).toEqual({
      kind: 'tensor',
      value: { name: 'tt', type: 'float32', dims: [3], data: Float32Array.from([1, 2, 3]) },
    });
    expect(a.get('body')).toEqual({
      kind: 'graph',
      value: {
        name: '',
        irVersion: 8,
        opsetImports: g.opsetImports,
        inputs: [],
        outputs: [],
        initializers: new Map(),
        valueInfo: new Map(),
        nodes: [{ name: '', opType: 'Relu', domain: '', inputs: ['a'], outputs: ['b'], attributes: new Map() }],
      },
    });
  });

  it('a Constant node stays a node, its tensor read from int32_data', () => {
    const v = g.nodes[0].attributes.get('value');
    expect(v).toEqual({
      kind: 'tensor',
      value: { name: '', type: 'int8', dims: [2, 2], data: Int8Array.from([-128, -1, 0, 127]) },
    });
  });

  it('initializers from raw_data: every element type', () => {
    expect(tensor(g, 'r_f32')).toEqual({
      name: 'r_f32',
      type: 'float32',
      dims: [2, 3],
      data: Float32Array.from([1, -2, 3.5, 0, -0, 1e-30]),
    });
    expect(Object.is(tensor(g, 'r_f32').data[4], -0)).toBe(true);
    expect(tensor(g, 'r_u8').data).toEqual(Uint8Array.from([0, 128, 255]));
    expect(tensor(g, 'r_i8').data).toEqual(Int8Array.from([-128, 0, 127]));
    expect(tensor(g, 'r_i32').data).toEqual(Int32Array.from([-2147483648, 2147483647]));
    expect(tensor(g, 'r_i64').data).toEqual(BigInt64Array.from([-9223372036854775808n, 42n]));
    expect(tensor(g, 'r_f16')).toEqual({ name: 'r_f16', type: 'float16', dims: [2], data: f16([0x3c00, 0xc000]) });
    expect(tensor(g, 'r_bool')).toEqual({ name: 'r_bool', type: 'bool', dims: [2], data: Uint8Array.from([1, 0]) });
    expect(tensor(g, 'r_f64').data).toEqual(Float64Array.from([Math.PI]));
  });

  it('initializers from the typed fields, packed and unpacked', () => {
    expect(tensor(g, 't_f32').data).toEqual(Float32Array.from([0.1, -0.2, 1e9]));
    expect(tensor(g, 't_f32_unpacked').data).toEqual(Float32Array.from([4, 5]));
    expect(tensor(g, 't_u8')).toEqual({ name: 't_u8', type: 'uint8', dims: [3], data: Uint8Array.from([0, 200, 255]) });
    expect(tensor(g, 't_i8')).toEqual({
      name: 't_i8',
      type: 'int8',
      dims: [1, 3],
      data: Int8Array.from([-128, -5, 127]),
    });
    expect(tensor(g, 't_i32').data).toEqual(Int32Array.from([-2147483648, 123456]));
    expect(tensor(g, 't_i64').data).toEqual(BigInt64Array.from([-1n, 9223372036854775807n, 7n]));
    expect(tensor(g, 't_i64_unpacked').data).toEqual(BigInt64Array.from([-2n, 2n ** 40n]));
    expect(tensor(g, 't_f16').data).toEqual(f16([0x3c00, 0x7bff]));
    expect(tensor(g, 't_bool').data).toEqual(Uint8Array.from([0, 1, 1]));
    expect(tensor(g, 't_f64').data).toEqual(Float64Array.from([1 / 3, -2]));
    expect(tensor(g, 't_f64_unpacked').data).toEqual(Float64Array.from([2.5]));
    expect(tensor(g, 'scalar')).toEqual({ name: 'scalar', type: 'float32', dims: [], data: Float32Array.from([0.02]) });
    expect(tensor(g, 'empty')).toEqual({ name: 'empty', type: 'int8', dims: [0, 3], data: new Int8Array(0) });
    expect(tensor(g, '__proto__').data).toEqual(Uint8Array.from([9]));
    expect(g.initializers.size).toBe(23);
  });

  it('tensors own their data (nothing aliases the model bytes); an ArrayBuffer reads the same', () => {
    const bytes = writeModel(allFieldsSpec());
    const g2 = readOnnxModel(bytes.buffer.slice(0) as ArrayBuffer);
    expect(g2).toEqual(g);
    for (const t of g.initializers.values()) expect(t.data.buffer).not.toBe(bytes.buffer);
    // An unaligned view of the same bytes (raw float data at odd offsets) reads the same.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(readOnnxModel(shifted.subarray(1))).toEqual(g);
  });

  it('unknown fields of every wire type are skipped (forward compatibility)', () => {
    const base = writeModel(allFieldsSpec());
    const w = new ProtoWriter().append(base);
    w.int(99, -5).float(98, 1).double(97, 2).string(96, 'future');
    w.tag(95, 3).int(1, 1).tag(94, 3).tag(94, 4).tag(95, 4); // a group holding a nested group
    expect(readOnnxModel(w.finish())).toEqual(readOnnxModel(base));
  });
});

describe("ONNX reader: the benchmark's QLinearConv model", () => {
  for (const perChannel of [false, true]) {
    it(`reads back exactly (${perChannel ? 'per-channel' : 'per-tensor'} weights)`, () => {
      const r = rng(7);
      const [ic, oc, fh, fw] = [8, 12, 3, 3];
      const weights = randInt8(r, oc * ic * fh * fw);
      const bias = randInt32(r, oc, -5000, 5000);
      const filterScale = perChannel ? Float32Array.from({ length: oc }, () => 0.001 + r() * 0.01) : 0.0075;
      const bytes = buildQLinearConvModel({
        activation: 'uint8',
        n: 1,
        ic,
        ih: 17,
        iw: 13,
        oc,
        fh,
        fw,
        stride: [2, 1],
        pad: [1, 0],
        group: 1,
        srcScale: 0.02,
        filterScale,
        dstScale: 0.05,
        weights,
        bias,
        srcZeroPoint: 120,
        dstZeroPoint: 131,
      });
      const g = readOnnxModel(bytes);
      expect(g.irVersion).toBe(8);
      expect([...g.opsetImports]).toEqual([['', 13]]);
      expect(g.name).toBe('qlinearconv');
      expect(g.inputs).toEqual([{ name: 'x', type: 'uint8', onnxElemType: DT.UINT8, shape: [1, ic, 17, 13] }]);
      expect(g.outputs).toEqual([{ name: 'y', type: 'uint8', onnxElemType: DT.UINT8, shape: [1, oc, 9, 11] }]);
      expect(g.nodes).toEqual([
        {
          name: 'conv',
          opType: 'QLinearConv',
          domain: '',
          inputs: ['x', 'x_scale', 'x_zp', 'w', 'w_scale', 'w_zp', 'y_scale', 'y_zp', 'b'],
          outputs: ['y'],
          attributes: new Map([
            ['kernel_shape', { kind: 'ints', value: [3, 3] }],
            ['strides', { kind: 'ints', value: [2, 1] }],
            ['pads', { kind: 'ints', value: [1, 0, 1, 0] }],
            ['dilations', { kind: 'ints', value: [1, 1] }],
            ['group', { kind: 'int', value: 1 }],
          ]),
        },
      ]);
      const init = (name: string) => g.initializers.get(name)!;
      expect(init('w')).toEqual({ name: 'w', type: 'int8', dims: [oc, ic, fh, fw], data: weights });
      expect(init('b')).toEqual({ name: 'b', type: 'int32', dims: [oc], data: bias });
      expect(init('x_scale')).toEqual({ name: 'x_scale', type: 'float32', dims: [], data: Float32Array.from([0.02]) });
      expect(init('x_zp')).toEqual({ name: 'x_zp', type: 'uint8', dims: [], data: Uint8Array.from([120]) });
      expect(init('y_scale').data).toEqual(Float32Array.from([0.05]));
      expect(init('y_zp').data).toEqual(Uint8Array.from([131]));
      if (perChannel) {
        expect(init('w_scale')).toEqual({ name: 'w_scale', type: 'float32', dims: [oc], data: filterScale });
        expect(init('w_zp')).toEqual({ name: 'w_zp', type: 'int8', dims: [oc], data: new Int8Array(oc) });
      } else {
        expect(init('w_scale')).toEqual({
          name: 'w_scale',
          type: 'float32',
          dims: [],
          data: Float32Array.from([0.0075]),
        });
        expect(init('w_zp')).toEqual({ name: 'w_zp', type: 'int8', dims: [], data: new Int8Array(1) });
      }
    });
  }
});

/** A small valid model around one initializer / attribute, for the refusal cases. */
function oneTensorModel(
  t: ModelSpec['graph']['initializers'] extends readonly (infer T)[] | undefined ? T : never,
): Uint8Array {
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      nodes: [{ opType: 'Identity', inputs: ['t'], outputs: ['y'] }],
      initializers: [t],
      inputs: [],
      outputs: [{ name: 'y', elemType: DT.FLOAT }],
    },
  });
}

describe('ONNX reader: refusals (BAD_MODEL, with the field path and byte offset)', () => {
  it('a length past the end names the path and the byte', () => {
    // graph.node[0].attribute[0]: the attribute's length claims 9000 bytes.
    const w = new ProtoWriter();
    w.int(1, 8);
    w.message(7, (g) =>
      g.message(1, (n) => {
        n.string(4, 'Relu');
        n.tag(5, 2).varint(9000).append([10, 1, 97]);
      }),
    );
    const e = badModel(() => readOnnxModel(w.finish()));
    expect(e.message).toMatch(
      /^\[BAD_MODEL\] graph\.node\[0\]: length 9000 past the end \(\d+ bytes left\) at byte \d+$/,
    );
  });

  it('a truncated model', () => {
    const bytes = writeModel(allFieldsSpec());
    for (const n of [1, 2, 10, bytes.length >> 1, bytes.length - 1]) {
      const e = badModel(() => readOnnxModel(bytes.subarray(0, n)));
      expect(e.message).toMatch(/at byte \d+$/);
    }
  });

  it('a varint over 10 bytes', () => {
    const e = badModel(() => readOnnxModel(Uint8Array.from([0x08, ...new Array(11).fill(0xff), 0x01])));
    expect(e.message).toBe('[BAD_MODEL] model: varint longer than 10 bytes at byte 1');
  });

  it('a wire type that does not fit its field', () => {
    const w = new ProtoWriter().int(1, 8);
    w.message(7, (g) => g.int(1, 5)); // graph.node as a varint
    expect(badModel(() => readOnnxModel(w.finish())).message).toMatch(
      /^\[BAD_MODEL\] graph: field 1 \(node\) has wire type 0, expected 2 at byte 4$/,
    );
    const w2 = new ProtoWriter().tag(1, 2).varint(1).append([8]); // ir_version as bytes
    expect(badModel(() => readOnnxModel(w2.finish())).message).toMatch(
      /field 1 \(ir_version\) has wire type 2, expected 0/,
    );
    const w3 = new ProtoWriter().tag(50, 7); // wire type 7 does not exist
    expect(badModel(() => readOnnxModel(w3.finish())).message).toMatch(/wire type 7/);
  });

  it('a packed float field whose length is not a multiple of 4', () => {
    const bytes = oneTensorModel({ name: 't', dataType: DT.FLOAT, dims: [1] });
    const w = new ProtoWriter().int(1, 8);
    w.message(7, (g) =>
      g.message(5, (t) => t.int(1, 1).int(2, DT.FLOAT).string(8, 't').bytesField(4, [0, 0, 128, 63, 0])),
    );
    expect(badModel(() => readOnnxModel(w.finish())).message).toMatch(
      /^\[BAD_MODEL\] graph\.initializer\[0\]: packed field 4 of 5 bytes is not a multiple of 4/,
    );
    expect(() => readOnnxModel(bytes)).toThrow(/'t': 0 values in its typed field, dims \[1\] need 1/);
  });

  it('raw_data whose length does not match dims x element size; typed data of the wrong count or field', () => {
    expect(
      badModel(() =>
        readOnnxModel(oneTensorModel({ name: 't', dataType: DT.INT32, dims: [2, 2], raw: new Uint8Array(15) })),
      ).message,
    ).toMatch(/graph\.initializer\[0\]: tensor 't': raw_data has 15 bytes, dims \[2, 2\] x 4 need 16/);
    badModel(() => readOnnxModel(oneTensorModel({ name: 't', dataType: DT.FLOAT, dims: [3], floatData: [1, 2] })));
    badModel(() => readOnnxModel(oneTensorModel({ name: 't', dataType: DT.INT8, dims: [1], floatData: [1] })));
    badModel(() =>
      readOnnxModel(
        oneTensorModel({ name: 't', dataType: DT.INT8, dims: [1], raw: new Uint8Array(1), int32Data: [1] }),
      ),
    );
    // int32_data values outside their type's range are malformed, not truncated.
    for (const [dataType, v] of [
      [DT.INT8, 128],
      [DT.INT8, -129],
      [DT.UINT8, -1],
      [DT.UINT8, 256],
      [DT.BOOL, 2],
      [DT.FLOAT16, 65536],
    ]) {
      expect(
        badModel(() => readOnnxModel(oneTensorModel({ name: 't', dataType, dims: [2], int32Data: [0, v] }))).message,
        `${dataType} ${v}`,
      ).toMatch(
        new RegExp(
          `graph\\.initializer\\[0\\]: tensor 't': int32_data value ${v} is out of range for \\w+ at byte \\d+$`,
        ),
      );
    }
  });

  it('absurd, negative and overflowing dims, before anything is allocated', () => {
    for (const dims of [[-1], [2 ** 31 + 1], [65536, 65537], [2 ** 40, 2 ** 40, 0, -2]]) {
      const e = badModel(() =>
        readOnnxModel(oneTensorModel({ name: 't', dataType: DT.INT8, dims, raw: new Uint8Array(4) })),
      );
      expect(e.message).toMatch(/tensor 't': dims/);
    }
    // 2^30 int8 elements that fit the tensor cap but not the bytes that would have to encode them.
    badModel(() => readOnnxModel(oneTensorModel({ name: 't', dataType: DT.INT8, dims: [2 ** 30], int32Data: [1] })));
    badModel(() => readOnnxModel(oneTensorModel({ name: 't', dataType: DT.INT8, dims: [1, 2 ** 30] })));
  });

  it('external data, segments, sparse initializers, unread element types, a missing graph', () => {
    const e = badModel(() =>
      readOnnxModel(oneTensorModel({ name: 'w', dataType: DT.FLOAT, dims: [4], dataLocation: 1 })),
    );
    expect(e.message).toMatch(/tensor 'w' keeps its data in an external file/);
    const seg = new ProtoWriter().int(1, 8);
    seg.message(7, (g) => g.message(5, (t) => t.int(2, DT.FLOAT).message(3, (s) => s.int(1, 0))));
    expect(badModel(() => readOnnxModel(seg.finish())).message).toMatch(/segment/);
    const sparse = new ProtoWriter().int(1, 8);
    sparse.message(7, (g) => g.message(15, () => {}));
    expect(badModel(() => readOnnxModel(sparse.finish())).message).toMatch(/sparse/);
    expect(
      badModel(() => readOnnxModel(oneTensorModel({ name: 's', dataType: DT.STRING, dims: [0] }))).message,
    ).toMatch(/data_type 8/);
    expect(badModel(() => readOnnxModel(new ProtoWriter().int(1, 8).finish())).message).toMatch(/no graph/);
    expect(badModel(() => readOnnxModel(new Uint8Array(0))).message).toMatch(/no graph/);
  });

  it('groups nested deeper than the limit', () => {
    const w = new ProtoWriter();
    for (let i = 0; i < 40; i++) w.tag(100, 3);
    for (let i = 0; i < 40; i++) w.tag(100, 4);
    expect(badModel(() => readOnnxModel(w.finish())).message).toMatch(/groups nested deeper than 32/);
  });

  it('subgraphs: nested within the limit, a GRAPH attribute without a graph, GRAPHS left unsupported', () => {
    // a node whose attribute `g` holds a graph of one such node, `depth` deep
    const nested = (depth: number): ModelSpec['graph'] => ({
      nodes: [
        {
          opType: 'If',
          inputs: ['c'],
          outputs: [`y${depth}`],
          attributes: depth ? [{ name: 'then_branch', type: AT.GRAPH, g: nested(depth - 1) }] : [],
        },
      ],
      inputs: [],
      outputs: [],
    });
    const model = (depth: number) => writeModel({ irVersion: 8, opsets: [['', 13]], graph: nested(depth) });
    let g = readOnnxModel(model(16));
    for (let d = 16; d > 0; d--) {
      const a = g.nodes[0].attributes.get('then_branch')!;
      expect(a.kind, `depth ${d}`).toBe('graph');
      g = (a as { value: Graph }).value;
    }
    expect(badModel(() => readOnnxModel(model(17))).message).toMatch(/subgraphs nested deeper than 16/);
    const spec = (a: ModelSpec['graph']['nodes'][0]['attributes']) =>
      writeModel({
        irVersion: 8,
        opsets: [['', 13]],
        graph: { nodes: [{ opType: 'If', inputs: ['c'], outputs: ['y'], attributes: a }], inputs: [], outputs: [] },
      });
    expect(badModel(() => readOnnxModel(spec([{ name: 'then_branch', type: AT.GRAPH }]))).message).toMatch(
      /attribute 'then_branch' of type GRAPH has no graph/,
    );
    expect(readOnnxModel(spec([{ name: 'bodies', type: AT.GRAPHS }])).nodes[0].attributes.get('bodies')).toEqual({
      kind: 'unsupported',
      onnxType: AT.GRAPHS,
    });
  });

  it('an attribute without a type or a tensor; a node without op_type; duplicates', () => {
    const model = (build: (n: ProtoWriter) => void) => {
      const w = new ProtoWriter().int(1, 8);
      w.message(7, (g) => g.message(1, build));
      return w.finish();
    };
    expect(
      badModel(() => readOnnxModel(model((n) => n.string(4, 'X').message(5, (a) => a.string(1, 'k').int(3, 1)))))
        .message,
    ).toMatch(/graph\.node\[0\]\.attribute\[0\]: attribute 'k' has no type/);
    badModel(() =>
      readOnnxModel(model((n) => n.string(4, 'X').message(5, (a) => a.string(1, 'k').int(20, AT.TENSOR)))),
    );
    badModel(() => readOnnxModel(model((n) => n.string(1, 'x'))));
    badModel(() =>
      readOnnxModel(
        model((n) =>
          n
            .string(4, 'X')
            .message(5, (a) => a.string(1, 'k').int(20, AT.INT))
            .message(5, (a) => a.string(1, 'k').int(20, AT.INT)),
        ),
      ),
    );
    badModel(() =>
      readOnnxModel(
        writeModel({
          irVersion: 8,
          opsets: [
            ['', 13],
            ['ai.onnx', 12],
          ],
          graph: { nodes: [], inputs: [], outputs: [] },
        }),
      ),
    );
  });

  it('readTensor: a TensorProto alone, same checks', () => {
    expect(readTensor(writeTensor({ name: 'a', dataType: DT.UINT8, dims: [2], raw: Uint8Array.from([3, 4]) }))).toEqual(
      { name: 'a', type: 'uint8', dims: [2], data: Uint8Array.from([3, 4]) },
    );
    expect(
      badModel(() =>
        readTensor(writeTensor({ name: 'a', dataType: DT.UINT8, dims: [3], raw: Uint8Array.from([3, 4]) })),
      ).message,
    ).toMatch(/^\[BAD_MODEL\] tensor: tensor 'a': raw_data has 2 bytes/);
  });
});

/** Three seeded models for the fuzz: every field kind, the benchmark's QLinearConv, a QDQ chain. */
function fuzzModels(): Uint8Array[] {
  const r = rng(11);
  const conv = buildQLinearConvModel({
    activation: 'int8',
    n: 1,
    ic: 4,
    ih: 6,
    iw: 6,
    oc: 8,
    fh: 3,
    fw: 3,
    stride: [1, 1],
    pad: [1, 1],
    group: 1,
    srcScale: 0.02,
    filterScale: Float32Array.from({ length: 8 }, () => 0.01 + r() * 0.01),
    dstScale: 0.05,
    weights: randInt8(r, 8 * 4 * 9),
    bias: randInt32(r, 8, -100, 100),
  });
  const qdq = writeModel({
    irVersion: 7,
    opsets: [['', 13]],
    graph: {
      nodes: [
        { opType: 'QuantizeLinear', inputs: ['x', 's', 'z'], outputs: ['xq'] },
        { opType: 'DequantizeLinear', inputs: ['xq', 's', 'z'], outputs: ['xd'] },
        {
          opType: 'Conv',
          inputs: ['xd', 'wd'],
          outputs: ['y'],
          attributes: [{ name: 'pads', type: AT.INTS, ints: [1, 1, 1, 1], packed: false }],
        },
        {
          opType: 'DequantizeLinear',
          inputs: ['w', 'ws', 'wz'],
          outputs: ['wd'],
          attributes: [{ name: 'axis', type: AT.INT, i: 0 }],
        },
      ],
      initializers: [
        { name: 's', dataType: DT.FLOAT, dims: [], floatData: [0.1] },
        { name: 'z', dataType: DT.UINT8, dims: [], int32Data: [128] },
        { name: 'w', dataType: DT.INT8, dims: [2, 1, 3, 3], int32Data: Array.from({ length: 18 }, (_, i) => i - 9) },
        { name: 'ws', dataType: DT.FLOAT, dims: [2], floatData: [0.01, 0.02], packed: false },
        { name: 'wz', dataType: DT.INT8, dims: [2], raw: new Uint8Array(2) },
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: ['batch', 1, 'h', 'w'] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT, shape: ['batch', 2, 'h', 'w'] }],
    },
  });
  return [writeModel(allFieldsSpec()), conv, qdq];
}

/** One seeded mutation of `src`: a bit flip (or several), a truncation, a spliced byte range, or a huge varint. */
function mutate(src: Uint8Array, r: () => number): Uint8Array {
  const b = Array.from(src);
  const kinds = 1 + randInt(r, 0, 2);
  for (let k = 0; k < kinds; k++) {
    const at = randInt(r, 0, Math.max(0, b.length - 1));
    switch (randInt(r, 0, 4)) {
      case 0: // bit flips
        for (let i = randInt(r, 1, 4); i > 0; i--) {
          const p = randInt(r, 0, b.length - 1);
          b[p] ^= 1 << randInt(r, 0, 7);
        }
        break;
      case 1: // truncation
        b.length = at;
        break;
      case 2: {
        // splice: copy a range of the model over another place (or insert it)
        const from = randInt(r, 0, Math.max(0, b.length - 1));
        const len = randInt(r, 1, 32);
        const piece = b.slice(from, from + len);
        if (r() < 0.5) b.splice(at, piece.length, ...piece);
        else b.splice(at, 0, ...piece);
        break;
      }
      case 3: {
        // a huge varint (a length, dim or count) written over the bytes at `at`
        const n = randInt(r, 5, 12);
        const v = Array.from({ length: n }, (_, i) => (i < n - 1 ? 0x80 | randInt(r, 0, 127) : randInt(r, 0, 127)));
        b.splice(at, r() < 0.5 ? n : 0, ...v);
        break;
      }
      default: // delete a range
        b.splice(at, randInt(r, 1, 16));
    }
  }
  return Uint8Array.from(b);
}

describe('ONNX reader: fuzz', () => {
  const SEED = 20261203;
  it(`1,000 seeded mutations of 3 models each read or raise BAD_MODEL (seed ${SEED}), within 10 s`, () => {
    const models = fuzzModels();
    for (const m of models) readOnnxModel(m); // the originals read
    const r = rng(SEED);
    const t0 = performance.now();
    let read = 0;
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const m = mutate(models[i % 3], r);
      try {
        readOnnxModel(m);
        read++;
      } catch (e) {
        if (!(e instanceof I8ConvError) || e.code !== 'BAD_MODEL') {
          throw new Error(`mutation ${i} (seed ${SEED}) raised ${String(e)}`);
        }
        expect(e.message, `mutation ${i}`).toMatch(/ at byte \d+$/);
        refused++;
      }
    }
    const ms = performance.now() - t0;
    expect(read + refused).toBe(1000);
    expect(refused).toBeGreaterThan(100); // the mutations do break models
    expect(ms).toBeLessThan(10_000);
  });
});

const TESTDATA = '/usr/share/libonnx-testdata/data/node';
const haveTestdata = existsSync(TESTDATA);

describe("ONNX reader: ONNX's quantized-operator test models (Debian libonnx-testdata)", () => {
  // What each case must contain: the op (and its domain), the input and output element types.
  it.skipIf(!haveTestdata)(
    'reads every test_qlinear*, test_quantizelinear*, test_dequantizelinear*, test_convinteger*, test_matmulinteger* model and its test data',
    () => {
      const dirs = readdirSync(TESTDATA)
        .filter((d) => /^test_(qlinear|quantizelinear|dequantizelinear|convinteger|matmulinteger)/.test(d))
        .sort();
      expect(dirs.length).toBeGreaterThanOrEqual(10);
      const opOf: Record<string, string> = {
        qlinearconv: 'QLinearConv',
        qlinearmatmul: 'QLinearMatMul',
        quantizelinear: 'QuantizeLinear',
        dequantizelinear: 'DequantizeLinear',
        convinteger: 'ConvInteger',
        matmulinteger: 'MatMulInteger',
      };
      for (const d of dirs) {
        const g = readOnnxModel(readFileSync(join(TESTDATA, d, 'model.onnx')));
        const op = opOf[Object.keys(opOf).find((k) => d.startsWith(`test_${k}`))!];
        expect(
          g.nodes.map((n) => n.opType),
          d,
        ).toEqual([op]);
        expect(g.nodes[0].domain, d).toBe('');
        expect(g.opsetImports.get(''), d).toBeGreaterThanOrEqual(10);
        expect(
          g.nodes[0].inputs.filter((n) => n !== ''),
          d,
        ).toEqual(g.inputs.map((v) => v.name).filter((n) => !g.initializers.has(n)));
        expect(g.nodes[0].outputs, d).toEqual(g.outputs.map((v) => v.name));
        // Every test-data tensor reads, and has the type and (declared) shape of its graph input / output.
        const set = join(TESTDATA, d, 'test_data_set_0');
        const files = readdirSync(set)
          .filter((f) => f.endsWith('.pb'))
          .sort();
        for (const f of files) {
          const t = readTensor(readFileSync(join(set, f)));
          const [, kind, idx] = /^(input|output)_(\d+)\.pb$/.exec(f)!;
          const decl = (kind === 'input' ? g.inputs : g.outputs)[Number(idx)];
          expect(decl, `${d}/${f}`).toBeDefined();
          expect(t.type, `${d}/${f}`).toBe(decl.type);
          expect(t.data.length, `${d}/${f}`).toBe(t.dims.reduce((a, b) => a * b, 1));
          if (decl.shape) expect(t.dims, `${d}/${f}`).toEqual(decl.shape);
        }
      }
    },
  );

  it.skipIf(!haveTestdata)(
    'every model.onnx the package ships reads (node, pytorch-converted, pytorch-operator, simple, real)',
    () => {
      const models: string[] = [];
      const walk = (dir: string): void => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(dir, e.name));
          else if (e.name.endsWith('.onnx')) models.push(join(dir, e.name));
        }
      };
      walk(join(TESTDATA, '..'));
      expect(models.length).toBeGreaterThan(1000); // 1,072 in libonnx-testdata 1.12.0
      for (const m of models) {
        const g = readOnnxModel(readFileSync(m));
        expect(g.nodes.length + g.outputs.length, m).toBeGreaterThan(0);
      }
    },
  );

  it.skipIf(!haveTestdata)(
    'test_qlinearconv: the values of its inputs (w = 0 with w_zero_point = 255) and output',
    () => {
      const set = join(TESTDATA, 'test_qlinearconv', 'test_data_set_0');
      const input = (i: number) => readTensor(readFileSync(join(set, `input_${i}.pb`)));
      expect(input(0).type).toBe('uint8');
      expect(input(0).dims).toEqual([1, 1, 7, 7]);
      expect(input(3)).toMatchObject({ type: 'uint8', dims: [1, 1, 1, 1], data: Uint8Array.from([0]) });
      expect(input(5)).toMatchObject({ type: 'uint8', data: Uint8Array.from([255]) });
      const out = readTensor(readFileSync(join(set, 'output_0.pb')));
      expect(out).toMatchObject({ type: 'uint8', dims: [1, 1, 7, 7] });
    },
  );
});
