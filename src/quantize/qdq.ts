/**
 * The QDQ model of a plan (plan.ts), written as onnxruntime's static quantizer writes one (QuantFormat.QDQ):
 * one DequantizeLinear per quantized initializer (per-axis `axis` for per-channel weights and biases); a
 * QuantizeLinear -> DequantizeLinear pair after every quantized activation (graph inputs first, then each node's
 * quantized outputs, in node order); each node reads the DequantizeLinear outputs of its quantized inputs. A graph
 * output keeps its name: its producer writes `<name>_QuantizeInput` and the DequantizeLinear writes `<name>`. A
 * comparison (Equal, Less, ...: plan.ts `COMPARISONS`) reads the float value instead. The
 * default-domain opset becomes at least 13 (per-axis QuantizeLinear / DequantizeLinear); valueInfo is dropped, and
 * initializers nothing reads any more (a subgraph's read of an enclosing value counts: an If branch that reads a
 * weight the main graph quantized keeps reading the float initializer).
 */
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../model/graph/ir.js';
import { readsOf } from '../model/graph/subgraphs.js';
import { attrInt, makeNode } from './graph.js';
import { COMPARISONS, type Plan } from './plan.js';

/** The graph's opsets with the default domain at 13 or more, and `extra` domains added. */
export function withOpset(g: Graph, extra: [string, number][] = []): Map<string, number> {
  const m = new Map(g.opsetImports);
  m.set('', Math.max(13, m.get('') ?? 13));
  for (const [d, v] of extra) m.set(d, Math.max(v, m.get(d) ?? v));
  return m;
}

/** Drops initializers nothing reads any more. */
export function pruneInitializers(
  nodes: readonly Node[],
  inits: Map<string, Tensor>,
  inputs: readonly ValueInfo[],
  outputs: readonly ValueInfo[],
): Map<string, Tensor> {
  const used = new Set<string>([
    ...nodes.flatMap(readsOf),
    ...inputs.map((v) => v.name),
    ...outputs.map((v) => v.name),
  ]);
  return new Map([...inits].filter(([k]) => used.has(k)));
}

/** The QDQ graph of `plan`, made from `float` (see the header). */
export function writeQdq(float: Graph, plan: Plan): Graph {
  const { act, inits } = plan;
  const graphOutputs = new Set(float.outputs.map((o) => o.name));
  const initializers = new Map(plan.graph.initializers);
  const taken = new Set<string>([...initializers.keys(), ...plan.nodes.flatMap((n) => [...n.inputs, ...n.outputs])]);
  // a new value's name: the conventional one, or with a numeric suffix where the model already uses it
  const fresh = (name: string) => {
    let n = name;
    for (let k = 1; taken.has(n); k++) n = `${name}_${k}`;
    taken.add(n);
    return n;
  };
  // a new node's name: likewise, apart from the names the model's nodes have (onnxruntime refuses two nodes of one
  // name; a model written by onnxruntime's optimizer may name its own nodes `<value>_QuantizeLinear`)
  const named = new Set<string>(plan.nodes.map((n) => n.name).filter((x) => x !== ''));
  const nodeName = (name: string) => {
    let n = name;
    for (let k = 1; named.has(n); k++) n = `${name}_${k}`;
    named.add(n);
    return n;
  };
  // Where each quantized activation is written (src) and read (dq).
  const src = new Map<string, string>();
  const dq = new Map<string, string>();
  const qOut = new Map<string, string>();
  for (const v of act.keys()) {
    qOut.set(v, fresh(`${v}_QuantizeLinear_Output`));
    if (graphOutputs.has(v)) {
      src.set(v, fresh(`${v}_QuantizeInput`));
      dq.set(v, v);
    } else {
      src.set(v, v);
      dq.set(v, fresh(`${v}_DequantizeLinear_Output`));
    }
  }
  const out: Node[] = [];
  const qdq = (v: string) => {
    const p = act.get(v)!;
    out.push(
      makeNode(
        'QuantizeLinear',
        [src.get(v)!, p.scaleName, p.zpName],
        [qOut.get(v)!],
        {},
        { name: nodeName(`${v}_QuantizeLinear`) },
      ),
    );
    out.push(
      makeNode(
        'DequantizeLinear',
        [qOut.get(v)!, p.scaleName, p.zpName],
        [dq.get(v)!],
        {},
        { name: nodeName(`${v}_DequantizeLinear`) },
      ),
    );
  };
  for (const [name, qi] of inits) {
    // the float initializer stays only where something still reads it (a float node, an If branch): pruned below
    for (const t of [qi.q, qi.scale, qi.zp]) initializers.set(t.name, t);
    const attrs: Record<string, Attribute> = qi.axis !== undefined ? { axis: attrInt(qi.axis) } : {};
    out.push(
      makeNode('DequantizeLinear', [qi.q.name, qi.scale.name, qi.zp.name], [qi.out], attrs, {
        name: nodeName(`${name}_DequantizeLinear`),
      }),
    );
  }
  for (const i of float.inputs) if (act.has(i.name)) qdq(i.name);
  for (const n of plan.nodes) {
    // a comparison reads the float value of a quantized activation (plan.ts: compared values)
    const compares = n.domain === '' && COMPARISONS.has(n.opType);
    const inputs = n.inputs.map((x) =>
      inits.has(x) ? inits.get(x)!.out : act.has(x) ? (compares ? src.get(x)! : dq.get(x)!) : x,
    );
    const outputs = n.outputs.map((o) => (act.has(o) ? src.get(o)! : o));
    out.push({ ...n, inputs, outputs });
    for (const o of n.outputs) if (act.has(o)) qdq(o);
  }
  const g: Graph = { ...plan.graph, opsetImports: withOpset(float), nodes: out, initializers, valueInfo: new Map() };
  g.initializers = pruneInitializers(out, initializers, g.inputs, g.outputs);
  return g;
}
