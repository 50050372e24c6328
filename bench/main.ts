/**
 * `npm start` / `npm run bench`: the benchmark suite on Node, one thread. By default the headline run (about a minute
 * on a 2-core machine): i8conv against onnxruntime-web uint8 on the headline shapes and both networks, nothing else.
 * Then the models level (bench/models.ts): MobileNetV2, ResNet-18 and PP-OCRv4 det, whole QDQ models end to end
 * against onnxruntime-web. `--full` runs every backend and section (each algorithm by name, onnxruntime-web int8,
 * naive JS, the kernel level, relayouts) on every declared shape, then the threads section (1 against N threads, in a
 * child process: bench/threads.ts) and the models' threads set (bench/models-node.ts); `--threads N` adds both to
 * any run.
 *
 *   node dist-bench/bench/main.js [--full] [--quick] [--shapes LIST] [--networks LIST] [--models LIST] [--threads N|none] [--filter REGEX] [--json] [--out DIR] [--list]
 *
 * Prints progress and the summary table, writes bench/results/<timestamp>.{json,md,html} and says where.
 * docs/bench.md describes the options and the JSON schema.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../fixtures/repo.js';
import type { OrtModule } from '../fixtures/models/ort.js';
import {
  MODELS_FULL_SAMPLING,
  MODELS_HEADLINE_SAMPLING,
  MODELS_QUICK_SAMPLING,
  MODEL_IDS,
  MODEL_INFO,
  NEAR_IDENTICAL,
  attachModelThreads,
  completeModels,
  defaultModels,
  runModelsLevel,
  selectModels,
  watchOrtMemory,
  type BuiltModel,
  type ModelId,
  type ModelRuntimeLike,
} from './models.js';
import { buildModelsChild, buildModelsInto, readModelsDir, runModelsThreadsChild } from './models-node.js';
import { NETWORKS, layerLabel, layerMacs, networkConvs, networkMacs } from '../fixtures/networks.js';
import { defaultNetworks, selectNetworks } from './networks.js';
import { buildLine, renderHtml, renderMarkdown, renderText } from './report.js';
import type { BenchResults, ModelsSection } from './schema.js';
import { validateResults } from './schema.js';
import { prepareSuite } from './setup.js';
import { createRuntime } from '../src/index.js';
import { SHAPES, selectShapes } from './shapes.js';
import { runSuite, type ProgressEvent } from './suite.js';
import {
  LoadMeter,
  finishThreads,
  parseHogOption,
  parseThreadsOption,
  runThreadsChild,
  threadsMismatches,
} from './threads.js';

export interface CliOptions {
  quick: boolean;
  /** --full: every backend and section, every declared shape, the threads section (2 threads) unless --threads says
   *  otherwise. Without it (and without --quick), the headline run. */
  full: boolean;
  shapes?: string;
  /** --networks as given; undefined = the default (defaultNetworks(quick)). */
  networks?: string;
  /** --models as given; undefined = the default (defaultModels(quick)). */
  models?: string;
  /** --threads: N of the threads section; 1 (--threads 1 or none) skips it. Default: 2 with --full or --quick, else 1. Node only. */
  threads: number;
  /** --hog N: busy-loop processes beside the threads section (bench/threads.ts startHogs); 0: none. */
  hog: number;
  filter: string | null;
  json: boolean;
  out: string;
  list: boolean;
}

export function parseArgs(argv: string[]): CliOptions {
  const o: CliOptions = {
    quick: false,
    full: false,
    threads: 1,
    hog: 0,
    filter: null,
    json: false,
    out: join(REPO_ROOT, 'bench', 'results'),
    list: false,
  };
  let threads: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined || v === '') throw new Error(`${a} needs a value`);
      return v;
    };
    const flag = a.split('=')[0];
    if (flag === '--quick') o.quick = true;
    else if (flag === '--full') o.full = true;
    else if (flag === '--json') o.json = true;
    else if (flag === '--list') o.list = true;
    else if (flag === '--shapes') o.shapes = value();
    else if (flag === '--networks') o.networks = value();
    else if (flag === '--models') o.models = value();
    else if (flag === '--threads') threads = parseThreadsOption(value());
    else if (flag === '--hog') o.hog = parseHogOption(value());
    else if (flag === '--filter') o.filter = value();
    else if (flag === '--out') o.out = resolve(value());
    else if (flag === '--help' || flag === '-h') throw new Error('help');
    else throw new Error(`unknown option ${a}`);
  }
  if (o.full && o.quick) throw new Error('--full and --quick do not go together');
  o.threads = threads ?? (o.full || o.quick ? 2 : 1);
  if (o.filter) new RegExp(o.filter, 'i'); // throws early on a malformed expression
  if (o.shapes) selectShapes(o.shapes); // throws early on a malformed shape id
  if (o.networks) selectNetworks(o.networks); // and on an unknown network
  if (o.models) selectModels(o.models); // and on an unknown model
  return o;
}

export const USAGE = `usage: npm start -- [options]   (or: node dist-bench/bench/main.js [options])
  (no option)       the headline run (about a minute on 2 cores): i8conv against onnxruntime-web uint8 on the
                    headline shapes and both networks, one thread; the build and dot flavour in the header
  --full            everything: every declared shape, every backend (each algorithm forced by name,
                    onnxruntime-web int8 and uint8, naive JS), the kernel level, relayouts, and the threads
                    section with 2 threads (about 7 minutes on 2 cores, more on a busy machine)
  --quick           the quick shape set, every backend and section, shorter sampling (< 90 s)
  --shapes LIST     comma list of groups (headline, core, first-layer, mobilenet, quick; default or all = every
                    declared shape) and shape ids IC-OC-HW-kKsS[-gG], e.g. --shapes core,3-32-224-k3s2,48-48-30-k5s1
  --networks LIST   network level: comma list of mobilenetv2, resnet18, or all / none
                    (default: both; with --quick: mobilenetv2); --filter does not apply to it
  --models LIST     models level: comma list of mobilenetv2, resnet18, ppocr-det, or all / none: whole QDQ
                    uint8 models, i8conv model.run against onnxruntime-web session.run on the same file
                    (default: all; with --quick: mobilenetv2); --filter does not apply to it
  --threads N       threads section (Node only; a child process): i8conv 1 vs N threads and onnxruntime-web
                    numThreads N on the selected shapes, i8conv 1 vs N on the selected networks' layers, and
                    the models' threads set: i8conv N threads vs onnxruntime-web numThreads N (another child)
                    (default: 2 with --full or --quick, none otherwise; --threads 1 or --threads none skips it);
                    --filter does not apply to it
  --hog N           the threads section beside N busy-loop processes (a machine busy with other work: the
                    figures under contention, docs/bench.md "Threads under load"; default 0)
  --filter REGEX    run only "<shape id>/<backend>" names matching (case-insensitive), e.g. ort-web-uint8
  --json            print the results JSON on stdout (progress and table go to stderr)
  --out DIR         where to write <timestamp>.{json,md,html} (default bench/results)
  --list            list the declared shapes and the networks' layers, and exit`;

/** Progress display: one rewritten status line on a terminal, one line per finished step otherwise. */
export function progressPrinter(stream: NodeJS.WriteStream): (ev: ProgressEvent) => void {
  const tty = stream.isTTY;
  let status = '';
  const line = (s: string) => {
    if (tty && status) stream.write('\r\x1b[K');
    stream.write(s + '\n');
    if (tty && status) stream.write(status);
  };
  const setStatus = (s: string) => {
    status = s;
    if (tty) stream.write(`\r\x1b[K${s}`);
  };
  return (ev) => {
    switch (ev.kind) {
      case 'ceiling':
        line(`ceiling loop: ${ev.gmacs.toFixed(1)} GMAC/s`);
        break;
      case 'shape':
        line(`[${ev.index + 1}/${ev.count}] ${ev.shape.label}  (${(ev.shape.macs / 1e6).toFixed(1)} MMAC)`);
        break;
      case 'step':
        setStatus(`  [${ev.index + 1}/${ev.count}] ${ev.shape.id} ${ev.backend}: ${ev.step}...`);
        break;
      case 'result':
        line(
          `    ${ev.backend.padEnd(22)} ${ev.result.gmacs.toFixed(2).padStart(7)} GMAC/s  ${ev.result.ms.toFixed(3)} ms ` +
            `(IQR ${(ev.result.spread * 100).toFixed(0)}%, ${ev.result.samples} samples)${ev.result.algo ? `  ${ev.result.algo}` : ''}  ${ev.result.check}`,
        );
        break;
      case 'skip':
        // Forced algorithms skip most shapes (other format, or the heuristic's own choice): the report lists
        // those; the terminal shows only the other skips.
        if (!ev.backend.startsWith('i8conv:')) line(`    ${ev.backend.padEnd(22)} skipped: ${ev.reason}`);
        break;
      case 'mismatch':
        line(
          `    ${ev.mismatch.backend.padEnd(22)} MISMATCH: ${ev.mismatch.error ?? `${ev.mismatch.count}/${ev.mismatch.total} differ, first at ${ev.mismatch.firstIndex}: got ${ev.mismatch.got}, want ${ev.mismatch.want}`}`,
        );
        break;
      case 'section':
        setStatus(`  ${ev.name} section...`);
        break;
      case 'network':
        line(
          `network ${ev.label}: ${ev.convs} convolutions, ${ev.layers} distinct shapes, ${(ev.macs / 1e6).toFixed(1)} MMAC`,
        );
        break;
      case 'network-step':
        setStatus(`  [${ev.index + 1}/${ev.count}] ${ev.network} ${ev.layer}: ${ev.step}...`);
        break;
      case 'network-layer': {
        const l = ev.layer;
        const t = (b: string) => (l.backends[b] ? `${l.backends[b]!.ms.toFixed(3)} ms` : '—');
        const bad = l.mismatches.map(
          (m) => `${m.backend} ${m.error ? `failed: ${m.error}` : `MISMATCH (${m.count}/${m.total} vs ${m.against})`}`,
        );
        line(
          `  [${ev.index + 1}/${ev.count}] ${l.name.padEnd(22)} ${l.label.padEnd(24)} x${l.count}  i8conv ${t('i8conv')} (${l.algo ?? 'no algorithm'}), ` +
            `ort-web-uint8 ${t('ort-web-uint8')}, ort-web-int8 ${t('ort-web-int8')}  ${bad.length ? bad.join('; ') : l.checks.i8conv}`,
        );
        break;
      }
    }
  };
}

export function timestamp(d = new Date()): string {
  return d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** Writes <out>/<stamp><suffix>.{json,md,html}; returns the three paths. */
export function writeReports(r: BenchResults, out: string, suffix = ''): { json: string; md: string; html: string } {
  mkdirSync(out, { recursive: true });
  const base = join(out, `${timestamp(new Date(r.createdAt))}${suffix}`);
  const paths = { json: `${base}.json`, md: `${base}.md`, html: `${base}.html` };
  writeFileSync(paths.json, JSON.stringify(r, null, 2) + '\n');
  writeFileSync(paths.md, renderMarkdown(r));
  writeFileSync(paths.html, renderHtml(r));
  return paths;
}

export async function loadOrtForNode(): Promise<{ ort: OrtModule | null; error?: string }> {
  try {
    const ort = (await import('onnxruntime-web')) as unknown as OrtModule;
    return { ort };
  } catch (e) {
    return { ort: null, error: String(e) };
  }
}

/** The JavaScript runtime running this CLI: Node, or Deno (which runs it through its Node compatibility layer). */
export function hostEngine(): { name: string; version: string; v8?: string } {
  const deno = (globalThis as unknown as { Deno?: { version: { deno: string; v8: string } } }).Deno;
  if (deno) return { name: 'deno', version: deno.version.deno, v8: deno.version.v8 };
  return { name: 'node', version: process.versions.node, v8: process.versions.v8 };
}

export function nodeMachine(): BenchResults['machine'] {
  const c = cpus();
  return { platform: process.platform, arch: process.arch, cpuModel: c[0]?.model?.trim(), cpus: c.length };
}

async function main(argv: string[]): Promise<number> {
  let o: CliOptions;
  try {
    o = parseArgs(argv);
  } catch (e) {
    const help = (e as Error).message === 'help';
    (help ? console.log : console.error)(help ? USAGE : `${(e as Error).message}\n${USAGE}`);
    return help ? 0 : 2;
  }
  if (o.list) {
    for (const s of SHAPES)
      console.log(
        `${s.id.padEnd(22)} ${s.label.padEnd(26)} ${(s.macs / 1e6).toFixed(1).padStart(7)} MMAC  ${s.tags.join(',')}`,
      );
    for (const n of NETWORKS) {
      console.log(
        `\nnetwork ${n.id} (${n.label}): ${networkConvs(n)} convolutions, ${n.layers.length} distinct shapes, ${(networkMacs(n) / 1e6).toFixed(1)} MMAC`,
      );
      for (const l of n.layers) {
        console.log(
          `  ${l.name.padEnd(22)} ${layerLabel(l).padEnd(24)} pad ${l.pad}  x${l.count}  ${(layerMacs(l) / 1e6).toFixed(1).padStart(7)} MMAC  ${l.occurs.join(', ')}`,
        );
      }
    }
    console.log('\nmodels (--models; QDQ, uint8 activations, per-channel int8 weights):');
    for (const id of MODEL_IDS)
      console.log(
        `  ${id.padEnd(12)} ${MODEL_INFO[id].about}; outputs compared ${MODEL_INFO[id].expect === 'exact' ? 'exactly' : `(>= ${NEAR_IDENTICAL * 100}% identical)`}`,
      );
    return 0;
  }
  const log = o.json ? process.stderr : process.stdout;
  // before onnxruntime-web's first session: the models level reports its wasm memory
  const ortMemory = watchOrtMemory();
  const { ort, error } = await loadOrtForNode();
  const input = await prepareSuite({
    quick: o.quick,
    shapes: o.shapes,
    filter: o.filter,
    ort,
    ortError: error,
    networks: o.networks ?? defaultNetworks(o.quick),
    scope: o.full || o.quick ? 'full' : 'headline',
    ortBuild: 'ort-wasm-simd-threaded.wasm (SIMD, numThreads 1)',
    engine: hostEngine(),
    machine: nodeMachine(),
    onProgress: progressPrinter(log),
  });
  log.write(
    `i8conv benchmark on ${hostEngine().name === 'deno' ? 'Deno' : 'Node'} ${hostEngine().version}, i8conv build ${buildLine(input)}: ` +
      `${input.shapes.length} shapes, backends ${input.backends.map((b) => b.name).join(', ')}` +
      `${input.scope === 'headline' ? ' (the headline run; npm start -- --full for every backend and section)' : ''}\n`,
  );
  const t0 = performance.now();
  const r = await runSuite(input);
  const modelIds = selectModels(o.models ?? defaultModels(o.quick));
  // the built models (<id>.onnx, <id>.json) for the models level and its threads child
  const modelsDir = modelIds.length ? mkdtempSync(join(tmpdir(), 'i8conv-bench-models-')) : null;
  try {
    let models: ModelsSection | null = null;
    let built: ModelId[] = [];
    if (modelsDir) {
      log.write(
        `\nmodels level: ${modelIds.join(', ')} (QDQ, uint8 activations, per-channel weights), i8conv ${buildLine(input)} model.run against onnxruntime-web session.run, one thread\n`,
      );
      // Deno runs this file through its Node layer but cannot start it as `<execPath> script`: build in-process there
      const deno = hostEngine().name === 'deno';
      log.write(
        `  building the models ${deno ? 'in this process (Deno)' : 'in a child process (node dist-bench/bench/models-node.js --build)'}\n`,
      );
      const b = deno
        ? await buildModelsInto(modelsDir, modelIds, {}, (line) => log.write(`  ${line}\n`))
        : await buildModelsChild({ dir: modelsDir, models: modelIds, onLine: (line) => log.write(`  ${line}\n`) });
      built = b.built;
      try {
        models = await runNodeModels(
          modelIds,
          o,
          ort,
          error,
          input.builds.ortWeb ?? undefined,
          ortMemory,
          (line) => log.write(`${line}\n`),
          async (id) => {
            if (!b.built.includes(id)) throw new Error(b.errors[id] ?? 'not built');
            return readModelsDir(modelsDir, [id])[0];
          },
        );
        if (deno && models)
          models.ortMemory +=
            " (Deno: the models were built in this process, so the calibration's sessions grew it first)";
      } catch (e) {
        r.models = { unavailable: `models level failed: ${String(e)}` };
        r.errors.push(r.models.unavailable);
      }
    } else r.models = { unavailable: 'not selected (--models none)' };
    r.durationS = (performance.now() - t0) / 1000;
    if (o.threads > 1) {
      log.write(
        `\nthreads section: i8conv 1 vs ${o.threads} threads, onnxruntime-web uint8 numThreads ${o.threads} (child process: node dist-bench/bench/threads.js)\n`,
      );
      const t = await runThreadsChild({
        threads: o.threads,
        quick: o.quick,
        shapes: input.shapes.map((s) => s.id),
        networks: input.networkIds ?? [],
        hog: o.hog,
        onLine: (line) => log.write(`  ${line}\n`),
      });
      attachThreads(r, t);
      if (models && modelsDir && built.length > 0) {
        log.write(
          `\nmodels level, threads set: i8conv ${o.threads} threads vs onnxruntime-web numThreads ${o.threads} (child process: node dist-bench/bench/models-node.js)\n`,
        );
        attachModelThreads(
          models,
          await runModelsThreadsChild({
            threads: o.threads,
            dir: modelsDir,
            models: built,
            quick: o.quick,
            onLine: (line) => log.write(`  ${line}\n`),
          }),
        );
      }
      r.durationS = (performance.now() - t0) / 1000;
    } else {
      r.threads = { unavailable: `not selected (--threads ${o.threads === 1 ? '1' : o.threads})` };
    }
    if (models) completeModels(r, models);
  } finally {
    if (modelsDir) rmSync(modelsDir, { recursive: true, force: true });
  }
  r.options.threadsSection = o.threads;
  return finishRun(r, o, log);
}

/**
 * The models level on Node, default set: the models built by the build child (`build` reads them), one 1-thread
 * runtime of the default build and one of the SIMD128 build where the default differs.
 */
async function runNodeModels(
  ids: ModelId[],
  o: CliOptions,
  ort: OrtModule | null,
  ortError: string | undefined,
  ortBuild: string | undefined,
  ortMemory: ReturnType<typeof watchOrtMemory>,
  onLine: (line: string) => void,
  build: (id: ModelId) => Promise<BuiltModel>,
): Promise<ModelsSection> {
  const rt = await createRuntime({ threads: 1 });
  const rtSimd128 = rt.features.build === 'simd128' ? null : await createRuntime({ build: 'simd128', threads: 1 });
  try {
    return await runModelsLevel({
      ids,
      rt: rt as unknown as ModelRuntimeLike,
      rtSimd128: rtSimd128 as unknown as ModelRuntimeLike | null,
      ort,
      ortError,
      ortBuild,
      ortMemory,
      sampling: o.quick ? MODELS_QUICK_SAMPLING : o.full ? MODELS_FULL_SAMPLING : MODELS_HEADLINE_SAMPLING,
      onLine,
      build,
      loadMeter: () => new LoadMeter(),
    });
  } finally {
    rt.dispose();
    rtSimd128?.dispose();
  }
}

/** Puts the threads section into the results: its bars (with the run's onnxruntime-web 1-thread figures), its
 * mismatches in the run's list (an i8conv one fails the run), its errors. */
export function attachThreads(r: BenchResults, t: NonNullable<BenchResults['threads']>): void {
  r.threads = t;
  if ('unavailable' in t) {
    r.errors.push(`threads section: ${t.unavailable}`);
    return;
  }
  finishThreads(t, r);
  r.mismatches.push(...threadsMismatches(t));
  r.errors.push(...t.errors.map((e) => `threads section: ${e}`));
}

/**
 * The end of a run, Node or browser: schema check, reports (file names end in `suffix`), the table, where the
 * report is, the JSON on stdout if asked. Returns the exit code: a peer's wrong output is reported, not fatal (it
 * is the peer's bug); i8conv's own mismatches fail the run.
 */
export function finishRun(
  r: BenchResults,
  o: Pick<CliOptions, 'out' | 'json'>,
  log: NodeJS.WritableStream,
  suffix = '',
): number {
  const problems = validateResults(r);
  if (problems.length) r.errors.push(...problems.map((p) => `results schema: ${p}`));
  const paths = writeReports(r, o.out, suffix);
  log.write('\n' + renderText(r) + '\n\n');
  log.write(
    `report: ${relative(process.cwd(), paths.html)}\n        ${relative(process.cwd(), paths.md)}\n        ${relative(process.cwd(), paths.json)}\n`,
  );
  if (o.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
  return r.mismatches.some((m) => m.backend.startsWith('i8conv')) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
