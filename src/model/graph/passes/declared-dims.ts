/**
 * What a runtime that plans from the model's declared input shapes knows of each value's dims before any input is
 * fed: onnxruntime decides its graph fusions at session creation, from the shapes its shape inference gives the
 * declared inputs, where a symbolic input dim stays a named parameter (`N`) or becomes unknown. Some fusions change
 * float bits and apply only where those static shapes match (the Conv + Add fusion wants equal 4-D shapes, dim by
 * dim: equal numbers or the same parameter), so i8conv, which plans with the bound shapes, must ask what was known
 * before binding.
 *
 * `declaredDims(graph, bound)` (`bound`: `graph` inferred with the bound shapes) infers the graph a second time, with every
 * symbolic input dim multiplied by its own factor (2, 3, 5, ...; one factor per parameter name, shared by the inputs
 * that name it; one per unnamed dim). A dim equal in both runs does not depend on any symbolic dim: a number. A
 * dim that follows one named parameter in both runs (the bound size, then that size times its factor) is taken as
 * that parameter, as ONNX's inference carries a parameter through the element-wise operators and a Conv's batch
 * dim; every other dim is unknown (`null`). Where a dim is computed from a parameter (a Conv's rows from symbolic
 * rows), ONNX's inference leaves it unknown even if its size equals the parameter: the caller applies such
 * operator-specific rules itself. Returns null where every graph input is declared with numbers (everything known),
 * or where the second inference fails (a reshape that only fits the bound sizes): the caller then treats the bound
 * dims as known.
 */
import type { Dim, Graph } from '../ir.js';
import { inferShapes } from './infer-shapes.js';

const FACTORS = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

export function declaredDims(graph: Graph, bound: Graph): Map<string, Dim[]> | null {
  const inits = graph.initializers;
  const alt: Record<string, number[]> = {};
  const params = new Map<string, { bound: number; alt: number }>();
  let symbolic = false;
  let next = 0;
  for (const v of graph.inputs) {
    if (inits.has(v.name)) continue;
    const dims = bound.inputs.find((b) => b.name === v.name)?.shape as number[] | undefined;
    if (!dims) return null;
    const decl = v.shape;
    if (!decl || decl.length !== dims.length) return null; // a rank only the binding gives: nothing to compare
    alt[v.name] = dims.map((d, k) => {
      const s = decl[k];
      if (typeof s === 'number') return d;
      symbolic = true;
      if (typeof s === 'string') {
        const p = params.get(s);
        if (p) return p.alt;
        if (next >= FACTORS.length) return d;
        const a = d * FACTORS[next++];
        params.set(s, { bound: d, alt: a });
        return a;
      }
      return next < FACTORS.length ? d * FACTORS[next++] : d;
    });
  }
  if (!symbolic) return null;
  let other: Graph;
  try {
    other = inferShapes(graph, alt);
  } catch {
    return null;
  }
  const dimsOf = (g: Graph): Map<string, number[]> => {
    const m = new Map<string, number[]>();
    for (const v of g.inputs) if (v.shape) m.set(v.name, v.shape as number[]);
    for (const [name, v] of g.valueInfo) if (v.shape) m.set(name, v.shape as number[]);
    return m;
  };
  const a = dimsOf(bound);
  const b = dimsOf(other);
  const out = new Map<string, Dim[]>();
  for (const [name, da] of a) {
    const db = b.get(name);
    if (!db || db.length !== da.length) {
      out.set(
        name,
        da.map(() => null),
      );
      continue;
    }
    out.set(
      name,
      da.map((d, k) => {
        if (d === db[k]) return d;
        for (const [p, v] of params) if (v.bound === d && v.alt === db[k]) return p;
        return null;
      }),
    );
  }
  return out;
}
