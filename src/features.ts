/**
 * Feature probes. We test behaviour, not versions: a tiny module is validated, and for relaxed SIMD the dot
 * instruction is run on crafted inputs in a fresh module, on its first (baseline-tier) calls and again once the
 * function is hot (optimized tier), because engines differ in how they compute it and Node 20's baseline compiler
 * computes i32x4.relaxed_dot_i8x16_i7x16_add_s wrongly (2*dot, addend dropped; docs/engines.md#engine-bugs).
 */

/**
 * How the engine computes relaxed_dot_i8x16_i7x16_add_s(a, b, c) when b's lanes use all 8 bits:
 * - 'sdot': b signed, exact 32-bit sums (ARM sdot; x86 AVX-VNNI-INT8 vpdpbssd).
 * - 'usdot': b unsigned, exact 32-bit sums (x86 AVX-VNNI / AVX512-VNNI vpdpbusd).
 * - 'saturating': b unsigned, pair sums saturated to int16 (x86 pmaddubsw lowering: SpiderMonkey, V8 without VNNI).
 * - 'other': exact only for b in [0, 127] (some other lowering, or tiers that disagree).
 * - null: the relaxed dot is unavailable or wrong even for b in [0, 127].
 */
export type DotFlavour = 'sdot' | 'usdot' | 'saturating' | 'other' | null;

export interface Features {
  /** SIMD128 validates. */
  simd128: boolean;
  /** A module using relaxed SIMD validates. */
  relaxedSimd: boolean;
  /** The relaxed dot-add gave the exact answer for b in [0, 127] on its first calls and once hot. */
  relaxedDotExact: boolean;
  /**
   * The relaxed dot's flavour, the same on its first calls and once hot (else 'other' when both are exact for b in
   * [0, 127], null when not). 'sdot' and 'usdot' run the one-dot-per-16-MACs kernels; 'saturating' and 'other' the
   * kernels that split activations into 7-bit parts.
   */
  dotFlavour: DotFlavour;
  /** What each tier computed: [first calls, hot]. */
  dotFlavourTiers: [DotFlavour, DotFlavour];
  /** Which build the runtime loaded (set by the runtime). */
  build?: 'simd128' | 'relaxed';
  /** The kernels' instruction set (set by the runtime): 'wasmsimd', 'wasmrelaxedsimd' (7-bit split), 'wasmusdot' or 'wasmsdot'. */
  isa?: string;
  /** The JavaScript engine, as the host names it (set by the runtime; detectEngine). */
  engine?: EngineInfo;
  /** The SIMD128 NCHW44 dot kernels' tile set the runtime chooses for this engine (set by the runtime; simdTileSetFor). */
  simdTiles?: SimdTileSet;
}

/** A JavaScript engine and its version where the host says it (V8: its version; browsers: the browser's major). */
export interface EngineInfo {
  name: 'v8' | 'spidermonkey' | 'javascriptcore' | 'unknown';
  /** V8: the V8 major version (Node, Deno: exact; Chromium: its major / 10, which is how V8 numbers track it). */
  major: number | null;
  /** What it was read from, e.g. 'process.versions.v8 11.3.244.8-node.38' or a user agent. */
  source: string;
}

/**
 * The tiles of the SIMD128 NCHW44 dot kernels (tools/conv-variants.mjs TILES): 'narrow' (2 output-channel blocks x 2
 * pixels) for V8 before 12, whose optimizing compiler emits a loop body's loads before its arithmetic, so only a
 * small tile fits the registers; 'wide' (2 x 4, or 2 x 7 where it pads the row less) elsewhere. A speed choice only:
 * every tile computes the same bits.
 */
export type SimdTileSet = 'narrow' | 'wide';

/** Reads which engine runs this code from what the host reports (not a feature test: it only picks tiles). */
export function detectEngine(): EngineInfo {
  const g = globalThis as {
    process?: { versions?: Record<string, string | undefined> };
    Deno?: { version?: { v8?: string } };
    navigator?: { userAgent?: string };
  };
  const versions = g.process?.versions;
  if (versions?.bun) return { name: 'javascriptcore', major: null, source: `process.versions.bun ${versions.bun}` };
  const v8 = versions?.v8 ?? g.Deno?.version?.v8;
  if (typeof v8 === 'string') {
    const m = /^(\d+)\./.exec(v8);
    return {
      name: 'v8',
      major: m ? Number(m[1]) : null,
      source: `${versions?.v8 ? 'process.versions.v8' : 'Deno.version.v8'} ${v8}`,
    };
  }
  const ua = g.navigator?.userAgent;
  if (typeof ua === 'string') {
    const ff = /Firefox\/(\d+)/.exec(ua);
    if (ff) return { name: 'spidermonkey', major: null, source: ua };
    const cr = /(?:Chrome|Chromium|HeadlessChrome)\/(\d+)/.exec(ua);
    if (cr) return { name: 'v8', major: Math.floor(Number(cr[1]) / 10), source: ua };
    if (/AppleWebKit/.test(ua)) return { name: 'javascriptcore', major: null, source: ua };
    return { name: 'unknown', major: null, source: ua };
  }
  return { name: 'unknown', major: null, source: 'no process.versions, Deno.version or navigator.userAgent' };
}

/** The SIMD128 tile set for an engine: 'narrow' on V8 before 12, else 'wide'. */
export function simdTileSetFor(e: EngineInfo): SimdTileSet {
  return e.name === 'v8' && e.major !== null && e.major < 12 ? 'narrow' : 'wide';
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
function section(id: number, body: number[]): number[] {
  return [id, ...leb(body.length), ...body];
}
function vec(items: number[][]): number[] {
  return [...leb(items.length), ...items.flat()];
}

interface FuncDef {
  params: number[];
  results: number[];
  /** local declarations: [count, type] pairs */
  locals?: Array<[number, number]>;
  body: number[];
}

/** A module exporting functions f0, f1, ... of the given signatures and bodies (without the final end). */
function moduleWith(funcs: FuncDef[]): Uint8Array<ArrayBuffer> {
  const types = funcs.map((f) => [0x60, ...vec(f.params.map((p) => [p])), ...vec(f.results.map((r) => [r]))]);
  const codes = funcs.map((f) => {
    const body = [...vec((f.locals ?? []).map(([n, t]) => [...leb(n), t])), ...f.body, 0x0b];
    return [...leb(body.length), ...body];
  });
  const bytes = [
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec(types)),
    ...section(3, vec(funcs.map((_, i) => leb(i)))),
    ...section(7, vec(funcs.map((_, i) => [2, 0x66, 0x30 + i, 0x00, i]))), // export "f<i>" func i
    ...section(10, vec(codes)),
  ];
  return new Uint8Array(bytes);
}

const I32 = 0x7f;
const V128 = 0x7b;
const SIMD = 0xfd;
const RELAXED_DOT = [SIMD, ...leb(0x113)];

const simdModule = () => moduleWith([{ params: [], results: [V128], body: [0x41, 0x00, SIMD, 0x0f] }]); // i32.const 0; i8x16.splat
/**
 * f0(a, b, c) = lane 0 of relaxed_dot(splat8(a), splat8(b), splat32(c)).
 * f1(a, b, c, n) = the same dot-add n times into one accumulator (a loop, so the function gets hot).
 */
const relaxedModule = () =>
  moduleWith([
    {
      params: [I32, I32, I32],
      results: [I32],
      body: [0x20, 0x00, SIMD, 0x0f, 0x20, 0x01, SIMD, 0x0f, 0x20, 0x02, SIMD, 0x11, ...RELAXED_DOT, SIMD, 0x1b, 0x00],
    },
    {
      params: [I32, I32, I32, I32],
      results: [I32],
      locals: [[3, V128]],
      body: [
        0x20,
        0x00,
        SIMD,
        0x0f,
        0x21,
        0x04, // va = splat8(a)
        0x20,
        0x01,
        SIMD,
        0x0f,
        0x21,
        0x05, // vb = splat8(b)
        0x20,
        0x02,
        SIMD,
        0x11,
        0x21,
        0x06, // acc = splat32(c)
        0x02,
        0x40,
        0x03,
        0x40, // block loop
        0x20,
        0x03,
        0x45,
        0x0d,
        0x01, // br_if 1 (n == 0)
        0x20,
        0x04,
        0x20,
        0x05,
        0x20,
        0x06,
        ...RELAXED_DOT,
        0x21,
        0x06, // acc = dot(va, vb, acc)
        0x20,
        0x03,
        0x41,
        0x01,
        0x6b,
        0x21,
        0x03, // n -= 1
        0x0c,
        0x00,
        0x0b,
        0x0b, // br 0; end loop; end block
        0x20,
        0x06,
        SIMD,
        0x1b,
        0x00,
      ],
    },
  ]);

/** Products a*b of int8 a with b read as signed or unsigned, pair sums optionally saturated to int16. */
function expected(a: number, b: number, c: number, signedB: boolean, saturate: boolean): number {
  const bb = signedB ? b : b & 0xff;
  let pair = 2 * a * bb;
  if (saturate) pair = Math.max(-32768, Math.min(32767, pair));
  return (c + 2 * pair) | 0;
}

// b in [0, 127]: every engine agrees; then b with the top bit set, which tells the flavours apart
const SAFE_CASES: Array<[number, number, number]> = [
  [-3, 5, 7],
  [-128, 127, -1000],
  [127, 127, 1 << 20],
  [-1, 0, 42],
];
const WIDE_CASES: Array<[number, number, number]> = [
  [1, -1, 5],
  [-128, -127, 1],
  [127, -1, -3],
  [-128, -128, 9],
  [-7, -100, 0],
];

function classify(dot: (a: number, b: number, c: number) => number): DotFlavour {
  if (!SAFE_CASES.every(([a, b, c]) => dot(a, b, c) === expected(a, b, c, true, false))) return null;
  const all = (signedB: boolean, saturate: boolean) =>
    WIDE_CASES.every(([a, b, c]) => dot(a, b, c) === expected(a, b, c, signedB, saturate));
  if (all(true, false)) return 'sdot';
  if (all(false, false)) return 'usdot';
  if (all(false, true)) return 'saturating';
  return 'other';
}

/**
 * The looping probe runs HOT_TRIPS dot-adds per call, for at least HOT_MS and HOT_CALLS calls, so that the engine
 * optimizes it (tier-up is by call budget, compiled in the background: Node 20 switched after ~3 ms here).
 */
const HOT_CALLS = 400;
const HOT_TRIPS = 2000;
const HOT_MS = 12;

/** The flavour two tiers agree on: a kernel must be exact on whichever tier runs it. */
function agree(a: DotFlavour, b: DotFlavour): DotFlavour {
  if (a === null || b === null) return null;
  return a === b ? a : 'other';
}

let cached: Promise<Features> | undefined;

export function probeFeatures(): Promise<Features> {
  cached ??= (async () => {
    const simd128 = WebAssembly.validate(simdModule());
    const bytes = relaxedModule();
    const relaxedSimd = simd128 && WebAssembly.validate(bytes);
    let tiers: [DotFlavour, DotFlavour] = [null, null];
    if (relaxedSimd) {
      try {
        const inst = await WebAssembly.instantiate(await WebAssembly.compile(bytes));
        const f0 = inst.exports.f0 as (a: number, b: number, c: number) => number;
        const f1 = inst.exports.f1 as (a: number, b: number, c: number, n: number) => number;
        const first = classify(f0);
        // make f1 hot: it is optimized in the background once its budget is spent
        const cases = [...SAFE_CASES, ...WIDE_CASES];
        const t0 = performance.now();
        for (let i = 0; i < HOT_CALLS || performance.now() - t0 < HOT_MS; i++) {
          const [a, b, c] = cases[i % cases.length];
          f1(a, b, c, HOT_TRIPS);
        }
        // once hot: n = 1 reads one dot-add; n = 3 checks that the addend is carried
        const hot1 = classify((a, b, c) => f1(a, b, c, 1));
        const hot3 = classify((a, b, c) => {
          const one = f1(a, b, 0, 1);
          return f1(a, b, c, 3) === ((c + 3 * one) | 0) ? (one + c) | 0 : NaN;
        });
        tiers = [first, agree(hot1, hot3)];
      } catch {
        tiers = [null, null];
      }
    }
    const dotFlavour = agree(tiers[0], tiers[1]);
    return { simd128, relaxedSimd, relaxedDotExact: dotFlavour !== null, dotFlavour, dotFlavourTiers: tiers };
  })();
  return cached;
}
