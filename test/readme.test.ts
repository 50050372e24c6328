// The documentation as npm ships it: the packed README.md and docs/*.md (test/helpers/installed-package.ts installs
// the tarball into a fresh project). Every relative link of each shipped page resolves to a shipped file, and each
// `#anchor` to a heading of its page (GitHub's heading ids); the README has the install line; and every ```js code
// block of the README runs as written: written to a file of that project, whose node_modules holds the tarball
// (so `import ... from 'i8conv'` resolves as a consumer's does), next to the files it names (`model.onnx`: a small
// int8 QDQ image classifier made here by the quantizer; `photo.png`: an image of test/data), run by this Node, exit
// code 0. A block is not run only where its info string says `no-run: <reason>` (a browser page's script), and
// the reason is required. Needs `npm run build` first.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBuilder, attrInt, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel } from '../src/quantize/index.js';
import { ROOT, installPackedProduct, type InstalledPackage } from './helpers/installed-package.js';
import { rng } from './helpers/rng.js';

interface Block {
  info: string;
  code: string;
  /** 1-based line of the opening fence */
  line: number;
}

/** The fenced code blocks of a Markdown text (``` or ~~~ fences, any info string). */
function codeBlocks(md: string): Block[] {
  const blocks: Block[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[j]))
      body.push(lines[j++]);
    blocks.push({ info: open[2].trim(), code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

/** The Markdown text without its fenced blocks, and without its code spans (where brackets are not links) unless
 *  `keepCode` (then only their backticks go). */
function prose(md: string, keepCode = false): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const l of md.split('\n')) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(l);
    if (fence === null && f) fence = f[1];
    else if (fence !== null && f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
    else if (fence === null) out.push(l.replace(/(`+)([^`]*?)\1/g, keepCode ? '$2' : ''));
  }
  return out.join('\n');
}

/** Every link target of a Markdown text: inline `[text](target "title")`, `<a href>`, and reference definitions. */
function linkTargets(md: string): string[] {
  const text = prose(md);
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]*))(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1] ?? m[2]);
  for (const m of text.matchAll(/<a\s[^>]*href="([^"]*)"/gi)) targets.push(m[1]);
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets;
}

/**
 * The ids GitHub gives a page's headings: the text (inline code kept, link targets dropped) lower-cased, every
 * character but letters, digits, spaces, '-' and '_' removed, spaces made '-'; a repeated id gets -1, -2, ...
 */
function headingIds(md: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(md, true).split('\n')) {
    const h = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = h[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n ? `${base}-${n}` : base);
  }
  return ids;
}

const NO_RUN = /^js\s+no-run:\s*(\S.*)$/;

/** x [1, 3, 32, 32] 'image' -> Conv 3x3 s2 (8) + Relu -> Conv 3x3 s2 (16) + Relu -> GlobalAveragePool -> Flatten ->
 *  Gemm (10) -> 'logits' [1, 10]: a float image classifier, seeded weights. */
function floatClassifier(): Uint8Array {
  const r = rng(49);
  const w = (n: number, fanIn: number) => Array.from({ length: n }, () => (r() - 0.5) * 2 * Math.sqrt(3 / fanIn));
  const b = new GraphBuilder('classifier');
  b.inputs.push(valueInfo('image', 'float32', [1, 3, 32, 32]));
  b.init(f32('w1', [8, 3, 3, 3], w(216, 27)));
  b.init(f32('b1', [8], w(8, 8)));
  b.init(f32('w2', [16, 8, 3, 3], w(1152, 72)));
  b.init(f32('b2', [16], w(16, 16)));
  b.init(f32('w3', [10, 16], w(160, 16)));
  b.init(f32('b3', [10], w(10, 10)));
  const conv = { kernel_shape: attrInts([3, 3]), strides: attrInts([2, 2]), pads: attrInts([1, 1, 1, 1]) };
  b.node('Conv', ['image', 'w1', 'b1'], ['c1'], conv);
  b.node('Relu', ['c1'], ['r1']);
  b.node('Conv', ['r1', 'w2', 'b2'], ['c2'], conv);
  b.node('Relu', ['c2'], ['r2']);
  b.node('GlobalAveragePool', ['r2'], ['p']);
  b.node('Flatten', ['p'], ['f']);
  b.node('Gemm', ['f', 'w3', 'b3'], ['logits'], { transB: attrInt(1) });
  b.outputs.push(valueInfo('logits', 'float32', [1, 10]));
  return writeOnnxModel(b.graph());
}

let pkg: InstalledPackage;
let readme: string;
/** the files a sample may name, made on demand: name -> bytes */
const provided: Record<string, () => Promise<Uint8Array>> = {
  // the classifier quantized to int8 QDQ by i8conv's quantizer, calibrated on seeded inputs
  'model.onnx': async () => {
    const r = rng(7);
    const calibration = Array.from({ length: 2 }, () => ({
      image: Float32Array.from({ length: 3 * 32 * 32 }, () => 4 * r() - 2),
    }));
    const { model } = await quantizeModel(floatClassifier(), {
      calibration,
      executor: referenceInterpreter,
      report: false,
    });
    return model;
  },
  'photo.png': async () => new Uint8Array(readFileSync(join(ROOT, 'test/data/ocr/docs/00.png'))),
};

beforeAll(() => {
  pkg = installPackedProduct({ name: 'readme' });
  readme = readFileSync(join(pkg.pkgDir, 'README.md'), 'utf8');
}, 120_000);
afterAll(() => pkg?.remove());

describe('the shipped documentation (README.md and docs/*.md in the tarball)', () => {
  it('the README starts with what i8conv is and `npm install i8conv`', () => {
    const install = codeBlocks(readme).find(
      (b) => /^(sh|bash|shell)$/.test(b.info) && /^npm install i8conv$/m.test(b.code),
    );
    expect(install, 'a ```sh block with the line `npm install i8conv`').toBeDefined();
    // before any other section
    expect(install!.line).toBeLessThan(readme.split('\n').findIndex((l) => l.startsWith('## ')) + 1);
  });

  it('every relative link of every shipped page resolves to a shipped file, and its anchor to a heading', () => {
    const pages = pkg.files.filter((f) => f.endsWith('.md'));
    expect(pages).toContain('README.md');
    expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(3);
    const shipped = new Set(pkg.files);
    const ids = new Map<string, Set<string>>();
    const idsOf = (page: string) => {
      if (!ids.has(page)) ids.set(page, headingIds(readFileSync(join(pkg.pkgDir, page), 'utf8')));
      return ids.get(page)!;
    };
    const dead: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const target of linkTargets(readFileSync(join(pkg.pkgDir, page), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: (absolute)
        checked++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(path)));
        if (!shipped.has(file)) {
          dead.push(`${page}: ${target} (${file} is not in the package)`);
          continue;
        }
        if (anchor !== undefined && file.endsWith('.md') && !idsOf(file).has(decodeURIComponent(anchor)))
          dead.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(dead).toEqual([]);
  });

  it('every ```js block of the README runs as written against the installed package (exit 0)', async () => {
    const blocks = codeBlocks(readme).filter((b) => /^js(\s|$)/.test(b.info));
    const run = blocks.filter((b) => b.info === 'js');
    for (const b of blocks.filter((x) => x.info !== 'js'))
      expect(
        b.info,
        `README.md:${b.line}: a js block that does not run must say why: \`\`\`js no-run: <reason>`,
      ).toMatch(NO_RUN);
    expect(run.length).toBeGreaterThan(0);
    const exec = promisify(execFile);
    for (const b of run) {
      // the files the sample names, next to it
      for (const m of b.code.matchAll(/['"]([\w.-]+\.(?:onnx|tflite|png|jpe?g|npy))['"]/g)) {
        const name = m[1];
        expect(provided[name], `README.md:${b.line} names ${name}, which this test does not provide`).toBeDefined();
        if (!existsSync(join(pkg.project, name))) writeFileSync(join(pkg.project, name), await provided[name]());
      }
      const file = join(pkg.project, `readme-${b.line}.mjs`);
      writeFileSync(file, `${b.code}\n`);
      const r = await exec(process.execPath, [file], { cwd: pkg.project, encoding: 'utf8', timeout: 120_000 }).then(
        (o) => ({ code: 0, out: o.stdout + o.stderr }),
        (e: { code: number | null; signal?: string; stdout: string; stderr: string }) => ({
          code: e.code ?? e.signal,
          out: e.stdout + e.stderr,
        }),
      );
      expect(r.code, `README.md:${b.line} exited ${r.code}:\n${r.out}`).toBe(0);
    }
  });
});

describe('the link and heading rules this test uses', () => {
  it('finds inline, reference and HTML links outside code; GitHub heading ids', () => {
    const md = [
      '# Quantizing a float model (`i8conv/quantize`)',
      'see [a](docs/a.md#x) and [b](<b c.md>) and `[not](a link)`, <a href="h.md">h</a>',
      '```js',
      '[not](in-a-fence.md)',
      '```',
      '[ref]: docs/ref.md',
      '## Threads',
      '## Threads',
    ].join('\n');
    expect(linkTargets(md)).toEqual(['docs/a.md#x', 'b c.md', 'h.md', 'docs/ref.md']);
    expect([...headingIds(md)]).toEqual(['quantizing-a-float-model-i8convquantize', 'threads', 'threads-1']);
    expect(codeBlocks(md)).toEqual([{ info: 'js', code: '[not](in-a-fence.md)', line: 3 }]);
  });
});
