// Typed-array arguments are read once (issue 50, items 5 and 6; src/views.ts): model.run / runAsync read the feeds
// object's entries and each array's class, buffer and length once, check that and copy that; conv.exec / execAsync
// likewise, and refuse src and dst views sharing bytes of one buffer (BAD_BUFFER, as the README's error table says).
// The callers here lie: a getter or a Proxy trap that answers the check with a valid array and the copy with a
// 4-element one, own `length` / `buffer` getters on an array, a Proxy around an array, a resizable ArrayBuffer shrunk
// between the reads (and, for execAsync, while the workers compute), a detached buffer. Each is BAD_FEED / BAD_BUFFER
// or computes on one consistent array (the output of the honest call, byte for byte).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the built library (dist/): the two-thread runtime's workers load its JavaScript
import { createRuntime, type Runtime } from '../dist/src/index.js';
import { quantizeModel } from '../dist/src/quantize/index.js';
import { convChain, randomFeed } from './helpers/model-builders.js';
import { writeModel } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code ?? `untyped: ${String(e)}`;
  }
  return 'no error';
}
async function codeOfAsync(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (e) {
    return (e as { code?: string }).code ?? `untyped: ${String(e)}`;
  }
  return 'no error';
}
/** A resizable ArrayBuffer (ES2024: Node 20 has them; this repository's TypeScript lib predates them). */
interface Resizable extends ArrayBuffer {
  resize(n: number): void;
}
const resizable = (n: number, max: number): Resizable =>
  new (ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => Resizable)(n, { maxByteLength: max });
const bytesOf = (a: ArrayBufferView): number[] => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

/** A float32 model of two inputs [1, 8]: y = a + b. */
function addModel(): Uint8Array {
  const io = (name: string) => ({ name, elemType: DT_OF.float32, shape: [1, 8] });
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'add',
      nodes: [{ opType: 'Add', inputs: ['a', 'b'], outputs: ['y'] }],
      inputs: [io('a'), io('b')],
      outputs: [{ name: 'y', elemType: DT_OF.float32 }],
    },
  });
}

const N = 3 * 13 * 13;
const chain = () =>
  convChain(31, 'uint8', 3, 13, [
    { oc: 8, k: 3, stride: 2, pad: 1 },
    { oc: 16, k: 1, stride: 1, pad: 0 },
  ]);

describe('model feeds are read once', () => {
  const rts: Runtime[] = [];
  afterAll(() => {
    for (const rt of rts) rt.dispose();
  });

  for (const threads of [1, 2]) {
    it(`${threads} thread(s): getters, Proxies, lying arrays and resizable buffers (run and runAsync)`, async () => {
      const rt = await createRuntime({ threads });
      rts.push(rt);
      expect(rt.threading.enabled).toBe(threads > 1);
      const model = await rt.loadModel(chain());
      const x = randomFeed(5, 'uint8', N) as Uint8Array;
      const want = bytesOf(model.run({ x }).c1_y);
      const short = new Uint8Array(4).fill(255);

      for (const mode of ['run', 'runAsync'] as const) {
        const go = async (feeds: unknown) =>
          bytesOf(
            (mode === 'run' ? model.run(feeds as never) : await model.runAsync(feeds as never)).c1_y as Uint8Array,
          );
        // a getter that gives the valid array to the first read and a 4-element one to every later read
        let reads = 0;
        const getter = {};
        Object.defineProperty(getter, 'x', { enumerable: true, get: () => (reads++ === 0 ? x : short) });
        expect(await go(getter), `${mode}: getter`).toEqual(want);
        expect(reads, `${mode}: the entry is read once`).toBe(1);

        // a Proxy of the feeds object doing the same on its get trap
        let gets = 0;
        const proxy = new Proxy({ x }, { get: (t, k) => (k === 'x' && gets++ > 0 ? short : Reflect.get(t, k)) });
        expect(await go(proxy), `${mode}: Proxy feeds`).toEqual(want);
        expect(gets).toBe(1);

        // the array itself lies: own length / buffer / byteOffset getters (checked through the engine's accessors)
        const lying = x.slice();
        let lens = 0;
        Object.defineProperty(lying, 'length', { get: () => (lens++ === 0 ? N : 4) });
        Object.defineProperty(lying, 'buffer', { get: () => short.buffer });
        Object.defineProperty(lying, 'byteOffset', { get: () => 3 });
        expect(await go({ x: lying }), `${mode}: own getters`).toEqual(want);
        // ... or a subclass does
        class Liar extends Uint8Array {
          override get length(): number {
            return 4;
          }
        }
        const sub = new Liar(N);
        sub.set(x);
        expect(await go({ x: sub }), `${mode}: subclass`).toEqual(want);

        // a Proxy around the array is no typed array
        expect(await codeOfAsync(() => go({ x: new Proxy(x, {}) })), `${mode}: Proxy array`).toBe('BAD_FEED');

        // a length-tracking view of a resizable buffer: the getter shrinks it on the second read (too late: the
        // bytes were read), or before the array is read (BAD_FEED: the length is read after the entries)
        const rab = resizable(N, 2 * N);
        const tracking = new Uint8Array(rab);
        tracking.set(x);
        let n2 = 0;
        const shrinkLater = {};
        Object.defineProperty(shrinkLater, 'x', {
          enumerable: true,
          get: () => {
            if (n2++ > 0) rab.resize(4);
            return tracking;
          },
        });
        expect(await go(shrinkLater), `${mode}: resizable, shrunk on a later read`).toEqual(want);
        expect(n2).toBe(1);
        rab.resize(4);
        expect(await codeOfAsync(() => go({ x: tracking })), `${mode}: resizable, shrunk`).toBe('BAD_FEED');
        rab.resize(N);
        tracking.set(x);
        expect(await go({ x: tracking }), `${mode}: resizable, grown back`).toEqual(want);

        // a detached buffer
        const gone = x.slice();
        structuredClone(gone.buffer, { transfer: [gone.buffer] });
        expect(await codeOfAsync(() => go({ x: gone })), `${mode}: detached`).toBe('BAD_FEED');

        // the options too are read before the feeds (run: INVALID_PARAM for a non-object)
        expect(
          await codeOfAsync(async () =>
            mode === 'run' ? model.run({ x }, null as never) : model.runAsync({ x }, null as never),
          ),
        ).toBe('INVALID_PARAM');
      }
      model.dispose();
    });
  }

  it('two inputs: the entries are read before any array, so a getter that shrinks the other input is BAD_FEED', async () => {
    const rt = rts[0];
    const model = await rt.loadModel(addModel());
    const a = Float32Array.from({ length: 8 }, (_, i) => i);
    const b = Float32Array.from({ length: 8 }, (_, i) => 10 * i);
    const want = bytesOf(model.run({ a, b }).y);
    const rab = resizable(32, 64);
    const ta = new Float32Array(rab);
    ta.set(a);
    const feeds = { a: ta } as Record<string, Float32Array>;
    Object.defineProperty(feeds, 'b', {
      enumerable: true,
      get: () => {
        rab.resize(16); // a: 4 elements from now on
        return b;
      },
    });
    expect(codeOf(() => model.run(feeds))).toBe('BAD_FEED');
    // and where nothing shrinks, the result is the honest one
    rab.resize(32);
    ta.set(a);
    expect(bytesOf(model.run({ a: ta, b }).y)).toEqual(want);
    model.dispose();
  });

  it('quantizeModel reads each calibration feed once and keeps what it checked', async () => {
    const model = addModel();
    const a = Float32Array.from({ length: 8 }, (_, i) => i / 8);
    const b = Float32Array.from({ length: 8 }, (_, i) => -i / 8);
    const honest = await quantizeModel(model, { calibration: [{ a, b }] });
    // the second feed's getter shrinks the first feed's resizable buffer after it was read
    const rab = resizable(32, 64);
    const ta = new Float32Array(rab);
    ta.set(a);
    const second = {} as Record<string, Float32Array>;
    Object.defineProperty(second, 'a', {
      enumerable: true,
      get: () => {
        rab.resize(0);
        return a;
      },
    });
    second.b = b;
    const lied = await quantizeModel(model, { calibration: [{ a: ta, b }, second] });
    expect(bytesOf(lied.model)).toEqual(bytesOf(honest.model));
    expect(await codeOfAsync(() => quantizeModel(model, { calibration: [{ a: new Proxy(a, {}), b }] }))).toBe(
      'BAD_FEED',
    );
  });
});

describe('conv.exec: arguments read once, src and dst sharing no byte', () => {
  let rt: Runtime;
  let rt2: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
    rt2 = await createRuntime({ threads: 2 });
  });
  afterAll(() => {
    rt?.dispose();
    rt2?.dispose();
  });
  const p = {
    format: 'NCHW' as const,
    n: 1,
    ic: 4,
    ih: 6,
    iw: 6,
    oc: 4,
    fh: 3,
    fw: 3,
    pad: 1,
    srcType: 'int8' as const,
    srcScale: 0.1,
    filterScale: 0.01,
    dstType: 'int8' as const,
    dstScale: 0.05,
  };
  const len = 4 * 6 * 6; // src and dst alike
  const make = (r: Runtime, opts = {}) => {
    const conv = r.convBias(p, opts);
    conv.setFilter(
      Int8Array.from({ length: 4 * 4 * 9 }, (_, i) => ((i * 37) % 61) - 30),
      'OIHW',
    );
    return conv;
  };
  const src = Int8Array.from({ length: len }, (_, i) => ((i * 13) % 101) - 50);

  it('overlapping views of one buffer are BAD_BUFFER; adjacent ones compute as separate arrays', () => {
    const conv = make(rt);
    const want = new Int8Array(len);
    conv.exec(src, want);
    for (const Buf of [ArrayBuffer, SharedArrayBuffer]) {
      const buf = new Buf(3 * len);
      const at = (off: number) => new Int8Array(buf, off, len);
      const s = at(0);
      s.set(src);
      for (const off of [0, 1, len - 1]) {
        const d = at(off);
        const before = bytesOf(d);
        expect(
          codeOf(() => conv.exec(s, d)),
          `${Buf.name} dst at ${off}`,
        ).toBe('BAD_BUFFER');
        expect(bytesOf(d), 'nothing written').toEqual(before);
      }
      // dst before src, overlapping
      const s2 = at(len);
      s2.set(src);
      expect(
        codeOf(() => conv.exec(s2, at(len - 5))),
        `${Buf.name} dst below src`,
      ).toBe('BAD_BUFFER');
      // adjacent: fine
      const d = at(2 * len);
      conv.exec(s2, d);
      expect(bytesOf(d)).toEqual(bytesOf(want));
      const d0 = at(0);
      conv.exec(s2, d0);
      expect(bytesOf(d0)).toEqual(bytesOf(want));
    }
    // the very same array
    const same = src.slice();
    expect(codeOf(() => conv.exec(same, same))).toBe('BAD_BUFFER');
    expect(bytesOf(same)).toEqual(bytesOf(src));
    conv.dispose();
  });

  it('lying arrays: the engine accessors are read; a Proxy is no typed array', () => {
    const conv = make(rt);
    const want = new Int8Array(len);
    conv.exec(src, want);
    const lying = src.slice();
    const decoy = new Int8Array(len);
    Object.defineProperty(lying, 'length', { get: () => 4 });
    Object.defineProperty(lying, 'buffer', { get: () => decoy.buffer });
    const dst = new Int8Array(len);
    const dstDecoy = new Int8Array(len);
    Object.defineProperty(dst, 'buffer', { get: () => dstDecoy.buffer });
    Object.defineProperty(dst, 'byteOffset', { get: () => 7 });
    conv.exec(lying, dst);
    // (Array.from iterates through the array's own slots)
    expect(Array.from(dst)).toEqual(Array.from(want));
    expect(dstDecoy.every((v) => v === 0)).toBe(true);
    expect(codeOf(() => conv.exec(new Proxy(src, {}), new Int8Array(len)))).toBe('BAD_BUFFER');
    expect(codeOf(() => conv.exec(src, new Proxy(new Int8Array(len), {})))).toBe('BAD_BUFFER');
    // a resizable buffer shrunk before the call, and a detached one
    const rab = resizable(len, 2 * len);
    const tracking = new Int8Array(rab);
    tracking.set(src);
    rab.resize(len - 1);
    expect(codeOf(() => conv.exec(tracking, new Int8Array(len)))).toBe('BAD_BUFFER');
    const gone = new Int8Array(len);
    structuredClone(gone.buffer, { transfer: [gone.buffer] });
    expect(codeOf(() => conv.exec(src, gone))).toBe('BAD_BUFFER');
    conv.dispose();
  });

  it('rt.relayoutInto likewise: lying getters are not read, a Proxy is BAD_BUFFER, overlap by the real bytes', () => {
    const shape = [1, 6, 3, 5];
    const src = Int8Array.from({ length: 90 }, (_, i) => i - 45);
    const want = new Int8Array(120);
    rt.relayoutInto('NCHW_NCHW44', src, shape, want);
    const lying = src.slice();
    Object.defineProperty(lying, 'length', { get: () => 4 });
    Object.defineProperty(lying, 'buffer', { get: () => new ArrayBuffer(90) });
    const dst = new Int8Array(120);
    // dst claims a buffer of its own while it is a view of src's: the real bytes overlap
    const shared = new Int8Array(300);
    shared.set(src);
    const over = shared.subarray(80, 200);
    Object.defineProperty(over, 'buffer', { get: () => new ArrayBuffer(120) });
    expect(codeOf(() => rt.relayoutInto('NCHW_NCHW44', shared.subarray(0, 90), shape, over))).toBe('BAD_BUFFER');
    rt.relayoutInto('NCHW_NCHW44', lying, shape, dst);
    expect(Array.from(dst)).toEqual(Array.from(want));
    expect(codeOf(() => rt.relayoutInto('NCHW_NCHW44', new Proxy(src, {}), shape, new Int8Array(120)))).toBe(
      'BAD_BUFFER',
    );
    expect(codeOf(() => rt.relayoutInto('NCHW_NCHW44', src, shape, new Proxy(new Int8Array(120), {})))).toBe(
      'BAD_BUFFER',
    );
    expect(codeOf(() => rt.relayout('NCHW_NCHW44', new Proxy(src, {}), shape))).toBe('BAD_BUFFER');
  });

  it('execAsync on the workers: a dst shrunk while they compute is BAD_BUFFER, nothing written', async () => {
    expect(rt2.threading.enabled).toBe(true);
    const conv = make(rt2, { minThreadedMacs: 0 });
    expect(conv.threaded).toBe(true);
    const want = new Int8Array(len);
    await conv.execAsync(src, want);
    const rab = resizable(len, len);
    const dst = new Int8Array(rab, 0, len); // fixed length: out of bounds once the buffer shrinks below it
    dst.fill(7);
    const pending = conv.execAsync(src, dst);
    rab.resize(len - 4);
    expect(await codeOfAsync(() => pending)).toBe('BAD_BUFFER');
    rab.resize(len);
    expect(
      Array.from(new Int8Array(rab).subarray(0, len - 4)).every((v) => v === 7),
      'nothing written',
    ).toBe(true);
    // and the same call left alone computes the output
    const ok = new Int8Array(rab, 0, len);
    await conv.execAsync(src, ok);
    expect(bytesOf(ok)).toEqual(bytesOf(want));
    // overlapping views are refused by execAsync too
    const buf = new ArrayBuffer(2 * len);
    new Int8Array(buf, 0, len).set(src);
    expect(await codeOfAsync(() => conv.execAsync(new Int8Array(buf, 0, len), new Int8Array(buf, 8, len)))).toBe(
      'BAD_BUFFER',
    );
    conv.dispose();
  });
});
