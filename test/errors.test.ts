// The one table of error codes (src/errors.ts): the README's error table lists exactly its codes with the same
// meanings, and no source, test, benchmark or guide uses a code outside it (in particular none of the codes the
// relayout and WebGPU APIs had before they moved onto the shared vocabulary).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, I8ConvError } from '../src/index.js';

const root = new URL('..', import.meta.url).pathname;

/** code -> meaning of every `| \`CODE\` | meaning |` row of the README's "## Errors" section. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Errors\n');
  expect(start, 'README.md has an "## Errors" section').toBeGreaterThan(0);
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = /^\| `([A-Z0-9_]+)` \| (.*) \|$/.exec(line.trim());
    if (!m) continue;
    expect(rows.has(m[1]), `${m[1]} listed twice`).toBe(false);
    rows.set(m[1], m[2].trim());
  }
  return rows;
}

/** Files under `dir` (recursively) whose names end with one of `exts`. */
function filesUnder(dir: string, exts: string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, exts));
    else if (exts.some((e) => name.endsWith(e))) out.push(p);
  }
  return out;
}

const OLD_CODES = [
  'BAD_OPTION',
  'BAD_SRC',
  'BAD_DST',
  'BAD_DTYPE',
  'BAD_ZERO_POINT',
  'BAD_GROUP',
  'BAD_OC', // relayout
  'BAD_PARAM',
  'BAD_INPUT',
  'BAD_BLOCK_SIZE',
  'BAD_ACTIVATION',
  'BAD_WEIGHTS',
  'BAD_SCALES',
  'BAD_OFFSETS',
  'BAD_BIAS',
  'NO_WEIGHTS', // WebGPU
];

describe('one table of error codes', () => {
  it('each code once, with a one-line meaning', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(meaning.length, code).toBeGreaterThan(10);
      expect(meaning, code).not.toMatch(/\n/);
    }
    const e = new I8ConvError('INVALID_PARAM', 'x: bad', 'x');
    expect([e.code, e.param, e.message]).toEqual(['INVALID_PARAM', 'x', '[INVALID_PARAM] x: bad']);
  });

  it("the README's error table lists exactly the table's codes, with the same meanings", () => {
    const readme = readmeTable();
    const table = new Map(Object.entries(ERROR_CODES));
    const missing = [...table.keys()].filter((c) => !readme.has(c));
    const extra = [...readme.keys()].filter((c) => !table.has(c));
    expect({ missing, extra }, 'README.md "## Errors" vs src/errors.ts ERROR_CODES').toEqual({
      missing: [],
      extra: [],
    });
    for (const [code, meaning] of table) expect(readme.get(code), code).toBe(meaning);
  });

  it('the codes tests and benchmarks expect are codes of the table', () => {
    const known = new Set(Object.keys(ERROR_CODES));
    const unknown: string[] = [];
    let checked = 0;
    for (const f of [...filesUnder(join(root, 'test'), ['.ts', '.mjs']), ...filesUnder(join(root, 'bench'), ['.ts'])]) {
      const text = readFileSync(f, 'utf8');
      // code: 'X' (toMatchObject, objectContaining) and 'X:param' (the GPU test's code:param strings)
      for (const m of text.matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'|toBe\('([A-Z][A-Z0-9_]+):[a-zA-Z.]+'\)/g)) {
        const code = m[1] ?? m[2];
        checked++;
        if (!known.has(code)) unknown.push(`${f.slice(root.length)}: ${code}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(checked, 'the scan found the expectations it checks').toBeGreaterThan(50);
  });

  it('the codes the relayout and WebGPU APIs had before the shared vocabulary are gone everywhere', () => {
    const dirs = ['src', 'test', 'bench', 'docs', 'kernels-ref'];
    const files = [
      join(root, 'README.md'),
      ...dirs.flatMap((d) => filesUnder(join(root, d), ['.ts', '.mjs', '.md'])),
    ].filter((f) => !f.endsWith('errors.test.ts') && !f.includes('/results/'));
    const found: string[] = [];
    const re = new RegExp(`\\b(${OLD_CODES.join('|')})\\b`, 'g');
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(re)) found.push(`${f.slice(root.length)}: ${m[1]}`);
    }
    expect(found).toEqual([]);
  });
});
