/// <reference types="@webgpu/types" />
/**
 * Quantized kernels against their float32-weight twins, variant by variant: the bar "every quantized
 * variant at least as fast as its own float32-weight twin", measured in pairs rather than read off the suite's
 * tuning sweep (where a variant's int4, int8 and float32 timings are minutes apart and 10 runs each).
 *
 * For each conv shape of the suite and each variant that can run it, the int4, int8 and float32 kernels are built
 * at every work-group size the variant offers (mm and win have one; MNN's direct kernels eleven) and all of them
 * are timed in alternating rounds on the same synthetic data (the order turns every round), so that drift of the
 * clock or of the machine falls on all alike; each weight type then takes its own fastest size (lowest median over
 * the rounds). Reported: each kernel's median, and quantized/float per round at those sizes (median, min, max):
 * "slower" where the median of the per-round ratios is above 1, "slower every round" where even the smallest is.
 *
 * --gemm adds the suite's gemm rows at K = N = 4096 (M = 1, 16, 128; block 32 and per channel), where each variant
 * that has a float32 twin is compared (K = N = 16384 is left to the suite: its float32 weights are 1 GiB a kernel).
 *
 * Usage: node dist-bench/bench/gpu/twins.js [--quick] [--gemm] [--rounds N] [--reps N] [--verbose] [--only SUBSTR|SUBSTR] [--out FILE]
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import {
  createGpuRuntime,
  heat,
  median,
  timeDispatch,
  findVariant,
  tuneKey,
  type Dispatch,
} from '../../src/gpu/index.js';
import { wgCandidates } from '../../src/gpu/variants.js';
import { syntheticWeights, syntheticIo } from './synthetic.js';
import { convShapes } from './cases.js';
import { args, arg, picked } from './cli.js';

const quick = args.includes('--quick');
const rounds = Number(arg('--rounds') ?? (quick ? 2 : 6));
const reps = Number(arg('--reps') ?? (quick ? 3 : 10));
const outFile =
  arg('--out') ?? (process.env.OUT ? `${process.env.OUT}/gpu-twins.json` : 'bench/results/gpu-twins.json');
const KINDS = [4, 8, 32] as const;
type Kind = (typeof KINDS)[number];
const label = (b: Kind) => (b === 32 ? 'f32' : `int${b}`);

interface Pair {
  shape: string;
  variant: string;
  wg: Record<string, number[]>;
  us: Record<string, number>;
  ratio: Record<string, { med: number; min: number; max: number }>;
}

async function main() {
  const { device, adapterInfo } = await createNodeDevice();
  // tuning 'none': every kernel is built at the work-group size its cache entry names (set per kernel below)
  const gpu = await createGpuRuntime({ device, tuning: 'none' });
  console.log(
    `adapter: ${adapterInfo.vendor} ${adapterInfo.architecture} ${adapterInfo.description}; ${rounds} rounds of ${reps} runs a kernel`,
  );
  const pairs: Pair[] = [];
  const rowsOf = [...convShapes(quick).map((c) => ({ ...c, blockSize: 0 }))];
  if (args.includes('--gemm')) {
    const kk = quick ? 64 : 4096;
    for (const m of quick ? [1, 5] : [1, 16, 128])
      for (const blockSize of [32, 0]) {
        rowsOf.push({
          name: `gemm ${kk} M=${m}${blockSize ? ` blk${blockSize}` : ''}`,
          params: { n: m, ic: kk, ih: 1, iw: 1, oc: kk, fh: 1, fw: 1, pad: [0, 0] },
          blockSize,
        });
      }
  }
  for (const { name: shape, params, blockSize } of rowsOf) {
    const p = { ...params, blockSize, asymmetric: false, nonlinearity: 'relu' as const };
    const probe = gpu.lowMemoryConv({ ...p, weightBits: 4 });
    // one input and one output buffer for every kernel of the row (int4, int8 and float32 kernels have the same
    // sizes), not a pair a kernel
    const io = syntheticIo(device, probe);
    const fprobe = gpu.floatConv({ ...p, blockSize: 0 });
    // (the int8-dot and tensor-core variants have no float32 twin)
    const variants = probe.variants.filter((v) => fprobe.variants.includes(v));
    probe.dispose();
    fprobe.dispose();
    for (const variant of variants) {
      const name = `${shape} ${variant}`;
      if (!picked(name)) continue;
      // every (weight type, work-group size) kernel; sizes the variant cannot use for this shape are left out
      const ks: { kind: number; wg: number[]; d: Dispatch }[] = [];
      const held: (() => void)[] = [];
      try {
        for (let i = 0; i < KINDS.length; i++) {
          const b = KINDS[i];
          for (const wg of wgCandidates(findVariant(variant)!, 'full')) {
            const conv =
              b === 32
                ? gpu.floatConv({ ...p, blockSize: 0, variant })
                : gpu.lowMemoryConv({ ...p, weightBits: b, variant });
            gpu.loadTuningCache({
              version: 1,
              entries: { [`${tuneKey(conv.shape)}|${variant}`]: { variant, wg, us: 1 } },
            });
            syntheticWeights(conv);
            const { inBuf, outBuf } = io;
            const d = await conv.dispatchFor(inBuf, outBuf);
            held.push(() => conv.dispose());
            if (d.wg[0] === wg[0] && d.wg[1] === wg[1]) ks.push({ kind: i, wg, d });
          }
        }
        if (KINDS.some((_, i) => !ks.some((x) => x.kind === i)))
          throw new Error('no usable work-group size for one weight type');
      } catch (e) {
        // a variant that the runtime offers but that cannot be built for one weight type would be a bug: say so
        console.log(`${name}: ERROR ${(e as Error).message}`);
        for (const h of held) h();
        continue;
      }
      // the GPU clocks down while the host builds the kernels (seconds for MNN's 33): 500 ms of load brings it back,
      // and 20 ms of each kernel right before its runs keeps it there (with 100 ms once, an earlier run's
      // 1x1 row ran 1.5-3 times slower than in the suite, after the direct kernels' builds)
      await heat(device, ks[0].d, quick ? 0 : 500);
      const m: number[][] = ks.map(() => []);
      const all: number[][] = ks.map(() => []);
      for (let r = 0; r < rounds; r++) {
        const order = ks.map((_, i) => i);
        if (r % 2) order.reverse();
        for (const i of order) {
          if (!quick) await heat(device, ks[i].d, 20);
          const t = (await timeDispatch(device, ks[i].d, reps)).us;
          all[i].push(...t);
          m[i].push(median(t));
        }
      }
      // --verbose: every kernel's per-round medians
      if (args.includes('--verbose'))
        ks.forEach((k, i) =>
          console.log(`  ${label(KINDS[k.kind])} ${k.wg.join('x')}: ${m[i].map((x) => x.toFixed(1)).join(' ')}`),
        );
      // each weight type's fastest work-group size, by the median of its per-round medians
      const pick = KINDS.map((_, kind) =>
        ks
          .map((_x, i) => i)
          .filter((i) => ks[i].kind === kind)
          .reduce((a, i) => (median(m[i]) < median(m[a]) ? i : a)),
      );
      const pair: Pair = { shape, variant, wg: {}, us: {}, ratio: {} };
      KINDS.forEach((b, kind) => {
        pair.us[label(b)] = median(all[pick[kind]]);
        pair.wg[label(b)] = ks[pick[kind]].wg;
      });
      for (const kind of [0, 1]) {
        const per = m[pick[kind]].map((x, r) => x / m[pick[2]][r]);
        pair.ratio[label(KINDS[kind])] = { med: median(per), min: Math.min(...per), max: Math.max(...per) };
      }
      pairs.push(pair);
      const f = (b: Kind) =>
        `${label(b)} ${pair.us[label(b)].toFixed(1)}${ks.length > 3 ? ` (${pair.wg[label(b)].join('x')})` : ''}`;
      const rr = (lb: string) => {
        const x = pair.ratio[lb];
        return `${x.med.toFixed(3)} (${x.min.toFixed(3)}-${x.max.toFixed(3)})`;
      };
      console.log(`${name.padEnd(48)} ${f(4)} ${f(8)} ${f(32)} us; q/f32 int4 ${rr('int4')} int8 ${rr('int8')}`);
      for (const h of held) h();
    }
    io.inBuf.destroy();
    io.outBuf.destroy();
  }
  const summary: Record<string, { pairs: number; slower: number; slowerEveryRound: number; worst: string }> = {};
  for (const b of ['int4', 'int8']) {
    const r = pairs.map((x) => ({ x, q: x.ratio[b] }));
    const worst = r.reduce((a, c) => (c.q.med > a.q.med ? c : a), r[0]);
    summary[b] = {
      pairs: r.length,
      slower: r.filter((t) => t.q.med > 1).length,
      slowerEveryRound: r.filter((t) => t.q.min > 1).length,
      worst: worst ? `${worst.x.shape} ${worst.x.variant} ${worst.q.med.toFixed(3)}` : '',
    };
    console.log(
      `${b}: ${summary[b].pairs} pairs, slower than the float32 twin ${summary[b].slower} (every round ${summary[b].slowerEveryRound}); largest ratio ${summary[b].worst}`,
    );
  }
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ adapter: adapterInfo, rounds, reps, pairs, summary }, null, 1));
  console.log(`wrote ${outFile}`);
  device.destroy();
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
