// Empties dist/ and dist-bench/ before tsc writes them, so that no output of a source since moved or deleted is
// left there (dist/ is what npm publishes: test/package.test.ts checks it holds only the product).
// Usage: node tools/clean-dist.mjs [dir ...]   (default: dist dist-bench)
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirs = process.argv.slice(2);
for (const d of dirs.length ? dirs : ['dist', 'dist-bench']) rmSync(join(root, d), { recursive: true, force: true });
