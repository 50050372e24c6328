// Algorithm selection (docs/conv.md#heuristic): forced names, the heuristic, 'profile' mode with its cache, the cache's JSON
// round trip through createRuntime({ selectionCache }).
import { describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError } from '../src/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { runCase } from './helpers/conv-case.js';

const p3x3: ConvBiasParams = {
  format: 'NCHW44',
  n: 1,
  ic: 16,
  ih: 12,
  iw: 12,
  oc: 16,
  fh: 3,
  fw: 3,
  pad: 1,
  srcScale: 0.05,
  filterScale: 0.01,
  dstScale: 0.3,
  srcType: 'uint8',
  srcZeroPoint: 128,
  dstType: 'uint8',
  dstZeroPoint: 128,
  biasMode: 'channel',
};
const p1x1: ConvBiasParams = { ...p3x3, fh: 1, fw: 1, pad: 0 };

describe('profile mode', () => {
  it('times the usable algorithms once, picks the fastest, caches it under the declared parameters', async () => {
    const rt = await createRuntime({ selection: 'profile' });
    const a = rt.convBias(p3x3);
    const timings = [...rt.selector.timings.values()];
    expect(timings).toHaveLength(1);
    const t = timings[0];
    // every usable algorithm but the naive one was timed, and the winner is the fastest of them
    const usable = rt
      .algorithms(p3x3)
      .filter((x) => x.usable === true && x.name !== 'WASM_NAIVE')
      .map((x) => x.name);
    expect(Object.keys(t).sort()).toEqual(usable.sort());
    expect(Object.values(t).every((ms) => ms > 0 && Number.isFinite(ms))).toBe(true);
    expect(t[a.algorithm]).toBe(Math.min(...Object.values(t)));
    a.dispose();
    // the same declared shape with other scales and zero points: a cache hit, no new timing
    const b = rt.convBias({ ...p3x3, srcScale: 0.07, dstZeroPoint: 3, filterScale: new Float32Array(16).fill(0.02) });
    expect(b.algorithm).toBe(a.algorithm);
    expect(rt.selector.timings.size).toBe(1);
    b.dispose();
    // another shape: timed again; the operator it profiled for computes exactly
    expect(runCase(rt, p1x1, 1).ok).toBe(true);
    expect(rt.selector.timings.size).toBe(2);
    // per operator: selection 'heuristic' overrides the runtime default, and a forced name wins over both
    const dot8 = rt.features.isa === 'wasmusdot' || rt.features.isa === 'wasmsdot';
    expect(rt.convBias({ ...p3x3, ih: 13, selection: 'heuristic' }).algorithm).toBe(
      dot8 ? 'WASMDOTS8DIRECT_NCHW44' : 'WASMS8_WINOGRAD_F23_NCHW44',
    );
    expect(rt.selector.timings.size).toBe(2);
    expect(rt.convBias({ ...p3x3, ih: 14, algo: 'WASMS8_IM2COL_GEMM' }).algorithm).toBe('WASMS8_IM2COL_GEMM');
    expect(rt.selector.timings.size).toBe(2);
  });

  it('rt.selectionCache() round-trips through createRuntime({ selectionCache }) without profiling again', async () => {
    const rt = await createRuntime();
    rt.convBias({ ...p3x3, selection: 'profile' }).dispose();
    rt.convBias({ ...p1x1, selection: 'profile' }).dispose();
    const json = rt.selectionCache();
    expect(json.version).toBe(1);
    expect(Object.keys(json.entries)).toHaveLength(2);
    for (const s of [JSON.stringify(json), json]) {
      const rt2 = await createRuntime({ selection: 'profile', selectionCache: s });
      const c = rt2.convBias(p3x3);
      expect(c.algorithm).toBe(json.entries[Object.keys(json.entries).find((k) => k.includes('k3x3'))!]);
      expect(rt2.selector.timings.size).toBe(0);
      expect(runCase(rt2, p1x1, 2).ok).toBe(true);
      expect(rt2.selector.timings.size).toBe(0);
    }
    // a cached name is honoured: force the cache to an algorithm the heuristic would not take
    const key = Object.keys(json.entries).find((k) => k.includes('k3x3'))!;
    const rt3 = await createRuntime({
      selection: 'profile',
      selectionCache: { version: 1, entries: { [key]: 'WASM_NAIVE' } },
    });
    expect(rt3.convBias(p3x3).algorithm).toBe('WASM_NAIVE');
  });

  it('a malformed cache is a typed error at createRuntime', async () => {
    for (const bad of [
      '{',
      '{"version": 2, "entries": {}}',
      { version: 1, entries: { x: 'NOPE' } },
      { version: 1 },
      'null',
    ]) {
      await expect(createRuntime({ selectionCache: bad as never })).rejects.toMatchObject({
        code: 'BAD_TUNING_CACHE',
        param: 'selectionCache',
      });
    }
    await expect(createRuntime({ selection: 'fast' as never })).rejects.toBeInstanceOf(I8ConvError);
  });
});
