/**
 * `npm run bench:race` (and the end of `npm run bench:browser`): the model race of bench/race.ts in headless
 * Chromium. The driver builds each model's ONNX and TFLite files in Node (fixtures/models/race.ts `buildRaceModel`),
 * serves them under /race-models/ from a cross-origin isolated server (fixtures/browser.ts startServer), and opens
 * bench/browser/race.html once per thread count (onnxruntime-web takes its thread count once per page); the page
 * races in a module worker. Reports: `<out>/race-chromium.md` and `.json`.
 *
 * Flags: --models mobilenetv2,resnet18 (default both), --threads 1,2 (default), --quick (fewer rounds),
 * --input-size S (bind the zoo's input to S x S; tests), --settle-ms N (with threads, idle after each sample; default
 * 100), --simd128 (i8conv's SIMD128 build against LiteRT.js's compat build, 1 thread), --out DIR (default bench/results).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, NO_AVX_VNNI_FLAGS, startServer } from '../fixtures/browser.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import { RACE_MODEL_IDS, buildRaceModel, type RaceModelId } from '../fixtures/models/race.js';
import { MODELS_HEADLINE_SAMPLING, MODELS_QUICK_SAMPLING } from './models.js';
import { RACE_SETTLE_MS, renderRace, type RaceResult } from './race.js';
import type { SampleOptions } from './stats.js';
import { runAsScript } from './entry.js';

export interface RaceOptions {
  ids?: readonly RaceModelId[];
  threads?: readonly number[];
  sampling?: SampleOptions;
  inputSize?: number;
  /** With threads: idle ms after each sample (default RACE_SETTLE_MS). */
  settleMs?: number;
  /** i8conv's SIMD128 build against LiteRT.js's SIMD128 (compat) build, as on an engine without relaxed SIMD; one
   *  thread (the compat build has no threaded twin). */
  simd128?: boolean;
  /** Chromium with the CPU's AVX-VNNI hidden from V8 (NO_AVX_VNNI_FLAGS): the race as x86 without AVX-VNNI runs it
   *  (i8conv's SIMD128 build; LiteRT.js's relaxed build over a saturating relaxed dot). */
  noAvxVnni?: boolean;
}

/** Builds the files and races them at each thread count in a fresh headless Chromium. */
export async function runRaceInBrowser(
  o: RaceOptions = {},
  onLine: (line: string) => void = () => {},
): Promise<{ results: RaceResult[]; errors: string[] }> {
  const ids = o.ids ?? RACE_MODEL_IDS;
  const dir = mkdtempSync(join(tmpdir(), 'i8conv-race-models-'));
  const profile = mkdtempSync(join(tmpdir(), 'i8conv-race-chromium-'));
  const errors: string[] = [];
  try {
    for (const id of ids) {
      const t0 = performance.now();
      const f = await buildRaceModel(id, o.inputSize);
      writeFileSync(join(dir, `${id}.onnx`), f.onnx);
      writeFileSync(join(dir, `${id}.int8.onnx`), f.onnxInt8);
      writeFileSync(join(dir, `${id}.tflite`), f.tflite);
      writeFileSync(join(dir, `${id}.json`), JSON.stringify(f.meta));
      onLine(
        `race: ${f.meta.label} built in ${((performance.now() - t0) / 1000).toFixed(1)} s (ONNX ${f.meta.onnxBytes} B, TFLite ${f.meta.tfliteBytes} B)`,
      );
    }
    const srv = await startServer(REPO_ROOT, { '/race-models/': dir }, { served: ['bench/browser/'] });
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_FLAGS, ...(o.noAvxVnni ? NO_AVX_VNNI_FLAGS : [])],
    });
    const results: RaceResult[] = [];
    try {
      for (const threads of o.threads ?? [1, 2]) {
        const page = await ctx.newPage();
        page.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
        await page.exposeFunction('raceLine', (l: string) => onLine(`race: ${l}`));
        await page.goto(`${srv.origin}/bench/browser/race.html`);
        await page.waitForFunction(
          () => typeof (window as unknown as { runRace?: unknown }).runRace === 'function',
          null,
          { timeout: 30_000 },
        );
        const opts = {
          threads,
          ids,
          sampling: o.sampling ?? MODELS_HEADLINE_SAMPLING,
          settleMs: o.settleMs,
          simd128: o.simd128,
        };
        try {
          results.push(
            (await page.evaluate(
              (x) => (window as unknown as { runRace(o: unknown): Promise<RaceResult> }).runRace(x),
              opts,
            )) as RaceResult,
          );
        } catch (e) {
          errors.push(`race at ${threads} thread(s): ${String(e)}`);
        }
        await page.close();
      }
    } finally {
      await ctx.close();
      await srv.close();
    }
    return { results, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Whether i8conv's TFLite run differs from its ONNX run, or onnxruntime-web from i8conv (both must be equal). */
export function raceMismatch(results: readonly RaceResult[]): boolean {
  return results.some((r) =>
    r.rows.some((row) => (row.checks.tfliteVsOnnx?.differ ?? 0) > 0 || (row.checks.ortVsI8conv?.differ ?? 0) > 0),
  );
}

/** Writes race-chromium.md / .json into `out`; returns the markdown. */
export function writeRaceReport(
  results: RaceResult[],
  errors: string[],
  out: string,
  noAvxVnni = false,
): { md: string; paths: string[] } {
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores${noAvxVnni ? ` (its AVX-VNNI hidden from V8: ${NO_AVX_VNNI_FLAGS.join(' ')})` : ''}; ${results[0]?.info.userAgent ?? ''}`;
  let md = renderRace(results, machine);
  if (errors.length) md += `\nErrors:\n${errors.map((e) => `- ${e}`).join('\n')}\n`;
  mkdirSync(out, { recursive: true });
  const tag =
    (results.some((r) => r.info.litert?.file.includes('compat')) &&
    results.every((r) => r.info.i8conv.build === 'simd128')
      ? '-simd128'
      : '') + (noAvxVnni ? '-no-avx-vnni' : '');
  const paths = [join(out, `race-chromium${tag}.md`), join(out, `race-chromium${tag}.json`)];
  writeFileSync(paths[0], md);
  writeFileSync(paths[1], JSON.stringify({ machine, results, errors }, null, 2));
  return { md, paths };
}

const RACE_USAGE = `usage: npm run bench:race -- [options]   (or: node dist-bench/bench/race-browser.js [options])
  --models LIST     comma list of ${RACE_MODEL_IDS.join(', ')} (default: all)
  --threads LIST    thread counts, one page each (default: 1,2)
  --quick           fewer rounds
  --simd128         i8conv's SIMD128 build against LiteRT.js's compat build, 1 thread
  --no-avx-vnni     Chromium with the CPU's AVX-VNNI hidden from V8, as on x86 without it (a saturating relaxed dot:
                    i8conv's SIMD128 build, LiteRT.js's relaxed build)
  --settle-ms N     with threads: idle after each sample (default ${RACE_SETTLE_MS})
  --input-size S    bind every model's input to S x S (default: 224 for the zoo, 640 for ppocr-det)
  --out DIR         where race-chromium.md / .json go (default bench/results)`;

async function main(argv: string[]): Promise<number> {
  const o: RaceOptions = {};
  let out = join(REPO_ROOT, 'bench', 'results');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--models') {
      const ids = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const id of ids)
        if (!RACE_MODEL_IDS.includes(id as RaceModelId))
          throw new Error(`unknown model '${id}': expected ${RACE_MODEL_IDS.join(', ')}`);
      o.ids = ids as RaceModelId[];
    } else if (a === '--threads') {
      o.threads = value().split(',').map(Number);
      if (o.threads.some((t) => !Number.isInteger(t) || t < 1))
        throw new Error('--threads takes a list of positive integers');
    } else if (a === '--quick') o.sampling = MODELS_QUICK_SAMPLING;
    else if (a === '--input-size') o.inputSize = Number(value());
    else if (a === '--settle-ms') o.settleMs = Number(value());
    else if (a === '--simd128') {
      o.simd128 = true;
      o.threads ??= [1];
    } else if (a === '--no-avx-vnni') o.noAvxVnni = true;
    else if (a === '--out') out = resolve(value());
    else if (a === '--help' || a === '-h') {
      console.log(RACE_USAGE);
      return 0;
    } else throw new Error(`unknown flag ${a}\n${RACE_USAGE}`);
  }
  console.log('i8conv model race in headless Chromium');
  const { results, errors } = await runRaceInBrowser(o, (l) => console.log(l));
  const { md, paths } = writeRaceReport(results, errors, out, o.noAvxVnni);
  console.log(`\n${md}\nreport: ${paths.join(', ')}`);
  return errors.length || raceMismatch(results) ? 1 : 0;
}

runAsScript(import.meta.url, main);
