// Empties dist/ and dist-bench/ before tsc writes them, so that no output of a source since moved or deleted is
// left there (dist/ is what npm publishes: test/package.test.ts checks it holds only the product).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const d of ['dist', 'dist-bench']) rmSync(join(root, d), { recursive: true, force: true });
