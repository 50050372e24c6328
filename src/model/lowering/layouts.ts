/**
 * Layout planning, MegEngine's EnableNchw44Dot idea: every convolution that has an NCHW44 form takes it, operators
 * that run in either layout (element-wise, Q / DQ, pooling, resize, channel concat) follow their inputs, and a
 * relayout step (the operator table's i8conv Relayout) is inserted only where a consumer needs the other layout of a
 * value (at most one per value and layout, shared by every such consumer). One exception to following: a step whose
 * outputs only NCHW consumers read (or the graph's outputs) runs NCHW when its NCHW44 inputs are smaller than its
 * outputs (a DequantizeLinear before a TypeScript operator: its 8-bit input is relaid out, not its float output).
 * Graph outputs are NCHW. `layout: 'nchw'` plans no NCHW44.
 */
import type { Layout } from '../backends/types.js';
import type { Node } from '../graph/ir.js';
import type { LoweredNode } from '../executor/step.js';
import type { Lowering, PlannedValue } from './values.js';
import { rowFor } from './registry.js';

/** A relayout step of `input` into `output` in layout `to`: the operator table's i8conv Relayout. */
function relayoutStep(
  name: string,
  input: string,
  output: string,
  to: Layout,
  values: Map<string, PlannedValue>,
): LoweredNode {
  const node: Node = {
    name,
    opType: 'Relayout',
    domain: 'i8conv',
    inputs: [input],
    outputs: [output],
    attributes: new Map([['to', { kind: 'string', value: to }]]),
  };
  const row = rowFor('i8conv', 'Relayout', 1)!;
  for (const impl of row.impls) {
    const l = impl.lower(node, { name, values, opset: 1 });
    if (l) return l;
  }
  throw new Error('registry: no relayout implementation');
}

export interface LayoutPlan {
  steps: Lowering[];
  values: Map<string, PlannedValue>;
}

/**
 * Assigns a layout to every value and step and inserts the relayout steps. `values` holds every value of the
 * lowered graph with layout 'NCHW'; it is updated in place and relayout values are added.
 */
export function planLayouts(
  steps: readonly Lowering[],
  values: Map<string, PlannedValue>,
  graphOutputs: readonly string[],
  mode: 'auto' | 'nchw',
): LayoutPlan {
  const out: Lowering[] = [];
  /** value name -> name of its copy in the other layout */
  const converted = new Map<string, string>();
  const layoutOf = (n: string): Layout => values.get(n)!.layout;
  const want = (name: string, layout: Layout): string => {
    if (name === '' || layoutOf(name) === layout) return name;
    const v = values.get(name)!;
    if (v.constant) return name; // constants are read by the step's builder, in whatever layout it needs
    const key = `${name}@${layout.toLowerCase()}`;
    if (!converted.has(key)) {
      values.set(key, { ...v, name: key, layout, aliasOf: undefined, offset: -1 });
      // a 4-D value with H * W = 1 has the same bytes in both layouts: the relayout is an alias
      const same = v.dims.length === 4 && v.dims[2] * v.dims[3] === 1;
      out.push({
        ...relayoutStep(`relayout ${name} -> ${layout}`, name, key, layout, values),
        ...(same ? { alias: true } : {}),
      });
      converted.set(key, key);
    }
    return key;
  };
  // a value of rank below 3 (a DynamicQuantizeLinear's scale and zero point) has no NCHW44 form: it stays NCHW
  const setOut = (s: Lowering, layout: Layout): void => {
    for (const o of s.outputs) {
      const v = o === '' ? undefined : values.get(o)!;
      if (v) v.layout = layout === 'NCHW44' && v.dims.length < 3 ? 'NCHW' : layout;
    }
  };
  // who reads each value: a step that can take NCHW44 (a convolution with an NCHW44 form, a step that follows), or not
  const takes44 = (r: Lowering['rule']) =>
    (r.kind === 'conv' && (r.nchw44 || r.hybrid)) || (r.kind === 'follow' && r.nchw44);
  const readers = new Map<string, Lowering[]>();
  for (const st of steps) for (const i of st.inputs) if (i !== '') readers.set(i, [...(readers.get(i) ?? []), st]);
  const outs = new Set(graphOutputs);
  /** every output of s is read only in NCHW, and its NCHW44 data inputs are smaller than its outputs */
  const cheaperNchw = (s: Lowering, data: readonly number[]): boolean => {
    const written = s.outputs.filter((o) => o !== '');
    if (written.some((o) => (readers.get(o) ?? []).some((c) => takes44(c.rule)))) return false;
    if (written.some((o) => !outs.has(o) && !readers.has(o))) return false;
    const inBytes = data.reduce((a, k) => (s.inputs[k] ? a + values.get(s.inputs[k])!.bytes : a), 0);
    return inBytes < written.reduce((a, o) => a + values.get(o)!.bytes, 0);
  };
  for (const step of steps) {
    const s: Lowering = { ...step, inputs: [...step.inputs] };
    const r = s.rule;
    if (r.kind === 'conv' && mode === 'auto' && (r.nchw44 || r.hybrid)) {
      s.inputs[0] = want(s.inputs[0], r.nchw44 ? 'NCHW44' : 'NCHW');
      for (const k of r.withOutput ?? []) s.inputs[k] = want(s.inputs[k], 'NCHW44');
      s.layout = 'NCHW44';
      setOut(s, 'NCHW44');
    } else if (
      r.kind === 'follow' &&
      mode === 'auto' &&
      r.nchw44 &&
      r.data.some(
        (k) => s.inputs[k] !== '' && !values.get(s.inputs[k])!.constant && layoutOf(s.inputs[k]) === 'NCHW44',
      ) &&
      !cheaperNchw(s, r.data)
    ) {
      for (const k of r.data) s.inputs[k] = want(s.inputs[k], 'NCHW44');
      s.layout = 'NCHW44';
      setOut(s, 'NCHW44');
    } else {
      s.inputs = s.inputs.map((n) => want(n, 'NCHW'));
      s.layout = 'NCHW';
      setOut(s, 'NCHW');
    }
    out.push(s);
  }
  // graph outputs are NCHW: a value planned NCHW44 is renamed and relaid out into the output's name
  for (const name of graphOutputs) {
    const v = values.get(name);
    if (!v || v.constant || v.layout === 'NCHW') continue;
    const inner = `${name}@nchw44`;
    values.set(inner, { ...v, name: inner });
    values.set(name, { ...v, layout: 'NCHW', aliasOf: undefined });
    for (const s of out) {
      s.inputs = s.inputs.map((n) => (n === name ? inner : n));
      s.outputs = s.outputs.map((n) => (n === name ? inner : n));
    }
    for (const [k, other] of values) if (other.aliasOf === name) values.set(k, { ...other, aliasOf: inner });
    const producer = out.findIndex((s) => s.outputs.includes(inner));
    out.splice(producer + 1, 0, relayoutStep(`relayout ${name} -> NCHW`, inner, name, 'NCHW', values));
  }
  return { steps: out, values };
}
