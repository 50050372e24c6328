/** Command-line arguments of the GPU bench scripts: `args` (after the script), `arg(k)` the value after flag k. */
export const args = process.argv.slice(2);
/** The value after flag `k`, or undefined when the flag is absent. */
export const arg = (k: string): string | undefined => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : undefined;
};
/** `--only a|b`: whether `name` contains one of the '|'-separated parts (true without the flag). */
export const picked = (name: string): boolean => {
  const o = arg('--only');
  return !o || o.split('|').some((p) => name.includes(p));
};
