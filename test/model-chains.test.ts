/**
 * src/model/graph/passes/fuse-channel-chains.ts: runs of per-channel element-wise steps on an 8-bit tensor become one ChannelTable step (a table per
 * channel, computed at load time by the chain's own host operators). Checked: which chains fuse (and which must
 * not: an intermediate value read elsewhere, a full-shape operand, a per-axis DequantizeLinear), the product equal
 * to the reference executor on the unfused graph (checkModel: layouts auto / nchw, arena reuse on / off with guard
 * bytes) and to the product with the pass off, on odd planes (the kernel's 4-element steps and tails), odd channel
 * counts, batch 2 (the channel index wraps) and 1-3 threads.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { checkModel, randomFeed } from './helpers/model-builders.js';
import { chainModel } from './helpers/fusion-models.js';

describe('per-channel chains become one ChannelTable step', () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2, 3]) {
      it(`${t}, ${threads} thread(s): QLinearAdd -> QLinearMul -> DQ -> BN -> Relu (-> Clip -> Q): one step, outputs equal to the reference and to the unfused steps`, async () => {
        const rt = await createRuntime({ threads });
        try {
          for (const dims of [
            [1, 3, 5, 7],
            [2, 5, 9, 13],
            [1, 8, 33, 40],
          ])
            for (const requant of [false, true]) {
              const bytes = chainModel(t, dims, { requant });
              checkModel(rt, bytes, dims[2]);
              const m = loadModelSync(rt, bytes);
              const plain = loadModelSync(rt, bytes, {}, { channelChains: false, floatRegions: false });
              try {
                const steps = m.nodes.filter((n) => n.op !== 'Relayout');
                expect(steps.map((n) => n.op)).toEqual(['ChannelTable']);
                expect(steps[0].algorithm).toBe(requant ? 'channel-table' : 'channel-table-f32');
                expect(plain.nodes.length).toBe(requant ? 7 : 5);
                const feeds = {
                  x: randomFeed(
                    9,
                    t,
                    dims.reduce((a, b) => a * b, 1),
                  ),
                };
                const a = m.run(feeds),
                  b = plain.run(feeds);
                const o = m.outputs[0].name;
                expect(Array.from(a[o] as Float32Array), o).toEqual(Array.from(b[o] as Float32Array));
              } finally {
                m.dispose();
                plain.dispose();
              }
            }
        } finally {
          rt.dispose();
        }
      });
    }
    it(`${t}: an intermediate value read elsewhere splits the chain; a full-shape operand is not per channel`, async () => {
      const rt = await createRuntime();
      try {
        const dims = [1, 4, 6, 5];
        const tapped = chainModel(t, dims, { tap: true });
        checkModel(rt, tapped, 3);
        const m = loadModelSync(rt, tapped);
        // 'a' is an output: QLinearAdd stays, the rest (QLinearMul -> DQ -> BN -> Relu) is one table
        expect(m.nodes.filter((n) => n.op !== 'Relayout').map((n) => n.op)).toEqual(['QLinearAdd', 'ChannelTable']);
        m.dispose();
        const full = chainModel(t, dims, { full: true });
        checkModel(rt, full, 4);
        const m2 = loadModelSync(rt, full);
        expect(m2.nodes.filter((n) => n.op !== 'Relayout').map((n) => n.op)).toEqual(['QLinearAdd', 'ChannelTable']);
        m2.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
