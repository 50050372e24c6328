/**
 * The ordered algorithm pack and the heuristic (spec cpu-conv.md §5.3): candidates are the usable algorithms,
 * preferred ones first; `algo: 'NAME'` forces one (an error if it cannot run the shape).
 */
import { I8ConvError } from '../errors.js';
import type { ConvShape } from '../params.js';
import type { ConvAlgorithm, Rejection } from './types.js';
import { dotNchw44Direct, dotNchwNchw44 } from './dot-nchw44.js';

export const ALGORITHMS: readonly ConvAlgorithm[] = [dotNchw44Direct, dotNchwNchw44];

export function algorithmNames(): string[] {
  return ALGORITHMS.map((a) => a.name);
}

export function candidates(s: ConvShape): ConvAlgorithm[] {
  const usable = ALGORITHMS.filter((a) => a.usable(s) === null);
  return [...usable.filter((a) => a.isPreferred(s)), ...usable.filter((a) => !a.isPreferred(s))];
}

function raise(r: Rejection): never {
  throw new I8ConvError(r.code, `${r.param}: ${r.message}`, r.param);
}

export function selectAlgorithm(s: ConvShape): ConvAlgorithm {
  if (s.algo !== undefined) {
    const a = ALGORITHMS.find((x) => x.name === s.algo);
    if (!a) {
      throw new I8ConvError('UNKNOWN_ALGORITHM', `algo: '${s.algo}' is not one of ${algorithmNames().join(', ')}`, 'algo');
    }
    const r = a.usable(s);
    if (r) raise(r);
    return a;
  }
  const c = candidates(s);
  if (c.length > 0) return c[0];
  // Nothing can run it: report why the algorithm made for this format refuses it.
  const own = ALGORITHMS.find((a) => a.formats.includes(s.format));
  if (own) raise(own.usable(s)!);
  throw new I8ConvError('NO_ALGORITHM', `format: no algorithm runs format ${s.format} yet`, 'format');
}
