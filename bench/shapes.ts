/**
 * The one declaration of the benchmark's convolution shapes. Everything else (the CLI's --shapes, the browser
 * page, the tests, docs/bench.md's list) reads this file.
 *
 * A shape id spells the shape, so ids typed on the command line need no table: `IC-OC-HW-kKsS[-gG]`, e.g.
 * `64-64-56-k3s1` is 64->64 channels, 56x56 input, 3x3 filter, stride 1, pad k/2, batch 1, group 1. IC < 4
 * means the first-layer "hybrid" format NCHW_NCHW44 (NCHW source, NCHW44 output); otherwise NCHW44 in and out.
 */

export interface BenchShape {
  id: string;
  /** Human label for tables, e.g. "64→64 56² 3x3 s1". */
  label: string;
  ic: number;
  oc: number;
  /** Input height = width. */
  h: number;
  /** Square filter size. */
  k: number;
  /** Stride (both axes). */
  s: number;
  /** Padding (both axes): k/2 rounded down, as in the default shape list. */
  pad: number;
  group: number;
  format: 'NCHW44' | 'NCHW_NCHW44';
  /** Output height = width. */
  oh: number;
  /** Multiply-accumulates of one convolution (batch 1). */
  macs: number;
  /** Groups the shape belongs to (for --shapes). */
  tags: readonly string[];
}

const ID_RE = /^(\d+)-(\d+)-(\d+)-k(\d+)s(\d+)(?:-g(\d+))?$/;

/** Builds a shape from its id (throws on a malformed or impossible id). */
export function shapeFromId(id: string, tags: readonly string[] = []): BenchShape {
  const m = ID_RE.exec(id);
  if (!m) throw new Error(`bad shape id '${id}': expected IC-OC-HW-kKsS[-gG], e.g. 64-64-56-k3s1`);
  const [ic, oc, h, k, s] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const group = m[6] ? Number(m[6]) : 1;
  if (ic < 1 || oc < 1 || h < 1 || k < 1 || s < 1 || group < 1 || ic % group || oc % group) {
    throw new Error(`bad shape id '${id}': channels must be positive and divisible by the group`);
  }
  const pad = Math.floor(k / 2);
  const oh = Math.floor((h + 2 * pad - k) / s) + 1;
  if (oh < 1) throw new Error(`bad shape id '${id}': empty output`);
  const format = ic < 4 ? 'NCHW_NCHW44' : 'NCHW44';
  const macs = oc * (ic / group) * k * k * oh * oh;
  const g = group > 1 ? ` g${group}` : '';
  return {
    id,
    label: `${ic}→${oc} ${h}² ${k}x${k} s${s}${g}`,
    ic,
    oc,
    h,
    k,
    s,
    pad,
    group,
    format,
    oh,
    macs,
    tags,
  };
}

// The default shape list (batch 1, pad k/2, int8 out).
const CORE = [
  '64-64-56-k3s1',
  '128-128-28-k3s1',
  '256-256-14-k3s1',
  '64-64-56-k5s1',
  '64-64-56-k7s1',
  '32-32-112-k3s2',
  '64-64-56-k2s1',
  '64-64-56-k2s2',
  '64-64-56-k5s2',
  '64-64-56-k7s2',
];
// First layers of image networks: 3 input channels, NCHW source.
const FIRST_LAYER = ['3-32-224-k3s2', '3-24-224-k7s2'];
// MobileNet v1 (224²) after the first layer: its depthwise 3x3 (group = channels) and pointwise 1x1 layers, one
// pair per resolution and width (the network level, bench/networks.ts, runs MobileNetV2 and ResNet-18 whole).
const MOBILENET = [
  '32-32-112-k3s1-g32',
  '32-64-112-k1s1',
  '64-64-112-k3s2-g64',
  '64-128-56-k1s1',
  '128-128-56-k3s1-g128',
  '128-128-56-k1s1',
  '256-256-28-k3s1-g256',
  '256-256-28-k1s1',
  '512-512-14-k3s1-g512',
  '512-512-14-k1s1',
  '1024-1024-7-k3s1-g1024',
  '1024-1024-7-k1s1',
];
// The shapes of --quick: one of each kind, small enough for the < 90 s budget.
const QUICK = [
  '64-64-56-k3s1',
  '32-32-112-k3s2',
  '64-64-56-k2s2',
  '3-32-224-k3s2',
  '128-128-56-k3s1-g128',
  '128-128-56-k1s1',
];

// The headline run (npm start's default): the quick set and the two other 3x3 stride-1 dense shapes of the core list.
const HEADLINE = [...QUICK, '128-128-28-k3s1', '256-256-14-k3s1'];

function tagged(ids: readonly string[], tag: string): BenchShape[] {
  return ids.map((id) => shapeFromId(id, [tag]));
}

/** Every declared shape, in table order; a shape in several groups appears once with all its tags. */
export const SHAPES: readonly BenchShape[] = (() => {
  const all = [...tagged(CORE, 'core'), ...tagged(FIRST_LAYER, 'first-layer'), ...tagged(MOBILENET, 'mobilenet')];
  const byId = new Map<string, BenchShape>();
  for (const s of all) {
    const prev = byId.get(s.id);
    byId.set(s.id, prev ? { ...prev, tags: [...prev.tags, ...s.tags] } : s);
  }
  for (const id of QUICK) {
    const s = byId.get(id);
    if (!s) throw new Error(`quick shape ${id} is not declared`);
    byId.set(id, { ...s, tags: [...s.tags, 'quick'] });
  }
  for (const id of HEADLINE) {
    const s = byId.get(id);
    if (!s) throw new Error(`headline shape ${id} is not declared`);
    byId.set(id, { ...s, tags: [...s.tags, 'headline'] });
  }
  return [...byId.values()];
})();

export const SHAPE_GROUPS = ['default', 'core', 'first-layer', 'mobilenet', 'quick', 'headline'] as const;

/**
 * Resolves a --shapes argument: a comma list of group names (default = every declared shape), declared ids and
 * ad-hoc ids in the id grammar. Keeps the order given, drops duplicates.
 */
export function selectShapes(spec: string | undefined, quick = false): BenchShape[] {
  const items = (spec ?? (quick ? 'quick' : 'default'))
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const out: BenchShape[] = [];
  const seen = new Set<string>();
  const add = (s: BenchShape) => {
    if (!seen.has(s.id)) {
      seen.add(s.id);
      out.push(s);
    }
  };
  for (const item of items) {
    if (item === 'default' || item === 'all') SHAPES.forEach(add);
    else if ((SHAPE_GROUPS as readonly string[]).includes(item))
      SHAPES.filter((s) => s.tags.includes(item)).forEach(add);
    else add(SHAPES.find((s) => s.id === item) ?? shapeFromId(item, ['adhoc']));
  }
  return out;
}
