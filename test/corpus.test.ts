/**
 * The corpus (fixtures/corpus.ts): every model's files are in node_modules after `npm ci` (the devDependencies and
 * the overrides to tools/npm-stub), the reassembled imgly models are ONNX files of their stated size, and each model
 * loads in i8conv as shipped, or is refused with the reason recorded below (a finding of the corpus benchmark,
 * docs/bench.md "The corpus"; when a refusal goes away, its entry here must go too). A model whose package is absent
 * is skipped with the reason in the test's name, never passed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, corpusFiles, feedShapes, readCorpusModel } from '../fixtures/corpus.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import { createRuntime, I8ConvError } from '../src/index.js';

const read = (p: string) => new Uint8Array(readFileSync(join(REPO_ROOT, p)));

/** Models i8conv refuses today as shipped: id -> the error code and a part of the message. */
const REFUSED: Record<string, { code: string; has: string }> = {
  // float16 weights behind a Cast: the runtime computes in float32, int8, uint8, int32 only
  'isnet-medium': { code: 'UNSUPPORTED_OP', has: 'is float16, a type the runtime does not compute with' },
};

/** The files of a model that are missing ([] when all are there; the package itself when its folder is absent). */
function missing(id: string): string[] {
  const m = CORPUS.find((x) => x.id === id)!;
  const pkgDir = `node_modules/${m.pkg}`;
  if (!existsSync(join(REPO_ROOT, pkgDir, 'package.json'))) return [pkgDir];
  try {
    return corpusFiles(m, read).filter((f) => !existsSync(join(REPO_ROOT, f)));
  } catch (e) {
    return [String(e)];
  }
}

describe('corpus: present after npm ci, loads in i8conv', () => {
  it('has at least 10 models of at least 5 task kinds, one shipped as quantize_dynamic int8', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(CORPUS.map((m) => m.kind)).size).toBeGreaterThanOrEqual(5);
    expect(CORPUS.some((m) => m.shipped === 'int8 dynamic')).toBe(true);
    expect(new Set(CORPUS.map((m) => m.id)).size).toBe(CORPUS.length);
  });

  for (const m of CORPUS) {
    const gone = missing(m.id);
    const name = gone.length
      ? `${m.id}: SKIPPED, ${m.pkg}@${m.version} not installed (run npm ci): ${gone.slice(0, 2).join(', ')}`
      : `${m.id} (${m.pkg}@${m.version}, ${m.shipped})`;
    it.skipIf(gone.length > 0)(name, async () => {
      const bytes = readCorpusModel(m, read);
      // an ONNX ModelProto starts with field 1 (ir_version, varint): byte 0x08
      expect(bytes[0]).toBe(0x08);
      const rt = await createRuntime();
      try {
        const refusal = REFUSED[m.id];
        let err: unknown = null;
        try {
          const model = await rt.loadModel(bytes, { inputShapes: feedShapes(m.feed(0)) });
          expect(model.inputs.length).toBeGreaterThan(0);
          model.dispose();
        } catch (e) {
          err = e;
        }
        if (refusal) {
          expect(err, `${m.id} now loads: remove it from REFUSED`).toBeInstanceOf(I8ConvError);
          expect((err as I8ConvError).code).toBe(refusal.code);
          expect((err as Error).message).toContain(refusal.has);
        } else if (err) throw err;
      } finally {
        rt.dispose();
      }
    });
  }
});
