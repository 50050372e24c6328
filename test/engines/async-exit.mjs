// A script whose last top-level await is an asynchronous run on a 2-thread runtime, for test/async-exit.test.ts:
// `<engine> test/engines/async-exit.mjs CASE.json`, in Node or Deno, against the built package (its own name,
// 'i8conv', resolves to dist/ through package.json exports). CASE.json says what to run:
//   { "kind": "model", "model": PATH, "input": NAME, "data": BASE64 (uint8) }   model.runAsync
//   { "kind": "op", "params": {...}, "weights": BASE64, "bias": BASE64, "src": BASE64, "dstBytes": N }   conv.execAsync
//   { "kind": "idle", ...as "op" }   conv.exec (synchronous): nothing pending when the script ends
// It prints one JSON line { threads, out } (out: the output bytes in base64) and disposes of nothing: the process
// must end by itself once the awaited run has settled.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { createRuntime } from 'i8conv';

const c = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = (b64) => new Uint8Array(Buffer.from(b64, 'base64'));
const b64 = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
const rt = await createRuntime({ threads: 2 });
const out = { threads: rt.threads, threading: rt.threading.enabled };

if (c.kind === 'model') {
  const model = await rt.loadModel(readFileSync(c.model));
  const y = await model.runAsync({ [c.input]: bytes(c.data) });
  out.out = b64(Object.values(y)[0]);
} else if (c.kind === 'op') {
  const conv = rt.convBias(c.params);
  conv.setFilter(new Int8Array(bytes(c.weights).buffer), 'OIHW');
  conv.setBias(new Int32Array(bytes(c.bias).buffer));
  const dst = new Uint8Array(c.dstBytes);
  out.threaded = conv.threaded;
  await conv.execAsync(bytes(c.src), dst);
  out.out = b64(dst);
} else {
  // 'idle': the same convolution as 'op', run synchronously; nothing pending when the script ends
  const conv = rt.convBias(c.params);
  conv.setFilter(new Int8Array(bytes(c.weights).buffer), 'OIHW');
  conv.setBias(new Int32Array(bytes(c.bias).buffer));
  const dst = new Uint8Array(c.dstBytes);
  conv.exec(bytes(c.src), dst);
  out.out = b64(dst);
}
console.log(JSON.stringify(out));
