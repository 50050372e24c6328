/**
 * Node's built-in modules (node:worker_threads, node:os), for the code paths that run in Node and Deno only. The
 * specifier is a parameter, not a string literal, so that bundlers (Vite / Rollup, webpack, esbuild) neither follow
 * nor resolve it: a browser bundle of the library holds no `node:*` module, and in a browser these paths never run
 * (each caller checks for Node or Deno first). The comments keep Vite and webpack from warning about, or wrapping,
 * an import they cannot analyse.
 */
export function importNodeBuiltin<T>(name: `node:${string}`): Promise<T> {
  return import(/* @vite-ignore */ /* webpackIgnore: true */ name) as Promise<T>;
}
