/**
 * The switchable graph: the prepared float graph with a QuantizeLinear -> DequantizeLinear pair on every activation
 * value a plan may quantize and a fake-quantized copy of every initializer it may store quantized, each behind a
 * switch, so that one session of the float executor runs any mix of float and quantized values (the whole plan, one
 * layer alone, the plan with some layers kept float, another range for a value) without writing a model per mix.
 *
 * For an activation value v (a node output or a graph input):
 *   v_q  = QuantizeLinear(v, v__scale, v__zp)          scale and zero point are graph inputs (a run chooses them)
 *   v_dq = DequantizeLinear(v_q, v__scale, v__zp)
 *   v_sw = Where(v__on, v_dq, v)                        v__on: a bool scalar input
 * and every node (of this graph, not of If branches, which keep reading v; nor a comparison: plan.ts `COMPARISONS`)
 * reads v_sw where it read v. An
 * initializer w that a plan may store quantized becomes a graph input `w__value`, fed on each run with the float
 * data or with the plan's fake-quantized data (DequantizeLinear of its codes: `fakeInits` of evaluate.ts; a bias's
 * codes depend on its node's input scale, so each plan brings its own). Where picks one operand exactly, so a run
 * with the switches of a plan on computes what the plan's QDQ model computes when each node runs in float between
 * its DequantizeLinear and QuantizeLinear (onnxruntime with graph optimizations off), and with every switch off the
 * float graph, bit for bit.
 *
 * A graph output v with a switch is read from v_sw. A run's values for switches it does not name are off.
 */
import type { ElementType, Graph, Node, TensorData } from '../model/graph/ir.js';
import type { Feed, FeedValue, FloatExecutor } from './executors.js';
import { readsOf } from '../model/graph/subgraphs.js';
import { makeNode, valueInfo } from './graph.js';
import type { QType } from './params.js';
import { COMPARISONS } from './plan.js';

/** What one run quantizes: activation values with their parameters, initializers with their fake-quantized data. */
export interface SwitchConfig {
  act: ReadonlyMap<string, { scale: number; zeroPoint: number }>;
  inits: ReadonlyMap<string, Float32Array>;
}

export class SwitchGraph {
  private acts: Set<string>;
  private exec: FloatExecutor | undefined;
  private outNames = new Map<string, string>();

  private inits: Set<string>;

  /**
   * `acts`: the activation values with a switch, `inits` the initializers (more of both are added by `ensure`);
   * `open` makes an executor of a graph (the session is made at the first run).
   */
  constructor(
    private readonly float: Graph,
    private readonly type: QType,
    acts: Iterable<string>,
    inits: Iterable<string>,
    private readonly open: (g: Graph) => Promise<FloatExecutor>,
  ) {
    this.acts = new Set(acts);
    this.inits = new Set(inits);
  }

  /** Adds switches for the values and initializers of `config` that have none (a new session at the next run). */
  async ensure(config: SwitchConfig): Promise<void> {
    const acts = [...config.act.keys()].filter((v) => !this.acts.has(v));
    const inits = [...config.inits.keys()].filter((v) => !this.inits.has(v));
    if (!acts.length && !inits.length) return;
    for (const v of acts) this.acts.add(v);
    for (const v of inits) this.inits.add(v);
    await this.exec?.dispose();
    this.exec = undefined;
  }

  /** The graph outputs (by their names in the float graph) of one run. */
  async run(feed: Feed, config: SwitchConfig): Promise<Map<string, Float32Array>> {
    await this.ensure(config);
    if (!this.exec) this.exec = await this.open(this.build());
    const input = new Map<string, FeedValue>(feed);
    const scalar = (type: ElementType, data: TensorData): FeedValue => ({ data, dims: [], type });
    for (const v of this.acts) {
      const p = config.act.get(v);
      input.set(`${v}__scale`, scalar('float32', Float32Array.of(p?.scale ?? 1)));
      const zp = p?.zeroPoint ?? 0;
      input.set(`${v}__zp`, scalar(this.type, this.type === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp)));
      input.set(`${v}__on`, scalar('bool', Uint8Array.of(p ? 1 : 0)));
    }
    for (const w of this.inits) {
      const t = this.float.initializers.get(w)!;
      input.set(`${w}__value`, { data: config.inits.get(w) ?? t.data, dims: t.dims, type: 'float32' });
    }
    const out = await this.exec.run(input);
    const res = new Map<string, Float32Array>();
    for (const o of this.float.outputs) {
      const y = out.get(this.outNames.get(o.name) ?? o.name);
      if (y) res.set(o.name, y);
    }
    return res;
  }

  async dispose(): Promise<void> {
    await this.exec?.dispose();
    this.exec = undefined;
  }

  /** The graph with every switch (see the header). */
  private build(): Graph {
    const g = this.float;
    const taken = new Set<string>([
      ...g.initializers.keys(),
      ...g.inputs.map((v) => v.name),
      ...g.nodes.flatMap((n) => n.outputs),
    ]);
    const fresh = (base: string) => {
      let name = base;
      for (let k = 1; taken.has(name); k++) name = `${base}_${k}`;
      taken.add(name);
      return name;
    };
    const sw = new Map<string, string>(); // value or initializer -> the name its readers read
    const inputs = [...g.inputs];
    const head: Node[] = [];
    const pair = (v: string): Node[] => {
      const s = `${v}__scale`;
      const z = `${v}__zp`;
      const on = `${v}__on`;
      for (const name of [s, z, on]) taken.add(name);
      inputs.push(valueInfo(s, 'float32', []), valueInfo(z, this.type, []), valueInfo(on, 'bool', []));
      const q = fresh(`${v}__q`);
      const dq = fresh(`${v}__dq`);
      const out = fresh(`${v}__sw`);
      sw.set(v, out);
      return [
        makeNode('QuantizeLinear', [v, s, z], [q], {}, { name: fresh(`${v}__Q`) }),
        makeNode('DequantizeLinear', [q, s, z], [dq], {}, { name: fresh(`${v}__DQ`) }),
        makeNode('Where', [on, dq, v], [out], {}, { name: fresh(`${v}__switch`) }),
      ];
    };
    for (const w of this.inits) {
      const t = g.initializers.get(w)!;
      const value = `${w}__value`;
      taken.add(value);
      inputs.push(valueInfo(value, 'float32', t.dims));
      sw.set(w, value);
    }
    for (const v of g.inputs) if (this.acts.has(v.name)) head.push(...pair(v.name));
    const nodes: Node[] = [...head];
    const to = (x: string) => sw.get(x) ?? x;
    for (const n of g.nodes) {
      // a comparison reads the float value of an activation (as in the QDQ model: qdq.ts)
      const compares = n.domain === '' && COMPARISONS.has(n.opType);
      nodes.push({ ...n, inputs: n.inputs.map((x) => (compares && !this.inits.has(x) ? x : to(x))) });
      for (const o of n.outputs) if (o && this.acts.has(o)) nodes.push(...pair(o));
    }
    this.outNames = new Map(g.outputs.map((o) => [o.name, to(o.name)]));
    const read = new Set(nodes.flatMap(readsOf));
    return {
      ...g,
      inputs,
      initializers: new Map([...g.initializers].filter(([k]) => read.has(k))),
      nodes,
      outputs: g.outputs.map((o) => ({ ...o, name: to(o.name) })),
      opsetImports: new Map([...g.opsetImports, ['', Math.max(13, g.opsetImports.get('') ?? 13)]]),
      valueInfo: new Map(),
    };
  }
}
