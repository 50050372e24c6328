/**
 * Feature probes. We test behaviour, not versions: a tiny module is validated, and for relaxed SIMD the dot
 * instruction is run on crafted inputs in a fresh module (Node 20's baseline compiler computes
 * i32x4.relaxed_dot_i8x16_i7x16_add_s as 2*dot and drops the addend; spec/wasm-engines.md).
 */
export interface Features {
  /** SIMD128 validates. */
  simd128: boolean;
  /** A module using relaxed SIMD validates. */
  relaxedSimd: boolean;
  /** The relaxed dot-add gave the exact answer on crafted inputs (b in [0,127]) on its first, unoptimized calls. */
  relaxedDotExact: boolean;
  /** Which build the runtime loaded (set by the runtime). */
  build?: 'simd128' | 'relaxed';
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

/** A module with one exported function `f` of the given signature and body (without locals/end). */
function moduleWith(params: number[], results: number[], body: number[]): Uint8Array<ArrayBuffer> {
  const type = [0x60, ...vec(params.map((p) => [p])), ...vec(results.map((r) => [r]))];
  const func = [0x00, ...body, 0x0b];
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([type])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[1, 0x66, 0x00, 0x00]])), // export "f" func 0
    ...section(10, vec([[...leb(func.length), ...func]])),
  ];
  return new Uint8Array(bytes);
}

const I32 = 0x7f;
const V128 = 0x7b;
const SIMD = 0xfd;

const simdModule = () => moduleWith([], [V128], [0x41, 0x00, SIMD, 0x0f]); // i32.const 0; i8x16.splat
// f(a, b, c) = lane0(relaxed_dot_i8x16_i7x16_add_s(splat8(a), splat8(b), splat32(c)))
const relaxedModule = () =>
  moduleWith([I32, I32, I32], [I32], [
    0x20, 0x00, SIMD, 0x0f,
    0x20, 0x01, SIMD, 0x0f,
    0x20, 0x02, SIMD, 0x11,
    SIMD, ...leb(0x113),
    SIMD, 0x1b, 0x00,
  ]);

let cached: Promise<Features> | undefined;

export function probeFeatures(): Promise<Features> {
  cached ??= (async () => {
    const simd128 = WebAssembly.validate(simdModule());
    const bytes = relaxedModule();
    const relaxedSimd = simd128 && WebAssembly.validate(bytes);
    let relaxedDotExact = false;
    if (relaxedSimd) {
      try {
        const inst = await WebAssembly.instantiate(await WebAssembly.compile(bytes));
        const f = inst.exports.f as (a: number, b: number, c: number) => number;
        const cases: Array<[number, number, number]> = [
          [-3, 5, 7],
          [-128, 127, -1000],
          [127, 127, 1 << 20],
          [-1, 0, 42],
        ];
        relaxedDotExact = cases.every(([a, b, c]) => f(a, b, c) === 4 * a * b + c);
      } catch {
        relaxedDotExact = false;
      }
    }
    return { simd128, relaxedSimd, relaxedDotExact };
  })();
  return cached;
}
