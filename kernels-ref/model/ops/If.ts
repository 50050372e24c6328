/**
 * If: runs then_branch when the condition (a bool of one element) is true, else else_branch, and returns the
 * branch's outputs. A branch's nodes read the values of the enclosing graph by name (the executor's subgraph scope,
 * ../run.ts); its outputs may be values it computes, its initializers, or values of the enclosing graph.
 * Also the lifted form the product's loader makes (src/model/graph/passes/inline-if.ts): inputs 1, 2, ... past the
 * condition, bound by position to the branch's declared inputs.
 */
import { need, onlyAttrs, type OpFn, type Tensor } from '../tensor.js';

export const If: OpFn = (inputs, attrs, _opset, outputCount, ctx) => {
  onlyAttrs(attrs, 'If', 'then_branch', 'else_branch');
  const cond = need(inputs, 0, 'cond');
  if (cond.type !== 'bool' || cond.data.length !== 1)
    throw new Error(`If: the condition must be one bool, is ${cond.type} of ${cond.data.length} elements`);
  const name = cond.data[0] ? 'then_branch' : 'else_branch';
  const a = attrs.get(name);
  if (a?.kind !== 'graph') throw new Error(`If: attribute ${name} must be a graph, is ${a?.kind ?? 'absent'}`);
  if (!ctx) throw new Error('If: runs its branch through the executor (no context given)');
  const g = a.value;
  if (g.inputs.length !== inputs.length - 1)
    throw new Error(`If: ${name} declares ${g.inputs.length} inputs, the node binds ${inputs.length - 1}`);
  const own = new Map<string, Tensor>(g.initializers);
  g.inputs.forEach((v, k) => {
    const t = inputs[k + 1];
    if (!t) throw new Error(`If: input ${k + 1}, bound to ${name}'s ${JSON.stringify(v.name)}, is missing`);
    own.set(v.name, { ...t, name: v.name });
  });
  const scope = ctx.runSubgraph({ ...g, initializers: own });
  if (outputCount !== undefined && g.outputs.length !== outputCount)
    throw new Error(`If: ${name} has ${g.outputs.length} outputs, the node ${outputCount}`);
  return g.outputs.map((o) => {
    const t = scope.get(o.name) ?? own.get(o.name) ?? ctx.value(o.name);
    if (!t) throw new Error(`If: ${name}'s output ${JSON.stringify(o.name)} is never produced`);
    return t;
  });
};
