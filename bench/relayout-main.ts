/**
 * Standalone relayout benchmark: `npm run bench:relayout` (add `-- --quick` for a short run).
 * Prints the GB/s table of bench/relayout.ts and whether the target holds (NCHW->NCHW44 and
 * NCHW44->NCHW int8 at >= 50% of the wasm memory.copy bandwidth of the same bytes).
 */
import { runRelayoutBench } from './relayout.js';

const quick = process.argv.includes('--quick');
const BAR_MODES = ['NCHW_NCHW44', 'NCHW44_NCHW'];
const BAR = 0.5;

const rows = await runRelayoutBench({ quick });
const head = ['mode', 'src shape', 'bytes', 'GB/s', 'memcpy GB/s', 'ratio', 'bar'];
const body = rows.map((r) => [
  r.mode,
  `{${r.shape.join(',')}}`,
  String(r.bytes),
  r.gbps.toFixed(2),
  r.memcpyGbps.toFixed(2),
  r.ratio.toFixed(2),
  BAR_MODES.includes(r.mode) ? (r.ratio >= BAR ? 'pass' : 'FAIL') : '',
]);
const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
console.log(`relayout bandwidth, int8, median of ${quick ? 41 : 201} interleaved samples (node ${process.version})`);
console.log(line(head));
for (const b of body) console.log(line(b));
const failed = rows.filter((r) => BAR_MODES.includes(r.mode) && r.ratio < BAR);
console.log(
  failed.length
    ? `bar NOT met by ${failed.map((r) => `${r.mode} {${r.shape}}`).join(', ')}`
    : `bar met: ${BAR_MODES.join(', ')} >= ${BAR * 100}% of memory.copy`,
);
