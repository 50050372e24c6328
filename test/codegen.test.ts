// The committed generated files must be exactly what the generators produce: the convolution kernels and their table
// from tools/conv-variants.mjs, the model kernels' parameter records from tools/model-ctx.mjs.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { GEMM_KERNELS, KERNELS } from '../src/algos/kernel-table.generated.js';
import { dotPlanFacts } from '../src/algos/direct-dot-nchw44.js';
import { pickGemmKernels } from '../src/algos/gemm.js';
import { pickWinogradKernels } from '../src/algos/winograd.js';
import type { Isa } from '../src/algos/types.js';
import { normalizeConvParams } from '../src/params.js';

const root = new URL('..', import.meta.url).pathname;

/** The SIMD128 tile sets the kernel table declares (tools/conv-variants.mjs). */
const TILE_SETS = [...new Set(KERNELS.map((k) => k.tileSet).filter((t) => t !== null))];

describe('generated kernels', () => {
  it('regenerating gives no diff', () => {
    const out = mkdtempSync(join(tmpdir(), 'i8conv-gen-'));
    const env = { ...process.env };
    delete env.I8CONV_TILES;
    execFileSync(process.execPath, [join(root, 'tools', 'gen-conv-kernels.mjs'), out], { env });
    for (const f of [
      'assembly/conv-nchw44-dot/generated.ts',
      'assembly/gemm/generated.ts',
      'assembly/common/ctx.ts',
      'src/algos/kernel-table.generated.ts',
    ]) {
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(root, f), 'utf8'));
    }
  });

  // the records' offsets are declared once: both sides (the AssemblyScript constants, the host's objects) come from
  // the declaration, so no test compares two spellings
  it("regenerating the model kernels' parameter records gives no diff", () => {
    const out = mkdtempSync(join(tmpdir(), 'i8conv-gen-model-'));
    execFileSync(process.execPath, [join(root, 'tools', 'gen-model-ctx.mjs'), out]);
    const files = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(out, join(e.parentPath, e.name)));
    expect(files).toContain(join('assembly', 'model', 'elem-ctx.ts'));
    for (const f of files) expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(root, f), 'utf8'));
  });

  // The product wasm has only the kernel table's rows with lab: false (their dispatcher cases; the others trap
  // there). Everything the host picks without a forced name must be among them, on every ISA.
  it('every kernel the host picks when none is forced is in the product build', () => {
    const isas: Isa[] = ['wasmsimd', 'wasmrelaxedsimd', 'wasmusdot', 'wasmsdot'];
    const picked = new Set<string>();
    for (const isa of isas) {
      for (const fw of [2, 3, 5, 7])
        for (const stride of [1, 2])
          for (let ocb = 1; ocb <= 7; ocb++)
            for (const iw of [1, 2, 5, 9, 13, 14, 15, 17, 28, 29, 56])
              for (const ic of [4, 576]) {
                // 576: large tiles of weights (the w8 twins)
                const s = normalizeConvParams({
                  format: 'NCHW44',
                  n: 1,
                  ic,
                  ih: fw,
                  iw: Math.max(iw, fw),
                  oc: 4 * ocb,
                  fh: fw,
                  fw,
                  stride,
                  pad: 0,
                  srcScale: 1,
                  filterScale: 1,
                  dstScale: 1,
                });
                for (const tiles of TILE_SETS) {
                  const f = dotPlanFacts(s, 1, isa, undefined, tiles);
                  for (const k of [f.main, f.tail]) if (k) picked.add(k.name);
                }
              }
      // (dot8 runtimes take their channel-lane kernels for planes of 12 pixels or fewer: src/algos/gemm.ts defaultLanes)
      for (const lanes of ['pixel', 'channel'] as const)
        for (const tiles of TILE_SETS) {
          const g = pickGemmKernels(undefined, lanes, isa, tiles);
          for (const k of [g.main, g.tail, g.mainNarrow, g.tailNarrow]) picked.add(k.name);
        }
    }
    // Winograd's position GEMMs run SIMD128 GEMM kernels (the table names them)
    for (const tiles of TILE_SETS)
      for (const f of [3, 5, 7]) {
        const w = pickWinogradKernels(undefined, tiles, f);
        for (const k of [w.main, w.narrow]) picked.add(k.name);
      }
    const table = new Map([...KERNELS, ...GEMM_KERNELS].map((k) => [k.name, k]));
    for (const name of picked) expect(table.get(name)?.lab, name).toBe(false);
    // and each product row is one the host can pick (the lab flag is not set too narrowly either)
    for (const k of [...KERNELS, ...GEMM_KERNELS].filter((v) => !v.lab)) expect(picked, k.name).toContain(k.name);
  });
});
