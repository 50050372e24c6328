/**
 * The fuzzer's supervisor: runs the cases of a seeded run in child processes (child.ts, from its build
 * dist-bench/tools/fuzz/child.js), `jobs` at a time, each child running a contiguous range of cases one after the
 * other. The parent watches each case: a child that dies during a case (a signal, an exit, a V8 abort) makes that
 * case a `crash`, a case that runs past `caseMs` (default 10 s) a `hang`, a child whose resident memory passes
 * `memMb` + 1 GiB a `memory` blow-up; the child is then killed and a new one takes the range up after that case.
 * The child's own outcomes are in child.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Seed } from './mutate.js';

export interface FuzzOptions {
  /** the repository root (the child runs from its dist-bench/) */
  root: string;
  /** the folder the seeds were written to (writeSeeds) */
  seedsDir: string;
  seed: number;
  /** the case indices to run */
  indices: readonly number[];
  jobs?: number;
  /** a case's time limit (default 10 s) */
  caseMs?: number;
  /** the wasm memory limit of a case in MiB (default 2048); the child's resident limit is 1 GiB more */
  memMb?: number;
  /** the children's environment variables besides this process's (the supervisor's test: I8CONV_FUZZ_FAULTS) */
  env?: Record<string, string>;
  /** called after each case */
  onCase?: (r: CaseOutcome) => void;
}

export interface CaseOutcome {
  i: number;
  outcome: string;
  detail?: string;
  ms?: number;
}

export interface FuzzReport {
  /** cases by outcome */
  counts: Record<string, number>;
  /** every case whose outcome is not ok / refused / run-refused */
  bad: CaseOutcome[];
  results: CaseOutcome[];
  ms: number;
  /** child processes started (one per job, plus one after each crash, hang or blow-up) */
  children: number;
}

/** The outcomes that are not failures: it ran, or it was refused with a typed error and nothing left behind. */
export const isGood = (outcome: string) =>
  outcome === 'ok' || outcome.startsWith('refused ') || outcome.startsWith('run-refused ');

/** The child's build. */
export const childPath = (root: string) => join(root, 'dist-bench', 'tools', 'fuzz', 'child.js');

/** Writes seeds.json and one file per seed into `dir`. */
export function writeSeeds(seeds: readonly Seed[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const s of seeds) writeFileSync(join(dir, `${s.name}.${s.format}`), s.bytes);
  writeFileSync(join(dir, 'seeds.json'), JSON.stringify(seeds.map((s) => ({ name: s.name, format: s.format }))));
}

/** Resident memory of a process in bytes (Linux /proc), or 0 where it cannot be read. */
function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const ranges = (idx: readonly number[]) => {
  const parts: string[] = [];
  for (let k = 0; k < idx.length; ) {
    let e = k;
    while (e + 1 < idx.length && idx[e + 1] === idx[e] + 1) e++;
    parts.push(e > k ? `${idx[k]}-${idx[e]}` : `${idx[k]}`);
    k = e + 1;
  }
  return parts.join(',');
};

/** Runs `indices` in one child after another until all have an outcome (see the header). */
async function runRange(o: FuzzOptions, indices: readonly number[], out: CaseOutcome[], started: { n: number }) {
  const caseMs = o.caseMs ?? 10_000;
  const memMb = o.memMb ?? 2048;
  let rest = [...indices];
  while (rest.length) {
    started.n++;
    const got = await new Promise<CaseOutcome[]>((resolve, reject) => {
      const done: CaseOutcome[] = [];
      let current: number | null = null;
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      let verdict: { outcome: string; detail: string } | null = null;
      const child: ChildProcess = fork(childPath(o.root), [o.seedsDir, String(o.seed), ranges(rest), String(memMb)], {
        cwd: o.root,
        execArgv: [],
        env: { ...process.env, ...o.env },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let stderr = '';
      child.stderr?.on('data', (d) => {
        stderr = (stderr + String(d)).slice(-2000);
      });
      const arm = (ms: number, what: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          verdict = { outcome: 'hang', detail: what };
          child.kill('SIGKILL');
        }, ms);
      };
      arm(120_000, 'the child did not start its first case within 120 s');
      const watch = setInterval(() => {
        const rss = rssOf(child.pid);
        if (rss > (memMb + 1024) * 2 ** 20) {
          verdict = { outcome: 'memory', detail: `the child's resident memory reached ${rss} bytes` };
          child.kill('SIGKILL');
        }
      }, 200);
      child.on('message', (m: { t: string; i: number } & CaseOutcome) => {
        if (m.t === 'start') {
          current = m.i;
          arm(caseMs, `case ${m.i} ran past ${caseMs} ms`);
        } else if (m.t === 'done') {
          current = null;
          clearTimeout(timer);
          const r = { i: m.i, outcome: m.outcome, detail: m.detail, ms: m.ms };
          done.push(r);
          o.onCase?.(r);
          // between cases the child may replace its runtime (child.ts): a minute at most
          arm(60_000, `the child did not start the case after ${m.i} within 60 s`);
        } else if (m.t === 'end') {
          finished = true;
          clearTimeout(timer);
        }
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        clearInterval(watch);
        if (current !== null) {
          const v = verdict ?? {
            outcome: 'crash',
            detail: `the child exited (${signal ?? `code ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
          };
          const r = { i: current, ...v };
          done.push(r);
          o.onCase?.(r);
        } else if (!finished && done.length === 0) {
          reject(new Error(`a fuzz child failed to start (${signal ?? `code ${code}`}): ${stderr.trim().slice(-800)}`));
          return;
        }
        resolve(done);
      });
    });
    out.push(...got);
    const have = new Set(got.map((r) => r.i));
    rest = rest.filter((i) => !have.has(i));
  }
}

/** Runs the cases (see the header) and counts their outcomes. */
export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  if (!existsSync(childPath(o.root))) throw new Error(`${childPath(o.root)} is missing: build first (npm run build)`);
  const t0 = performance.now();
  const jobs = Math.max(1, Math.min(o.jobs ?? 2, o.indices.length));
  const out: CaseOutcome[] = [];
  const started = { n: 0 };
  const per = Math.ceil(o.indices.length / jobs);
  await Promise.all(
    Array.from({ length: jobs }, (_, j) => runRange(o, o.indices.slice(j * per, (j + 1) * per), out, started)),
  );
  out.sort((a, b) => a.i - b.i);
  const counts: Record<string, number> = {};
  for (const r of out) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return {
    counts,
    bad: out.filter((r) => !isGood(r.outcome)),
    results: out,
    ms: performance.now() - t0,
    children: started.n,
  };
}
