/**
 * The selection cache's JSON form (rt.selectionCache() / createRuntime({ selectionCache })) and its parser: apart
 * from ./selection.ts so that the runtime, which parses the option, does not import the selector (and through it
 * the operator, which imports the runtime).
 */
import { I8ConvError, check } from './errors.js';
import { ALGORITHMS } from './algos/pack.js';

export interface SelectionCacheJson {
  version: 1;
  /** key (selectionKey) -> algorithm name */
  entries: Record<string, string>;
}

export const CACHE_VERSION = 1;

export function parseSelectionCache(v: unknown): Map<string, string> {
  const json =
    typeof v === 'string'
      ? (() => {
          try {
            return JSON.parse(v) as unknown;
          } catch {
            throw new I8ConvError('BAD_TUNING_CACHE', 'selectionCache: is not valid JSON', 'selectionCache');
          }
        })()
      : v;
  const o = json as Partial<SelectionCacheJson> | null;
  check(
    o !== null &&
      typeof o === 'object' &&
      o.version === CACHE_VERSION &&
      typeof o.entries === 'object' &&
      o.entries !== null,
    'BAD_TUNING_CACHE',
    'selectionCache',
    () => `must be the JSON of rt.selectionCache() (version ${CACHE_VERSION})`,
  );
  const names = new Set(ALGORITHMS.map((a) => a.name));
  const out = new Map<string, string>();
  for (const [k, name] of Object.entries(o.entries as Record<string, unknown>)) {
    check(
      typeof name === 'string' && names.has(name),
      'BAD_TUNING_CACHE',
      'selectionCache',
      () => `entry '${k}' names no algorithm: ${String(name)}`,
    );
    out.set(k, name);
  }
  return out;
}
