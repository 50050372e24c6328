/**
 * A worker of the thread pool (pool.ts). It instantiates the runtime's threaded wasm module over the shared
 * memory, reports ready, then waits for jobs on the shared job block: for each new generation it runs tasks of the
 * posted kernel (protocol.ts runJob) until none are left, if it entered the job before the caller closed it
 * (protocol.ts enterJob), then counts itself out. No message per job: only the
 * first message (the module, the memory, the job block, its thread id) is ever posted.
 *
 * Node and Deno: started by worker_threads (Deno's node:worker_threads: unlike its Web Workers, it can be unref'd,
 * so a Deno process with a runtime open still exits) with the init data as workerData. Browsers: a module Web
 * Worker that receives the init data as its first message.
 *
 * The build (tools/build-worker.mjs) ships this module with its imports bundled in: dist/src/threads/worker.js is one
 * self-contained module, which a bundler can emit as a worker chunk, or a user can copy anywhere (workerUrl).
 */
import { importNodeBuiltin } from '../node-builtin.js';
import {
  JOB,
  WORKER_SPIN_MS,
  cameLate,
  enterJob,
  leaveJob,
  runJob,
  spinUntil,
  type TaskExports,
  type WorkerInit,
} from './protocol.js';

function serve(init: WorkerInit): void {
  const job = new Int32Array(init.job);
  const instance = new WebAssembly.Instance(init.module, {
    env: {
      memory: init.memory,
      abort: () => {
        throw new Error('a wasm kernel aborted');
      },
    },
  });
  const exports = instance.exports as unknown as TaskExports;
  let seen = Atomics.load(job, JOB.GEN);
  Atomics.add(job, JOB.READY, 1);
  Atomics.notify(job, JOB.READY);
  // how long the next poll lasts: the full WORKER_SPIN_MS after a job this worker ran tasks of; halved after a poll
  // that ended without a job (idle, or descheduled: see spinUntil) and after a job it came too late for, so that a
  // worker of a busy machine, which comes late, sleeps at once instead of taking a core from the threads with work
  let spinMs = WORKER_SPIN_MS;
  for (;;) {
    // a poll first (the next kernel of a plan, or the next layer of a network, usually comes within it); then a
    // sleep until the caller posts a job or kicks
    if (!spinUntil(() => Atomics.load(job, JOB.GEN) !== seen, spinMs)) {
      spinMs /= 2;
      Atomics.wait(job, JOB.GEN, seen);
    }
    const gen = Atomics.load(job, JOB.GEN);
    if (Atomics.load(job, JOB.QUIT)) break;
    if (gen === seen) continue;
    seen = gen;
    let ran = 0;
    // not entered: a job this worker woke too late for (the caller closed it), or a kick
    if (enterJob(job, gen)) {
      try {
        ran = runJob(exports, job, init.tid);
      } catch {
        Atomics.store(job, JOB.ERROR, 1);
        // nobody claims the rest (the caller throws): past any task count, whatever adds follow
        Atomics.store(job, JOB.NEXT, 0x3fffffff);
        ran = 1;
      }
      leaveJob(job);
    }
    if (ran > 0) spinMs = WORKER_SPIN_MS;
    else if (cameLate(job, gen)) spinMs /= 2;
  }
  Atomics.add(job, JOB.READY, -1);
}

/** A module Web Worker (browsers): the init data is its first message. */
function listen(): void {
  const g = globalThis as unknown as { onmessage?: unknown; close?: () => void };
  g.onmessage = (ev: MessageEvent<WorkerInit>) => {
    g.onmessage = null;
    serve(ev.data);
    g.close?.();
  };
}

// The entry, with no top-level await (bundlers that emit a worker as an IIFE or a classic script refuse one). In a
// browser the message handler is set while the module runs, so the first message is never missed. In Node and Deno
// a worker_threads worker has its init data as workerData; the main thread there (no worker), or a Web Worker Deno
// started, listens for the message instead.
const env = globalThis as unknown as { process?: { versions?: { node?: string } }; Deno?: unknown };
if (env.Deno === undefined && typeof env.process?.versions?.node !== 'string') {
  listen();
} else {
  importNodeBuiltin<typeof import('node:worker_threads')>('node:worker_threads').then(
    (wt) => (wt.isMainThread || !wt.workerData ? listen() : serve(wt.workerData as WorkerInit)),
    listen,
  );
}
