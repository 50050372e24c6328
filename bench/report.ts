/**
 * Turns a results object (bench/schema.ts) into what people read: a plain-text table for the terminal, a
 * Markdown report, and a self-contained HTML report with SVG charts. Pure string building, no I/O, so the
 * browser harness and the tests use it too.
 */
import type {
  BenchResults,
  ModelRowResult,
  ModelsSection,
  NetworkResult,
  ShapeResult,
  ThreadsNetworkResult,
  ThreadsSection,
  ThreadsTiming,
} from './schema.js';

/** Peers the headline ratios compare i8conv with. */
const RATIO_PEERS = ['ort-web-int8', 'ort-web-uint8'] as const;

/** Backend columns in a stable order: i8conv (heuristic), peers, naive, then forced algorithms and the rest. */
export function backendOrder(r: BenchResults): string[] {
  const seen = new Set<string>();
  for (const s of r.shapes) for (const b of Object.keys(s.backends)) seen.add(b);
  for (const s of r.shapes) for (const m of s.mismatches) seen.add(m.backend);
  const rank = (b: string) =>
    b === 'i8conv'
      ? 0
      : b === 'i8conv-simd128' || b === 'i8conv-relaxed'
        ? 1
        : b.startsWith('ort-web')
          ? 2
          : b === 'naive-js'
            ? 3
            : b.startsWith('i8conv:')
              ? 4
              : 5;
  return [...seen].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const fmt = (v: number | undefined, d = 1) => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(d));
const pct = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '—' : `${(v * 100).toFixed(0)}%`);

function cell(s: ShapeResult, b: string): string {
  const r = s.backends[b];
  if (r) return `${fmt(r.gmacs, r.gmacs < 10 ? 2 : 1)}${r.check === 'mismatch' ? ' ✗' : ''}`;
  if (s.mismatches.some((m) => m.backend === b && m.phase === 'prepare')) return 'error';
  if (s.skipped.some((k) => k.backend === b)) return 'skip';
  return '—';
}

function ratio(s: ShapeResult, peer: string): string {
  const a = s.backends.i8conv;
  const p = s.backends[peer];
  return a && p ? `${(a.gmacs / p.gmacs).toFixed(2)}x` : '—';
}

/** Rows of the main table: shape, MACs, each main backend's GMAC/s, % of ceiling, ratios, algorithm, check. */
function mainTable(r: BenchResults): { head: string[]; rows: string[][] } {
  const cols = backendOrder(r).filter((b) => !b.startsWith('i8conv:'));
  // a ratio column per peer that ran (the headline run has no onnxruntime-web int8)
  const peers = RATIO_PEERS.filter((p) => cols.includes(p));
  const head = [
    'shape',
    'MMAC',
    ...cols.map((b) => `${b} GMAC/s`),
    'i8conv % ceil',
    ...peers.map((p) => `i8conv / ${p}`),
    'i8conv algo',
    'check',
  ];
  const rows = r.shapes.map((s) => {
    const bad = new Set(s.mismatches.map((m) => m.backend));
    const checked = Object.values(s.backends).some((b) => b.check !== 'unchecked');
    return [
      s.label,
      fmt(s.macs / 1e6, s.macs < 1e6 ? 3 : 1),
      ...cols.map((b) => cell(s, b)),
      pct(s.backends.i8conv?.pctCeiling),
      ...peers.map((p) => ratio(s, p)),
      s.backends.i8conv?.algo ?? '—',
      bad.size ? `MISMATCH: ${[...bad].join(', ')}` : checked ? 'ok' : 'unchecked',
    ];
  });
  return { head, rows };
}

function algoTable(r: BenchResults): { head: string[]; rows: string[][] } | null {
  const cols = backendOrder(r).filter((b) => b.startsWith('i8conv'));
  if (cols.filter((b) => b.startsWith('i8conv:')).length === 0) return null;
  return {
    head: ['shape', ...cols.map((b) => `${b} GMAC/s`)],
    rows: r.shapes.map((s) => [s.label, ...cols.map((b) => cell(s, b))]),
  };
}

function spreadTable(r: BenchResults): { head: string[]; rows: string[][] } {
  const cols = backendOrder(r);
  return {
    head: ['shape', ...cols.map((b) => `${b} ms (min–max, IQR/med)`)],
    rows: r.shapes.map((s) => [
      s.label,
      ...cols.map((b) => {
        const x = s.backends[b];
        return x ? `${fmt(x.ms, 3)} (${fmt(x.msMin, 3)}–${fmt(x.msMax, 3)}, ${pct(x.spread)})` : '—';
      }),
    ]),
  };
}

/** The builds of the extra i8conv columns (i8conv-relaxed, ...), read from the results themselves. */
function otherBuilds(r: BenchResults): string {
  const seen = new Map<string, string>();
  for (const s of r.shapes) {
    for (const [name, b] of Object.entries(s.backends)) if (/^i8conv-/.test(name) && b.build) seen.set(name, b.build);
  }
  return [...seen].map(([name, build]) => `, column ${name}: ${build}`).join('');
}

/** A loop's linearity figures (time for 4x the trips / time), and the verdict of bench/suite.ts checkLinearity. */
function linearityText(runs: number[], refused: string | null | undefined): string {
  return (
    `${runs.map((v) => fmt(v, 2)).join(' / ')}, ~4 expected` + (refused ? `: REFUSED as a ceiling, ${refused}` : '')
  );
}

function runKind(r: BenchResults): string {
  if (r.options.quick) return 'quick run';
  return r.options.scope === 'headline'
    ? 'headline run (i8conv and onnxruntime-web uint8 only; npm start -- --full for every backend and section)'
    : 'full run';
}

/** The build and dot flavour i8conv ran, in a few words: "simd128 (kernels wasmsimd; relaxed dot: none)". */
export function buildLine(r: Pick<BenchResults, 'builds'>): string {
  const b = r.builds;
  const flavour =
    b.dotFlavour !== undefined
      ? (b.dotFlavour ?? 'none')
      : b.dotFlavourTiers
        ? b.dotFlavourTiers.map((t) => t ?? 'none').join(' / ')
        : null;
  return `${b.i8conv ?? 'not loaded'}${b.i8convIsa ? ` (kernels ${b.i8convIsa}${flavour !== null ? `; relaxed dot flavour: ${flavour}` : ''})` : ''}`;
}

/**
 * The answer to the headline question, last in the text report: i8conv against onnxruntime-web uint8 on the suite
 * (geometric mean of the per-shape ratios) and on each network (the sums), with the build and flavour that ran.
 */
export function answerLines(r: BenchResults): string[] {
  const peer = 'ort-web-uint8';
  const q = r.shapes
    .filter((s) => s.backends.i8conv && s.backends[peer])
    .map((s) => s.backends.i8conv.gmacs / s.backends[peer].gmacs);
  const out = [
    `in short — i8conv ${buildLine(r)} on ${r.engine.name} ${r.engine.version}, one thread, against onnxruntime-web ${r.builds.ortWebVersion ?? '(not loaded)'} uint8:`,
  ];
  if (q.length) {
    const geo = Math.exp(q.reduce((a, v) => a + Math.log(v), 0) / q.length);
    out.push(
      `  suite: i8conv / onnxruntime-web = ${geo.toFixed(2)}x (speed ratio, > 1: i8conv faster; geometric mean over ${q.length} shapes, ${Math.min(...q).toFixed(2)}x to ${Math.max(...q).toFixed(2)}x)`,
    );
  } else out.push(`  suite: no shape ran with both`);
  for (const n of netList(r)) {
    const i8 = n.sums.i8conv;
    const u8 = n.sums[peer];
    out.push(
      `  ${n.label}: ${i8 && u8 ? `i8conv / onnxruntime-web = ${(u8 / i8).toFixed(2)}x (sum of the convolutions' times: ${fmt(i8, 2)} ms against ${fmt(u8, 2)} ms)` : 'no comparison (a layer has no time)'}`,
    );
  }
  for (const m of modelsOf(r)?.rows ?? []) {
    const what =
      m.set === 'default'
        ? 'whole model'
        : m.set === 'simd128'
          ? 'whole model, SIMD128 build'
          : `whole model, ${m.threads} threads each`;
    out.push(
      `  ${m.label} (${what}): ${m.ratioOrt !== null && m.i8conv && m.ort ? `i8conv takes ${m.ratioOrt.toFixed(2)}x onnxruntime-web's time (${msf(m.i8conv.ms)} ms against ${msf(m.ort.ms)} ms)` : 'no comparison (see the models level)'}`,
    );
  }
  return out;
}

function header(r: BenchResults): string[] {
  return [
    `engine: ${r.engine.name} ${r.engine.version}${r.engine.v8 ? ` (V8 ${r.engine.v8})` : ''}; machine: ${r.machine.platform}` +
      `${r.machine.arch ? ` ${r.machine.arch}` : ''}${r.machine.cpuModel ? `, ${r.machine.cpuModel}` : ''}${r.machine.cpus ? `, ${r.machine.cpus} cores` : ''}`,
    `wasm builds: i8conv ${r.builds.i8conv ?? 'not loaded'}${
      r.builds.i8convIsa
        ? ` (kernels ${r.builds.i8convIsa}` +
          `${r.builds.dotFlavour !== undefined ? `; relaxed dot flavour: ${r.builds.dotFlavour ?? 'none'}` : ''}` +
          `${r.builds.dotFlavourTiers ? `; relaxed dot, first / optimizing tier: ${r.builds.dotFlavourTiers.map((t) => t ?? 'none').join(' / ')}` : ''})`
        : ''
    }` +
      `${otherBuilds(r)}; onnxruntime-web ${r.builds.ortWebVersion ?? 'not loaded'}` +
      `${r.builds.ortWeb ? ` (${r.builds.ortWeb})` : ''}; one thread`,
    `base-SIMD ceiling: ${fmt(r.ceilingGmacs)} GMAC/s (best of ${r.ceiling.runs.length} samples, lowest ${fmt(Math.min(...r.ceiling.runs))}: ` +
      `how much the machine's load moved; linearity ${linearityText(r.ceiling.linearityRuns ?? [r.ceiling.linearity], r.ceiling.refused)})` +
      (r.ceilingRelaxedGmacs
        ? `; relaxed-SIMD dot-add loop: ${fmt(r.ceilingRelaxedGmacs)} GMAC/s` +
          (r.ceiling.relaxedLinearityRuns
            ? ` (linearity ${linearityText(r.ceiling.relaxedLinearityRuns, r.ceiling.relaxedRefused)})`
            : '')
        : ''),
    `oracle: ${r.oracle}; rounding half-even; ${runKind(r)}${r.options.filter ? `, filter /${r.options.filter}/i` : ''}; ${fmt(r.durationS, 0)} s`,
  ];
}

/** One line per peer: geometric mean, min and max of i8conv's speed-up over the shapes both ran. */
export function ratioSummary(r: BenchResults): string[] {
  return RATIO_PEERS.flatMap((peer) => {
    const q = r.shapes
      .filter((s) => s.backends.i8conv && s.backends[peer])
      .map((s) => s.backends.i8conv.gmacs / s.backends[peer].gmacs);
    if (!q.length) return [];
    const geo = Math.exp(q.reduce((a, v) => a + Math.log(v), 0) / q.length);
    return [
      `i8conv / ${peer}: geometric mean ${geo.toFixed(2)}x over ${q.length} shapes (min ${Math.min(...q).toFixed(2)}x, max ${Math.max(...q).toFixed(2)}x)`,
    ];
  });
}

function mismatchLines(r: BenchResults): string[] {
  return r.mismatches.map(
    (m) =>
      (m.error
        ? `${m.shape} ${m.backend} [${m.phase}]: ${m.error}`
        : `${m.shape} ${m.backend} [${m.phase}]: ${m.count}/${m.total} elements differ${m.against ? ` from ${m.against}` : ''}, max |diff| ${m.maxAbsDiff}, first at ${m.firstIndex}: got ${m.got}, want ${m.want}`) +
      (m.note ? ` (${m.note})` : ''),
  );
}

// ---- speed bars (relaxed-SIMD issue) ----------------------------------------------------------------------------

/** The peer XNNPACK (LiteRT.js), in the browser bench. */
const XNNPACK = 'xnnpack-litert';

/** The suite's dense shapes: 3x3 / 5x5 / 7x7 stride 1, 64-256 input and output channels, no groups. */
export function isDenseShape(s: Pick<ShapeResult, 'k' | 's' | 'group' | 'ic' | 'oc'>): boolean {
  return (
    [3, 5, 7].includes(s.k) && s.s === 1 && s.group === 1 && s.ic >= 64 && s.ic <= 256 && s.oc >= 64 && s.oc <= 256
  );
}

export interface SpeedBar {
  label: string;
  status: 'met' | 'not met' | 'not measured';
  detail: string;
}

/**
 * The speed bars of one run, from its results: with the relaxed build, i8conv >= 2x onnxruntime-web uint8 on
 * every dense shape and >= 1.5x on the others, >= 70% of the relaxed dot-add ceiling on the dense shapes, and (in
 * the browser) at least XNNPACK's speed on the dense shapes; with SIMD128 (Node 20), >= 0.95x onnxruntime-web
 * uint8 on the dense shapes.
 */
export function speedBars(r: BenchResults): SpeedBar[] {
  const relaxed = r.builds.i8conv === 'relaxed';
  const withBoth = (peer: string) => r.shapes.filter((s) => s.backends.i8conv && s.backends[peer]);
  const ratioOf = (s: ShapeResult, peer: string) => s.backends.i8conv.gmacs / s.backends[peer].gmacs;
  const bar = (
    label: string,
    shapes: ShapeResult[],
    value: (s: ShapeResult) => number,
    min: number,
    unit: (v: number) => string,
  ): SpeedBar => {
    if (!shapes.length) return { label, status: 'not measured', detail: 'no shape of this kind ran with both' };
    const vals = shapes.map((s) => ({ s, v: value(s) }));
    const low = vals.reduce((a, b) => (b.v < a.v ? b : a));
    const short = vals.filter((x) => x.v < min);
    return {
      label,
      status: short.length ? 'not met' : 'met',
      detail:
        `${vals.length - short.length}/${vals.length} shapes; lowest ${unit(low.v)} (${low.s.label})` +
        (short.length ? `; below: ${short.map((x) => `${x.s.label} ${unit(x.v)}`).join(', ')}` : ''),
    };
  };
  const x = (v: number) => `${v.toFixed(2)}x`;
  const ort = 'ort-web-uint8';
  const ortShapes = withBoth(ort);
  const dense = ortShapes.filter(isDenseShape);
  const others = ortShapes.filter((s) => !isDenseShape(s));
  if (!relaxed)
    return [bar(`i8conv >= 0.95x ${ort} on the dense shapes (SIMD128 build)`, dense, (s) => ratioOf(s, ort), 0.95, x)];
  const out = [
    bar(`i8conv >= 2x ${ort} on the dense shapes`, dense, (s) => ratioOf(s, ort), 2, x),
    bar(`i8conv >= 1.5x ${ort} on the other shapes`, others, (s) => ratioOf(s, ort), 1.5, x),
  ];
  const rc = r.ceilingRelaxedGmacs;
  const denseAll = r.shapes.filter((s) => s.backends.i8conv && isDenseShape(s));
  const refused = r.ceiling?.relaxedRefused;
  if (refused) {
    out.push({
      label: 'i8conv >= 70% of the relaxed dot-add ceiling on the dense shapes',
      status: 'not measured',
      detail: `the relaxed dot-add loop is refused as a ceiling: ${refused}`,
    });
  } else if (rc)
    out.push(
      bar(
        `i8conv >= 70% of the relaxed dot-add ceiling (${rc.toFixed(1)} GMAC/s) on the dense shapes`,
        denseAll,
        (s) => s.backends.i8conv.gmacs / rc,
        0.7,
        (v) => `${(v * 100).toFixed(0)}%`,
      ),
    );
  else
    out.push({
      label: 'i8conv >= 70% of the relaxed dot-add ceiling on the dense shapes',
      status: 'not measured',
      detail: 'no relaxed ceiling in this run',
    });
  const rounds = denseAll.filter((s) => s.relaxedCeilingRoundsGmacs);
  if (rounds.length && !refused) {
    out.push(
      bar(
        'i8conv >= 70% of the relaxed dot-add loop timed in the same rounds, on the dense shapes',
        rounds,
        (s) => s.backends.i8conv.gmacs / s.relaxedCeilingRoundsGmacs!,
        0.7,
        (v) => `${(v * 100).toFixed(0)}%`,
      ),
    );
  }
  if (r.shapes.some((s) => s.backends[XNNPACK]))
    out.push(
      bar(
        `i8conv >= ${XNNPACK} on the dense shapes`,
        withBoth(XNNPACK).filter(isDenseShape),
        (s) => ratioOf(s, XNNPACK),
        1,
        x,
      ),
    );
  return out;
}

/** The per-shape figures behind speedBars (with, where the run has it, the relaxed loop of the shape's rounds). */
export function speedBarsTable(r: BenchResults): { head: string[]; rows: string[][] } {
  const hasX = r.shapes.some((s) => s.backends[XNNPACK]);
  const rc = r.ceilingRelaxedGmacs;
  const hasRounds = r.shapes.some((s) => s.relaxedCeilingRoundsGmacs);
  const head = [
    'shape',
    'dense',
    'i8conv GMAC/s',
    ...(rc ? ['% relaxed ceiling'] : []),
    ...(hasRounds ? ['relaxed loop, same rounds', '% of it'] : []),
    'i8conv / ort-web-uint8',
    ...(hasX ? [`${XNNPACK} GMAC/s`, `i8conv / ${XNNPACK}`] : []),
  ];
  const rows = r.shapes
    .filter((s) => s.backends.i8conv)
    .map((s) => {
      const a = s.backends.i8conv;
      const rr = s.relaxedCeilingRoundsGmacs;
      return [
        s.label,
        isDenseShape(s) ? 'yes' : 'no',
        fmt(a.gmacs),
        ...(rc ? [pct(a.gmacs / rc)] : []),
        ...(hasRounds ? (rr ? [fmt(rr), pct(a.gmacs / rr)] : ['—', '—']) : []),
        ratio(s, 'ort-web-uint8'),
        ...(hasX ? [s.backends[XNNPACK] ? fmt(s.backends[XNNPACK].gmacs) : '—', ratio(s, XNNPACK)] : []),
      ];
    });
  return { head, rows };
}

export function speedBarLines(r: BenchResults): string[] {
  const word = { met: 'MET', 'not met': 'NOT MET', 'not measured': 'not measured' } as const;
  return speedBars(r).map((b) => `bar ${b.label}: ${word[b.status]} — ${b.detail}`);
}

// ---- network level ---------------------------------------------------------------------------------------------

const ALL_NET_COLS = ['i8conv', 'ort-web-uint8', 'ort-web-int8'] as const;

function netList(r: BenchResults): NetworkResult[] {
  return Array.isArray(r.networks) ? r.networks : [];
}

function netCheck(checks: Record<string, string>): string {
  const bad = Object.entries(checks)
    .filter(([, v]) => v === 'mismatch')
    .map(([k]) => k);
  if (bad.length) return `MISMATCH: ${bad.join(', ')}`;
  return checks.i8conv === 'ok' ? 'ok' : 'unchecked';
}

/** One network's table: a row per distinct layer (times per occurrence), then the sum row (times x counts). */
export function networkTable(n: NetworkResult): { head: string[]; rows: string[][] } {
  // a backend that did not run on any layer (onnxruntime-web int8 in the headline run) gets no column
  const NET_COLS = ALL_NET_COLS.filter(
    (b) => b !== 'ort-web-int8' || n.layers.some((l) => l.backends[b] || l.mismatches.some((m) => m.backend === b)),
  );
  const head = [
    'layer',
    'shape',
    'x',
    'MMAC',
    'i8conv algo',
    ...NET_COLS.map((b) => `${b} ms`),
    'ceiling',
    'ceiling ms',
    'i8conv GMAC/s',
    'i8conv % ceil',
    '% ceil same rounds',
    'i8conv / ort-web-uint8',
    'check',
  ];
  const rows = n.layers.map((l) => [
    l.name,
    l.label,
    String(l.count),
    fmt(l.macs / 1e6, 1),
    l.algo ?? (l.mismatches.some((m) => m.backend === 'i8conv') ? 'error' : '—'),
    ...NET_COLS.map((b) =>
      l.backends[b]
        ? fmt(l.backends[b]!.ms, 3)
        : l.mismatches.some((m) => m.backend === b && m.phase === 'prepare')
          ? 'error'
          : '—',
    ),
    l.ceilingKind ?? 'simd128',
    fmt(l.ceilingMs, 3),
    fmt(l.backends.i8conv?.gmacs, 1),
    pct(l.pctCeiling ?? undefined),
    pct(l.pctCeilingSameRounds ?? undefined),
    l.ratioOrtUint8 === null ? '—' : `${l.ratioOrtUint8.toFixed(2)}x`,
    netCheck(l.checks),
  ]);
  const i8 = n.sums.i8conv ?? undefined;
  const u8 = n.sums['ort-web-uint8'] ?? undefined;
  const allOk = n.layers.every((l) => netCheck(l.checks) === 'ok');
  const anyBad = n.layers.some((l) => netCheck(l.checks).startsWith('MISMATCH'));
  rows.push([
    'sum (ms x count)',
    `${n.convs} convolutions`,
    '',
    fmt(n.macs / 1e6, 1),
    '',
    ...NET_COLS.map((b) => fmt(n.sums[b] ?? undefined, 3)),
    '',
    fmt(n.ceilingMs, 3),
    i8 ? fmt(n.macs / i8 / 1e6, 1) : '—',
    i8 ? pct(n.ceilingMs / i8) : '—',
    '',
    i8 && u8 ? `${(u8 / i8).toFixed(2)}x` : '—',
    anyBad ? 'MISMATCH' : allOk ? 'ok' : 'unchecked',
  ]);
  return { head, rows };
}

export function networkIntro(n: NetworkResult, r: BenchResults): string {
  const s = n.sampling;
  return (
    `${n.label}: ${n.convs} convolutions as ${n.layers.length} distinct shapes (each timed once, its time counted x times in the sums), ` +
    `${fmt(n.macs / 1e6, 1)} MMAC; uint8 activations, per-channel int8 weights, batch 1, one thread; each layer against the ceiling ` +
    `of its own kernels (column ceiling): SIMD128 loop ${fmt(r.ceilingGmacs)} GMAC/s` +
    `${n.ceilingLocalGmacs ? ` (sampled ${fmt(n.ceilingLocalGmacs)} just before this network)` : ''}` +
    `${r.ceilingRelaxedGmacs ? `, relaxed dot-add loop ${fmt(r.ceilingRelaxedGmacs)} GMAC/s` : ''}; per layer the median of >= ${s.minSamples} samples of >= ${s.minSampleMs} ms, backends round-robin` +
    (n.durationS !== undefined ? `; ${fmt(n.durationS, 0)} s` : '') +
    (n.ortUnavailable ? `; onnxruntime-web not run: ${n.ortUnavailable}` : '')
  );
}

export function networkBarLines(n: NetworkResult): string[] {
  const word = { met: 'met', 'not met': 'NOT met', 'n/a': 'n/a' } as const;
  const lines = n.bars.map((b) => `bar ${b.label}: ${word[b.status]} — ${b.detail}`);
  const i8 = n.sums.i8conv;
  const s8 = n.sums['ort-web-int8'];
  if (i8 && s8)
    lines.push(
      `(for reference) sum of ort-web-int8's layer times ${s8.toFixed(3)} ms: i8conv / ort-web-int8 = ${(s8 / i8).toFixed(2)}x`,
    );
  return lines;
}

// ---- threads section --------------------------------------------------------------------------------------------

function threadsOf(r: BenchResults): ThreadsSection | null {
  return r.threads && !('unavailable' in r.threads) ? r.threads : null;
}

const xf = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(2)}x`;
const gm = (t: ThreadsTiming | null | undefined) => (t ? fmt(t.gmacs, t.gmacs < 10 ? 2 : 1) : '—');
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'yes' : 'no');

function threadsCheck(checks: Record<string, string>): string {
  const bad = Object.entries(checks)
    .filter(([, v]) => v === 'mismatch')
    .map(([k]) => k);
  if (bad.length) return `MISMATCH: ${bad.join(', ')}`;
  const vals = Object.values(checks);
  return vals.length && vals.every((v) => v === 'ok')
    ? 'ok'
    : vals.some((v) => v === 'ok')
      ? 'ok (partly unchecked)'
      : 'unchecked';
}

export function threadsIntro(t: ThreadsSection): string {
  const N = t.threads;
  const s = t.sampling;
  const ort =
    'unavailable' in t.ortWeb
      ? `onnxruntime-web not run: ${t.ortWeb.unavailable}`
      : `onnxruntime-web ${t.ortWeb.version ?? ''} uint8, numThreads ${t.ortWeb.numThreads}`;
  return (
    `threads section (child process: node dist-bench/bench/threads.js --threads ${N}): i8conv createRuntime({ threads: 1 }) against ` +
    `createRuntime({ threads: ${N} }) (rt.threading: ${t.i8conv.threading.reason}, ${t.i8conv.threading.threads} threads; ` +
    `convolutions under ${t.i8conv.poolMinMacs === null ? 'minThreadedMacs' : `${fmt(t.i8conv.poolMinMacs / 1e6, 1)} M`} MACs stay on the calling thread: column threaded) ` +
    `and ${ort}, sampled round-robin in the same process; "ort 1T" is onnxruntime-web's figure from this run's operator level ` +
    `(the main process, numThreads 1: not interleaved with the rest). ${s.passes ?? 1} passes over the shapes (and over each network's layers), ` +
    `each pass >= ${s.minSamples} rounds per shape of samples of >= ${s.minSampleMs} ms, each sample after >= ${s.primeMs} ms of untimed calls, ` +
    `${s.settleMs} ms idle after each threaded sample; ` +
    (t.hog ? `beside ${t.hog} busy-loop processes (--hog ${t.hog}: a machine under contention); ` : '') +
    `speed-up = ${t.ratio} (the bars use the former); other load = cores busy with other processes meanwhile (/proc/stat); ${fmt(t.durationS, 0)} s` +
    (t.loopScaling
      ? `. For context, the scaling of an embarrassingly parallel loop on ${N} threads (the ${t.loopScaling.before.build} ceiling loop, ` +
        `register-resident, on 1 thread alone, then on ${N} at once; how much busy cores slow each other here, not a bound on a convolution's ` +
        `speed-up): ${xf(t.loopScaling.before.speedup)} before the section (${fmt(t.loopScaling.before.aloneGmacs, 1)} GMAC/s alone, ` +
        `${fmt(t.loopScaling.before.togetherGmacs, 1)} per thread together), ${xf(t.loopScaling.after.speedup)} after` +
        ([t.loopScaling.before, t.loopScaling.after].some((m) => !m.linear)
          ? ' (the loop FAILED its linearity check: see errors)'
          : '')
      : '')
  );
}

/** The suite shapes: 1 and N threads of i8conv and onnxruntime-web; then a geometric-mean row. */
export function threadsTable(t: ThreadsSection): { head: string[]; rows: string[][] } {
  const N = t.threads;
  const head = [
    'shape',
    'MMAC',
    'algo',
    'i8conv 1T GMAC/s',
    `i8conv ${N}T GMAC/s`,
    'speedup',
    'of medians',
    'threaded',
    'ort 1T GMAC/s (main)',
    `ort ${N}T GMAC/s`,
    'ort speedup',
    `i8conv ${N}T / ort ${N}T`,
    'other load',
    'check',
  ];
  const rows = t.shapes.map((s) => [
    s.label,
    fmt(s.macs / 1e6, s.macs < 1e6 ? 3 : 1),
    s.algo ?? (s.mismatches.length ? 'error' : '—'),
    gm(s.i8conv1),
    gm(s.i8convN),
    xf(s.speedup),
    xf(s.speedupOfMedians),
    yesNo(s.threaded),
    s.ort1Gmacs == null ? '—' : fmt(s.ort1Gmacs, s.ort1Gmacs < 10 ? 2 : 1),
    gm(s.ortN),
    xf(s.ortSpeedup),
    xf(s.ratioOrtN),
    fmt(s.otherLoad ?? undefined, 2),
    threadsCheck(s.checks),
  ]);
  const geo = (v: (number | null | undefined)[]) => {
    const q = v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0);
    return q.length ? xf(Math.exp(q.reduce((a, x) => a + Math.log(x), 0) / q.length)) : '—';
  };
  if (t.shapes.length > 1) {
    rows.push([
      'geometric mean',
      '',
      '',
      '',
      '',
      geo(t.shapes.map((s) => s.speedup)),
      geo(t.shapes.map((s) => s.speedupOfMedians)),
      '',
      '',
      '',
      geo(t.shapes.map((s) => s.ortSpeedup)),
      geo(t.shapes.map((s) => s.ratioOrtN)),
      '',
      '',
    ]);
  }
  return { head, rows };
}

/** One network's layers: i8conv 1 and N threads; then the sums (ms x count). */
export function threadsNetworkTable(t: ThreadsSection, n: ThreadsNetworkResult): { head: string[]; rows: string[][] } {
  const N = t.threads;
  const head = [
    'layer',
    'shape',
    'x',
    'MMAC',
    'algo',
    'threaded',
    'i8conv 1T ms',
    `i8conv ${N}T ms`,
    'speedup',
    'of medians',
    'other load',
    'check',
  ];
  const rows = n.layers.map((l) => [
    l.name,
    l.label,
    String(l.count),
    fmt(l.macs / 1e6, 1),
    l.algo ?? (l.mismatches.length ? 'error' : '—'),
    yesNo(l.threaded),
    l.i8conv1 ? fmt(l.i8conv1.ms, 3) : '—',
    l.i8convN ? fmt(l.i8convN.ms, 3) : '—',
    xf(l.speedup),
    xf(l.speedupOfMedians),
    fmt(l.otherLoad ?? undefined, 2),
    threadsCheck(l.checks),
  ]);
  const anyBad = n.layers.some((l) => threadsCheck(l.checks).startsWith('MISMATCH'));
  rows.push([
    'sum (ms x count)',
    `${n.convs} convolutions`,
    '',
    fmt(n.macs / 1e6, 1),
    '',
    '',
    fmt(n.sums.i8conv1 ?? undefined, 3),
    fmt(n.sums.i8convN ?? undefined, 3),
    '',
    xf(n.speedup),
    '',
    anyBad ? 'MISMATCH' : 'ok',
  ]);
  return { head, rows };
}

export function threadsBarLines(t: ThreadsSection): string[] {
  const word = { met: 'met', 'not met': 'NOT met', 'n/a': 'n/a' } as const;
  return t.bars.map((b) => `bar ${b.label}: ${word[b.status]} — ${b.detail}`);
}

/** Geometric means of the section's ratios. */
export function threadsSummary(t: ThreadsSection): string[] {
  const N = t.threads;
  const line = (what: string, v: (number | null | undefined)[]) => {
    const q = v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0);
    if (!q.length) return [];
    const g = Math.exp(q.reduce((a, x) => a + Math.log(x), 0) / q.length);
    return [
      `${what}: geometric mean ${xf(g)} over ${q.length} shapes (min ${xf(Math.min(...q))}, max ${xf(Math.max(...q))})`,
    ];
  };
  return [
    ...line(
      `i8conv ${N} threads / 1 thread`,
      t.shapes.map((s) => s.speedup),
    ),
    ...line(
      `onnxruntime-web uint8 numThreads ${N} / numThreads 1 (main process)`,
      t.shapes.map((s) => s.ortSpeedup),
    ),
    ...line(
      `i8conv ${N} threads / onnxruntime-web uint8 numThreads ${N}`,
      t.shapes.map((s) => s.ratioOrtN),
    ),
  ];
}

/** Why the threads section is absent, when it is worth saying (not when --threads 1 skipped it). */
function threadsAbsent(r: BenchResults): string | null {
  return r.threads && 'unavailable' in r.threads && !/^not selected/.test(r.threads.unavailable)
    ? r.threads.unavailable
    : null;
}

/** Routine skips of forced algorithms (another format, or the heuristic's own choice): counted, not listed. */
const ROUTINE_SKIP = /^(runs formats .* only|the heuristic chose it)/;

function skippedLines(r: BenchResults): string[] {
  const routine = r.shapes.reduce((n, s) => n + s.skipped.filter((k) => ROUTINE_SKIP.test(k.reason)).length, 0);
  const lines = r.shapes.flatMap((s) =>
    s.skipped.filter((k) => !ROUTINE_SKIP.test(k.reason)).map((k) => `${s.id} ${k.backend}: ${k.reason}`),
  );
  if (routine)
    lines.push(
      `${routine} forced-algorithm cases not run because the algorithm takes another format or is the heuristic's choice (column i8conv); the JSON lists each`,
    );
  return lines;
}

// ---- models level ----------------------------------------------------------------------------------------------

function modelsOf(r: BenchResults): ModelsSection | null {
  return r.models && !('unavailable' in r.models) ? r.models : null;
}

/** Why the models level is absent, when it is worth saying (not when --models none skipped it). */
function modelsAbsent(r: BenchResults): string | null {
  return r.models && 'unavailable' in r.models && !/^not selected/.test(r.models.unavailable)
    ? r.models.unavailable
    : null;
}

const mb = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : (v / 1048576).toFixed(1);
const msf = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(v < 100 ? 2 : 1);

export function modelsIntro(s: ModelsSection): string {
  const sm = s.sampling;
  const th =
    'unavailable' in s.threads
      ? ''
      : `; threads set: child process, i8conv threads ${s.threads.threads} against onnxruntime-web numThreads ${s.threads.threads}, ${fmt(s.threads.durationS, 0)} s`;
  const built = Object.entries(s.buildS)
    .map(([id, t]) => `${id} ${fmt(t, 1)} s`)
    .join(', ');
  return (
    `models level: whole QDQ models (uint8 activations, per-channel int8 weights), i8conv build ${s.build ?? '—'} (kernels ${s.isa ?? '—'}; ` +
    `relaxed dot flavour: ${s.dotFlavour ?? 'none'}) rt.loadModel + model.run(feeds) against onnxruntime-web ${s.ortWeb.version ?? '(not loaded)'}` +
    `${s.ortWeb.build ? ` (${s.ortWeb.build})` : ''} InferenceSession.run on the same model file and the same float input, one thread; ` +
    `a time is from the JS input Float32Array to the JS output arrays, the median over the rounds (the functions round-robin, one run each, ` +
    `after >= ${sm.warmupMs} ms and two runs of warm-up; ${sm.minSamples}-${sm.maxSamples} rounds, more while under ${sm.budgetMs} ms per function: column rounds); ratios = the median of the per-round ratios (< 1: i8conv faster); ` +
    `auto / nchw = layout 'auto' against 'nchw'; not conv = the profiled run's share outside the convolution steps; ` +
    `memory: i8conv model.memoryBytes, onnxruntime-web: ${s.ortMemory}; ` +
    `${s.rows.some((r) => r.otherLoad != null) ? 'other load = cores busy with other processes during the rounds (/proc/stat); ' : ''}` +
    `${fmt(s.durationS, 0)} s (building the models: ${built || '—'})${th}`
  );
}

function compareText(r: ModelRowResult): string {
  const c = r.compare;
  if (!c) return r.mismatches.some((m) => m.error) ? 'error' : 'unchecked';
  if (c.status === 'equal') return `equal (${c.total})`;
  const q = c.maxQuanta !== null ? `, ${c.maxQuanta.toFixed(1)} q` : '';
  return `${c.status === 'differs' ? 'MISMATCH ' : ''}${c.count}/${c.total} differ, max ${c.maxAbsDiff.toPrecision(3)}${q}${c.status === 'within tolerance' ? ' (ok: >= 99% equal)' : ''}`;
}

function rowSet(r: ModelRowResult): string {
  return r.set === 'default'
    ? `${r.build ?? '—'}, 1T`
    : r.set === 'simd128'
      ? 'simd128, 1T'
      : `${r.build ?? '—'}, ${r.threads}T`;
}

/** One row per model and set: times, ratios, the output check, the non-convolution share, memory. */
export function modelsTable(s: ModelsSection): { head: string[]; rows: string[][] } {
  const head = [
    'model',
    'set',
    'file MB',
    'steps (relayouts)',
    'rounds',
    'i8conv ms',
    'ort ms',
    'i8conv / ort',
    'of medians',
    'nchw ms',
    'auto / nchw',
    'outputs vs ort (max |diff|, quanta)',
    'not conv',
    'i8conv MB',
    'ort wasm MB (growth)',
    ...(s.rows.some((r) => r.otherLoad != null) ? ['other load'] : []),
    'check',
  ];
  const rows = s.rows.map((r) => {
    const bad = Object.entries(r.checks)
      .filter(([, v]) => v === 'mismatch')
      .map(([k]) => k);
    const err = (b: string) =>
      r.mismatches.some((m) => m.backend === b && m.error && m.phase === 'prepare') ? 'error' : '—';
    return [
      r.label,
      rowSet(r),
      mb(r.modelBytes),
      r.steps === null ? '—' : `${r.steps} (${r.relayouts})`,
      String(r.rounds),
      r.i8conv ? msf(r.i8conv.ms) : err('i8conv'),
      r.ort ? msf(r.ort.ms) : err('ort-web'),
      xf(r.ratioOrt),
      xf(r.ratioOrtOfMedians),
      r.i8convNchw ? msf(r.i8convNchw.ms) : r.set === 'default' ? err('i8conv-nchw') : '',
      r.set === 'default' ? xf(r.ratioAutoNchw) : '',
      compareText(r),
      r.breakdown ? pct(r.breakdown.nonConvShare) : '—',
      mb(r.i8convMemoryBytes),
      r.ortWasmBytes === null ? '—' : `${mb(r.ortWasmBytes)} (+${mb(r.ortWasmGrowthBytes)})`,
      ...(s.rows.some((x) => x.otherLoad != null) ? [fmt(r.otherLoad ?? undefined, 2)] : []),
      bad.length ? `MISMATCH: ${bad.join(', ')}` : Object.values(r.checks).some((v) => v === 'ok') ? 'ok' : 'unchecked',
    ];
  });
  return { head, rows };
}

/** Per row profiled: the profiled run's time per op type. */
export function modelsBreakdownLines(s: ModelsSection): string[] {
  return s.rows
    .filter((r) => r.breakdown)
    .map((r) => {
      const b = r.breakdown!;
      const ops = b.ops
        .filter((o) => o.share >= 0.001 || o.conv)
        .map(
          (o) => `${o.op}${o.steps > 1 ? ` x${o.steps}` : ''} ${(o.share * 100).toFixed(1)}%${o.conv ? ' [conv]' : ''}`,
        );
      const rest = b.ops.filter((o) => !(o.share >= 0.001 || o.conv));
      const lay = Object.entries(b.layouts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      return (
        `${r.label}${r.set === 'default' ? '' : ` (${rowSet(r)})`} breakdown (${b.runs} profiled runs, ${msf(b.totalMs)} ms${r.macs ? `, ${fmt(r.macs / 1e6, 0)} MMAC in the convolutions` : ''}): ` +
        `${ops.join(', ')}${rest.length ? `, ${rest.length} more under 0.1%` : ''}; not a convolution ${(b.nonConvShare * 100).toFixed(1)}%; steps by layout: ${lay}`
      );
    });
}

export function modelsBarLines(s: ModelsSection): string[] {
  const word = { met: 'MET', 'not met': 'NOT MET', 'n/a': 'n/a' } as const;
  return s.bars.map((b) => `bar ${b.label}: ${word[b.status]} — ${b.detail}`);
}

/** Notes of the models (what their builders said), once per model. */
function modelsNotes(s: ModelsSection): string[] {
  const seen = new Set<string>();
  return s.rows
    .filter((r) => r.set === 'default')
    .flatMap((r) =>
      r.notes.filter((n) => !seen.has(`${r.id}/${n}`) && seen.add(`${r.id}/${n}`)).map((n) => `${r.label}: ${n}`),
    );
}

// ---- plain text ------------------------------------------------------------------------------------------------

function textTable(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
}

export function renderText(r: BenchResults): string {
  const out = [...header(r), ''];
  const m = mainTable(r);
  out.push(textTable(m.head, m.rows), '', ...ratioSummary(r));
  const sb = speedBarsTable(r);
  out.push(
    '',
    `speed bars (i8conv build ${r.builds.i8conv ?? '—'}; dense = 3x3/5x5/7x7 stride 1, 64-256 channels):`,
    textTable(sb.head, sb.rows),
    ...speedBarLines(r),
  );
  const a = algoTable(r);
  if (a) out.push('', 'algorithms by name:', textTable(a.head, a.rows));
  if (Array.isArray(r.kernels) && r.kernels.length) {
    out.push('', 'kernel level:', textTable(...kernelTable(r)));
  }
  if (Array.isArray(r.relayout) && r.relayout.length) out.push('', 'relayout:', textTable(...relayoutTable(r)));
  for (const n of netList(r)) {
    const t = networkTable(n);
    out.push('', `network level — ${networkIntro(n, r)}`, textTable(t.head, t.rows), ...networkBarLines(n));
  }
  if (r.networks && !Array.isArray(r.networks) && !/^not selected/.test(r.networks.unavailable))
    out.push('', `network level: ${r.networks.unavailable}`);
  const ms = modelsOf(r);
  if (ms) {
    const t = modelsTable(ms);
    out.push(
      '',
      modelsIntro(ms),
      textTable(t.head, t.rows),
      '',
      ...modelsBreakdownLines(ms),
      ...modelsNotes(ms).map((l) => `note: ${l}`),
      '',
      ...modelsBarLines(ms),
    );
  } else if (modelsAbsent(r)) out.push('', `models level: ${modelsAbsent(r)}`);
  const th = threadsOf(r);
  if (th) {
    out.push('', threadsIntro(th));
    if (th.shapes.length) {
      const t = threadsTable(th);
      out.push(textTable(t.head, t.rows), '', ...threadsSummary(th));
    }
    for (const n of th.networks) {
      const t = threadsNetworkTable(th, n);
      out.push(
        '',
        `threads — ${n.label}: ${n.convs} convolutions as ${n.layers.length} distinct shapes (ms per occurrence; the sums count each x times); ${fmt(n.durationS, 0)} s`,
        textTable(t.head, t.rows),
      );
    }
    out.push('', ...threadsBarLines(th));
  } else if (threadsAbsent(r)) out.push('', `threads section: ${threadsAbsent(r)}`);
  const mm = mismatchLines(r);
  out.push('', mm.length ? `MISMATCHES (${mm.length}):` : 'mismatches: none', ...mm.map((l) => `  ${l}`));
  if (r.errors.length) out.push('', 'errors:', ...r.errors.map((e) => `  ${e}`));
  out.push('', ...answerLines(r));
  return out.join('\n');
}

function kernelTable(r: BenchResults): [string[], string[][]] {
  const ks = Array.isArray(r.kernels) ? r.kernels : [];
  return [
    ['kernel', 'filter', 'stride', 'tile', 'isa', 'problem', 'GMAC/s', '% ceil', 'IQR/med', 'check'],
    ks.map((k) => [
      k.name,
      String(k.filter),
      String(k.stride),
      k.tile,
      k.isa,
      k.problem,
      fmt(k.gmacs),
      pct(k.pctCeiling),
      pct(k.spread),
      k.check === 'mismatch'
        ? 'MISMATCH'
        : k.error
          ? k.error.startsWith('not ')
            ? k.error
            : `error: ${k.error}`
          : k.check,
    ]),
  ];
}

function relayoutTable(r: BenchResults): [string[], string[][]] {
  const rows = Array.isArray(r.relayout) ? r.relayout : [];
  return [
    ['mode', 'shape', 'bytes', 'GB/s', 'memcpy GB/s', 'ratio'],
    rows.map((x) => [
      String(x.mode),
      Array.isArray(x.shape) ? x.shape.join('x') : String(x.shape),
      String(x.bytes),
      fmt(x.gbps, 2),
      fmt(x.memcpyGbps, 2),
      fmt(x.ratio, 2),
    ]),
  ];
}

// ---- Markdown ------------------------------------------------------------------------------------------------

function mdTable(head: string[], rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${head.map(esc).join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

export function renderMarkdown(r: BenchResults): string {
  const m = mainTable(r);
  const out = [
    `# i8conv benchmark — ${r.engine.name}, ${r.createdAt}`,
    '',
    ...header(r).map((l) => `- ${l}`),
    '',
    '## Operator level (GMAC/s, median)',
    '',
    mdTable(m.head, m.rows),
    '',
    ...ratioSummary(r).map((l) => `- ${l}`),
  ];
  const sb = speedBarsTable(r);
  out.push(
    '',
    '## Speed bars',
    '',
    `i8conv build ${r.builds.i8conv ?? '—'}; dense = 3x3/5x5/7x7 stride 1, 64-256 channels.`,
    '',
    mdTable(sb.head, sb.rows),
    '',
    ...speedBarLines(r).map((l) => `- ${l}`),
  );
  const a = algoTable(r);
  if (a) out.push('', '## Algorithms by name', '', mdTable(a.head, a.rows));
  out.push('', '## Timing detail', '', mdTable(spreadTable(r).head, spreadTable(r).rows));
  out.push('', '## Kernel level', '');
  out.push(Array.isArray(r.kernels) ? mdTable(...kernelTable(r)) : `Not measured: ${r.kernels.unavailable}`);
  out.push('', '## Relayout', '');
  out.push(Array.isArray(r.relayout) ? mdTable(...relayoutTable(r)) : `Not measured: ${r.relayout.unavailable}`);
  if (r.networks) {
    out.push('', '## Network level', '');
    if (!Array.isArray(r.networks)) out.push(`Not measured: ${r.networks.unavailable}`);
    for (const n of netList(r)) {
      const t = networkTable(n);
      out.push(
        `### ${n.label}`,
        '',
        networkIntro(n, r),
        '',
        mdTable(t.head, t.rows),
        '',
        ...networkBarLines(n).map((l) => `- ${l}`),
        '',
      );
    }
  }
  const mdl = modelsOf(r);
  if (mdl || modelsAbsent(r)) out.push('', '## Models level', '');
  if (mdl) {
    const t = modelsTable(mdl);
    out.push(
      modelsIntro(mdl),
      '',
      mdTable(t.head, t.rows),
      '',
      ...modelsBreakdownLines(mdl).map((l) => `- ${l}`),
      ...modelsNotes(mdl).map((l) => `- note: ${l}`),
      '',
      '### Bars',
      '',
      ...modelsBarLines(mdl).map((l) => `- ${l}`),
    );
  } else if (modelsAbsent(r)) out.push(`Not measured: ${modelsAbsent(r)}`);
  const th = threadsOf(r);
  if (th || threadsAbsent(r)) out.push('', `## Threads: 1 against ${th ? th.threads : 'N'} threads`, '');
  if (th) {
    out.push(threadsIntro(th), '');
    if (th.shapes.length) {
      const t = threadsTable(th);
      out.push(mdTable(t.head, t.rows), '', ...threadsSummary(th).map((l) => `- ${l}`), '');
    }
    for (const n of th.networks) {
      const t = threadsNetworkTable(th, n);
      out.push(`### ${n.label}, 1 against ${th.threads} threads`, '', mdTable(t.head, t.rows), '');
    }
    out.push('### Bars', '', ...threadsBarLines(th).map((l) => `- ${l}`));
  } else if (threadsAbsent(r)) out.push(`Not measured: ${threadsAbsent(r)}`);
  const mm = mismatchLines(r);
  out.push(
    '',
    '## Mismatches against the oracle',
    '',
    mm.length ? mm.map((l) => `- ${l}`).join('\n') : 'None: every output checked was equal to the oracle.',
  );
  const sk = skippedLines(r);
  if (sk.length) out.push('', '## Skipped', '', sk.map((l) => `- ${l}`).join('\n'));
  if (r.errors.length) out.push('', '## Errors', '', r.errors.map((e) => `- ${e}`).join('\n'));
  return out.join('\n') + '\n';
}

// ---- HTML + SVG ------------------------------------------------------------------------------------------------

const COLORS: Record<string, string> = {
  i8conv: '#1f77b4',
  'i8conv-simd128': '#6baed6',
  'i8conv-relaxed': '#6baed6',
  'ort-web-int8': '#d62728',
  'ort-web-uint8': '#ff7f0e',
  'naive-js': '#7f7f7f',
};
const EXTRA = ['#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Grouped horizontal bar chart: one group per category, one bar per series; `ref` draws a vertical line. */
export function barChartSvg(
  title: string,
  categories: string[],
  series: { name: string; values: (number | null)[] }[],
  unit: string,
  ref?: { value: number; label: string },
): string {
  const labelW = 190;
  const plotW = 560;
  const barH = 11;
  const groupGap = 8;
  const top = 34;
  const groupH = series.length * barH + groupGap;
  const legendH = 18 * Math.ceil(series.length / 4);
  const height = top + categories.length * groupH + 28 + legendH;
  const dataMax = Math.max(
    1e-9,
    ref?.value ?? 0,
    ...series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v))),
  );
  // Axis end rounded up to 1, 2 or 5 times a power of ten, so the five grid steps land on readable numbers.
  const mag = 10 ** Math.floor(Math.log10(dataMax / 5));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((st) => st * 5 >= dataMax) ?? 10 * mag;
  const max = step * 5;
  const x = (v: number) => labelW + (v / max) * plotW;
  const colorOf = (name: string, i: number) => COLORS[name] ?? EXTRA[i % EXTRA.length];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelW + plotW + 90}" height="${height}" font-family="sans-serif" font-size="11" role="img" aria-label="${esc(title)}">`,
    `<text x="4" y="16" font-size="13" font-weight="bold">${esc(title)}</text>`,
  ];
  // grid
  const steps = 5;
  for (let i = 0; i <= steps; i++) {
    const v = (max * i) / steps;
    const gx = x(v);
    parts.push(`<line x1="${gx}" y1="${top - 4}" x2="${gx}" y2="${top + categories.length * groupH}" stroke="#ddd"/>`);
    parts.push(
      `<text x="${gx}" y="${top + categories.length * groupH + 12}" text-anchor="middle" fill="#555">${+v.toPrecision(6)}</text>`,
    );
  }
  parts.push(
    `<text x="${labelW + plotW / 2}" y="${top + categories.length * groupH + 24}" text-anchor="middle" fill="#555">${esc(unit)}</text>`,
  );
  categories.forEach((c, ci) => {
    const gy = top + ci * groupH;
    parts.push(`<text x="${labelW - 6}" y="${gy + (series.length * barH) / 2 + 4}" text-anchor="end">${esc(c)}</text>`);
    series.forEach((s, si) => {
      const v = s.values[ci];
      if (v === null || !Number.isFinite(v)) return;
      const y = gy + si * barH;
      parts.push(
        `<rect x="${labelW}" y="${y}" width="${Math.max(0.5, x(v) - labelW).toFixed(1)}" height="${barH - 2}" fill="${colorOf(s.name, si)}"><title>${esc(`${c} ${s.name}: ${v.toFixed(2)} ${unit}`)}</title></rect>`,
        `<text x="${(x(v) + 3).toFixed(1)}" y="${y + barH - 3}" font-size="9" fill="#333">${v.toFixed(v < 10 ? 2 : 1)}</text>`,
      );
    });
  });
  if (ref) {
    const rx = x(ref.value);
    parts.push(
      `<line x1="${rx}" y1="${top - 6}" x2="${rx}" y2="${top + categories.length * groupH}" stroke="#000" stroke-dasharray="4 3"/>`,
    );
    parts.push(`<text x="${rx}" y="${top - 9}" text-anchor="middle" font-size="10">${esc(ref.label)}</text>`);
  }
  const ly = top + categories.length * groupH + 34;
  series.forEach((s, si) => {
    const lx = 4 + (si % 4) * 190;
    const yy = ly + Math.floor(si / 4) * 18;
    parts.push(
      `<rect x="${lx}" y="${yy}" width="10" height="10" fill="${colorOf(s.name, si)}"/><text x="${lx + 14}" y="${yy + 9}">${esc(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function htmlTable(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map(
      (r) =>
        `<tr>${r.map((c) => `<td${/MISMATCH|✗|error/.test(c) ? ' class="bad"' : ''}>${esc(c)}</td>`).join('')}</tr>`,
    )
    .join('')}</tbody></table>`;
}

function networkHtml(n: NetworkResult, r: BenchResults): string {
  const t = networkTable(n);
  const chart = barChartSvg(
    `${n.label}: GMAC/s per layer (one thread, median)`,
    n.layers.map((l) => `${l.name}${l.count > 1 ? ` (x${l.count})` : ''}`),
    ALL_NET_COLS.filter((b) => n.layers.some((l) => l.backends[b])).map((b) => ({
      name: b,
      values: n.layers.map((l) => l.backends[b]?.gmacs ?? null),
    })),
    'GMAC/s',
    { value: r.ceilingGmacs, label: `ceiling ${r.ceilingGmacs.toFixed(1)}` },
  );
  return `<h3>${esc(n.label)}</h3>\n<p>${esc(networkIntro(n, r))}</p>\n${htmlTable(t.head, t.rows)}\n<ul>${networkBarLines(
    n,
  )
    .map((l) => `<li${/NOT met/.test(l) ? ' class="mismatch"' : ''}>${esc(l)}</li>`)
    .join('')}</ul>\n${chart}`;
}

function modelsHtml(r: BenchResults, section: (t: string, body: string) => string): string {
  const s = modelsOf(r);
  if (!s) return modelsAbsent(r) ? section('Models level', `<p>Not measured: ${esc(modelsAbsent(r)!)}</p>`) : '';
  const t = modelsTable(s);
  const chart = barChartSvg(
    'Whole models: ms per run (median; JS arrays in and out)',
    s.rows.map((m) => `${m.label} (${rowSet(m)})`),
    [
      { name: 'i8conv', values: s.rows.map((m) => m.i8conv?.ms ?? null) },
      { name: 'i8conv nchw', values: s.rows.map((m) => m.i8convNchw?.ms ?? null) },
      { name: 'ort-web-uint8', values: s.rows.map((m) => m.ort?.ms ?? null) },
    ],
    'ms',
  );
  const li = (l: string) => `<li${/NOT MET/.test(l) ? ' class="mismatch"' : ''}>${esc(l)}</li>`;
  return section(
    'Models level',
    `<p>${esc(modelsIntro(s))}</p>\n${htmlTable(t.head, t.rows)}\n<ul>${[...modelsBreakdownLines(s), ...modelsNotes(s).map((l) => `note: ${l}`)].map(li).join('')}</ul>\n` +
      `<ul>${modelsBarLines(s).map(li).join('')}</ul>\n${chart}`,
  );
}

function threadsHtml(r: BenchResults, section: (t: string, body: string) => string): string {
  const th = threadsOf(r);
  if (!th) return threadsAbsent(r) ? section('Threads', `<p>Not measured: ${esc(threadsAbsent(r)!)}</p>`) : '';
  const N = th.threads;
  const parts = [`<p>${esc(threadsIntro(th))}</p>`];
  if (th.shapes.length) {
    const t = threadsTable(th);
    parts.push(
      htmlTable(t.head, t.rows),
      `<ul>${threadsSummary(th)
        .map((l) => `<li>${esc(l)}</li>`)
        .join('')}</ul>`,
    );
    parts.push(
      barChartSvg(
        `GMAC/s per shape, 1 and ${N} threads (median)`,
        th.shapes.map((s) => s.label),
        [
          { name: 'i8conv 1T', values: th.shapes.map((s) => s.i8conv1?.gmacs ?? null) },
          { name: `i8conv ${N}T`, values: th.shapes.map((s) => s.i8convN?.gmacs ?? null) },
          { name: 'ort-web-uint8 1T (main)', values: th.shapes.map((s) => s.ort1Gmacs ?? null) },
          { name: `ort-web-uint8 ${N}T`, values: th.shapes.map((s) => s.ortN?.gmacs ?? null) },
        ],
        'GMAC/s',
      ),
    );
  }
  for (const n of th.networks) {
    const t = threadsNetworkTable(th, n);
    parts.push(`<h3>${esc(n.label)}, 1 against ${N} threads</h3>`, htmlTable(t.head, t.rows));
  }
  parts.push(
    `<ul>${threadsBarLines(th)
      .map((l) => `<li${/NOT met/.test(l) ? ' class="mismatch"' : ''}>${esc(l)}</li>`)
      .join('')}</ul>`,
  );
  return section(`Threads: 1 against ${N} threads`, parts.join('\n'));
}

export function renderHtml(r: BenchResults): string {
  const cols = backendOrder(r).filter((b) => !b.startsWith('i8conv:'));
  const cats = r.shapes.map((s) => s.label);
  const gmacsChart = barChartSvg(
    'GMAC/s per shape and backend (one thread, median)',
    cats,
    cols.map((b) => ({ name: b, values: r.shapes.map((s) => s.backends[b]?.gmacs ?? null) })),
    'GMAC/s',
    { value: r.ceilingGmacs, label: `ceiling ${r.ceilingGmacs.toFixed(1)}` },
  );
  const pctCols = backendOrder(r).filter((b) => b.startsWith('i8conv') || b.startsWith('ort-web'));
  const pctChart = barChartSvg(
    '% of the base-SIMD ceiling',
    cats,
    pctCols.map((b) => ({
      name: b,
      values: r.shapes.map((s) => (s.backends[b] ? s.backends[b].pctCeiling * 100 : null)),
    })),
    '% of ceiling',
    { value: 100, label: '100%' },
  );
  const m = mainTable(r);
  const a = algoTable(r);
  const sp = spreadTable(r);
  const mm = mismatchLines(r);
  const sk = skippedLines(r);
  const section = (t: string, body: string) => `<h2>${esc(t)}</h2>\n${body}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>i8conv benchmark — ${esc(r.engine.name)} ${esc(r.createdAt)}</title>
<style>
body{font-family:sans-serif;margin:24px;max-width:1200px;color:#222}
table{border-collapse:collapse;font-size:12px;margin:8px 0}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:right}
td{white-space:nowrap}
th:first-child,td:first-child{text-align:left}
td.bad{background:#fdd;color:#900;font-weight:bold}
.mismatch{color:#900;font-weight:bold}
ul{font-size:13px}
</style></head><body>
<h1>i8conv benchmark — ${esc(r.engine.name)}</h1>
<ul>${header(r)
    .map((l) => `<li>${esc(l)}</li>`)
    .join('')}</ul>
${section('Operator level', htmlTable(m.head, m.rows))}
<ul>${ratioSummary(r)
    .map((l) => `<li>${esc(l)}</li>`)
    .join('')}</ul>
${gmacsChart}
${pctChart}
${a ? section('Algorithms by name (GMAC/s)', htmlTable(a.head, a.rows)) : ''}
${section('Mismatches against the oracle', mm.length ? `<ul class="mismatch">${mm.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '<p>None: every output checked was equal to the oracle.</p>')}
${section('Timing detail', htmlTable(sp.head, sp.rows))}
${section('Kernel level', Array.isArray(r.kernels) ? htmlTable(...kernelTable(r)) : `<p>Not measured: ${esc(r.kernels.unavailable)}</p>`)}
${section('Relayout', Array.isArray(r.relayout) ? htmlTable(...relayoutTable(r)) : `<p>Not measured: ${esc(r.relayout.unavailable)}</p>`)}
${
  r.networks
    ? section(
        'Network level',
        Array.isArray(r.networks)
          ? netList(r)
              .map((n) => networkHtml(n, r))
              .join('\n')
          : `<p>Not measured: ${esc(r.networks.unavailable)}</p>`,
      )
    : ''
}
${modelsHtml(r, section)}
${threadsHtml(r, section)}
${sk.length ? section('Skipped', `<ul>${sk.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`) : ''}
${r.errors.length ? section('Errors', `<ul class="mismatch">${r.errors.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`) : ''}
</body></html>
`;
}
