/**
 * The whole-pipeline fuzzer's mutations (docs/testing.md, "Fuzzing the whole pipeline"): one seeded case = one seed
 * model and one mutation of it, chosen from the case's own seed, so any case is made again from (run seed, case
 * index) alone. Three levels:
 *
 *   bytes      any file: bit flips, an extreme byte, truncation, a range of another seed spliced in, a range
 *              duplicated, a 5-byte varint of 2^35 - 1 written over the bytes
 *   onnx       ONNX files, on the protobuf tree (proto.ts): a varint written with extra continuation bytes (value
 *              or length prefix), an initializer's dims set to 0 / -1 / 2^31 / 2^32 + 1 / 2^62 with its data kept,
 *              raw_data cut short, an initializer's data_type changed (to another type, one the IR lacks, or an
 *              unknown code), a graph input's dim or element type changed; and on the graph IR through the product's
 *              reader and writer (src/model/graph/onnx/): a node input renamed to a value nobody produces
 *              (dangling), a node reading its own output or a later node's (a cycle), a node writing a value
 *              another node writes (duplicate outputs, or a graph output listed twice), an int / ints / float
 *              attribute set to a huge, negative, zero or non-finite value, an attribute dropped, an operator type
 *              swapped for another of the model's, a node dropped, two inputs of a node swapped
 *   tflite     TFLite files, in place on the flatbuffer (positions found with the product's reader,
 *              src/model/graph/tflite/flatbuffer.ts): a tensor's shape entry set to 0 / -1 / 2^31 - 1 / a large
 *              value, its type byte changed, an operator's input or output index set to -1, past the tensor list,
 *              its own output (a cycle) or another operator's output (duplicate outputs), an operator code changed
 *              to another operator (CONV_2D -> AVERAGE_POOL_2D: the pool reads the convolution's options), a
 *              buffer's data length cut short, an options field set to a huge, zero or negative value
 */
import type { Attribute, Graph } from '../../src/model/graph/ir.js';
import { readOnnxModel } from '../../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { FlatBuffer } from '../../src/model/graph/tflite/flatbuffer.js';
import { rng } from '../../fixtures/rng.js';
import {
  allFields,
  messagesOf,
  packVarints,
  parseProto,
  unpackVarints,
  writeProto,
  type ProtoMessage,
} from './proto.js';

export interface Seed {
  name: string;
  format: 'onnx' | 'tflite';
  bytes: Uint8Array;
}

export interface FuzzCase {
  index: number;
  seed: string;
  kind: string;
  /** what the mutation did, in a few words */
  what: string;
  bytes: Uint8Array;
}

type Rand = () => number;
const ri = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, a: readonly T[]): T => a[Math.floor(r() * a.length)];

/** A mutation: returns the mutated bytes and a description, or null where the seed has nothing it applies to. */
type Mutation = (r: Rand, s: Seed, seeds: readonly Seed[]) => { bytes: Uint8Array; what: string } | null;

// ---- bytes ---------------------------------------------------------------------------------------------------------

const BYTES: Record<string, Mutation> = {
  flip(r, s) {
    const b = Uint8Array.from(s.bytes);
    const n = ri(r, 1, 4);
    const at: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = ri(r, 0, b.length - 1);
      b[p] ^= 1 << ri(r, 0, 7);
      at.push(p);
    }
    return { bytes: b, what: `bits flipped at ${at.join(', ')}` };
  },
  byte(r, s) {
    const b = Uint8Array.from(s.bytes);
    const p = ri(r, 0, b.length - 1);
    b[p] = pick(r, [0x00, 0x01, 0x7f, 0x80, 0xff]);
    return { bytes: b, what: `byte ${p} = ${b[p]}` };
  },
  truncate(r, s) {
    const n = ri(r, 0, s.bytes.length - 1);
    return { bytes: s.bytes.slice(0, n), what: `cut to ${n} bytes` };
  },
  splice(r, s, seeds) {
    const o = pick(r, seeds).bytes;
    const at = ri(r, 0, s.bytes.length);
    const from = ri(r, 0, o.length - 1);
    const len = ri(r, 1, Math.min(64, o.length - from));
    const b = new Uint8Array(s.bytes.length + len);
    b.set(s.bytes.subarray(0, at));
    b.set(o.subarray(from, from + len), at);
    b.set(s.bytes.subarray(at), at + len);
    return { bytes: b, what: `${len} bytes of another seed spliced in at ${at}` };
  },
  duplicate(r, s) {
    const at = ri(r, 0, s.bytes.length - 1);
    const len = ri(r, 1, Math.min(96, s.bytes.length - at));
    const b = new Uint8Array(s.bytes.length + len);
    b.set(s.bytes.subarray(0, at + len));
    b.set(s.bytes.subarray(at, at + len), at + len);
    b.set(s.bytes.subarray(at + len), at + 2 * len);
    return { bytes: b, what: `bytes ${at}..${at + len} duplicated` };
  },
  'big-varint'(r, s) {
    const b = Uint8Array.from(s.bytes);
    const at = ri(r, 0, b.length - 1);
    b.set([0xff, 0xff, 0xff, 0xff, 0x7f].slice(0, b.length - at), at);
    return { bytes: b, what: `a 5-byte varint of 2^35 - 1 written at ${at}` };
  },
};

// ---- ONNX: the protobuf tree ---------------------------------------------------------------------------------------

const HUGE_DIMS = [0n, -1n, 2n ** 31n, 2n ** 32n + 1n, 2n ** 62n, -(2n ** 31n)];

/** Edits the tree of a copy of the seed; null when `edit` finds nothing to edit. */
function onTree(s: Seed, edit: (m: ProtoMessage) => string | null): { bytes: Uint8Array; what: string } | null {
  const m = parseProto(s.bytes);
  const what = edit(m);
  return what === null ? null : { bytes: writeProto(m), what };
}

const tensorName = (t: ProtoMessage) => {
  const f = t.fields.find((x) => x.no === 8 && x.raw);
  return f?.raw ? JSON.stringify(new TextDecoder().decode(f.raw)) : '(unnamed)';
};

const ONNX_TREE: Record<string, Mutation> = {
  'varint-inflate': (r, s) =>
    onTree(s, (m) => {
      const fs = allFields(m).filter((f) => f.wire === 0 || f.wire === 2);
      if (!fs.length) return null;
      const f = pick(r, fs);
      f.pad = ri(r, 1, 9);
      return `field ${f.no} (${f.wire === 0 ? 'value' : 'length'}) written with ${f.pad} extra varint bytes`;
    }),
  'tensor-dims': (r, s) =>
    onTree(s, (m) => {
      const ts = messagesOf(m, 'tensor').filter((t) => t.fields.some((f) => f.no === 1));
      if (!ts.length) return null;
      const t = pick(r, ts);
      const v = pick(r, HUGE_DIMS);
      const dimFields = t.fields.filter((f) => f.no === 1);
      const f = pick(r, dimFields);
      if (f.wire === 0) f.int = BigInt.asUintN(64, v);
      else {
        const dims = unpackVarints(f.raw!);
        if (!dims.length) return null;
        const k = ri(r, 0, dims.length - 1);
        dims[k] = BigInt.asUintN(64, v);
        f.raw = packVarints(dims);
      }
      return `tensor ${tensorName(t)}: a dim = ${v}`;
    }),
  'short-raw': (r, s) =>
    onTree(s, (m) => {
      const ts = messagesOf(m, 'tensor').filter((t) => t.fields.some((f) => f.no === 9 && (f.raw?.length ?? 0) > 0));
      if (!ts.length) return null;
      const t = pick(r, ts);
      const f = t.fields.find((x) => x.no === 9)!;
      const n = ri(r, 0, f.raw!.length - 1);
      f.raw = f.raw!.subarray(0, n);
      return `tensor ${tensorName(t)}: raw_data cut to ${n} bytes`;
    }),
  'tensor-type': (r, s) =>
    onTree(s, (m) => {
      const ts = messagesOf(m, 'tensor').filter((t) => t.fields.some((f) => f.no === 2 && f.wire === 0));
      if (!ts.length) return null;
      const t = pick(r, ts);
      const f = t.fields.find((x) => x.no === 2 && x.wire === 0)!;
      // float, uint8, int8, int32, int64, bool, float16, double; string, int16, complex64, bfloat16; unknown codes
      const code = pick(r, [1, 2, 3, 6, 7, 9, 10, 11, 8, 5, 14, 16, 0, 99, 2 ** 31 - 1]);
      f.int = BigInt(code);
      return `tensor ${tensorName(t)}: data_type = ${code}`;
    }),
  'input-dims': (r, s) =>
    onTree(s, (m) => {
      const dims = messagesOf(m, 'dim').filter((d) => d.fields.some((f) => f.no === 1));
      if (!dims.length) return null;
      const d = pick(r, dims);
      const v = pick(r, HUGE_DIMS);
      d.fields.find((f) => f.no === 1)!.int = BigInt.asUintN(64, v);
      return `a declared dim = ${v}`;
    }),
  'elem-type': (r, s) =>
    onTree(s, (m) => {
      const tts = messagesOf(m, 'tensorType').filter((t) => t.fields.some((f) => f.no === 1));
      if (!tts.length) return null;
      const code = pick(r, [1, 2, 3, 6, 7, 9, 10, 11, 8, 5, 0, 99]);
      pick(r, tts).fields.find((f) => f.no === 1)!.int = BigInt(code);
      return `a declared elem_type = ${code}`;
    }),
};

// ---- ONNX: the graph IR, through the product's reader and writer ---------------------------------------------------

function onGraph(s: Seed, edit: (g: Graph) => string | null): { bytes: Uint8Array; what: string } | null {
  const g = readOnnxModel(s.bytes);
  const what = edit(g);
  if (what === null) return null;
  return { bytes: writeOnnxModel(g), what };
}

const HUGE_INTS = [0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 40, 2 ** 53 - 1, 65535, 65536];
const HUGE_FLOATS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3.4e38, -3.4e38, 0, 1e-45];

const ONNX_GRAPH: Record<string, Mutation> = {
  dangling: (r, s) =>
    onGraph(s, (g) => {
      const ns = g.nodes.filter((n) => n.inputs.some(Boolean));
      if (!ns.length) return null;
      const n = pick(r, ns);
      const k = pick(
        r,
        n.inputs.flatMap((x, i) => (x ? [i] : [])),
      );
      n.inputs[k] = 'fuzz_nobody_writes_this';
      return `${n.opType} ${JSON.stringify(n.name)} input ${k} reads a value nobody writes`;
    }),
  cycle: (r, s) =>
    onGraph(s, (g) => {
      if (!g.nodes.length) return null;
      const i = ri(r, 0, g.nodes.length - 1);
      const j = ri(r, i, g.nodes.length - 1);
      const n = g.nodes[i];
      const out = g.nodes[j].outputs.find(Boolean);
      if (!out || !n.inputs.length) return null;
      const k = ri(r, 0, n.inputs.length - 1);
      n.inputs[k] = out;
      return `${n.opType} #${i} input ${k} reads ${JSON.stringify(out)}, the output of node #${j}`;
    }),
  'dup-output': (r, s) =>
    onGraph(s, (g) => {
      if (r() < 0.3 && g.outputs.length) {
        g.outputs.push({ ...pick(r, g.outputs) });
        return 'a graph output listed twice';
      }
      if (g.nodes.length < 2) return null;
      const i = ri(r, 0, g.nodes.length - 1);
      let j = ri(r, 0, g.nodes.length - 2);
      if (j >= i) j++;
      const out = g.nodes[j].outputs.find(Boolean);
      if (!out || !g.nodes[i].outputs.length) return null;
      g.nodes[i].outputs[0] = out;
      return `node #${i} (${g.nodes[i].opType}) writes ${JSON.stringify(out)}, node #${j}'s output`;
    }),
  'attr-huge': (r, s) =>
    onGraph(s, (g) => {
      const sites = g.nodes.flatMap((n) =>
        [...n.attributes]
          .filter(([, a]) => ['int', 'ints', 'float', 'floats'].includes(a.kind))
          .map(([k]) => ({ n, k })),
      );
      if (!sites.length) return null;
      const { n, k } = pick(r, sites);
      const a = n.attributes.get(k)!;
      let v: Attribute;
      if (a.kind === 'int') v = { kind: 'int', value: pick(r, HUGE_INTS) };
      else if (a.kind === 'float') v = { kind: 'float', value: pick(r, HUGE_FLOATS) };
      else if (a.kind === 'ints') {
        const value = [...a.value];
        if (value.length) value[ri(r, 0, value.length - 1)] = pick(r, HUGE_INTS);
        else value.push(pick(r, HUGE_INTS));
        v = { kind: 'ints', value };
      } else if (a.kind === 'floats') {
        const value = [...a.value];
        if (value.length) value[ri(r, 0, value.length - 1)] = pick(r, HUGE_FLOATS);
        v = { kind: 'floats', value };
      } else return null;
      n.attributes.set(k, v);
      return `${n.opType} ${JSON.stringify(n.name)} ${k} = ${JSON.stringify(v.value)}`;
    }),
  'drop-attr': (r, s) =>
    onGraph(s, (g) => {
      const ns = g.nodes.filter((n) => n.attributes.size);
      if (!ns.length) return null;
      const n = pick(r, ns);
      const k = pick(r, [...n.attributes.keys()]);
      n.attributes.delete(k);
      return `${n.opType} ${JSON.stringify(n.name)}: attribute ${k} dropped`;
    }),
  'op-swap': (r, s) =>
    onGraph(s, (g) => {
      if (!g.nodes.length) return null;
      const ops = [...new Set(g.nodes.map((n) => `${n.domain}:${n.opType}`))];
      const n = pick(r, g.nodes);
      const [domain, opType] = pick(r, ops).split(':');
      const was = n.opType;
      n.domain = domain;
      n.opType = opType;
      return `node ${JSON.stringify(n.name)} ${was} -> ${opType}`;
    }),
  'drop-node': (r, s) =>
    onGraph(s, (g) => {
      if (!g.nodes.length) return null;
      const i = ri(r, 0, g.nodes.length - 1);
      const [n] = g.nodes.splice(i, 1);
      return `node #${i} (${n.opType}) dropped`;
    }),
  'swap-inputs': (r, s) =>
    onGraph(s, (g) => {
      const ns = g.nodes.filter((n) => n.inputs.length >= 2);
      if (!ns.length) return null;
      const n = pick(r, ns);
      const a = ri(r, 0, n.inputs.length - 1);
      let b = ri(r, 0, n.inputs.length - 2);
      if (b >= a) b++;
      [n.inputs[a], n.inputs[b]] = [n.inputs[b], n.inputs[a]];
      return `${n.opType} ${JSON.stringify(n.name)}: inputs ${a} and ${b} swapped`;
    }),
};

// ---- TFLite: in place on the flatbuffer -----------------------------------------------------------------------------

/** Positions in a TFLite file (schema field ids: Model 1 operator_codes, 2 subgraphs, 4 buffers; SubGraph 0 tensors,
 * 3 operators; Tensor 0 shape, 1 type; Operator 0 opcode_index, 1 inputs, 2 outputs, 4 builtin_options;
 * OperatorCode 0 deprecated_builtin_code, 3 builtin_code; Buffer 0 data). */
interface TflSites {
  /** i32 positions of shape entries */
  shapes: number[];
  /** positions of tensor type bytes */
  types: number[];
  tensorCount: number;
  /** per operator: i32 positions of its inputs and outputs */
  ops: { inputs: number[]; outputs: number[] }[];
  /** per operator code: positions of its deprecated (i8) and builtin (i32) code, when present */
  codes: { dep: number; code: number }[];
  /** positions of buffers' data vector length words (non-empty ones) */
  bufferLengths: number[];
  /** options fields: position and the bytes available before the next field */
  options: { at: number; size: number }[];
}

function vecPositions(fb: FlatBuffer, t: number, id: number): number[] {
  const p = fb.field(t, id);
  if (!p) return [];
  const v = p + fb.u32(p);
  return Array.from({ length: fb.u32(v) }, (_, k) => v + 4 + 4 * k);
}

function tflSites(bytes: Uint8Array): TflSites {
  const fb = new FlatBuffer(bytes);
  const model = fb.root();
  const sites: TflSites = { shapes: [], types: [], tensorCount: 0, ops: [], codes: [], bufferLengths: [], options: [] };
  for (const c of fb.tables(model, 1)) sites.codes.push({ dep: fb.field(c, 0), code: fb.field(c, 3) });
  for (const b of fb.tables(model, 4)) {
    const p = fb.field(b, 0);
    if (p && fb.u32(p + fb.u32(p)) > 0) sites.bufferLengths.push(p + fb.u32(p));
  }
  for (const sg of fb.tables(model, 2)) {
    const tensors = fb.tables(sg, 0);
    sites.tensorCount += tensors.length;
    for (const t of tensors) {
      sites.shapes.push(...vecPositions(fb, t, 0));
      const tp = fb.field(t, 1);
      if (tp) sites.types.push(tp);
    }
    for (const op of fb.tables(sg, 3)) {
      sites.ops.push({ inputs: vecPositions(fb, op, 1), outputs: vecPositions(fb, op, 2) });
      const o = fb.ref(op, 4);
      if (!o) continue;
      const vt = o - fb.i32(o);
      const n = (fb.u16(vt) - 4) / 2;
      const offs = Array.from({ length: n }, (_, k) => fb.u16(vt + 4 + 2 * k)).filter(Boolean);
      const end = fb.u16(vt + 2);
      for (const off of offs) {
        const next = Math.min(end, ...offs.filter((x) => x > off));
        sites.options.push({ at: o + off, size: next - off });
      }
    }
  }
  return sites;
}

function inPlace(s: Seed, edit: (b: Uint8Array, dv: DataView, t: TflSites) => string | null) {
  const b = Uint8Array.from(s.bytes);
  const what = edit(b, new DataView(b.buffer), tflSites(s.bytes));
  return what === null ? null : { bytes: b, what };
}

/** TFLite builtin operator codes the mutations swap among (schema.fbs BuiltinOperator). */
const TFL_CODES = [0, 1, 3, 4, 9, 14, 17, 18, 22, 28, 40, 41, 97, 114, 117];

const TFLITE: Record<string, Mutation> = {
  'tfl-shape': (r, s) =>
    inPlace(s, (_b, dv, t) => {
      if (!t.shapes.length) return null;
      const at = pick(r, t.shapes);
      const v = pick(r, [0, -1, 2 ** 31 - 1, -(2 ** 31), 65536, 1 << 20]);
      dv.setInt32(at, v, true);
      return `a tensor shape entry (at ${at}) = ${v}`;
    }),
  'tfl-type': (r, s) =>
    inPlace(s, (b, _dv, t) => {
      if (!t.types.length) return null;
      const at = pick(r, t.types);
      // FLOAT32 0, FLOAT16 1, INT32 2, UINT8 3, INT64 4, STRING 5, BOOL 6, INT16 7, INT8 9, FLOAT64 10, unknown
      b[at] = pick(r, [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 17, 200]);
      return `a tensor type (at ${at}) = ${b[at]}`;
    }),
  'tfl-io': (r, s) =>
    inPlace(s, (_b, dv, t) => {
      const ops = t.ops.filter((o) => o.inputs.length);
      if (!ops.length) return null;
      const oi = ri(r, 0, ops.length - 1);
      const o = ops[oi];
      const choice = ri(r, 0, 3);
      if (choice === 3 && t.ops.length > 1) {
        // duplicate outputs: this operator writes another operator's output tensor
        const other = pick(
          r,
          t.ops.filter((x) => x !== o && x.outputs.length),
        );
        if (!other || !o.outputs.length) return null;
        const v = dv.getInt32(pick(r, other.outputs), true);
        dv.setInt32(pick(r, o.outputs), v, true);
        return `operator ${oi} writes tensor ${v}, another operator's output`;
      }
      const at = pick(r, o.inputs);
      const v =
        choice === 0
          ? -1
          : choice === 1
            ? t.tensorCount + ri(r, 0, 3)
            : o.outputs.length
              ? dv.getInt32(o.outputs[0], true)
              : -1;
      dv.setInt32(at, v, true);
      return `operator ${oi}: an input index = ${v}${choice === 2 ? ' (its own output: a cycle)' : ''}`;
    }),
  'tfl-opcode': (r, s) =>
    inPlace(s, (b, dv, t) => {
      const cs = t.codes.filter((c) => c.dep || c.code);
      if (!cs.length) return null;
      const c = pick(r, cs);
      const v = pick(r, TFL_CODES);
      if (c.dep) b[c.dep] = v;
      if (c.code) dv.setInt32(c.code, v, true);
      return `an operator code = ${v}`;
    }),
  'tfl-short-buffer': (r, s) =>
    inPlace(s, (_b, dv, t) => {
      if (!t.bufferLengths.length) return null;
      const at = pick(r, t.bufferLengths);
      const n = dv.getUint32(at, true);
      const v = ri(r, 0, n - 1);
      dv.setUint32(at, v, true);
      return `a buffer's data length ${n} -> ${v}`;
    }),
  'tfl-options': (r, s) =>
    inPlace(s, (b, dv, t) => {
      if (!t.options.length) return null;
      const f = pick(r, t.options);
      if (f.size >= 4) {
        const v = pick(r, [0, -1, 2 ** 31 - 1, -(2 ** 31), 65536, 1 << 24]);
        dv.setInt32(f.at, v, true);
        return `an options field (at ${f.at}) = ${v}`;
      }
      b[f.at] = pick(r, [0, 1, 2, 5, 127, 255]);
      return `an options byte (at ${f.at}) = ${b[f.at]}`;
    }),
};

/** Every mutation kind of a format, by name. */
export const MUTATIONS: Record<Seed['format'], Record<string, Mutation>> = {
  onnx: { ...BYTES, ...ONNX_TREE, ...ONNX_GRAPH },
  tflite: { ...BYTES, ...TFLITE },
};

/** Every mutation kind (for the counts). */
export const MUTATION_KINDS = [
  ...new Set([...Object.keys(MUTATIONS.onnx), ...Object.keys(MUTATIONS.tflite)]),
] as readonly string[];

/** The seed of case `index` of a run seeded `runSeed` (a 32-bit mix of both). */
export function caseSeed(runSeed: number, index: number): number {
  let h = Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** Case `index` of a run seeded `runSeed`: a seed model and one mutation of it (a kind that applies to it). */
export function makeCase(seeds: readonly Seed[], runSeed: number, index: number): FuzzCase {
  const r = rng(caseSeed(runSeed, index));
  const s = seeds[Math.floor(r() * seeds.length)];
  const table = MUTATIONS[s.format];
  const kinds = Object.keys(table);
  // a kind that finds nothing to edit in this seed gives way to the next one
  let k = Math.floor(r() * kinds.length);
  for (let tries = 0; tries < kinds.length; tries++, k = (k + 1) % kinds.length) {
    let out: ReturnType<Mutation>;
    try {
      out = table[kinds[k]](r, s, seeds);
    } catch {
      out = null; // the product's writer refused the edited graph: the next kind
    }
    if (out) return { index, seed: s.name, kind: kinds[k], ...out };
  }
  return { index, seed: s.name, kind: 'none', what: 'the seed unchanged', bytes: s.bytes };
}
