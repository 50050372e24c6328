// Model bytes are untrusted input: 1,000 seeded mutations (bit flips, byte overwrites, truncations, spliced and
// duplicated ranges) of small test models through rt.loadModel. Each either loads and runs (a model.run on seeded
// feeds, every guard band intact) or raises an I8ConvError with a code — never another exception, a hang or an
// abort; and the runtime keeps working afterwards (the unmutated model still gives its first outputs).
import { loadModelSync } from '../src/model/load.js';
import { describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { branchesModel, convChain } from './helpers/model-builders.js';
import { rng, randInt } from './helpers/rng.js';

const MUTATIONS = 1000;

function mutate(r: () => number, src: Uint8Array, pool: readonly Uint8Array[]): Uint8Array {
  const b = Uint8Array.from(src);
  const kind = randInt(r, 0, 5);
  const at = randInt(r, 0, b.length - 1);
  switch (kind) {
    case 0: {
      // flip 1-4 bits
      const n = randInt(r, 1, 4);
      for (let i = 0; i < n; i++) b[randInt(r, 0, b.length - 1)] ^= 1 << randInt(r, 0, 7);
      return b;
    }
    case 1: // overwrite a byte with an extreme value (varint continuation, lengths)
      b[at] = [0x00, 0x7f, 0x80, 0xff, 0x01][randInt(r, 0, 4)];
      return b;
    case 2: // truncate
      return b.subarray(0, at);
    case 3: {
      // splice a range of another model in
      const o = pool[randInt(r, 0, pool.length - 1)];
      const s = randInt(r, 0, o.length - 1),
        len = randInt(r, 1, Math.min(64, o.length - s));
      return Uint8Array.from([...b.subarray(0, at), ...o.subarray(s, s + len), ...b.subarray(at)]);
    }
    case 4: {
      // duplicate a range (repeated fields, nodes producing a value twice)
      const len = randInt(r, 1, Math.min(96, b.length - at));
      return Uint8Array.from([...b.subarray(0, at + len), ...b.subarray(at, at + len), ...b.subarray(at + len)]);
    }
    default: {
      // write a big varint (absurd dims, lengths)
      const v = [0xff, 0xff, 0xff, 0xff, 0x0f];
      return Uint8Array.from([...b.subarray(0, at), ...v, ...b.subarray(Math.min(b.length, at + v.length))]);
    }
  }
}

describe('rt.loadModel on mutated models', () => {
  let rt: Runtime;
  const models: Uint8Array[] = [];
  it('loads a runtime and the seed models', async () => {
    rt = await createRuntime();
    models.push(
      convChain(21, 'uint8', 3, 9, [
        { oc: 8, k: 3, stride: 2, pad: 1 },
        { oc: 8, k: 3, stride: 1, pad: 1, group: 8 },
        { oc: 4, k: 1, stride: 1, pad: 0 },
      ]),
    );
    models.push(
      convChain(22, 'int8', 4, 6, [
        { oc: 4, k: 3, stride: 1, pad: 1, wType: 'uint8', wZp: 200 },
        { oc: 5, k: 1, stride: 1, pad: 0 },
      ]),
    );
    models.push(branchesModel());
    for (const m of models) loadModelSync(rt, m).dispose();
  });
  it(`${MUTATIONS} mutations: each loads and runs or raises a typed error`, () => {
    const r = rng(20261203);
    const codes = new Map<string, number>();
    let ran = 0;
    const t0 = performance.now();
    for (let i = 0; i < MUTATIONS; i++) {
      const bytes = mutate(r, models[i % models.length], models);
      try {
        const m = loadModelSync(rt, bytes);
        try {
          const feeds = Object.fromEntries(
            m.inputs.map((x) => {
              const n = x.shape.reduce((a, b) => a * b, 1);
              const a =
                x.type === 'float32'
                  ? new Float32Array(n).fill(0.5)
                  : x.type === 'int8'
                    ? new Int8Array(n).fill(3)
                    : x.type === 'uint8'
                      ? new Uint8Array(n).fill(130)
                      : x.type === 'int32'
                        ? new Int32Array(n)
                        : new BigInt64Array(n);
              return [x.name, a];
            }),
          );
          m.run(feeds as never);
          expect(m.checkGuards(), `mutation ${i}: guards`).toBe(true);
          ran++;
        } finally {
          m.dispose();
        }
      } catch (e) {
        if (!(e instanceof I8ConvError)) throw new Error(`mutation ${i}: ${(e as Error)?.stack ?? e}`);
        codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
      }
    }
    const ms = performance.now() - t0;
    console.log(
      `fuzz: ${ran} ran, refused: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}; ${ms.toFixed(0)} ms`,
    );
    // the runtime still works
    const m = loadModelSync(rt, models[0]);
    m.dispose();
  }, 120_000); // the time limit: a hang fails the test
});
