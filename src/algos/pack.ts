/**
 * The ordered algorithm pack and the heuristic (docs/conv.md#heuristic): candidates are the usable algorithms,
 * preferred ones first, in pack order; `algo: 'NAME'` forces one (an error if it cannot run the shape).
 * Order: the specialized direct algorithms (each preferred on the shapes it was measured to win, see their
 * isPreferred), then the im2col GEMM, which runs every shape and is the choice where nothing specialized is
 * preferred, then the NCHW direct dot algorithms (usable on more shapes than they are preferred for), then the
 * naive one.
 */
import { I8ConvError } from '../errors.js';
import type { ConvShape } from '../params.js';
import type { ConvAlgorithm, Isa, Rejection } from './types.js';
import { dotNchw44Direct, dotNchwNchw44 } from './direct-dot-nchw44.js';
import { firstPairs } from './first-pairs.js';
import { dotNchwDirect } from './direct-dot-nchw.js';
import { conv1x1Gemm } from './conv1x1-gemm.js';
import { im2colGemm } from './im2col-gemm.js';
import { chanwise } from './chanwise.js';
import { nchwDotStride1, nchwDotStride2 } from './strided-dot-nchw.js';
import { naive } from './naive.js';
import { winogradF23 } from './winograd.js';

export const ALGORITHMS: readonly ConvAlgorithm[] = [
  winogradF23,
  dotNchw44Direct,
  firstPairs,
  dotNchwNchw44,
  conv1x1Gemm,
  chanwise,
  dotNchwDirect,
  im2colGemm,
  nchwDotStride1,
  nchwDotStride2,
  naive,
];

export function algorithmNames(): string[] {
  return ALGORITHMS.map((a) => a.name);
}

/** The usable algorithms that `fits` accepts (e.g. a workspace limit), preferred first, each part in pack order. */
export function candidates(s: ConvShape, fits: (a: ConvAlgorithm) => boolean = () => true, isa?: Isa): ConvAlgorithm[] {
  const usable = ALGORITHMS.filter((a) => a.usable(s) === null && fits(a));
  return [...usable.filter((a) => a.isPreferred(s, isa)), ...usable.filter((a) => !a.isPreferred(s, isa))];
}

function raise(r: Rejection): never {
  throw new I8ConvError(r.code, `${r.param}: ${r.message}`, r.param);
}

/** The algorithm named `name`, or the typed error saying why it cannot run the shape. */
export function forcedAlgorithm(s: ConvShape, name: string): ConvAlgorithm {
  const a = ALGORITHMS.find((x) => x.name === name);
  if (!a)
    throw new I8ConvError('UNKNOWN_ALGORITHM', `algo: '${name}' is not one of ${algorithmNames().join(', ')}`, 'algo');
  const r = a.usable(s);
  if (r) raise(r);
  return a;
}

export function heuristicAlgorithm(
  s: ConvShape,
  fits: (a: ConvAlgorithm) => boolean = () => true,
  limit?: number,
  isa?: Isa,
): ConvAlgorithm {
  // candidates(s, fits, isa)[0], with `fits` (a plan of the algorithm) asked only until one is found
  const usable = ALGORITHMS.filter((a) => a.usable(s) === null);
  for (const a of usable) if (a.isPreferred(s, isa) && fits(a)) return a;
  for (const a of usable) if (!a.isPreferred(s, isa) && fits(a)) return a;
  if (limit !== undefined && candidates(s).length > 0) {
    throw new I8ConvError(
      'NO_ALGORITHM',
      `workspaceLimit: no algorithm runs this convolution within ${limit} bytes of workspace`,
      'workspaceLimit',
    );
  }
  throw new I8ConvError('NO_ALGORITHM', `format: no algorithm runs this ${s.format} convolution`, 'format');
}
