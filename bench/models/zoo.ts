/**
 * The model zoo of the model tests and the models level of the benchmark: MobileNetV2 1.0 and ResNet-18 at 224x224
 * as float graph IR with seeded weights, built in code (no model file to download). Quantize them with
 * quantize-minmax.ts; write them with src/model/graph/onnx/writer.ts.
 *
 * The convolutions are exactly those of bench/networks.ts's layer tables (mobilenetV2Convs(), resnet18Convs(): same
 * order, channels, input sizes, filters, strides, groups; the tests check it), and between them the operators of the
 * real networks:
 *
 *   MobileNetV2 1.0   input [1,3,224,224] 'input' -> conv1 3x3 s2 + ReLU6 -> 17 inverted residual blocks (1x1 expand
 *                     + ReLU6 when t != 1, 3x3 depthwise + ReLU6, 1x1 project, no activation; Add of the block input
 *                     when stride 1 and channels in = out: 10 Adds) -> conv_last 1x1 320->1280 + ReLU6 ->
 *                     GlobalAveragePool -> Flatten -> Gemm 1280->1000 (transB) -> 'output' [1,1000]
 *   ResNet-18         input [1,3,224,224] 'input' -> conv1 7x7 s2 p3 + Relu -> MaxPool 3x3 s2 p1 -> 8 basic blocks
 *                     (3x3 conv + Relu, 3x3 conv, shortcut: identity or 1x1 s2 conv downsample; Add; Relu) ->
 *                     GlobalAveragePool -> Flatten -> Gemm 512->1000 (transB) -> 'output' [1,1000]
 *
 * Every Conv has a bias (BatchNormalization folded away, as a deployed model has it); ReLU6 is Clip(0, 6) with its
 * bounds as initializers (opset 13). Value names: a node's output is named after the layer (`b2.1.expand`,
 * `layer3.0.conv1`), its activation `<layer>.relu6` / `<layer>.relu`, weights `<layer>.weight` / `.bias`.
 *
 * Weights: uniform from the seeded mulberry32 (bench/data.ts), He-scaled: std sqrt(2 / fan_in) for a convolution
 * followed by a ReLU, sqrt(1 / fan_in) for a linear one; the last convolution of a residual branch is scaled down
 * further (RESIDUAL_SCALE) so that, with no BatchNormalization, each Add grows the activations only a little.
 * Biases are small and positive on convolutions followed by a ReLU (a net of random weights otherwise loses half
 * its units at every layer). The result: activations O(1) from the input to the logits (the tests check that no
 * value is NaN or explodes); `zooInput` gives a seeded image-like input.
 */
import type { Graph } from '../../src/model/graph/ir.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { rng } from '../data.js';
import { mobilenetV2Convs, resnet18Convs } from '../networks.js';
import { GraphBuilder, attrInt, attrInts, f32, valueInfo } from './build.js';
import { calibrationRanges, qoperatorForm, quantizeMinMax, type QuantizeOptions, type Ranges } from './quantize-minmax.js';

/** Scale of the last convolution of a residual branch, relative to its He scale. */
export const RESIDUAL_SCALE = 0.3;

/** The one convolution description both tables and builders use (bench/networks.ts's Conv). */
export type ZooConv = ReturnType<typeof mobilenetV2Convs>[number];

interface ConvOpts {
  /** Weight std = gain * sqrt(1 / fan_in). */
  gain: number;
  /** Biases uniform in [biasLo, biasHi]. */
  biasLo: number;
  biasHi: number;
}

class ZooBuilder extends GraphBuilder {
  readonly r: () => number;
  constructor(name: string, seed: number) {
    super(name, new Map([['', 13]]));
    this.r = rng(seed);
  }
  uniform(n: number, std: number): Float32Array {
    const a = std * Math.sqrt(3); // U(-a, a) has std a / sqrt(3)
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = (2 * this.r() - 1) * a;
    return out;
  }
  conv(c: ZooConv, name: string, x: string, o: ConvOpts): string {
    const icg = c.ic / c.group;
    const fanIn = icg * c.k * c.k;
    const w = this.init(f32(`${name}.weight`, [c.oc, icg, c.k, c.k], this.uniform(c.oc * fanIn, o.gain / Math.sqrt(fanIn))));
    const bias = new Float32Array(c.oc);
    for (let i = 0; i < c.oc; i++) bias[i] = o.biasLo + (o.biasHi - o.biasLo) * this.r();
    const b = this.init(f32(`${name}.bias`, [c.oc], bias));
    const pad = c.k > 1 ? c.k >> 1 : 0;
    this.node('Conv', [x, w, b], [name], {
      kernel_shape: attrInts([c.k, c.k]), strides: attrInts([c.stride, c.stride]), pads: attrInts([pad, pad, pad, pad]),
      dilations: attrInts([1, 1]), group: attrInt(c.group),
    }, { name });
    return name;
  }
  relu6(x: string): string {
    const lo = this.shared(f32('relu6.min', [], [0]));
    const hi = this.shared(f32('relu6.max', [], [6]));
    const y = `${x}.relu6`;
    this.node('Clip', [x, lo, hi], [y], {}, { name: y });
    return y;
  }
  relu(x: string, name = `${x}.relu`): string {
    this.node('Relu', [x], [name], {}, { name });
    return name;
  }
  add(a: string, b: string, name: string): string {
    this.node('Add', [a, b], [name], {}, { name });
    return name;
  }
  /** GlobalAveragePool -> Flatten -> Gemm (transB) to 1000 classes, output 'output'. */
  head(x: string, c: number): void {
    this.node('GlobalAveragePool', [x], ['pool'], {}, { name: 'pool' });
    this.node('Flatten', ['pool'], ['flatten'], { axis: attrInt(1) }, { name: 'flatten' });
    // Zero-mean rows: the pooled features of a random net share a large common part (every channel's mean is
    // positive after a ReLU), which would otherwise make every input's logits nearly the same vector.
    const wf = this.uniform(1000 * c, 1 / Math.sqrt(c));
    for (let o = 0; o < 1000; o++) {
      let m = 0;
      for (let i = 0; i < c; i++) m += wf[o * c + i];
      for (let i = 0; i < c; i++) wf[o * c + i] -= m / c;
    }
    const w = this.init(f32('fc.weight', [1000, c], wf));
    const b = this.init(f32('fc.bias', [1000], this.uniform(1000, 0.05)));
    this.node('Gemm', ['flatten', w, b], ['output'], { transB: attrInt(1) }, { name: 'fc' });
    this.inputs.push(valueInfo('input', 'float32', [1, 3, 224, 224]));
    this.outputs.push(valueInfo('output', 'float32', [1, 1000]));
  }
}

/** Takes the next convolution of the table, checking that the builder is where the table says. */
function taker(convs: readonly ZooConv[]): (name: string) => ZooConv {
  let i = 0;
  return (name) => {
    const c = convs[i++];
    if (!c || c.name !== name) throw new Error(`zoo: expected conv ${name}, the layer table has ${c?.name ?? 'nothing'} at ${i - 1}`);
    return c;
  };
}

const RELU_CONV: ConvOpts = { gain: Math.SQRT2, biasLo: 0, biasHi: 0.1 };
const LINEAR_CONV: ConvOpts = { gain: 1, biasLo: -0.05, biasHi: 0.05 };
const BRANCH_END: ConvOpts = { gain: RESIDUAL_SCALE, biasLo: -0.02, biasHi: 0.02 };

/** MobileNetV2 1.0 224 (see the header), weights from `seed`. */
export function mobilenetV2Float(seed = 1): Graph {
  const b = new ZooBuilder('mobilenetv2-1.0-224', seed);
  const convs = mobilenetV2Convs();
  const next = taker(convs);
  let x = b.relu6(b.conv(next('conv1'), 'conv1', 'input', RELU_CONV));
  // Walk the same block table as bench/networks.ts: the names say which convolution comes next.
  for (let i = 1; i < convs.length - 1; ) {
    const tag = convs[i].name.split(' ')[0]; // b<seq>.<repeat>
    const input = x;
    let h = x;
    let icBlock = 0;
    if (convs[i].name.endsWith('expand')) {
      const c = next(`${tag} expand`);
      icBlock = c.ic;
      h = b.relu6(b.conv(c, `${tag}.expand`, h, RELU_CONV));
      i++;
    }
    const dw = next(`${tag} dw`);
    if (!icBlock) icBlock = dw.ic;
    h = b.relu6(b.conv(dw, `${tag}.dw`, h, RELU_CONV));
    const pr = next(`${tag} project`);
    const residual = dw.stride === 1 && icBlock === pr.oc;
    h = b.conv(pr, `${tag}.project`, h, residual ? BRANCH_END : LINEAR_CONV);
    x = residual ? b.add(input, h, `${tag}.add`) : h;
    i += 2;
  }
  x = b.relu6(b.conv(next('conv_last'), 'conv_last', x, RELU_CONV));
  b.head(x, 1280);
  return b.graph();
}

/** ResNet-18 224 (see the header), weights from `seed`. */
export function resnet18Float(seed = 2): Graph {
  const b = new ZooBuilder('resnet18-224', seed);
  const next = taker(resnet18Convs());
  let x = b.relu(b.conv(next('conv1'), 'conv1', 'input', RELU_CONV));
  b.node('MaxPool', [x], ['maxpool'], { kernel_shape: attrInts([3, 3]), strides: attrInts([2, 2]), pads: attrInts([1, 1, 1, 1]) }, { name: 'maxpool' });
  x = 'maxpool';
  for (let si = 0; si < 4; si++) {
    for (let bi = 0; bi < 2; bi++) {
      const tag = `layer${si + 1}.${bi}`;
      const c1 = next(`${tag}.conv1`);
      let h = b.relu(b.conv(c1, `${tag}.conv1`, x, RELU_CONV));
      h = b.conv(next(`${tag}.conv2`), `${tag}.conv2`, h, BRANCH_END);
      const shortcut = c1.stride === 2 ? b.conv(next(`${tag}.downsample`), `${tag}.downsample`, x, LINEAR_CONV) : x;
      x = b.relu(b.add(shortcut, h, `${tag}.add`), `${tag}.relu`);
    }
  }
  b.head(x, 512);
  return b.graph();
}

/**
 * A seeded image-like input [1, 3, h, w], normalized as ImageNet models expect (mean 0, std about 1): smooth
 * gradients and a few bars per channel plus a little noise, so that activations have the structure of a picture
 * rather than of white noise.
 */
export function zooInput(seed: number, h = 224, w = 224): Float32Array {
  const r = rng(seed);
  const out = new Float32Array(3 * h * w);
  for (let c = 0; c < 3; c++) {
    const fx = 1 + 4 * r();
    const fy = 1 + 4 * r();
    const phase = 6.283 * r();
    const bars = Array.from({ length: 4 }, () => [r() * h, r() * w, 4 + r() * h * 0.2, 4 + r() * w * 0.4, 2 * r() - 1]);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = Math.sin((fx * x) / w * 3.1416 + phase) * Math.cos((fy * y) / h * 3.1416);
        for (const [by, bx, bh, bw, a] of bars) if (y >= by && y < by + bh && x >= bx && x < bx + bw) v += 1.5 * a;
        out[(c * h + y) * w + x] = v + 0.2 * (2 * r() - 1);
      }
    }
  }
  return out;
}

/** The zoo's networks by the ids of bench/networks.ts. */
export const ZOO = {
  mobilenetv2: { label: 'MobileNetV2 1.0 224', build: mobilenetV2Float },
  resnet18: { label: 'ResNet-18 224', build: resnet18Float },
} as const;
export type ZooId = keyof typeof ZOO;

export interface ZooQuantized {
  float: Graph;
  ranges: Ranges;
  /** quantizeMinMax(float, ranges, opts) */
  qdq: Graph;
  /** qoperatorForm(float, ranges, opts): the same model in QOperator form */
  qoperator: Graph;
}

const rangesCache = new Map<string, Promise<Ranges>>();

/**
 * A zoo network in float, QDQ and QOperator form: default weights, ranges calibrated in onnxruntime-web on
 * `zooInput(1..calibrationInputs)` (computed once per network and count in this process: the float runs with every
 * value as an output are the slow part, about a second each).
 */
export async function zooQuantized(id: ZooId, opts: QuantizeOptions, calibrationInputs = 2): Promise<ZooQuantized> {
  const float = ZOO[id].build();
  const key = `${id}/${calibrationInputs}`;
  let ranges = rangesCache.get(key);
  if (!ranges) {
    const feeds = Array.from({ length: calibrationInputs }, (_, i) => ({ input: { data: zooInput(i + 1), dims: [1, 3, 224, 224] } }));
    ranges = calibrationRanges(writeOnnxModel(float), feeds);
    rangesCache.set(key, ranges);
    ranges.catch(() => rangesCache.delete(key));
  }
  const r = await ranges;
  return { float, ranges: r, qdq: quantizeMinMax(float, r, opts), qoperator: qoperatorForm(float, r, opts) };
}
