// Types of threads-check.mjs (a plain module so that Deno and browser pages run it as it is).
export interface ThreadsCheck {
  threading: { enabled: boolean; threads: number; reason: string };
  cases: number;
  threadedCases: number;
  failures: Array<{ algo: string; i: number; bad: number; diff1: number; guards: boolean }>;
  algorithms: string[];
}
export function threadCases(): Array<[string, Record<string, unknown>]>;
export function checkThreads(threads?: number): Promise<ThreadsCheck>;
