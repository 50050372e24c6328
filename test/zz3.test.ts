import { it } from 'vitest';
import { loadModelSync } from '../src/model/load.js';
import { readFileSync } from 'node:fs';
import { createRuntime } from '../src/index.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../bench/models/ppocr.js';
import { readOnnxModel } from '../src/model/onnx/reader.js';
import { inferShapes } from '../src/model/passes/shapes.js';
import { foldConstants } from '../src/model/passes/fold-constants.js';
import { removeIdentity } from '../src/model/passes/remove-identity.js';
import { foldBatchNorm } from '../src/model/passes/fold-batchnorm.js';
import { fuseQdq } from '../src/model/passes/fuse-qdq.js';
import { runReference } from '../kernels-ref/model/index.js';
it('x', async () => {
  const rt = await createRuntime();
  const kind = (process.env.KIND ?? 'rec') as 'rec';
  const q = await ppocrQdq(kind, readFileSync(`${PPOCR_DIR}/${PPOCR[kind].file}`));
  const m = loadModelSync(rt, q.qdqBytes, {}, { reuse: false });
  const x = ppocrInput(kind, 5);
  m.run({ x });
  let g = fuseQdq(foldBatchNorm(removeIdentity(foldConstants(inferShapes(readOnnxModel(q.qdqBytes), {})))));
  const names = g.nodes.flatMap((n) => n.outputs).filter((o) => o);
  g = { ...g, outputs: names.map((n) => ({ name: n, type: null, onnxElemType: 0, shape: null })) };
  const ref = runReference(g, new Map([['x', { name: 'x', type: 'float32', dims: PPOCR[kind].shape, data: x }]]));
  let shown = 0;
  for (const node of g.nodes) {
    for (const o of node.outputs) {
      if (!o) continue;
      const v = m.readValue(o) ?? m.readValue(`${o}@nchw44`);
      const r = ref.get(o);
      if (!v || !r) continue;
      const rb = new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength);
      let bytes = v.bytes;
      if (v.layout === 'NCHW44') {
        const [n, c, h, w] = v.dims; const es = bytes.length / (n * c * h * w); const hw = h * w;
        const out = new Uint8Array(bytes.length);
        for (let b = 0; b < n; b++) for (let ch = 0; ch < c; ch++) for (let i = 0; i < hw; i++) for (let e = 0; e < es; e++)
          out[((b * c + ch) * hw + i) * es + e] = bytes[(((b * (c >> 2) + (ch >> 2)) * hw + i) * 4 + (ch & 3)) * es + e];
        bytes = out;
      }
      let diff = 0;
      for (let i = 0; i < rb.length; i++) if (rb[i] !== bytes[i]) diff++;
      if (diff && shown++ < 6) console.log('DIFF', node.opType, node.name, o, v.layout, v.dims, 'bytes differ', diff, 'of', rb.length, 'inputs', node.inputs.slice(0, 4).join(','));
    }
  }
  console.log('done', shown);
}, 600000);
