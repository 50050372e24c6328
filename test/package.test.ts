// What ships (package.json `files`, checked with `npm pack --dry-run`): the product only. dist/src (the library,
// its four wasm builds embedded as base64 modules: there are no .wasm files to fetch), dist/kernels-ref (the
// `i8conv/reference` export) and the documentation (README.md and docs/*.md, whose links test/readme.test.ts
// checks), nothing of bench/, fixtures/, examples/, lab/, test/ or tools/, no source maps, no stale files; every
// module a shipped file imports is shipped too; the embedded wasm has no benchmark loop and no lab entry.
// Needs `npm run build` (or `npm run build:product`) first.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let files: Map<string, number>;

/** The export names of a wasm binary, read from its export section (no compile: Node 20 cannot compile the
 *  relaxed builds). */
function wasmExportNames(b: Uint8Array): string[] {
  let at = 8; // magic and version
  const leb = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const byte = b[at++];
      v |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v >>> 0;
      shift += 7;
    }
  };
  while (at < b.length) {
    const id = b[at++];
    const size = leb();
    const end = at + size;
    if (id === 7) {
      const names: string[] = [];
      for (let n = leb(); n > 0; n--) {
        const len = leb();
        names.push(new TextDecoder().decode(b.subarray(at, at + len)));
        at += len + 1; // the name, then the kind byte
        leb(); // the index
      }
      return names;
    }
    at = end;
  }
  return [];
}

beforeAll(() => {
  expect(existsSync(join(root, 'dist/src/index.js')), 'run `npm run build` first').toBe(true);
  // --ignore-scripts: the listing only (no prepare / prepack run)
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(out) as Array<{ files: Array<{ path: string; size: number }> }>;
  files = new Map(info.files.map((f) => [f.path, f.size]));
});

describe('the published package (npm pack --dry-run)', () => {
  it('holds dist/src, dist/kernels-ref, README.md, docs/*.md and package.json, nothing else', () => {
    const outside = [...files.keys()].filter(
      (p) =>
        !/^dist\/(src|kernels-ref)\//.test(p) &&
        !/^docs\/[^/]+\.md$/.test(p) &&
        p !== 'README.md' &&
        p !== 'package.json' &&
        !/^LICEN[CS]E/.test(p),
    );
    expect(outside).toEqual([]);
    for (const p of files.keys()) {
      expect(p).toMatch(/\.(js|d\.ts|md|json)$/); // no .map, .wasm, .wat, .ts sources
      expect(p).not.toMatch(/(^|\/)(bench|fixtures|examples|lab|test|tools|build)\//);
    }
    // every page of docs/ (the README links them)
    const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(0);
    for (const f of docs) expect(files.has(`docs/${f}`), `docs/${f}`).toBe(true);
  });

  it('every shipped module comes from a source of src/ or kernels-ref/ (no stale build output)', () => {
    for (const p of files.keys()) {
      const m = /^dist\/(.+?)(\.d)?\.js$|^dist\/(.+?)\.d\.ts$/.exec(p);
      if (!m) continue;
      const stem = m[1] ?? m[3];
      expect(existsSync(join(root, `${stem}.ts`)), `${p}: no ${stem}.ts`).toBe(true);
    }
  });

  it('has what package.json points at: main, types and both exports', () => {
    const targets = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.exports as Record<string, Record<string, string>>).flatMap((e) => Object.values(e)),
    ];
    for (const t of targets) expect(files.has(posix.normalize(t)), t).toBe(true);
  });

  it('every relative import and worker URL of a shipped module is shipped', () => {
    for (const p of [...files.keys()].filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(root, p), 'utf8');
      const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
        (m) => m[1],
      );
      for (const s of specs) expect(files.has(posix.join(posix.dirname(p), s)), `${p} -> ${s}`).toBe(true);
    }
  });

  it('ships the four wasm builds embedded (typed `string` in their .d.ts, not the base64 literal)', () => {
    for (const b of ['release', 'relaxed', 'release-mt', 'relaxed-mt']) {
      expect(files.get(`dist/src/generated/${b}.js`), b).toBeGreaterThan(50_000);
      const dts = readFileSync(join(root, `dist/src/generated/${b}.d.ts`), 'utf8');
      expect(dts).toMatch(/: string;/);
      expect(dts.length, `dist/src/generated/${b}.d.ts`).toBeLessThan(200);
    }
  });

  // (the lab-only tiles' absence is checked on the builds' text, which names functions: test/conv-wat.test.ts)
  it('the embedded wasm has no benchmark loop and no lab entry', async () => {
    for (const b of ['release', 'relaxed', 'release-mt', 'relaxed-mt']) {
      const mod = (await import(join(root, `dist/src/generated/${b}.js`))) as Record<string, string>;
      const bytes = Buffer.from(Object.values(mod)[0], 'base64');
      const names = wasmExportNames(bytes);
      expect(names, b).toContain('convNchw44DotRow');
      expect(
        names.filter((n) => /ceiling|labBuild/i.test(n)),
        b,
      ).toEqual([]);
    }
  });

  // The pool's worker ships as one module (tools/build-worker.mjs), so that a bundler can emit it as a worker chunk
  // with nothing to resolve, or a user can copy it anywhere and pass its URL (createRuntime({ workerUrl })).
  it('the worker module is self-contained: no static import, no relative dynamic import', () => {
    expect(files.has('dist/src/threads/worker.js')).toBe(true);
    const text = readFileSync(join(root, 'dist/src/threads/worker.js'), 'utf8');
    expect(text).not.toMatch(/^[ \t]*import(?:[ \t]+[\w{*]|\s*['"])|^[ \t]*export\s[^\n]*\bfrom\b/m);
    expect(text).not.toMatch(/import\(\s*['"]/);
    expect(text).toMatch(/function runJob\b/); // the protocol, bundled in
    expect(pkg.exports['./worker'].default).toBe('./dist/src/threads/worker.js');
  });

  // The README's "What ships" table (printed by tools/sizes.mjs): its wasm sizes may not drift more than 10% from
  // the builds' (re-run `npm run sizes` and paste the table when they do).
  it('the README states each production wasm size within 10% of the built file', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const rows: Array<[string, string]> = [
      ['SIMD128', 'i8conv'],
      ['relaxed', 'i8conv-relaxed'],
      ['SIMD128, threads (`-mt`)', 'i8conv-mt'],
      ['relaxed, threads (`-mt`)', 'i8conv-relaxed-mt'],
    ];
    for (const [label, file] of rows) {
      const m = new RegExp(
        `^\\| ${label.replace(/[()`]/g, (c) => `\\${c}`)} \\| ([0-9.]+) / ([0-9.]+) KB \\|`,
        'm',
      ).exec(readme);
      expect(m, `README row "${label}"`).not.toBeNull();
      const stated = Number(m![1]) * 1024;
      const actual = readFileSync(join(root, 'build', `${file}.wasm`)).length;
      expect(
        Math.abs(stated - actual) / actual,
        `${file}.wasm: README ${m![1]} KB, built ${(actual / 1024).toFixed(1)} KB`,
      ).toBeLessThan(0.1);
    }
  });
});
