/**
 * A benchmark module's command-line entry: `runAsScript(import.meta.url, main)` runs `main(argv)` when the module is
 * the script Node was started with (not when a test or another script imports it), exits with its code, and on a
 * thrown error prints the message and exits 2.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function runAsScript(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(2);
    },
  );
}
