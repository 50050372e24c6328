/**
 * Pass: onnxruntime's contrib QuantizeLinear / DequantizeLinear (domain com.microsoft, which its quantization tool
 * writes with `UseQDQContribOps` and some exporters write always) into the default domain's operators, which compute
 * the same for 8-bit types: y = saturate(RNE(x / scale) + zero point), x = (q - zero point) * scale, per tensor or
 * along `axis` (the contrib operators take a per-axis scale at any opset, as the default domain's do from 13).
 *
 * Taken: a node whose zero point is absent (uint8) or an 8-bit initializer, and, where the default domain's opset is
 * below 13, whose scale is one value (per-axis needs opset 13 there). Others (16-bit and 4-bit zero points, a computed
 * zero point) stay contrib nodes, which the operator table refuses with UNSUPPORTED_OP. Runs on the Graph as read
 * (before shape inference), in every subgraph too; the reference executor runs the contrib nodes as it runs the
 * default ones (kernels-ref/model/ops/index.ts MS_OPS).
 */
import type { Attribute, Graph, Node } from '../ir.js';

export function contribQdqToDefault(g: Graph): Graph {
  const opset = g.opsetImports.get('') ?? 1;
  let changed = false;
  const nodes = g.nodes.map((n) => {
    const m = convertNode(n, g, opset);
    if (m !== n) changed = true;
    return m;
  });
  return changed ? { ...g, nodes, opsetImports: g.opsetImports.has('') ? g.opsetImports : withDefault(g) } : g;
}

function withDefault(g: Graph): Map<string, number> {
  const m = new Map(g.opsetImports);
  m.set('', 13);
  return m;
}

function convertNode(n: Node, g: Graph, opset: number): Node {
  // subgraphs (If branches) first: their nodes read the enclosing graph's initializers by name
  let attributes = n.attributes;
  for (const [k, a] of n.attributes) {
    if (a.kind !== 'graph') continue;
    const sub = a.value;
    const inner: Graph = {
      ...sub,
      opsetImports: g.opsetImports,
      initializers: new Map([...g.initializers, ...sub.initializers]),
    };
    const nodes = sub.nodes.map((m) => convertNode(m, inner, opset));
    if (nodes.every((m, i) => m === sub.nodes[i])) continue;
    if (attributes === n.attributes) attributes = new Map(n.attributes);
    attributes.set(k, { kind: 'graph', value: { ...sub, nodes } } as Attribute);
  }
  const taken =
    n.domain === 'com.microsoft' &&
    (n.opType === 'QuantizeLinear' || n.opType === 'DequantizeLinear') &&
    eightBitZeroPoint(n, g) &&
    (opset >= 13 || oneScale(n, g));
  if (!taken) return attributes === n.attributes ? n : { ...n, attributes };
  return { ...n, domain: '', attributes };
}

function eightBitZeroPoint(n: Node, g: Graph): boolean {
  const zp = n.inputs[2];
  if (zp === undefined || zp === '') return true;
  const t = g.initializers.get(zp);
  return t !== undefined && (t.type === 'uint8' || t.type === 'int8');
}

function oneScale(n: Node, g: Graph): boolean {
  const s = g.initializers.get(n.inputs[1] ?? '');
  return s !== undefined && s.data.length === 1;
}
