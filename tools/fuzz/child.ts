/**
 * The fuzzer's child process (started by supervise.ts with child_process.fork; run from its build,
 * dist-bench/tools/fuzz/child.js): makes each case it is given (mutate.ts), runs it in this process, and reports
 * over IPC: `{ t: 'start', i }` before a case (so that the parent knows which case a crash or a hang belongs to) and
 * `{ t: 'done', i, outcome, detail, ms }` after it. argv: the seeds folder (seeds.json and one file per seed), the run
 * seed, and the case indices (a comma list of ranges `a-b`).
 *
 * One case: `loadModel` (on odd cases with no arena reuse and guard bytes after every value, the tests' planner
 * hook) -> `run` with a feed of every
 * input's declared shape and type -> the guard bands -> `dispose`; the runtime's heap (rt.core.heap.bytesInUse) must
 * be back to its level before the case, whether the case ran or was refused. Outcomes:
 *   ok                      loaded and ran, guards intact, heap back
 *   refused CODE            loadModel threw I8ConvError CODE, heap back
 *   run-refused CODE        run threw I8ConvError CODE, heap back after dispose
 *   untyped                 any other exception (a wasm trap, a TypeError, a RangeError...), at load, run or dispose
 *   guards                  a guard band was overwritten
 *   leak                    the heap in use is not back to its level (detail: the bytes, and where)
 *   memory                  the wasm memory grew past the limit (a fresh runtime takes over)
 *   runtime-broken          after the case, a clean seed model no longer computes its first outputs
 * (crash and hang are the parent's: this process died, or a case ran past its time limit.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRuntime, I8ConvError, type Runtime } from '../../src/index.js';
import { loadModelSync } from '../../src/model/load.js';
import type { Model, ModelArray } from '../../src/model/executor/model.js';
import { makeCase, type Seed } from './mutate.js';

/** Feeds larger than this (bytes, all inputs together) are not made: the case counts as loaded, not run. */
const MAX_FEED_BYTES = 256 * 2 ** 20;
/** Guard bytes after every arena value (the planner's test hook), on odd cases. */
const VALUE_GUARDS = 16;

export interface CaseResult {
  outcome: string;
  detail?: string;
}

const ARRAYS = {
  float32: Float32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int32: Int32Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  float16: Uint16Array,
  double: Float64Array,
} as const;

/** A feed of every input's declared shape: seeded values of its type; null when too large to make. */
function feedsOf(m: Model, seed: number): Record<string, ModelArray> | null {
  let bytes = 0;
  for (const x of m.inputs) bytes += x.shape.reduce((a, b) => a * b, 1) * ARRAYS[x.type].BYTES_PER_ELEMENT;
  if (bytes > MAX_FEED_BYTES) return null;
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s >>> 24;
  };
  const feeds: Record<string, ModelArray> = {};
  for (const x of m.inputs) {
    const n = x.shape.reduce((a, b) => a * b, 1);
    const a = new ARRAYS[x.type](n);
    if (a instanceof Float32Array) for (let i = 0; i < n; i++) a[i] = next() / 64 - 2;
    else if (a instanceof BigInt64Array) for (let i = 0; i < n; i++) a[i] = BigInt(next() & 3);
    else if (x.type === 'bool') for (let i = 0; i < n; i++) a[i] = next() & 1;
    else for (let i = 0; i < n; i++) a[i] = next();
    feeds[x.name] = a;
  }
  return feeds;
}

const describe = (e: unknown) =>
  e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : `thrown ${typeof e}: ${String(e)}`.slice(0, 300);

/** One case in this process (see the header). */
export function runCase(rt: Runtime, bytes: Uint8Array, feedSeed: number, inject?: () => void): CaseResult {
  const heap = rt.core.heap;
  const before = heap.bytesInUse;
  inject?.();
  const leak = (where: string, then: CaseResult): CaseResult => {
    const d = heap.bytesInUse - before;
    return d === 0 ? then : { outcome: 'leak', detail: `${d} bytes held after ${where}` };
  };
  let m: Model;
  try {
    // even cases: the plan users get (arena reuse; the guard bands around the arena and the scratch); odd cases: every
    // value its own bytes with guard bytes after it (a value's bands are reused by others when the arena is)
    m = loadModelSync(rt, bytes, undefined, feedSeed % 2 ? { reuse: false, valueGuards: VALUE_GUARDS } : {});
  } catch (e) {
    if (e instanceof I8ConvError) return leak(`a refused load (${e.code})`, { outcome: `refused ${e.code}` });
    return { outcome: 'untyped', detail: `loadModel: ${describe(e)}` };
  }
  let result: CaseResult = { outcome: 'ok' };
  try {
    const feeds = feedsOf(m, feedSeed);
    if (feeds === null) result = { outcome: 'ok', detail: 'loaded; the feeds would be too large to make' };
    else {
      m.run(feeds);
      if (!m.checkGuards()) result = { outcome: 'guards', detail: 'after run' };
    }
  } catch (e) {
    if (e instanceof I8ConvError) result = { outcome: `run-refused ${e.code}` };
    else result = { outcome: 'untyped', detail: `run: ${describe(e)}` };
    if (!m.checkGuards()) result = { outcome: 'guards', detail: `after a failed run (${result.outcome})` };
  }
  try {
    m.dispose();
  } catch (e) {
    return { outcome: 'untyped', detail: `dispose: ${describe(e)}` };
  }
  return result.outcome === 'ok' || result.outcome.startsWith('run-refused')
    ? leak(result.outcome === 'ok' ? 'dispose' : `dispose after a refused run`, result)
    : result;
}

/** Reads the seeds a supervisor wrote (supervise.ts writeSeeds). */
export function readSeeds(dir: string): Seed[] {
  const list = JSON.parse(readFileSync(join(dir, 'seeds.json'), 'utf8')) as { name: string; format: Seed['format'] }[];
  return list.map((s) => ({ ...s, bytes: new Uint8Array(readFileSync(join(dir, `${s.name}.${s.format}`))) }));
}

/** "0-9,12,20-29" -> the indices. */
export function parseIndices(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',').filter(Boolean)) {
    const [a, b] = part.split('-').map(Number);
    for (let i = a; i <= (b ?? a); i++) out.push(i);
  }
  return out;
}

/** A fresh single-thread runtime, with each seed loaded and run once (the first use of every kernel's lazy state,
 * so that what stays allocated afterwards is the runtime's and not a case's) and a clean seed's first outputs. */
async function freshRuntime(seeds: readonly Seed[]) {
  const rt = await createRuntime({ threads: 1 });
  for (const s of seeds) {
    const r = runCase(rt, s.bytes, 1);
    if (r.outcome !== 'ok' && r.outcome !== 'leak') throw new Error(`seed ${s.name}: ${r.outcome} ${r.detail ?? ''}`);
  }
  const probe = seeds[0];
  const first = (m: Model) => {
    const f = feedsOf(m, 1)!;
    return Object.values(m.run(f)).map((a) => Array.from(a as ArrayLike<number>, Number));
  };
  const golden = (() => {
    const m = loadModelSync(rt, probe.bytes);
    try {
      return JSON.stringify(first(m));
    } finally {
      m.dispose();
    }
  })();
  const healthy = () => {
    try {
      const m = loadModelSync(rt, probe.bytes);
      try {
        return JSON.stringify(first(m)) === golden;
      } finally {
        m.dispose();
      }
    } catch {
      return false;
    }
  };
  return { rt, healthy };
}

/** I8CONV_FUZZ_FAULTS="3:crash,5:hang,7:leak,9:throw" (the supervisor's own test): case index -> a fault. */
function parseFaults(spec: string | undefined): Map<number, string> {
  return new Map(
    (spec ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => {
        const [i, f] = p.split(':');
        return [Number(i), f];
      }),
  );
}

/** Makes the supervisor's test faults happen in this process: a hard crash, an endless loop, a heap block kept, an
 * exception that is not an I8ConvError. */
function injectFault(fault: string | undefined, rt: Runtime): (() => void) | undefined {
  if (fault === 'crash') process.kill(process.pid, 'SIGSEGV');
  else if (fault === 'hang') for (;;);
  else if (fault === 'throw') throw new TypeError('an injected fault');
  // a block taken during the case (before its load), never released
  return fault === 'leak' ? () => void rt.core.heap.alloc(4096) : undefined;
}

/** The child's main: runs the cases named on the command line and reports each over IPC. */
export async function childMain(argv: string[]): Promise<void> {
  const [dir, seedArg, spec, memArg] = argv;
  const seeds = readSeeds(dir);
  const runSeed = Number(seedArg);
  const memLimit = Number(memArg ?? 2048) * 2 ** 20;
  const send = (m: object) =>
    new Promise<void>((res) => {
      if (process.send) process.send(m, () => res());
      else {
        console.log(JSON.stringify(m));
        res();
      }
    });
  let env = await freshRuntime(seeds);
  const faults = parseFaults(process.env.I8CONV_FUZZ_FAULTS);
  for (const i of parseIndices(spec)) {
    await send({ t: 'start', i });
    const t0 = performance.now();
    let r: CaseResult;
    try {
      const inject = injectFault(faults.get(i), env.rt);
      const c = makeCase(seeds, runSeed, i);
      r = runCase(env.rt, c.bytes, i, inject);
    } catch (e) {
      r = { outcome: 'untyped', detail: `outside the pipeline: ${describe(e)}` };
    }
    const bytes = env.rt.core.memory.buffer.byteLength;
    if (bytes > memLimit) r = { outcome: 'memory', detail: `wasm memory ${bytes} bytes (${r.outcome})` };
    else if (r.outcome !== 'ok' && !r.outcome.startsWith('refused') && !env.healthy())
      r = { outcome: 'runtime-broken', detail: `after ${r.outcome}${r.detail ? `: ${r.detail}` : ''}` };
    // a runtime whose memory grew large (wasm memory never shrinks) is replaced, so that later cases start small
    if (bytes > 256 * 2 ** 20 || r.outcome === 'runtime-broken') {
      env.rt.dispose();
      env = await freshRuntime(seeds);
    }
    await send({ t: 'done', i, ...r, ms: Math.round(performance.now() - t0) });
  }
  await send({ t: 'end' });
  env.rt.dispose();
}

if (process.argv[1]?.endsWith('child.js') || process.argv[1]?.endsWith('child.ts')) {
  childMain(process.argv.slice(2)).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(3);
    },
  );
}
