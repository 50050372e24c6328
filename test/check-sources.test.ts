// tools/check-sources.mjs on small made-up trees: each rule finds what it should and passes what it should.
// (The paths and citations the rules look for are spelled in pieces here, so that this file passes them itself.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CHECKER = join(dirname(fileURLToPath(import.meta.url)), '..', 'tools', 'check-sources.mjs');
type Tree = { [name: string]: string | Tree };

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Writes `tree` into a fresh folder (not a git checkout: the checker walks it) and runs the checker there. */
function check(tree: Tree): { status: number | null; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'i8conv-check-sources-'));
  dirs.push(root);
  const write = (dir: string, t: Tree) => {
    mkdirSync(dir, { recursive: true });
    for (const [name, v] of Object.entries(t)) {
      if (typeof v === 'string') writeFileSync(join(dir, name), v);
      else write(join(dir, name), v);
    }
  };
  write(root, tree);
  const r = spawnSync(process.execPath, [CHECKER, '--root', root], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const MACHINE = '/' + 'work/main/src/x.ts';
const SPEC = 'spec ' + '§4.2';
const EXTERNAL = 'onnx-int8-ops' + '.md';
const MISSING = 'src' + '/missing.ts';

describe('tools/check-sources.mjs', () => {
  it('passes a clean tree: imports first, a lazy import() both ways, system paths, /tmp in code, existing paths', () => {
    const r = check({
      src: {
        'a.ts':
          "// the first file\nimport { b } from './b.js';\nexport { a2 } from './c.js';\nexport const a = () => import('./c.js');\n",
        'b.ts':
          "import type { C } from './c.js';\nexport const b: C | null = null;\nconst html = `\nimport x from './a.js';\n`;\n",
        'c.ts': "export type C = number;\nexport const a2 = 1;\nexport const lazy = () => import('./a.js');\n",
        'd.ts':
          "const x = 1;\nexport { x };\nexport const chromium = '/usr/bin/chromium';\nexport const scratch = '/tmp/x';\nexport const data = 'test/data/made-at-run-time.bin';\n",
      },
      test: {
        'a.test.ts': "import { a } from '../src/a.js';\nimport { h } from './helpers/h.js';\n",
        helpers: { 'h.ts': 'export const h = 1;\n' },
      },
      bench: { 'main.ts': 'export const m = 1;\n', test: { 'main.test.ts': "import { m } from '../main.js';\n" } },
      docs: {
        'guide.md':
          'See `src/a.js` (built from its .ts), `src/*.ts`, `dist/src/index.js`, https://example.com/home/x.\n',
      },
    });
    expect(r.out).toContain('no problem');
    expect(r.status).toBe(0);
  });

  it('import-cycle: a type-only cycle counts, and each cycle is named once with its files', () => {
    const r = check({
      src: {
        'a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
        'b.ts': "import type { A } from './a.js';\nexport type B = A | number;\n",
        'c.ts': "import { c } from './c.js';\nexport const c2 = c;\n",
      },
      fixtures: { 'x.ts': "export * from './y.js';\n", 'y.ts': "import { x } from './x.js';\nexport const y = x;\n" },
    });
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/import-cycle \(3\)/);
    expect(r.out).toMatch(/2 files in a cycle: src\/a\.ts, src\/b\.ts/);
    expect(r.out).toMatch(/1 file in a cycle: src\/c\.ts/);
    expect(r.out).toMatch(/2 files in a cycle: fixtures\/x\.ts, fixtures\/y\.ts/);
  });

  it('test-imports: test/ may not import bench/ or examples/ (also by import()); bench/test/ may', () => {
    const r = check({
      test: {
        'a.test.ts': "import { m } from '../bench/main.js';\nconst d = () => import('../examples/demo/server.js');\n",
      },
      bench: { 'main.ts': 'export const m = 1;\n', test: { 'b.test.ts': "import { m } from '../main.js';\n" } },
      examples: { demo: { 'server.ts': 'export const s = 1;\n' } },
    });
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/test-imports \(2\)/);
    expect(r.out).toMatch(/test\/a\.test\.ts:1: imports '\.\.\/bench\/main\.js'/);
    expect(r.out).toMatch(/test\/a\.test\.ts:2: imports '\.\.\/examples\/demo\/server\.js'/);
  });

  it('mid-file-import: an import or a re-export after another statement, with the line of that statement', () => {
    const r = check({
      src: {
        'a.ts':
          "import { b } from './b.js';\n\nexport const a = b;\nimport { c } from './c.js';\nexport * from './c.js';\n",
        'b.ts': "export const b = 1;\nexport type { C } from './c.js';\n",
        'c.ts': 'export const c = 1;\nexport type C = number;\n',
      },
      assembly: {
        'index.ts': "@inline export function f(): i32 { return 1; }\nexport { g } from './g';\n",
        'g.ts': 'export function g(): void {}\n',
      },
    });
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/mid-file-import \(4\)/);
    expect(r.out).toMatch(/src\/a\.ts:4: import of '\.\/c\.js' after the first other statement \(line 3\)/);
    expect(r.out).toMatch(/src\/a\.ts:5: import of '\.\/c\.js'/);
    expect(r.out).toMatch(/src\/b\.ts:2: import of '\.\/c\.js' after the first other statement \(line 1\)/);
    expect(r.out).toMatch(/assembly\/index\.ts:2: import of '\.\/g'/);
  });

  it('machine-path, outside-citation, stale-path: in code and docs; /tmp only in prose', () => {
    const r = check({
      src: {
        'a.ts': `// scratch files go to /tmp/i8conv\nexport const p = '${MACHINE}';\n/** the rounding of ${SPEC} */\nexport const q = 1;\n`,
      },
      docs: { 'guide.md': `Run it from /${'home'}/me/i8conv; see ${EXTERNAL} and ${MISSING}.\n` },
      'README.md': 'Results go to /tmp/results.\n',
    });
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/machine-path \(4\)/);
    expect(r.out).toContain(`src/a.ts:2: a development machine's path: ${MACHINE}`);
    expect(r.out).toMatch(/src\/a\.ts:1: a temporary folder's path in prose/);
    expect(r.out).toMatch(/README\.md:1: a temporary folder's path in prose/);
    expect(r.out).toMatch(/docs\/guide\.md:1: a development machine's path/);
    expect(r.out).toMatch(/outside-citation \(2\)/);
    expect(r.out).toMatch(/src\/a\.ts:3: cites a file outside the repository/);
    expect(r.out).toMatch(/stale-path \(1\)/);
    expect(r.out).toContain(`docs/guide.md:1: names ${MISSING}, which does not exist`);
  });
});
