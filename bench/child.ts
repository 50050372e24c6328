/**
 * A benchmark section in a child process (the threads section, bench/threads.ts, and the models level's builds and
 * threads set, bench/models-node.ts): `node ARGS` with the same node binary, its stderr passed on line by line, its
 * last stdout line parsed as the section's JSON. Node only.
 */
import { spawn } from 'node:child_process';

export interface JsonChildOptions {
  /** names the child in messages, e.g. 'threads child process' */
  label: string;
  /** each stderr line as it arrives (progress) */
  onLine?: (line: string) => void;
  /** kill the child after this long */
  timeoutMs: number;
  /** exit codes whose JSON is the result (others: unavailable) */
  okCodes: readonly number[];
}

/** Runs `process.execPath args`; resolves to the JSON of its last stdout line, or { unavailable } saying why not. */
export function runJsonChild<T>(args: readonly string[], o: JsonChildOptions): Promise<T | { unavailable: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let partial = '';
    const tail: string[] = [];
    const line = (l: string) => {
      o.onLine?.(l);
      tail.push(l);
      if (tail.length > 20) tail.shift();
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      const lines = (partial + d).split('\n');
      partial = lines.pop()!;
      lines.forEach(line);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      res({ unavailable: `${o.label} did not start: ${String(e)}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (partial) line(partial);
      try {
        const t = JSON.parse(out.trim().split('\n').pop() ?? '') as T | { unavailable: string };
        if (code !== null && o.okCodes.includes(code)) return res(t);
      } catch {
        // no JSON: reported below
      }
      res({
        unavailable: `${o.label} ended with ${signal ?? `code ${code}`} and no results: ${tail.slice(-5).join(' | ') || '(no output)'}`,
      });
    });
  });
}
