// The committed generated kernel files must be exactly what the generator produces from tools/conv-variants.mjs.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

describe('generated kernels', () => {
  it('regenerating gives no diff', () => {
    const out = mkdtempSync(join(tmpdir(), 'i8conv-gen-'));
    const env = { ...process.env };
    delete env.I8CONV_TILES;
    execFileSync(process.execPath, [join(root, 'tools', 'gen-conv-kernels.mjs'), out], { env });
    for (const f of ['assembly/conv-nchw44-dot/generated.ts', 'assembly/gemm/generated.ts', 'assembly/common/ctx.ts', 'src/algos/kernel-table.generated.ts']) {
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(root, f), 'utf8'));
    }
  });
});
