/**
 * Runtimes of 1 and 2 threads for the tests that compare products across thread counts: the one-thread runtime from
 * the sources, the two-thread one from the compiled dist/ (`npm run build`), since the pool's workers need
 * JavaScript; where dist/ is not built the list holds the one-thread runtime alone (`hasDist` says which).
 */
import { existsSync } from 'node:fs';
import { createRuntime, I8ConvError, type Runtime } from '../../src/index.js';
import { loadModelSync } from '../../src/model/load.js';

export interface ThreadedRuntime {
  rt: Runtime;
  /** loadModelSync of the same build as rt */
  load: typeof loadModelSync;
}

const DIST = new URL('../../dist/src/index.js', import.meta.url);
export const hasDist = existsSync(DIST);

export async function oneAndTwoThreads(): Promise<ThreadedRuntime[]> {
  const rts: ThreadedRuntime[] = [{ rt: await createRuntime({ threads: 1 }), load: loadModelSync }];
  if (hasDist) {
    const m = (await import(DIST.href)) as { createRuntime: typeof createRuntime };
    const l = (await import(new URL('../../dist/src/model/load.js', import.meta.url).href)) as {
      loadModelSync: typeof loadModelSync;
    };
    rts.push({ rt: await m.createRuntime({ threads: 2 }), load: l.loadModelSync });
  }
  return rts;
}

/**
 * The I8ConvError code `fn` throws ('no error' when it returns; any other error is rethrown): either build's error
 * (the sources', or dist's for the 2-thread runtime).
 */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof I8ConvError) return e.code;
    if (e instanceof Error && e.name === 'I8ConvError' && typeof (e as { code?: unknown }).code === 'string')
      return (e as Error & { code: string }).code;
    throw e;
  }
  return 'no error';
}
