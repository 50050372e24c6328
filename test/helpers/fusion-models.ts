// Small seeded QOperator models that exercise the loader's fusions (src/model/graph/passes/fuse-*.ts): channel gates,
// channel chains (8-bit and float32 outputs, a quantizing start), Resize feeders of a concat. Shared by the fusion
// tests (test/model-fusions.test.ts, test/model-chains.test.ts) and the reference's fused operators
// (test/ref-model-fused.test.ts).
import { AT, le, writeModel, type NodeSpec, type TensorSpec } from './onnx-writer.js';
import { DT_OF } from './model-tensors.js';
import { rng } from './rng.js';

export type Q = 'uint8' | 'int8';
const CM = 'com.microsoft';
export const f = (name: string, dims: number[], v: number[]): TensorSpec => ({
  name,
  dataType: DT_OF.float32,
  dims,
  raw: le(Float32Array.from(v)),
});
export const q = (name: string, t: Q, dims: number[], v: number[]): TensorSpec => ({
  name,
  dataType: DT_OF[t],
  dims,
  raw: le(t === 'uint8' ? Uint8Array.from(v) : Int8Array.from(v)),
});

export interface GateOpts {
  /** a 1x1 QLinearConv first (its NCHW44 output feeds the gate) */
  conv?: boolean;
  /** the add: 'xm' QLinearAdd(x, m), 'mx' QLinearAdd(m, x), 'none' the product is the output */
  add?: 'xm' | 'mx' | 'none';
  /** QLinearMul(g, x) instead of (x, g) */
  swapMul?: boolean;
  /** the product is also a graph output */
  tap?: boolean;
}

/** x -> [QLinearConv 1x1] -> h; g = QLinearSigmoid(QLinearGlobalAveragePool(h)); m = h * g; y = h + m. */
export function gateModel(t: Q, [N, C, H, W]: number[], o: GateOpts = {}): Uint8Array {
  const r = rng(C * 17 + H * 3 + W);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const inits: TensorSpec[] = [
    f('sx', [], [0.031]),
    q('zx', t, [], [z + 5]),
    f('sh', [], [0.043]),
    q('zh', t, [], [z - 7]),
    f('sp', [], [0.02]),
    q('zp', t, [], [z + 11]),
    f('sg', [], [1 / 256]),
    q('zg', t, [], [t === 'uint8' ? 0 : -128]),
    f('sm', [], [0.037]),
    q('zm', t, [], [z + 3]),
    f('sy', [], [0.061]),
    q('zy', t, [], [z - 20]),
  ];
  const nodes: NodeSpec[] = [];
  let h = 'x',
    hs = 'sx',
    hz = 'zx';
  if (o.conv) {
    inits.push(q('w', 'int8', [C, C, 1, 1], rnd(C * C, -127, 127)), f('ws', [], [0.01]), q('wz', 'int8', [], [0]), {
      name: 'b',
      dataType: DT_OF.int32,
      dims: [C],
      raw: le(Int32Array.from(rnd(C, -3000, 3000))),
    });
    nodes.push({
      opType: 'QLinearConv',
      inputs: ['x', 'sx', 'zx', 'w', 'ws', 'wz', 'sh', 'zh', 'b'],
      outputs: ['h'],
      attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [1, 1] }],
    });
    [h, hs, hz] = ['h', 'sh', 'zh'];
  }
  nodes.push(
    {
      opType: 'QLinearGlobalAveragePool',
      domain: CM,
      inputs: [h, hs, hz, 'sp', 'zp'],
      outputs: ['p'],
      attributes: [{ name: 'channels_last', type: AT.INT, i: 0 }],
    },
    { opType: 'QLinearSigmoid', domain: CM, inputs: ['p', 'sp', 'zp', 'sg', 'zg'], outputs: ['g'] },
    {
      opType: 'QLinearMul',
      domain: CM,
      inputs: o.swapMul ? ['g', 'sg', 'zg', h, hs, hz, 'sm', 'zm'] : [h, hs, hz, 'g', 'sg', 'zg', 'sm', 'zm'],
      outputs: ['m'],
    },
  );
  const add = o.add ?? 'xm';
  if (add !== 'none') {
    nodes.push({
      opType: 'QLinearAdd',
      domain: CM,
      inputs: add === 'xm' ? [h, hs, hz, 'm', 'sm', 'zm', 'sy', 'zy'] : ['m', 'sm', 'zm', h, hs, hz, 'sy', 'zy'],
      outputs: ['y'],
    });
  }
  const y = add === 'none' ? 'm' : 'y';
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'gate',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF[t], shape: [N, C, H, W] }],
      outputs: [
        { name: y, elemType: DT_OF[t] },
        ...(o.tap && add !== 'none' ? [{ name: 'm', elemType: DT_OF[t] }] : []),
      ],
    },
  });
}

/** float x -> QuantizeLinear -> QLinearAdd(per-channel constant) -> DequantizeLinear -> Relu -> y (float). */
export function quantChainModel(t: Q, [N, C, H, W]: number[]): Uint8Array {
  const r = rng(C + H);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'qchain',
      nodes: [
        { opType: 'QuantizeLinear', inputs: ['x', 'sx', 'zx'], outputs: ['xq'] },
        { opType: 'QLinearAdd', domain: CM, inputs: ['xq', 'sx', 'zx', 'B', 'sB', 'zB', 'sa', 'za'], outputs: ['a'] },
        { opType: 'DequantizeLinear', inputs: ['a', 'sa', 'za'], outputs: ['d'] },
        { opType: 'Relu', inputs: ['d'], outputs: ['y'] },
      ],
      initializers: [
        f('sx', [], [0.013]),
        q('zx', t, [], [z + 9]),
        q('B', t, [C, 1, 1], rnd(C, z - 90, z + 90)),
        f('sB', [], [0.02]),
        q('zB', t, [], [z - 4]),
        f('sa', [], [0.017]),
        q('za', t, [], [z + 30]),
      ],
      inputs: [{ name: 'x', elemType: DT_OF.float32, shape: [N, C, H, W] }],
      outputs: [{ name: 'y', elemType: DT_OF.float32 }],
    },
  });
}

/**
 * x1 [N, C1, 5, 6] -> Resize nearest x2 -> r1; x3 [N, C3, 3, 4] -> Resize (sizes 10 x 12; nearest or linear) -> r3;
 * x2 [N, C2, 10, 12]; y = QLinearConcat(r1 (own scale: a table), x2, r3 (nearest: the output's scale, a copy;
 * linear: a table)) on axis 1.
 * A 1x1 QLinearConv on x1 first (conv: NCHW44 when the channels allow).
 */
export function concatModel(
  t: Q,
  N: number,
  [C1, C2, C3]: number[],
  mode: 'nearest' | 'linear',
  conv: boolean,
): Uint8Array {
  const r = rng(C1 * 7 + C2 + C3 + N);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const inits: TensorSpec[] = [
    f('s1', [], [0.031]),
    q('z1', t, [], [z + 5]),
    f('s2', [], [0.02]),
    q('z2', t, [], [z - 9]),
    f('sy', [], [0.045]),
    q('zy', t, [], [z + 2]),
    f('up2', [4], [1, 1, 2, 2]),
    { name: 'sz', dataType: DT_OF.int64, dims: [4], raw: le(BigInt64Array.from([N, C3, 10, 12].map(BigInt))) },
  ];
  const nodes: NodeSpec[] = [];
  let a = 'x1';
  if (conv) {
    inits.push(
      q('w', 'int8', [C1, C1, 1, 1], rnd(C1 * C1, -127, 127)),
      f('ws', [], [0.01]),
      q('wz', 'int8', [], [0]),
      f('sh', [], [0.031]),
      q('zh', t, [], [z + 5]),
    );
    nodes.push({
      opType: 'QLinearConv',
      inputs: ['x1', 's1', 'z1', 'w', 'ws', 'wz', 'sh', 'zh'],
      outputs: ['h'],
      attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [1, 1] }],
    });
    a = 'h';
  }
  const lin = mode === 'linear' ? [{ name: 'mode', type: AT.STRING, s: 'linear' }] : [];
  nodes.push(
    { opType: 'Resize', inputs: [a, '', 'up2'], outputs: ['r1'] },
    { opType: 'Resize', inputs: ['x3', '', '', 'sz'], outputs: ['r3'], attributes: lin },
    {
      opType: 'QLinearConcat',
      domain: CM,
      inputs: [
        'sy',
        'zy',
        'r1',
        's1',
        'z1',
        'x2',
        's2',
        'z2',
        'r3',
        ...(mode === 'linear' ? ['s2', 'z2'] : ['sy', 'zy']),
      ],
      outputs: ['y'],
      attributes: [{ name: 'axis', type: AT.INT, i: 1 }],
    },
  );
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'concat',
      nodes,
      initializers: inits,
      inputs: [
        { name: 'x1', elemType: DT_OF[t], shape: [N, C1, 5, 6] },
        { name: 'x2', elemType: DT_OF[t], shape: [N, C2, 10, 12] },
        { name: 'x3', elemType: DT_OF[t], shape: [N, C3, 3, 4] },
      ],
      outputs: [{ name: 'y', elemType: DT_OF[t] }],
    },
  });
}

/**
 * A chain whose input a step writes (so the ChannelTable step may write over it): float x -> Relu -> QuantizeLinear
 * -> QLinearAdd (per-channel constant) -> DequantizeLinear -> Relu (float to float over the Relu's output), and
 * uint8 x -> QLinearConv 1x1 -> QLinearAdd (per-channel constant) -> QLinearMul (scalar) (bytes over the conv's output);
 * then a step that reads the chain's output c: c + c (float), a 1x1 QLinearConv (bytes).
 */
export function producedChainModel(kind: 'float' | 'bytes', [N, C, H, W]: number[]): Uint8Array {
  const r = rng(C * 3 + W);
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const inits: TensorSpec[] = [
    f('sx', [], [0.013]),
    q('zx', 'uint8', [], [137]),
    q('B', 'uint8', [C, 1, 1], rnd(C, 40, 220)),
    f('sB', [], [0.02]),
    q('zB', 'uint8', [], [124]),
    f('sa', [], [0.017]),
    q('za', 'uint8', [], [158]),
    q('k', 'uint8', [], [170]),
    f('sk', [], [0.02]),
    q('zk', 'uint8', [], [128]),
    f('sm', [], [0.011]),
    q('zm', 'uint8', [], [100]),
  ];
  const nodes: NodeSpec[] = [];
  if (kind === 'float') {
    nodes.push(
      { opType: 'Relu', inputs: ['x'], outputs: ['rx'] },
      { opType: 'QuantizeLinear', inputs: ['rx', 'sx', 'zx'], outputs: ['xq'] },
    );
  } else {
    inits.push(q('w', 'int8', [C, C, 1, 1], rnd(C * C, -127, 127)), f('ws', [], [0.01]), q('wz', 'int8', [], [0]));
    nodes.push({
      opType: 'QLinearConv',
      inputs: ['x', 'sx', 'zx', 'w', 'ws', 'wz', 'sx', 'zx'],
      outputs: ['xq'],
      attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [1, 1] }],
    });
  }
  nodes.push({
    opType: 'QLinearAdd',
    domain: CM,
    inputs: ['xq', 'sx', 'zx', 'B', 'sB', 'zB', 'sa', 'za'],
    outputs: ['a'],
  });
  // the chain's output c is read by one more step (a graph output is never written over)
  if (kind === 'float') {
    nodes.push(
      { opType: 'DequantizeLinear', inputs: ['a', 'sa', 'za'], outputs: ['d'] },
      { opType: 'Relu', inputs: ['d'], outputs: ['c'] },
      { opType: 'Add', inputs: ['c', 'c'], outputs: ['y'] },
    );
  } else {
    nodes.push(
      { opType: 'QLinearMul', domain: CM, inputs: ['a', 'sa', 'za', 'k', 'sk', 'zk', 'sm', 'zm'], outputs: ['c'] },
      {
        opType: 'QLinearConv',
        inputs: ['c', 'sm', 'zm', 'w', 'ws', 'wz', 'sa', 'za'],
        outputs: ['y'],
        attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [1, 1] }],
      },
    );
  }
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'produced',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: kind === 'float' ? DT_OF.float32 : DT_OF.uint8, shape: [N, C, H, W] }],
      outputs: [{ name: 'y', elemType: kind === 'float' ? DT_OF.float32 : DT_OF.uint8 }],
    },
  });
}

/**
 * x (8-bit [N, C, H, W]) -> QLinearAdd(x, per-channel constant) -> QLinearMul(., scalar) -> DequantizeLinear ->
 * BatchNormalization -> Relu [-> Clip -> QuantizeLinear]; `tap`: the QLinearAdd's output is also a graph output;
 * `full`: the QLinearAdd's operand has the input's whole shape (not per channel).
 */
export function chainModel(
  t: Q,
  [N, C, H, W]: number[],
  opts: { requant?: boolean; tap?: boolean; full?: boolean } = {},
): Uint8Array {
  const r = rng(C * 31 + H);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const bDims = opts.full ? [N, C, H, W] : [C, 1, 1];
  const bN = bDims.reduce((a, b) => a * b, 1);
  const inits: TensorSpec[] = [
    f('sx', [], [0.031]),
    q('zx', t, [], [z + 5]),
    q('B', t, bDims, rnd(bN, z - 100, z + 100)),
    f('sB', [], [0.047]),
    q('zB', t, [], [z - 3]),
    f('sa', [], [0.052]),
    q('za', t, [], [z + 9]),
    q('k', t, [], [z + 40]),
    f('sk', [], [0.02]),
    q('zk', t, [], [z]),
    f('sm', [], [0.013]),
    q('zm', t, [], [z - 20]),
    f(
      'gamma',
      [C],
      rnd(C, -20, 20).map((v) => v / 10),
    ),
    f(
      'beta',
      [C],
      rnd(C, -30, 30).map((v) => v / 17),
    ),
    f(
      'mean',
      [C],
      rnd(C, -10, 10).map((v) => v / 7),
    ),
    f(
      'var',
      [C],
      rnd(C, 1, 30).map((v) => v / 9),
    ),
    f('lo', [], [0.05]),
    f('hi', [], [1.5]),
    f('sy', [], [0.009]),
    q('zy', t, [], [z - 60]),
  ];
  const nodes: NodeSpec[] = [
    { opType: 'QLinearAdd', domain: CM, inputs: ['x', 'sx', 'zx', 'B', 'sB', 'zB', 'sa', 'za'], outputs: ['a'] },
    { opType: 'QLinearMul', domain: CM, inputs: ['k', 'sk', 'zk', 'a', 'sa', 'za', 'sm', 'zm'], outputs: ['m'] },
    { opType: 'DequantizeLinear', inputs: ['m', 'sm', 'zm'], outputs: ['d'] },
    {
      opType: 'BatchNormalization',
      inputs: ['d', 'gamma', 'beta', 'mean', 'var'],
      outputs: ['n'],
      attributes: [{ name: 'epsilon', type: AT.FLOAT, f: 0.001 }],
    },
    { opType: 'Relu', inputs: ['n'], outputs: ['y'] },
  ];
  if (opts.requant) {
    nodes.push(
      { opType: 'Clip', inputs: ['y', 'lo', 'hi'], outputs: ['c'] },
      { opType: 'QuantizeLinear', inputs: ['c', 'sy', 'zy'], outputs: ['yq'] },
    );
  }
  const out = opts.requant ? { name: 'yq', elemType: DT_OF[t] } : { name: 'y', elemType: DT_OF.float32 };
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'chain',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF[t], shape: [N, C, H, W] }],
      outputs: [out, ...(opts.tap ? [{ name: 'a', elemType: DT_OF[t] }] : [])],
    },
  });
}

/** x [..., K] 8-bit -> QLinearMatMul (constant int8 B [K, N]) or com.microsoft QGemm (B [N, K], transB, int32 bias)
 * -> an 8-bit look-up of the product (QLinearLeakyRelu after QLinearMatMul, an i8conv Lut after QGemm) -> y. */
export function matmulTableModel(t: Q, op: 'QLinearMatMul' | 'QGemm', aDims: number[], N: number): Uint8Array {
  const K = aDims[aDims.length - 1];
  const r = rng(K * 13 + N + aDims.length);
  const z = t === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  const inits: TensorSpec[] = [
    f('sx', [], [0.025]),
    q('zx', t, [], [z + 7]),
    q('w', 'int8', op === 'QGemm' ? [N, K] : [K, N], rnd(K * N, -127, 127)),
    f(
      'ws',
      [N],
      rnd(N, 5, 15).map((v) => v / 1000),
    ),
    q('wz', 'int8', [N], new Array(N).fill(0)),
    f('sy', [], [(0.04 * Math.sqrt(K)) / 8]),
    q('zy', t, [], [z - 6]),
    f('so', [], [0.03]),
    q('zo', t, [], [z + 12]),
    q('T', t, [256], rnd(256, t === 'uint8' ? 0 : -128, t === 'uint8' ? 255 : 127)),
  ];
  const nodes: NodeSpec[] = [];
  if (op === 'QLinearMatMul') {
    nodes.push(
      { opType: 'QLinearMatMul', inputs: ['x', 'sx', 'zx', 'w', 'ws', 'wz', 'sy', 'zy'], outputs: ['p'] },
      {
        opType: 'QLinearLeakyRelu',
        domain: CM,
        inputs: ['p', 'sy', 'zy', 'so', 'zo'],
        outputs: ['y'],
        attributes: [{ name: 'alpha', type: AT.FLOAT, f: 0.1 }],
      },
    );
  } else {
    inits.push({ name: 'b', dataType: DT_OF.int32, dims: [N], raw: le(Int32Array.from(rnd(N, -2000, 2000))) });
    nodes.push(
      {
        opType: 'QGemm',
        domain: CM,
        inputs: ['x', 'sx', 'zx', 'w', 'ws', 'wz', 'b', 'sy', 'zy'],
        outputs: ['p'],
        attributes: [{ name: 'transB', type: AT.INT, i: 1 }],
      },
      { opType: 'Lut', domain: 'i8conv', inputs: ['p', 'T'], outputs: ['y'] },
    );
  }
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
      ['i8conv', 1],
    ],
    graph: {
      name: op,
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF[t], shape: aDims }],
      outputs: [{ name: 'y', elemType: DT_OF[t] }],
    },
  });
}

/** x [N, C, 5, 7] -> Resize (nearest x2, or linear to sizes 9 x 16) -> QLinearSigmoid -> y. */
export function resizeTableModel(t: Q, [N, C]: number[], mode: 'nearest' | 'linear'): Uint8Array {
  const z = t === 'uint8' ? 128 : 0;
  const inits: TensorSpec[] = [
    f('sx', [], [0.05]),
    q('zx', t, [], [z - 11]),
    f('sy', [], [1 / 256]),
    q('zy', t, [], [t === 'uint8' ? 0 : -128]),
    f('up2', [4], [1, 1, 2, 2]),
    { name: 'sz', dataType: DT_OF.int64, dims: [4], raw: le(BigInt64Array.from([N, C, 9, 16].map(BigInt))) },
  ];
  const resize: NodeSpec =
    mode === 'nearest'
      ? { opType: 'Resize', inputs: ['x', '', 'up2'], outputs: ['r'] }
      : {
          opType: 'Resize',
          inputs: ['x', '', '', 'sz'],
          outputs: ['r'],
          attributes: [{ name: 'mode', type: AT.STRING, s: 'linear' }],
        };
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'resize-table',
      initializers: inits,
      nodes: [resize, { opType: 'QLinearSigmoid', domain: CM, inputs: ['r', 'sx', 'zx', 'sy', 'zy'], outputs: ['y'] }],
      inputs: [{ name: 'x', elemType: DT_OF[t], shape: [N, C, 5, 7] }],
      outputs: [{ name: 'y', elemType: DT_OF[t] }],
    },
  });
}

/**
 * A plain Concat (default domain) of 8-bit tensors on axis 1: x1 [N, C1, 4, 5] -> Resize nearest x2 ->
 * QLinearLeakyRelu (a table the Resize absorbs: an i8conv Resize feeder), x2 [N, C2, 8, 10] as it is,
 * x3 [N, C3, 3, 4] -> Resize linear to sizes 8 x 10.
 */
export function concatTableFeederModel(t: Q, N: number, [C1, C2, C3]: number[]): Uint8Array {
  const z = t === 'uint8' ? 128 : 0;
  const inits: TensorSpec[] = [
    f('s1', [], [0.04]),
    q('z1', t, [], [z + 3]),
    f('s2', [], [0.02]),
    q('z2', t, [], [z - 17]),
    f('up2', [4], [1, 1, 2, 2]),
    { name: 'sz', dataType: DT_OF.int64, dims: [4], raw: le(BigInt64Array.from([N, C3, 8, 10].map(BigInt))) },
  ];
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'concat-table-feeder',
      initializers: inits,
      nodes: [
        { opType: 'Resize', inputs: ['x1', '', 'up2'], outputs: ['r1'] },
        {
          opType: 'QLinearLeakyRelu',
          domain: CM,
          inputs: ['r1', 's1', 'z1', 's2', 'z2'],
          outputs: ['l1'],
          attributes: [{ name: 'alpha', type: AT.FLOAT, f: 0.2 }],
        },
        {
          opType: 'Resize',
          inputs: ['x3', '', '', 'sz'],
          outputs: ['r3'],
          attributes: [{ name: 'mode', type: AT.STRING, s: 'linear' }],
        },
        {
          opType: 'Concat',
          inputs: ['l1', 'x2', 'r3'],
          outputs: ['y'],
          attributes: [{ name: 'axis', type: AT.INT, i: 1 }],
        },
      ],
      inputs: [
        { name: 'x1', elemType: DT_OF[t], shape: [N, C1, 4, 5] },
        { name: 'x2', elemType: DT_OF[t], shape: [N, C2, 8, 10] },
        { name: 'x3', elemType: DT_OF[t], shape: [N, C3, 3, 4] },
      ],
      outputs: [{ name: 'y', elemType: DT_OF[t] }],
    },
  });
}

/** x (type `from`, [N, C, H, W]) -> QLinearAdd(x, per-channel constant) -> DequantizeLinear -> Relu -> QuantizeLinear to
 * type `to` -> y: a chain whose 8-bit output type differs from its input's. */
export function retypeChainModel(from: Q, to: Q, [N, C, H, W]: number[]): Uint8Array {
  const r = rng(C * 5 + W);
  const z = from === 'uint8' ? 128 : 0,
    zt = to === 'uint8' ? 128 : 0;
  const rnd = (n: number, lo: number, hi: number) => Array.from({ length: n }, () => Math.round(lo + r() * (hi - lo)));
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
    ],
    graph: {
      name: 'retype',
      nodes: [
        { opType: 'QLinearAdd', domain: CM, inputs: ['x', 'sx', 'zx', 'B', 'sB', 'zB', 'sa', 'za'], outputs: ['a'] },
        { opType: 'DequantizeLinear', inputs: ['a', 'sa', 'za'], outputs: ['d'] },
        { opType: 'Relu', inputs: ['d'], outputs: ['rl'] },
        { opType: 'QuantizeLinear', inputs: ['rl', 'sy', 'zy'], outputs: ['y'] },
      ],
      initializers: [
        f('sx', [], [0.021]),
        q('zx', from, [], [z - 4]),
        q('B', from, [C, 1, 1], rnd(C, z - 80, z + 80)),
        f('sB', [], [0.03]),
        q('zB', from, [], [z + 2]),
        f('sa', [], [0.027]),
        q('za', from, [], [z + 15]),
        f('sy', [], [0.011]),
        q('zy', to, [], [zt - 100]),
      ],
      inputs: [{ name: 'x', elemType: DT_OF[from], shape: [N, C, H, W] }],
      outputs: [{ name: 'y', elemType: DT_OF[to] }],
    },
  });
}
