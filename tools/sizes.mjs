// Prints the README's "What ships" table: the size of each production wasm build (raw and gzip), and the
// JavaScript a browser bundle of `import { createRuntime } from 'i8conv'` pulls for it, bundled and minified with
// rolldown (Vite's bundler) from dist/ as published. Usage (after npm run build, or npm run build:product):
//   node tools/sizes.mjs [--json]
// The library's own code is one set of chunks for every build; each build's wasm comes as its own chunk (the
// base64 module of src/generated/, imported only when that build is loaded). A threaded runtime loads the -mt
// build, the single-thread build of the same flavour (its non-shared companion instance) and the worker script.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'src');
if (!existsSync(join(dist, 'index.js'))) {
  console.error('tools/sizes.mjs: dist/src/index.js is missing: run `npm run build` first');
  process.exit(1);
}
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const BUILDS = [
  { name: 'simd128', wasm: 'build/i8conv.wasm', module: 'release.js' },
  { name: 'relaxed', wasm: 'build/i8conv-relaxed.wasm', module: 'relaxed.js' },
  { name: 'simd128-mt', wasm: 'build/i8conv-mt.wasm', module: 'release-mt.js', single: 'simd128' },
  { name: 'relaxed-mt', wasm: 'build/i8conv-relaxed-mt.wasm', module: 'relaxed-mt.js', single: 'relaxed' },
];

// the worker script(s): whatever `new URL('./x.js', import.meta.url)` the shipped modules name
const workers = [];
const walk = (d) =>
  readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
for (const f of walk(dist).filter((p) => p.endsWith('.js'))) {
  for (const m of readFileSync(f, 'utf8').matchAll(
    /new URL\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*,\s*import\.meta\.url/g,
  ))
    workers.push(join(dirname(f), m[1]));
}

const tmp = mkdtempSync(join(tmpdir(), 'i8conv-sizes-'));
try {
  const entry = join(tmp, 'entry.js');
  writeFileSync(entry, `export { createRuntime } from ${JSON.stringify(join(dist, 'index.js'))};\n`);
  const input = { entry, ...Object.fromEntries([...new Set(workers)].map((w, i) => [`worker${i}`, w])) };
  const out = await build({
    input,
    platform: 'browser',
    external: [/^node:/],
    write: false,
    output: { format: 'es', minify: true, dir: join(tmp, 'out') },
    logLevel: 'silent',
  });
  const chunks = out.output.filter((o) => o.type === 'chunk');
  const size = (c) => ({ raw: Buffer.byteLength(c.code), gzip: gz(Buffer.from(c.code)) });
  const wasmChunk = (module) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/generated/${module}`)));
  const buildChunks = new Set(BUILDS.map((b) => wasmChunk(b.module)));
  const workerChunks = chunks.filter((c) => c.isEntry && c.name.startsWith('worker'));
  // the model runtime (rt.loadModel) is a dynamic import: its chunk loads on the first loadModel only
  const modelChunks = chunks.filter(
    (c) => !buildChunks.has(c) && c.isDynamicEntry && c.moduleIds.some((id) => id.endsWith('/model/load.js')),
  );
  const lib = chunks.filter((c) => !buildChunks.has(c) && !workerChunks.includes(c) && !modelChunks.includes(c));
  const sum = (cs) =>
    cs.map(size).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
  const libSize = sum(lib);
  const workerSize = sum(workerChunks);
  const modelSize = sum(modelChunks);
  const rows = BUILDS.map((b) => {
    const bytes = readFileSync(join(root, b.wasm));
    const own = size(wasmChunk(b.module));
    const single = b.single ? size(wasmChunk(BUILDS.find((x) => x.name === b.single).module)) : { raw: 0, gzip: 0 };
    const extra = b.single ? workerSize : { raw: 0, gzip: 0 };
    return {
      build: b.name,
      wasm: { raw: bytes.length, gzip: gz(bytes) },
      wasmJs: own,
      pageJs: {
        raw: libSize.raw + own.raw + single.raw + extra.raw,
        gzip: libSize.gzip + own.gzip + single.gzip + extra.gzip,
      },
    };
  });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ library: libSize, worker: workerSize, model: modelSize, builds: rows }, null, 2));
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const pair = (s) => `${kb(s.raw)} / ${kb(s.gzip)}`;
    console.log(
      `library JS (createRuntime and what it imports, minified; the same for every build): ${pair(libSize)} (raw / gzip)`,
    );
    console.log(`worker script (threaded builds): ${pair(workerSize)}`);
    console.log(
      `model runtime (rt.loadModel: reader, passes, planner, operators; loaded on its first call): ${pair(modelSize)}\n`,
    );
    console.log(
      '| build | .wasm (raw / gzip) | its JS chunk, base64 (raw / gzip) | JS a page loads in all (raw / gzip) |',
    );
    console.log('|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.build} | ${pair(r.wasm)} | ${pair(r.wasmJs)} | ${pair(r.pageJs)} |`);
    console.log(
      `\n(bundled with rolldown ${(await import('rolldown')).VERSION} from ${relative(root, dist)}; gzip -9)`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
