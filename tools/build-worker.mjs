// Makes the thread pool's worker one self-contained module: bundles tsc's output of src/threads/worker.ts with the
// modules it imports (protocol.ts, node-builtin.ts) into the same file, in place. A bundler (Vite, webpack) then
// emits it as a worker chunk with nothing left to resolve, and a user can copy the file anywhere and pass its URL
// (createRuntime({ workerUrl })). Run by `npm run build:ts` and `npm run build:product` after tsc.
// Usage: node tools/build-worker.mjs [dir ...]   (default: dist and dist-bench, where tsc wrote them)
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirs = process.argv.slice(2);
const WORKER = 'src/threads/worker.js';
const BANNER =
  "// i8conv's thread pool worker: src/threads/worker.ts with the modules it imports bundled in\n" +
  '// (tools/build-worker.mjs), so that it is one module with no imports of its own.';

let built = 0;
for (const d of dirs.length ? dirs : ['dist', 'dist-bench']) {
  const file = join(root, d, WORKER);
  if (!existsSync(file)) {
    if (dirs.length) throw new Error(`${file}: not built (run tsc first)`);
    continue;
  }
  const out = buildSync({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    banner: { js: BANNER },
    logLevel: 'warning',
  });
  const text = out.outputFiles[0].text;
  // the point of the exercise: no static import, no relative specifier left
  if (/^[ \t]*import(?:[ \t]+[\w{*]|\s*['"])|^[ \t]*export\s[^\n]*\bfrom\b|import\(\s*['"]\./m.test(text))
    throw new Error(`${file}: the bundled worker still imports a module`);
  writeFileSync(file, text);
  rmSync(`${file}.map`, { force: true }); // tsc's map (dist-bench) maps the file replaced
  built++;
}
if (!built) throw new Error(`no ${WORKER} under ${dirs.join(', ') || 'dist, dist-bench'}: run tsc first`);
console.log(
  `build-worker: ${built} worker module(s) bundled (${readFileSync(join(root, dirs[0] ?? 'dist', WORKER)).length} bytes)`,
);
