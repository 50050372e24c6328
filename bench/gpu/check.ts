/// <reference types="@webgpu/types" />
/**
 * Correctness on the adapter at hand for variants that the CI adapter (SwiftShader) cannot run: the mma
 * variants need subgroup matrices, which only real GPUs offer. Every variant of the chosen families that the
 * device can run is forced on gemm shapes that hit every tail (batch rows and output channels past whole
 * 16-row / 16-column tiles and past the 64-padding, IC past whole 32-channel blocks, blocks of 32 and 64 and
 * per channel, int4 and int8, symmetric and asymmetric, each activation), with inputs whose 32-channel blocks
 * differ by orders of magnitude. The output is bound between guard regions in a poisoned buffer; the check is
 * the dot tests' one: every element written, guards intact, max|out - ref| <= 1e-5 * max|ref| against the
 * float64 oracle. Exits non-zero on any failure; prints `N passed, N failed`.
 *
 * Usage: node dist-bench/bench/gpu/check.js [--family mma,dot] [--big]
 */
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import { createGpuRuntime, deriveShape, VARIANTS, type LowMemoryConvParams } from '../../src/gpu/index.js';
import { blockyInput as input, runGuarded } from '../../fixtures/gpu/guarded.js';
import { lowMemConvRef, maxRelError, mnnC1Data, quantizeMnn } from '../../kernels-ref/lowmem-conv.js';
import { arg } from './cli.js';

const families = (arg('--family') ?? 'mma').split(',');
const only = arg('--only') ?? '';

type Act = 'identity' | 'relu' | 'relu6';
interface Case {
  n: number;
  ic: number;
  oc: number;
  bits: 4 | 8;
  blockSize: number;
  asym: boolean;
  act: Act;
}

const CASES: Case[] = [
  { n: 1, ic: 4, oc: 5, bits: 4, blockSize: 0, asym: false, act: 'identity' },
  { n: 3, ic: 33, oc: 10, bits: 8, blockSize: 0, asym: true, act: 'relu' },
  { n: 17, ic: 96, oc: 17, bits: 4, blockSize: 32, asym: false, act: 'relu6' },
  { n: 16, ic: 320, oc: 16, bits: 8, blockSize: 64, asym: true, act: 'identity' },
  { n: 33, ic: 301, oc: 70, bits: 4, blockSize: 0, asym: true, act: 'identity' },
  { n: 64, ic: 576, oc: 64, bits: 8, blockSize: 32, asym: false, act: 'relu' },
  { n: 65, ic: 128, oc: 129, bits: 4, blockSize: 32, asym: true, act: 'relu6' },
  { n: 130, ic: 1000, oc: 33, bits: 8, blockSize: 0, asym: false, act: 'identity' },
  { n: 128, ic: 4096, oc: 256, bits: 4, blockSize: 32, asym: false, act: 'identity' },
  { n: 128, ic: 4096, oc: 256, bits: 8, blockSize: 32, asym: false, act: 'identity' },
  { n: 5, ic: 16480, oc: 6, bits: 4, blockSize: 32, asym: false, act: 'identity' },
];

async function main() {
  const { device } = await createNodeDevice();
  const gpu = await createGpuRuntime({ device, tuning: 'none' });
  const names = VARIANTS.filter((v) => families.includes(v.family) && v.name.includes(only)).map((v) => v.name);
  let passed = 0,
    failed = 0;
  let k = 0;
  for (const c of CASES) {
    const p0: LowMemoryConvParams = {
      n: c.n,
      ic: c.ic,
      ih: 1,
      iw: 1,
      oc: c.oc,
      fh: 1,
      fw: 1,
      weightBits: c.bits,
      blockSize: c.blockSize,
      asymmetric: c.asym,
      nonlinearity: c.act,
    };
    const s = deriveShape(p0);
    const d = mnnC1Data(1, c.oc, c.ic, 1, 1, 1);
    const q = quantizeMnn(
      d.weight.map((v, i) => v * Math.cos(i)),
      c.oc,
      c.ic,
      1,
      1,
      { bits: c.bits, asymmetric: c.asym, blockSize: c.blockSize },
    );
    const x = input(c.n, c.ic, k++);
    const ref = lowMemConvRef({ ...s, nonlinearity: c.act }, x, q.dequantized, d.bias);
    const usableHere = gpu.lowMemoryConv(p0).variants;
    for (const name of names) {
      const label = `${JSON.stringify(c)} ${name}`;
      if (!usableHere.includes(name)) {
        console.log(`not usable here: ${label}`);
        continue;
      }
      try {
        const { out, variant } = await runGuarded(device, gpu, { ...p0, variant: name }, q, d.bias, x);
        const err = maxRelError(out, ref);
        const why = !(err <= 1e-5)
          ? `max error ${err.toExponential(2)} of max|ref|`
          : variant !== name
            ? `ran ${variant}`
            : '';
        if (why) {
          failed++;
          console.log(`FAIL ${label}: ${why}`);
        } else {
          passed++;
          console.log(`ok ${label}: error ${err.toExponential(2)}`);
        }
      } catch (e) {
        failed++;
        console.log(`FAIL ${label}: ${(e as Error).message}`);
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
