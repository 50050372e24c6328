import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRuntime } from '../src/index.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../bench/models/ppocr.js';
import { ortSession, ortRun } from '../bench/models/ort.js';
it('x', async () => {
  const rt = await createRuntime();
  for (const kind of ['rec'] as const) {
    const q = await ppocrQdq(kind, readFileSync(`${PPOCR_DIR}/${PPOCR[kind].file}`));
    console.log(kind, 'notes', q.notes.join('; '), q.ms);
    let m;
    try { m = await rt.loadModel(q.qdqBytes); } catch (e) { console.log(kind, 'LOAD FAILED', (e as Error).message.slice(0, 1500)); continue; }
    const ops = new Map<string, number>();
    for (const n of m.nodes) ops.set(`${n.op}/${n.layout}/${n.algorithm === 'host' ? 'host' : ''}`, (ops.get(`${n.op}/${n.layout}/${n.algorithm === 'host' ? 'host' : ''}`) ?? 0) + 1);
    console.log(kind, [...ops].join(' '), 'mem', m.memoryBytes);
    const x = ppocrInput(kind, 5);
    const out = m.run({ x });
    const s = await ortSession(q.qdqBytes);
    const o = await ortRun(s, { x: { data: x, dims: PPOCR[kind].shape } });
    for (const [k, v] of o) {
      const a = out[k] as Float32Array;
      let diff = 0, maxd = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== v[i]) { diff++; maxd = Math.max(maxd, Math.abs(a[i] - (v[i] as number))); }
      console.log(kind, k, 'differ', diff, 'of', a.length, 'max', maxd);
    }
    let t = performance.now(); for (let i = 0; i < 3; i++) m.run({ x }); const ti = (performance.now() - t) / 3;
    t = performance.now(); for (let i = 0; i < 3; i++) await ortRun(s, { x: { data: x, dims: PPOCR[kind].shape } }); const to = (performance.now() - t) / 3;
    m.run({ x }, { profile: true });
    const byOp = new Map<string, number>();
    for (const p of m.lastProfile!) byOp.set(p.op + (p.algorithm === 'host' ? '(host)' : ''), (byOp.get(p.op + (p.algorithm === 'host' ? '(host)' : '')) ?? 0) + p.ms);
    console.log(kind, 'i8conv', ti.toFixed(1), 'ort', to.toFixed(1), [...byOp].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', '));
  }
}, 600000);
