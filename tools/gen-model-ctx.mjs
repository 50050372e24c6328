// Generates the model kernels' parameter records from tools/model-ctx.mjs: per group, an AssemblyScript file of
// constants (the kernels' side) and an object in a TypeScript file of the host (the side that writes the records),
// with the same names and numbers.
// Usage: node tools/gen-model-ctx.mjs [outRoot]   (outRoot defaults to the repository root)
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_CTX_GROUPS } from './model-ctx.mjs';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const HEADER = '// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit';
const WIDTH = 120;

/** A doc comment at `indent`, on one line when it fits, else wrapped at WIDTH (continuation lines ` *  `). */
function docComment(text, indent = '') {
  const one = `${indent}/** ${text} */`;
  if (one.length <= WIDTH) return [one];
  const lines = [];
  let line = `${indent}/**`;
  for (const w of text.split(' ')) {
    if (line.length + 1 + w.length > WIDTH && line.trim() !== '/**' && line.trim() !== '*') {
      lines.push(line);
      line = `${indent} * `;
    }
    line += line.endsWith(' * ') ? w : ` ${w}`;
  }
  lines.push(`${line} */`);
  return lines;
}

const fail = (msg) => {
  throw new Error(`tools/model-ctx.mjs: ${msg}`);
};

/**
 * The constants of one group, in declaration order: { name, value, doc, type?, kind, section? } where kind is
 * 'field', 'const', 'bytes' or 'comment' (a comment line of the AssemblyScript file) and section starts a record.
 */
function layout(g) {
  if (g.unit !== 'byte' && g.unit !== 'index') fail(`${g.host}: unit must be 'byte' or 'index'`);
  const scale = g.unit === 'byte' ? 4 : 1;
  const out = [];
  const names = new Set();
  const add = (c) => {
    if (c.kind !== 'comment') {
      if (!/^[A-Z][A-Z0-9_]*$/.test(c.name)) fail(`${g.host}: bad name ${c.name}`);
      if (names.has(c.name)) fail(`${g.host}: ${c.name} is declared twice`);
      names.add(c.name);
    }
    out.push(c);
  };
  /** Lays out `fields` from word `at`; returns the word after the last. */
  const place = (fields, at) => {
    for (const f of fields) {
      if (typeof f === 'string') {
        add({ kind: 'comment', doc: f });
        continue;
      }
      const [name, type, doc, words = 1] = f;
      if (type !== 'i32' && type !== 'f32') fail(`${g.host}.${name}: type must be 'i32' or 'f32'`);
      if (!Number.isInteger(words) || words < 1) fail(`${g.host}.${name}: words must be an integer >= 1`);
      add({ kind: 'field', name, type, words, value: at * scale, doc });
      at += words;
    }
    return at;
  };
  const size = (bytes, used, what, group) => {
    const [name, value, doc] = bytes;
    const v = value ?? used * 4;
    if (!Number.isInteger(v) || v < used * 4 || v % 4 !== 0)
      fail(`${g.host}.${name}: ${v} bytes do not hold ${what} (${used * 4} bytes)`);
    add({ kind: 'bytes', name, value: v, doc, group });
    return v;
  };
  const header = place(g.header ?? [], 0);
  let largest = header;
  for (const r of g.records) {
    if (r.doc !== undefined) out.push({ kind: 'section', doc: r.doc });
    const end = place(r.fields, header);
    largest = Math.max(largest, end);
    for (const [name, value, doc] of r.consts ?? []) add({ kind: 'const', name, value, doc });
    if (r.bytes) size(r.bytes, end, 'its fields', false);
  }
  if (g.bytes) size(g.bytes, largest, 'its largest record', true);
  return out;
}

const docOf = (c) =>
  c.kind === 'field' ? `${c.type}${c.words > 1 ? `[${c.words}]` : ''}${c.doc ? `: ${c.doc}` : ''}` : c.doc;

const tsFiles = new Map();
for (const g of MODEL_CTX_GROUPS) {
  const cs = layout(g);
  // the kernels' side
  const as = [HEADER, '//', ...g.doc.split('\n').map((l) => `// ${l}`.trimEnd())];
  if (cs[0].kind !== 'section') as.push('');
  for (const c of cs) {
    if (c.kind === 'section') as.push('', `// ---- ${c.doc} ----`);
    else if (c.kind === 'comment') as.push(`// ${c.doc}`);
    else {
      if (c.group) as.push('');
      if (c.doc) as.push(...docComment(docOf(c)));
      as.push(`export const ${c.name}: i32 = ${c.value};`);
    }
  }
  mkdirSync(dirname(join(root, g.as)), { recursive: true });
  writeFileSync(join(root, g.as), as.join('\n') + '\n');
  // the host's side
  const ts = tsFiles.get(g.ts) ?? [HEADER];
  const what = g.unit === 'byte' ? 'Byte offsets' : 'Field indices (byte offset = index * 4)';
  ts.push(
    '',
    ...docComment(`${what} of the records of ${g.as}, and their sizes: the same names and numbers.`),
    `export const ${g.host} = {`,
  );
  for (const c of cs) {
    if (c.kind === 'section' || c.kind === 'comment') continue;
    if (c.doc) ts.push(...docComment(docOf(c), '  '));
    ts.push(`  ${c.name}: ${c.value},`);
  }
  ts.push('} as const;');
  tsFiles.set(g.ts, ts);
}
for (const [path, ts] of tsFiles) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), ts.join('\n') + '\n');
}
console.log(`generated ${MODEL_CTX_GROUPS.length} model record groups`);
