/**
 * Pass (before the fusions): the nodes in dependency order (ties in file order), each unnamed node named
 * `<OpType>#<index in that order>`, the name its step would take (model.nodes, the profile), so that the names the
 * fusions join (`conv+lut`) are the ones the steps had before.
 */
import type { GraphView } from '../view.js';

export function nameStepsPass(v: GraphView): void {
  v.sortTopologically();
  v.nodes.forEach((n, i) => {
    if (!n.name) v.replace([n], { ...n, name: `${n.opType}#${i}` });
  });
}
