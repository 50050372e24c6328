/**
 * The corpus (fixtures/corpus.ts): every model's files are in node_modules after `npm ci` (the devDependencies and
 * the overrides to tools/npm-stub), the reassembled imgly models are ONNX files of their stated size, and each model
 * loads in i8conv as shipped, or is refused with the reason recorded below (a finding of the corpus benchmark,
 * docs/bench.md "The corpus"; when a refusal goes away, its entry here must go too). A model whose package is absent
 * is skipped with the reason in the test's name, never passed; so is the loading of the 1024x1024 models unless
 * I8CONV_CORPUS_FULL=1 (their presence is still checked).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS,
  CORPUS_EXTRA,
  type CorpusModel,
  corpusFiles,
  feedShapes,
  readCorpusModel,
} from '../fixtures/corpus.js';
import { loadOrt } from './helpers/one-node.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import { createRuntime, I8ConvError } from '../src/index.js';

/** I8CONV_CORPUS_FULL=1: load the 1024x1024 models too (ISNet: tens of seconds each on 2 cores). */
const FULL = process.env.I8CONV_CORPUS_FULL === '1';
const read = (p: string) => new Uint8Array(readFileSync(join(REPO_ROOT, p)));

/** Models i8conv refuses today as shipped: id -> the error code and a part of the message. */
const REFUSED: Record<string, { code: string; has: string }> = {
  // (none: isnet-medium, float16, loads since the float16 pass)
};

/** The files of a model that are missing ([] when all are there; the package itself when its folder is absent). */
function missing(id: string): string[] {
  const m = [...CORPUS, ...CORPUS_EXTRA].find((x) => x.id === id)!;
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
    const absent = `${m.id}: SKIPPED, ${m.pkg}@${m.version} not installed (run npm ci): ${gone.slice(0, 2).join(', ')}`;
    it.skipIf(gone.length > 0)(
      gone.length ? absent : `${m.id} is present (${m.pkg}@${m.version}, ${m.shipped})`,
      () => {
        const bytes = readCorpusModel(m, read);
        // an ONNX ModelProto starts with field 1 (ir_version, varint): byte 0x08
        expect(bytes[0]).toBe(0x08);
      },
    );
    const heavySkip = m.heavy && !FULL;
    const loadName = gone.length
      ? absent
      : heavySkip
        ? `${m.id}: load SKIPPED, 1024x1024 (tens of seconds on 2 cores; set I8CONV_CORPUS_FULL=1)`
        : `${m.id} loads in i8conv${REFUSED[m.id] ? ` (or is refused: ${REFUSED[m.id].code}, as recorded)` : ''}`;
    it.skipIf(gone.length > 0 || heavySkip)(loadName, async () => {
      const bytes = readCorpusModel(m, read);
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

const ort = await loadOrt();

/**
 * The float models as shipped (both rings, but the 1024x1024 ones) against onnxruntime-web on seed 0's feed, every
 * output bit for bit: the float path reproduces onnxruntime's float fusions (LayerNorm, Gelu, Conv + Add where its
 * declared shapes allow it) and its MLAS approximations. The quantized forms are the corpus benchmark's
 * (docs/bench.md).
 */
describe('corpus: every small model as shipped equals onnxruntime-web bit for bit', () => {
  const models: CorpusModel[] = [...CORPUS, ...CORPUS_EXTRA].filter((m) => !m.heavy);
  for (const m of models) {
    const gone = missing(m.id);
    const name = gone.length
      ? `${m.id}: SKIPPED, ${m.pkg}@${m.version} not installed (run npm ci)`
      : !ort
        ? `${m.id}: SKIPPED, onnxruntime-web is not installed`
        : `${m.id} (${m.kind}, ${m.shipped}): outputs equal onnxruntime-web's`;
    it.skipIf(gone.length > 0 || !ort)(name, async () => {
      const bytes = readCorpusModel(m, read);
      const feed = m.feed(0);
      const o = ort!;
      const session = await o.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
      let want: Record<string, ArrayLike<number | bigint>>;
      try {
        const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
        for (const [k, v] of Object.entries(feed))
          feeds[k] = new o.Tensor(v.data instanceof Float32Array ? 'float32' : 'int64', v.data, v.dims);
        const res = await session.run(feeds);
        want = Object.fromEntries(Object.entries(res).map(([k, t]) => [k, t.data as ArrayLike<number>]));
      } finally {
        await session.release();
      }
      const rt = await createRuntime({ threads: 1 });
      try {
        const model = await rt.loadModel(bytes, { inputShapes: feedShapes(feed), onFloatModel: 'allow' });
        const got = model.run(Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data])) as never);
        model.dispose();
        const bad: string[] = [];
        for (const [k, w] of Object.entries(want)) {
          const g = got[k] as ArrayLike<number>;
          let n = 0;
          for (let i = 0; i < w.length; i++) if (!Object.is(Number(g[i]), Number(w[i]))) n++;
          if (n) bad.push(`${k}: ${n} of ${w.length} differ`);
        }
        expect(bad.join('; ')).toBe('');
      } finally {
        rt.dispose();
      }
    });
  }
});
