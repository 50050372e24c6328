// Checks the repository's sources for what neither the compiler nor the linter (biome.jsonc) catches; prints each
// problem as `file:line: what` under its rule and exits 1 when there is any (0 when there is none).
// Usage: node tools/check-sources.mjs [--root DIR]   (from any folder; run by `npm run lint` and test/sources.test.ts)
//
// Rules:
//   import-cycle     No cycle of static relative imports among src/, bench/, fixtures/, kernels-ref/, test/,
//                    examples/, tools/ and lab/ (`import`, `import type`, `export ... from`: a type-only cycle counts;
//                    `import()` expressions do not, they load lazily). Each cycle is reported once, with its files.
//   test-imports     No file in test/ imports from bench/ or examples/ (statically or by `import('...')`): the
//                    library's tests stand alone; the benchmark's and the examples' own tests live beside them.
//   mid-file-import  Every `import` and `export ... from` declaration of a code file (the folders above and assembly/)
//                    comes before its first other statement; only comments, a `#!` line and local export lists
//                    (`export { a, b };`, which run nothing) may precede them. Imports are hoisted, so one further
//                    down runs first all the same: its place only misleads the reader.
//   machine-path     No absolute path of a development machine in code or docs (the folders above, assembly/, docs/,
//                    README.md): `/work/`, `/home/`, `/root/`, `/Users/`, `/mnt/` anywhere, and `/tmp/` in prose
//                    (comments, Markdown, HTML). System paths the code uses at run time on purpose (`/usr/...`:
//                    Chromium, ONNX's test data) are fine, and so is `/tmp/` in a code string (a run-time value, as is
//                    a folder made with os.tmpdir()). A path counts where it starts a word: not in a URL or a relative
//                    path.
//   outside-citation No citation of a file outside the repository: the external operator spec (`spec §`,
//                    `shared/spec`, `onnx-int8-ops.md`, `cpu-conv.md`) or anything under `../shared/`, `shared/STYLE`.
//                    The semantics are written in docs/ (docs/int8-ops.md): cite that.
//   stale-path       A repository path named in prose (comments, docs: `src/.../x.ts`, `docs/x.md`, a glob such as
//                    `assembly/model/*-ctx.ts`) names a file that exists; `x.js` may name `x.ts` (its build), and paths
//                    under the build and run outputs (dist/, dist-bench/, build/, src/generated/, lab/generated/,
//                    bench/results/, test-output/) are not checked. (A path in a code string fails where it is used.)
//
// With Biome (biome.jsonc: the formatter and the linter), this is `npm run lint`; test/sources.test.ts runs both in
// `npm test`. That test is left out of vitest's run (vitest.config.ts `exclude`) until the one reformat commit of the
// tree, which runs `npm run format` (the formatter, then the check with its safe fixes: two formatting passes, as
// Biome settles a few constructs on the second), fixes by hand what the linter still reports and this script
// finds, and removes that `exclude` line.
//
// Files: git's tracked and untracked-but-not-ignored files (`git ls-files -co --exclude-standard`), so build outputs
// and node_modules are never read; without git, a walk of the same folders that skips those.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// --root DIR checks another tree (the checker's own tests run it on small made-up ones)
const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'tools/check-sources.mjs';
const CODE_DIRS = ['src', 'bench', 'fixtures', 'kernels-ref', 'test', 'examples', 'tools', 'lab'];
const SCANNED = [...CODE_DIRS, 'assembly', 'docs', 'README.md'];
const CODE_EXT = /\.(ts|mts|cts|mjs|cjs|js)$/;
const TEXT_EXT = /\.(ts|mts|cts|mjs|cjs|js|md|json|html|css|wat|txt|sh)$/;
const OUTPUTS = [
  'dist/',
  'dist-bench/',
  'build/',
  'src/generated/',
  'lab/generated/',
  'bench/results/',
  'test-output/',
];
const SKIP_DIRS = new Set(['node_modules', '.git', ...OUTPUTS.map((o) => o.replace(/\/$/, ''))]);

function listFiles() {
  try {
    const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', ...SCANNED], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((f) => f && existsSync(join(ROOT, f)));
  } catch {
    const files = [];
    const walk = (rel) => {
      const abs = join(ROOT, rel);
      if (!existsSync(abs)) return;
      if (statSync(abs).isFile()) return void files.push(rel);
      for (const e of readdirSync(abs, { withFileTypes: true })) {
        const r = posix.join(rel, e.name);
        if (e.isDirectory()) {
          if (!SKIP_DIRS.has(e.name) && !SKIP_DIRS.has(r)) walk(r);
        } else if (e.isFile()) files.push(r);
      }
    };
    for (const s of SCANNED) walk(s);
    return files;
  }
}

const REGEX_AFTER = new Set([...'(,=:[!&|?{};+-*%<>~^'], '');
const REGEX_KEYWORDS = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'instanceof',
  'yield',
  'await',
]);

/**
 * Lexes JavaScript / TypeScript just enough to tell code from comments and literals. Returns `code` (comments and
 * template-literal text blanked, string literals kept: import specifiers are strings), `bare` (string literals'
 * contents blanked too) and `comments` (only the comments' text kept); all three keep every offset and newline.
 */
function lex(src) {
  const n = src.length;
  const code = src.split('');
  const bare = src.split('');
  const comments = new Array(n).fill(' ');
  const blank = (arr, a, b) => {
    for (let k = a; k < b; k++) if (arr[k] !== '\n') arr[k] = ' ';
  };
  const templates = []; // brace depth at each open `${`
  let depth = 0;
  let last = ''; // the last significant code character, or the last word
  let i = 0;
  if (src.startsWith('#!')) {
    i = src.indexOf('\n') < 0 ? n : src.indexOf('\n');
    blank(code, 0, i);
    blank(bare, 0, i);
  }
  const template = () => {
    // i is just past a backtick or a `}` closing a `${`: read template text up to the closing backtick or a `${`
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        blank(code, start, i);
        blank(bare, start, i);
        i++;
        last = 'x';
        return;
      } else if (c === '$' && src[i + 1] === '{') {
        blank(code, start, i);
        blank(bare, start, i);
        i += 2;
        templates.push(depth);
        depth++;
        last = '{';
        return;
      } else i++;
    }
    blank(code, start, n);
    blank(bare, start, n);
  };
  while (i < n) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      const e = src.indexOf('\n', i) < 0 ? n : src.indexOf('\n', i);
      for (let k = i; k < e; k++) comments[k] = src[k];
      blank(code, i, e);
      blank(bare, i, e);
      i = e;
    } else if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2) < 0 ? n : src.indexOf('*/', i + 2) + 2;
      for (let k = i; k < e; k++) comments[k] = src[k];
      blank(code, i, e);
      blank(bare, i, e);
      i = e;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < n && src[k] !== c && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
      blank(bare, i + 1, Math.min(k, n));
      i = k + 1;
      last = 'x';
    } else if (c === '`') {
      i++;
      template();
    } else if (c === '/' && (REGEX_AFTER.has(last) || REGEX_KEYWORDS.has(last))) {
      // a regular expression literal; one that reaches the end of its line was a division after all
      let k = i + 1;
      let cls = false;
      while (k < n && src[k] !== '\n' && (cls || src[k] !== '/')) {
        if (src[k] === '\\') k++;
        else if (src[k] === '[') cls = true;
        else if (src[k] === ']') cls = false;
        k++;
      }
      if (k < n && src[k] === '/') {
        blank(code, i + 1, k);
        blank(bare, i + 1, k);
        i = k + 1;
        while (i < n && /[a-z]/i.test(src[i])) i++;
        last = 'x';
      } else {
        i++;
        last = '/';
      }
    } else if (/\s/.test(c)) i++;
    else if (/[A-Za-z_$]/.test(c)) {
      let k = i;
      while (k < n && /[\w$]/.test(src[k])) k++;
      last = src.slice(i, k);
      i = k;
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[\w.]/.test(src[i])) i++;
      last = 'x';
    } else {
      if (c === '{' || c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === '}') {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          i++;
          template();
          continue;
        }
      }
      last = c === ')' || c === ']' || c === '}' ? (c === '}' ? '}' : 'x') : c;
      i++;
    }
  }
  return { code: code.join(''), bare: bare.join(''), comments: comments.join('') };
}

// A static import or re-export declaration at the start of a line: `import ... from 'x'`, `import 'x'`,
// `export ... from 'x'`; group 1 is `type` where the whole declaration is type-only, group 3 the specifier.
const DECL =
  /^[ \t]*(?:import\s+(type\s+)?(?:[\w$*{][^'"`;]*?\s*from\s*)?|export\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(['"])([^'"\n]+)\3[^\S\n]*(?:(?:with|assert)\s*\{[^}]*\}\s*)?;?/gm;
const LOCAL_EXPORTS = /^[ \t]*export\s+(?:type\s+)?\{[^}]*\}(?!\s*from\b)\s*;?/gm;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

function lineOf(src, offset) {
  let line = 1;
  for (let k = src.indexOf('\n'); k >= 0 && k < offset; k = src.indexOf('\n', k + 1)) line++;
  return line;
}

/** Static declarations (with their extents) and dynamic `import('...')` specifiers of a code file. */
function importsOf(src) {
  const { code, bare, comments } = lex(src);
  const decls = [];
  for (const m of code.matchAll(DECL)) {
    // a declaration nested in a block (`declare module '...' { import ... }`) is not the file's own
    let depth = 0;
    for (let k = 0; k < m.index; k++) {
      const c = bare[k];
      if (c === '{' || c === '(' || c === '[') depth++;
      else if (c === '}' || c === ')' || c === ']') depth--;
    }
    if (depth !== 0) continue;
    const start = m.index + m[0].length - m[0].trimStart().length;
    decls.push({ spec: m[4], start, end: m.index + m[0].length, line: lineOf(src, start) });
  }
  // `import('...')` in code, not in a string literal (whose contents `bare` blanks)
  const dynamic = [...code.matchAll(DYNAMIC)]
    .filter((m) => bare.startsWith('import', m.index))
    .map((m) => ({ spec: m[2], line: lineOf(src, m.index) }));
  return { decls, dynamic, bare, comments };
}

function main() {
  const files = listFiles().sort();
  const fileSet = new Set(files);
  const problems = {
    'import-cycle': [],
    'test-imports': [],
    'mid-file-import': [],
    'machine-path': [],
    'outside-citation': [],
    'stale-path': [],
  };
  const texts = new Map();
  for (const f of files) if (TEXT_EXT.test(f)) texts.set(f, readFileSync(join(ROOT, f), 'utf8'));

  /** The repository file a relative specifier of `from` names (`./x.js` is `./x.ts` in source), or null. */
  const resolveSpec = (from, spec) => {
    if (!spec.startsWith('./') && !spec.startsWith('../')) return null;
    const p = posix.normalize(posix.join(posix.dirname(from), spec));
    const stem = p.replace(/\.(m|c)?js$/, '');
    const cands = [p, `${stem}.ts`, `${stem}.mts`, `${stem}.cts`, `${p}.ts`, `${p}/index.ts`, `${p}/index.js`];
    if (/\.js$/.test(p)) cands.push(`${stem}.d.ts`);
    return cands.find((c) => fileSet.has(c)) ?? p;
  };

  // ---- imports: the graph, test/'s imports, mid-file declarations
  const graph = new Map(); // file -> Map(target -> line of the first import of it)
  for (const [f, src] of texts) {
    if (!CODE_EXT.test(f)) continue;
    const top = f.split('/')[0];
    const { decls, dynamic, bare } = importsOf(src);
    // mid-file: the text before each declaration, less the earlier declarations and local export lists
    // (`export { a, b };`, which run nothing), holds only blanks and comments
    const rest = bare.replace(LOCAL_EXPORTS, (m) => m.replace(/[^\n]/g, ' '));
    let prevEnd = 0;
    let firstOther = -1;
    for (const d of decls) {
      if (firstOther < 0 && rest.slice(prevEnd, d.start).trim() !== '') {
        firstOther = prevEnd + rest.slice(prevEnd, d.start).search(/\S/);
      }
      if (firstOther >= 0) {
        problems['mid-file-import'].push(
          `${f}:${d.line}: import of '${d.spec}' after the first other statement (line ${lineOf(src, firstOther)})`,
        );
      }
      prevEnd = d.end;
    }
    if (!CODE_DIRS.includes(top)) continue;
    const edges = new Map();
    for (const d of decls) {
      const t = resolveSpec(f, d.spec);
      if (t && fileSet.has(t) && !edges.has(t)) edges.set(t, d.line);
    }
    graph.set(f, edges);
    if (top === 'test') {
      for (const d of [...decls, ...dynamic]) {
        const t = resolveSpec(f, d.spec);
        if (t && /^(dist-bench\/)?(bench|examples)\//.test(t)) {
          problems['test-imports'].push(
            `${f}:${d.line}: imports '${d.spec}' (${t.split('/')[0] === 'dist-bench' ? t : t.split('/')[0]}/)`,
          );
        }
      }
    }
  }

  // ---- cycles: Tarjan's strongly connected components; each one of two or more files (or a file importing itself)
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const sccs = [];
  const strong = (v) => {
    // iterative, so that a long import chain cannot overflow the call stack
    const work = [[v, [...(graph.get(v)?.keys() ?? [])], 0]];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const top = work[work.length - 1];
      const [u, succ] = top;
      if (top[2] < succ.length) {
        const w = succ[top[2]++];
        if (!graph.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(graph.get(w)?.keys() ?? [])], 0]);
        } else if (onStack.has(w)) low.set(u, Math.min(low.get(u), idx.get(w)));
      } else {
        work.pop();
        if (work.length) {
          const p = work[work.length - 1][0];
          low.set(p, Math.min(low.get(p), low.get(u)));
        }
        if (low.get(u) === idx.get(u)) {
          const comp = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            comp.push(w);
          } while (w !== u);
          if (comp.length > 1 || graph.get(u)?.has(u)) sccs.push(comp.sort());
        }
      }
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  for (const comp of sccs) {
    // one concrete loop through the component's first file, by breadth-first search inside the component
    const inComp = new Set(comp);
    const start = comp[0];
    const prev = new Map();
    const queue = [start];
    let found = null;
    while (queue.length && !found) {
      const u = queue.shift();
      for (const w of graph.get(u).keys()) {
        if (!inComp.has(w)) continue;
        if (w === start) {
          found = u;
          break;
        }
        if (!prev.has(w)) {
          prev.set(w, u);
          queue.push(w);
        }
      }
    }
    const loop = [start];
    for (let u = found; u && u !== start; u = prev.get(u)) loop.splice(1, 0, u);
    loop.push(start);
    const hops = loop.slice(0, -1).map((u, k) => `${u}:${graph.get(u).get(loop[k + 1])}`);
    problems['import-cycle'].push(
      `${comp.length} file${comp.length > 1 ? 's' : ''} in a cycle: ${comp.join(', ')}\n    e.g. ${hops.join(' -> ')} -> ${start}`,
    );
  }

  // ---- paths and citations, in code and docs
  const MACHINE = /(?<![\w.~/-])\/(work|home|root|Users|mnt)\/[^\s'"`)]*/g;
  const TMP = /(?<![\w.~/-])\/tmp\/[^\s'"`)]*/g;
  const CITATION = /\bspec\s*§|shared\/spec|shared\/STYLE|\.\.\/shared\/|onnx-int8-ops\.md|cpu-conv\.md/gi;
  const REPO_PATH =
    /(?<![\w./@-])(?:src|test|bench|fixtures|examples|tools|lab|docs|assembly|kernels-ref)\/[\w./*-]*?\.(?:ts|mts|mjs|js|md|json|html|wat|wasm)(?![\w])/g;
  const globRe = (g) =>
    new RegExp(
      `^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/?|\*/g, (s) => (s === '*' ? '[^/]*' : '(?:.*/)?'))}$`,
    );
  const exists = (p) => {
    if (OUTPUTS.some((o) => p.startsWith(o))) return true;
    const alts = [p, p.replace(/\.(m)?js$/, '.$1ts')];
    if (p.includes('*')) return alts.some((a) => files.some((f) => globRe(a).test(f)));
    return alts.some((a) => fileSet.has(a) || existsSync(join(ROOT, a)));
  };
  for (const [f, src] of texts) {
    if (f === SELF) continue; // its header names the patterns
    // prose: a code file's comments, every other file (Markdown, HTML) whole
    const prose = CODE_EXT.test(f) ? lex(src).comments : src;
    const report = (rule, re, text, what) => {
      for (const m of text.matchAll(re)) problems[rule].push(`${f}:${lineOf(src, m.index)}: ${what(m[0])}`);
    };
    report('machine-path', MACHINE, src, (s) => `a development machine's path: ${s}`);
    report('machine-path', TMP, prose, (s) => `a temporary folder's path in prose: ${s}`);
    report(
      'outside-citation',
      CITATION,
      src,
      (s) => `cites a file outside the repository: '${s}' (cite docs/ instead)`,
    );
    for (const m of prose.matchAll(REPO_PATH)) {
      if (!exists(m[0]))
        problems['stale-path'].push(`${f}:${lineOf(src, m.index)}: names ${m[0]}, which does not exist`);
    }
  }

  let total = 0;
  for (const [rule, list] of Object.entries(problems)) {
    if (!list.length) continue;
    total += list.length;
    console.log(`${rule} (${list.length}):`);
    for (const p of list) console.log(`  ${p}`);
  }
  console.log(
    total
      ? `check-sources: ${total} problem${total > 1 ? 's' : ''} in ${texts.size} files`
      : `check-sources: no problem in ${texts.size} files`,
  );
  return total ? 1 : 0;
}

process.exitCode = main();
