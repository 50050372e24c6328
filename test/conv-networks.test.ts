// Every convolution shape of MobileNetV2 1.0 and ResNet-18 at 224² (the layer tables of the benchmark's network
// level, fixtures/networks.ts), as a user would run them: per-channel int8 weights, uint8 activations with zero points,
// relu6 / relu / identity, half-even rounding; in NCHW44 (the benchmark's layout) and in NCHW, through the
// heuristic's algorithm, equal to the oracle bit for bit with guard bytes intact.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { ConvBiasParams, Nonlinearity } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { reference } from '../kernels-ref/index.js';
import { MOBILENETV2, RESNET18, type NetLayer, type Network } from '../fixtures/networks.js';
import { rng, randInt8, randInt32 } from './helpers/rng.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});

function nchw44ToNchw(x: ArrayLike<number>, n: number, c: number, h: number, w: number, out: Uint8Array): Uint8Array {
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < h * w; i++)
        out[(b * c + ch) * h * w + i] = x[(((b * (c >> 2) + (ch >> 2)) * h * w + i) << 2) + (ch & 3)];
  return out;
}

function layerParams(net: Network, l: NetLayer, i: number): ConvBiasParams {
  // MobileNetV2: relu6 after expand / depthwise, none after project; ResNet-18: relu (the residual adds are not convs)
  const project = net.id === 'mobilenetv2' && l.k === 1 && l.oc < l.ic;
  const nl: Nonlinearity = net.id === 'mobilenetv2' ? (project ? 'identity' : 'relu6') : 'relu';
  const accStd = Math.sqrt((l.ic / l.group) * l.k * l.k) * 60 * 60;
  return {
    format: l.ic < 4 ? 'NCHW_NCHW44' : 'NCHW44',
    n: 1,
    ic: l.ic,
    ih: l.h,
    iw: l.h,
    oc: l.oc,
    fh: l.k,
    fw: l.k,
    stride: l.stride,
    pad: l.pad,
    group: l.group,
    srcType: 'uint8',
    srcScale: 0.021,
    srcZeroPoint: 120 + (i % 16),
    filterScale: Float32Array.from({ length: l.oc }, (_, o) => 0.004 * (1 + 0.3 * Math.sin(o + i))),
    dstType: 'uint8',
    dstScale: Math.fround((0.021 * 0.004 * accStd) / 40),
    dstZeroPoint: nl === 'identity' ? 128 : 0,
    biasMode: 'channel',
    nonlinearity: nl,
    rounding: 'half-even',
  };
}

for (const net of [MOBILENETV2, RESNET18]) {
  describe(`${net.label}: every convolution shape`, () => {
    net.layers.forEach((l, i) => {
      it(`${l.name} ${l.ic}->${l.oc} ${l.h}² ${l.k}x${l.k} s${l.stride}${l.group > 1 ? ` g${l.group}` : ''}`, () => {
        const p = layerParams(net, l, i);
        const s = normalizeConvParams(p);
        const r = rng(i + 1);
        const src = Uint8Array.from(randInt8(r, s.srcLength), (v) => v + 128);
        const w = randInt8(r, s.filterLength);
        const bias = randInt32(r, s.oc, -3000, 3000);
        const want = reference.convBias(p, src, w, bias);
        const got = new Uint8Array(s.dstLength + 64).fill(0x5a);
        const dst = got.subarray(32, 32 + s.dstLength);
        const conv = rt.convBias(p);
        conv.setFilter(w);
        conv.setBias(bias);
        conv.exec(src, dst);
        expect(conv.checkGuards()).toBe(true);
        expect(
          got.subarray(0, 32).every((v) => v === 0x5a) && got.subarray(32 + s.dstLength).every((v) => v === 0x5a),
        ).toBe(true);
        let bad = 0;
        for (let k = 0; k < want.length; k++) if (dst[k] !== want[k]) bad++;
        expect(bad, `${conv.algorithm}: ${bad} of ${want.length} outputs differ`).toBe(0);
        // outputs are not degenerate (the scales keep most of them inside the range)
        expect(new Set(dst).size).toBeGreaterThan(20);
        conv.dispose();

        // the same layer in NCHW: same values, NCHW order
        const q: ConvBiasParams = { ...p, format: 'NCHW' };
        const srcNchw =
          p.format === 'NCHW44' ? nchw44ToNchw(src, 1, s.ic, s.ih, s.iw, new Uint8Array(s.srcLength)) : src;
        const c2 = rt.convBias(q);
        c2.setFilter(w);
        c2.setBias(bias);
        const d2 = new Uint8Array(s.dstLength);
        c2.exec(srcNchw, d2);
        const want2 = nchw44ToNchw(want, 1, s.oc, s.oh, s.ow, new Uint8Array(s.dstLength));
        let bad2 = 0;
        for (let k = 0; k < want2.length; k++) if (d2[k] !== want2[k]) bad2++;
        expect(bad2, `NCHW ${c2.algorithm}: ${bad2} of ${want2.length} outputs differ`).toBe(0);
        expect(c2.checkGuards()).toBe(true);
        c2.dispose();
      });
    });
  });
}
