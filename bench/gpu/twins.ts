/// <reference types="@webgpu/types" />
/**
 * Quantized kernels against their float32-weight twins, variant by variant: the bar "every quantized
 * variant at least as fast as its own float32-weight twin", measured in pairs rather than read off the suite's
 * tuning sweep (where a variant's int4, int8 and float32 timings are minutes apart and 10 runs each).
 *
 * For each conv shape of the suite and each variant that can run it, the int4, int8 and float32 kernels each get
 * their own best work-group size (the tuner, with the variant forced), then are timed in alternating rounds on
 * the same synthetic data (the order turns every round), so that drift of the clock or of the machine falls on
 * all three alike. Reported: each kernel's median over all rounds, and quantized/float per round (median, min,
 * max): "slower" where the median of the per-round ratios is above 1, "slower every round" where even the
 * smallest is.
 *
 * Usage: node dist/bench/gpu/twins.js [--quick] [--rounds N] [--reps N] [--only SUBSTR] [--out FILE]
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createNodeDevice } from './node-device.js';
import { createGpuRuntime, heat, median, timeDispatch, type Dispatch } from '../../src/gpu/index.js';
import { syntheticSetup } from './synthetic.js';
import { convShapes } from './cases.js';

const args = process.argv.slice(2);
const arg = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const quick = args.includes('--quick');
const rounds = Number(arg('--rounds') ?? (quick ? 2 : 6));
const reps = Number(arg('--reps') ?? (quick ? 3 : 10));
const only = arg('--only');
const outFile = arg('--out') ?? (process.env.OUT ? `${process.env.OUT}/gpu-twins.json` : 'bench/results/gpu-twins.json');
const KINDS = [4, 8, 32] as const;
type Kind = typeof KINDS[number];
const label = (b: Kind) => (b === 32 ? 'f32' : `int${b}`);

interface Pair { shape: string; variant: string; wg: Record<string, number[]>; us: Record<string, number>; ratio: Record<string, { med: number; min: number; max: number }> }

async function main() {
  const { device, adapterInfo } = await createNodeDevice();
  const gpu = await createGpuRuntime({ device, tuning: 'full', tuneReps: reps, tuneWarmupMs: quick ? 0 : 100 });
  console.log(`adapter: ${adapterInfo.vendor} ${adapterInfo.architecture} ${adapterInfo.description}; ${rounds} rounds of ${reps} runs a kernel`);
  const pairs: Pair[] = [];
  for (const [c, hw, k] of convShapes(quick)) {
    const p = { n: 1, ic: c, ih: hw, iw: hw, oc: c, fh: k, fw: k, pad: [k >> 1, k >> 1] as [number, number], blockSize: 0, asymmetric: false, activation: 'relu' as const };
    const shape = `conv ${c}->${c} ${hw}^2 ${k}x${k}`;
    const probe = gpu.lowMemoryConv({ ...p, weightBits: 4 });
    const variants = probe.variants;
    probe.dispose();
    for (const variant of variants) {
      const name = `${shape} ${variant}`;
      if (only && !name.includes(only)) continue;
      const ds: Dispatch[] = [];
      const held: (() => void)[] = [];
      const wg: Record<string, number[]> = {};
      try {
        for (const b of KINDS) {
          const conv = b === 32 ? gpu.floatConv({ ...p, variant }) : gpu.lowMemoryConv({ ...p, weightBits: b, variant });
          const { inBuf, outBuf } = syntheticSetup(device, conv);
          await conv.tune();
          const d = await conv.dispatchFor(inBuf, outBuf);
          ds.push(d); wg[label(b)] = d.wg; held.push(() => inBuf.destroy(), () => outBuf.destroy(), () => conv.dispose());
        }
      } catch (e) {
        // a variant that the runtime offers but that cannot be built for one weight type would be a bug: say so
        console.log(`${name}: ERROR ${(e as Error).message}`);
        for (const h of held) h();
        continue;
      }
      await heat(device, ds[0], quick ? 0 : 100);
      const us: number[][] = KINDS.map(() => []);
      const per: number[][] = KINDS.map(() => []);
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 ? [2, 1, 0] : [0, 1, 2];
        const m: number[] = [];
        for (const i of order) { const t = (await timeDispatch(device, ds[i], reps)).us; us[i].push(...t); m[i] = median(t); }
        per[0].push(m[0] / m[2]); per[1].push(m[1] / m[2]);
      }
      const pair: Pair = { shape, variant, wg, us: {}, ratio: {} };
      KINDS.forEach((b, i) => { pair.us[label(b)] = median(us[i]); });
      for (const i of [0, 1]) pair.ratio[label(KINDS[i])] = { med: median(per[i]), min: Math.min(...per[i]), max: Math.max(...per[i]) };
      pairs.push(pair);
      const f = (i: number) => `${label(KINDS[i])} ${pair.us[label(KINDS[i])].toFixed(1)}`;
      const rr = (i: number) => { const x = pair.ratio[label(KINDS[i])]; return `${x.med.toFixed(3)} (${x.min.toFixed(3)}-${x.max.toFixed(3)})`; };
      console.log(`${name.padEnd(48)} ${f(0)} ${f(1)} ${f(2)} us; q/f32 int4 ${rr(0)} int8 ${rr(1)}`);
      for (const h of held) h();
    }
  }
  const summary: Record<string, { pairs: number; slower: number; slowerEveryRound: number; worst: string }> = {};
  for (const b of ['int4', 'int8']) {
    const r = pairs.map((x) => ({ x, q: x.ratio[b] }));
    const worst = r.reduce((a, c) => (c.q.med > a.q.med ? c : a), r[0]);
    summary[b] = {
      pairs: r.length, slower: r.filter((t) => t.q.med > 1).length, slowerEveryRound: r.filter((t) => t.q.min > 1).length,
      worst: worst ? `${worst.x.shape} ${worst.x.variant} ${worst.q.med.toFixed(3)}` : '',
    };
    console.log(`${b}: ${summary[b].pairs} pairs, slower than the float32 twin ${summary[b].slower} (every round ${summary[b].slowerEveryRound}); largest ratio ${summary[b].worst}`);
  }
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ adapter: adapterInfo, rounds, reps, pairs, summary }, null, 1));
  console.log(`wrote ${outFile}`);
  device.destroy();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
