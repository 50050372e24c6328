/**
 * GraphView: a graph being rewritten, with its indexes kept current by the rewrites: the producer of every value,
 * the consumers (node and input slot) of every value, the live nodes in file order, and the dependency order.
 * Every graph-to-graph pass after shape inference (./passes/) works on one; `toGraph()` gives the Graph back.
 *
 * Nodes are values: a pass never edits a node in place, it replaces it (`replace`, `rewire`), so the indexes never
 * go stale. A replacement takes the place (file order) of the first node it replaces.
 *
 * What `toGraph()` keeps: the live nodes in order; initializers still read by a node or named as a graph input or
 * output (an initializer of the original graph that none of its nodes read is kept as it was); value annotations of
 * values a live node produces; the opset imports, with version 1 of every domain a new node uses ('i8conv',
 * 'com.microsoft').
 */
import type { Attribute, ElementType, Graph, Node, Tensor, ValueInfo } from './ir.js';

/** A value read by input `slot` of `node`. */
export interface Edge {
  node: Node;
  slot: number;
}

/**
 * Kahn's dependency order of `nodes`, ties in file order (the reference executor's, and every pass's), given the
 * values available before the first node; `blocked` lists, in file order, the nodes that never became ready (an
 * input nobody produces, or a cycle).
 */
export function dependencyOrder(
  nodes: readonly Node[],
  available: ReadonlySet<string>,
): { order: Node[]; blocked: Node[] } {
  // loops, no Set per node: every pass orders a model's thousands of nodes, at every load
  const producer = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++)
    for (const o of nodes[i].outputs) if (o !== '' && !producer.has(o)) producer.set(o, i);
  // waiting[i]: node i's distinct inputs not available yet (a node's inputs are few: duplicates found by indexOf)
  const waiting = new Int32Array(nodes.length);
  const consumers = new Map<string, number[]>();
  for (let i = 0; i < nodes.length; i++) {
    const ins = nodes[i].inputs;
    for (let k = 0; k < ins.length; k++) {
      const x = ins[k];
      if (x === '' || available.has(x) || ins.indexOf(x) !== k) continue;
      waiting[i]++;
      const l = consumers.get(x);
      if (l) l.push(i);
      else consumers.set(x, [i]);
    }
  }
  // the ready node indices, the lowest first
  const heap = new IndexHeap();
  for (let i = 0; i < nodes.length; i++) if (waiting[i] === 0) heap.push(i);
  const order: Node[] = [];
  const done = new Uint8Array(nodes.length);
  while (heap.size) {
    const i = heap.pop();
    order.push(nodes[i]);
    done[i] = 1;
    for (const o of nodes[i].outputs) {
      if (o === '' || producer.get(o) !== i) continue;
      const l = consumers.get(o);
      if (l) for (let j = 0; j < l.length; j++) if (--waiting[l[j]] === 0) heap.push(l[j]);
    }
  }
  const blocked: Node[] = [];
  if (order.length < nodes.length) for (let i = 0; i < nodes.length; i++) if (!done[i]) blocked.push(nodes[i]);
  return { order, blocked };
}

/** A min-heap of node indices (the ready nodes of a dependency order: the lowest index, file order, first). */
export class IndexHeap {
  private readonly heap: number[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(i: number): void {
    const heap = this.heap;
    heap.push(i);
    for (let k = heap.length - 1; k > 0; ) {
      const p = (k - 1) >> 1;
      if (heap[p] <= heap[k]) break;
      const t = heap[p];
      heap[p] = heap[k];
      heap[k] = t;
      k = p;
    }
  }

  /** Removes and returns the lowest index (the heap is not empty). */
  pop(): number {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let k = 0; ; ) {
        const l = 2 * k + 1,
          r = l + 1;
        let m = k;
        if (l < heap.length && heap[l] < heap[m]) m = l;
        if (r < heap.length && heap[r] < heap[m]) m = r;
        if (m === k) break;
        const t = heap[m];
        heap[m] = heap[k];
        heap[k] = t;
        k = m;
      }
    }
    return top;
  }
}

export class GraphView {
  readonly name: string;
  readonly irVersion: number;
  readonly opsetImports: Map<string, number>;
  readonly inputs: ValueInfo[];
  readonly outputs: ValueInfo[];
  readonly initializers: Map<string, Tensor>;
  readonly valueInfo: Map<string, ValueInfo>;
  private readonly inputNames: Map<string, ValueInfo>;
  private readonly outputNames: Map<string, ValueInfo>;
  /** the initializers of the graph the view was made from */
  private readonly originalInits: Set<string>;
  /** the nodes in file order; a removed node leaves an empty slot, which its replacement may take */
  private readonly slots: (Node | null)[];
  private readonly slotOf = new Map<Node, number>();
  private readonly producer = new Map<string, Node>();
  /** consumer edges by value; edges of removed nodes stay and are skipped when read (removing them one by one would
   * make a pass over a value read by thousands of nodes, such as a shared scale, quadratic) */
  private readonly consumers = new Map<string, Edge[]>();
  /** every name in use, for fresh names */
  private readonly taken = new Set<string>();
  /** values read by the nodes of the graph the view was made from */
  private readonly readBefore: Set<string>;
  private readonly zeros = new Map<string, string>();
  /** rewrites made (nodes, initializers, annotations): 0 means toGraph would give the same graph back */
  private edits = 0;

  constructor(graph: Graph) {
    this.name = graph.name;
    this.irVersion = graph.irVersion;
    this.opsetImports = new Map(graph.opsetImports);
    this.inputs = graph.inputs;
    this.outputs = graph.outputs;
    this.initializers = new Map(graph.initializers);
    this.valueInfo = new Map(graph.valueInfo);
    this.inputNames = new Map(graph.inputs.map((v) => [v.name, v]));
    this.outputNames = new Map(graph.outputs.map((v) => [v.name, v]));
    this.originalInits = new Set(graph.initializers.keys());
    this.slots = graph.nodes.slice();
    this.slots.forEach((n, i) => this.index(n!, i));
    // loops, not flatMap / spreads: a model's thousands of nodes and values, at every load
    this.readBefore = new Set();
    for (const n of graph.nodes) for (const x of n.inputs) this.readBefore.add(x);
    for (const names of [this.initializers, this.inputNames, this.outputNames, this.valueInfo])
      for (const name of names.keys()) this.taken.add(name);
  }

  /** Whether a rewrite changed anything (nodes, initializers, annotations, order). */
  get changed(): boolean {
    return this.edits > 0;
  }

  /** The live nodes, in file order. */
  get nodes(): Node[] {
    const out: Node[] = [];
    for (const n of this.slots) if (n !== null) out.push(n);
    return out;
  }

  /** The opset the graph imports for a domain ('' the default ONNX domain); 1 where it imports none. */
  opset(domain = ''): number {
    return this.opsetImports.get(domain) ?? 1;
  }

  /**
   * The live nodes in file order, each read from its place when the walk reaches it: a node a rewrite replaced
   * further on is met as its replacement, a removed one not at all. (Do not insert nodes, `replaceWith`, while
   * walking.)
   */
  *live(): IterableIterator<Node> {
    for (let k = 0; k < this.slots.length; k++) {
      const n = this.slots[k];
      if (n) yield n;
    }
  }

  has(n: Node): boolean {
    return this.slotOf.has(n);
  }

  producerOf(name: string): Node | undefined {
    return name === '' ? undefined : this.producer.get(name);
  }

  /** The live edges that read a value. */
  consumersOf(name: string): Edge[] {
    const list = this.consumers.get(name);
    if (!list) return [];
    const live = list.filter((e) => this.slotOf.has(e.node));
    // the removed nodes' edges are dropped once found (a value read again and again is not filtered again)
    if (live.length !== list.length) this.consumers.set(name, live.slice());
    return live;
  }

  /** Every live edge out of a node, over all its outputs. */
  outEdges(n: Node): Edge[] {
    return n.outputs.flatMap((o) => (o === '' ? [] : this.consumersOf(o)));
  }

  /** How many nodes read a value (a node reading it twice counts once), a graph output counting as one more. */
  readers(name: string): number {
    return new Set(this.consumersOf(name).map((e) => e.node)).size + (this.outputNames.has(name) ? 1 : 0);
  }

  isGraphInput(name: string): boolean {
    return this.inputNames.has(name);
  }

  isGraphOutput(name: string): boolean {
    return this.outputNames.has(name);
  }

  producesGraphOutput(n: Node): boolean {
    return n.outputs.some((o) => o !== '' && this.outputNames.has(o));
  }

  /** A constant: an initializer that no feed can replace. */
  constant(name: string): Tensor | undefined {
    return name === '' || this.inputNames.has(name) ? undefined : this.initializers.get(name);
  }

  typeOf(name: string): ElementType | null {
    return (
      this.initializers.get(name)?.type ??
      this.valueInfo.get(name)?.type ??
      this.inputNames.get(name)?.type ??
      this.outputNames.get(name)?.type ??
      null
    );
  }

  /** Static dims (an initializer's, or an annotation whose dims are all numbers), or null. */
  dimsOf(name: string): number[] | null {
    const t = this.initializers.get(name);
    if (t) return t.dims;
    const shape =
      this.valueInfo.get(name)?.shape ?? this.inputNames.get(name)?.shape ?? this.outputNames.get(name)?.shape;
    return shape && shape.every((d): d is number => typeof d === 'number') ? shape : null;
  }

  /** A new default-domain node named freshly from `<base>/<opType>` (not yet placed in the graph). */
  newNode(
    base: string,
    opType: string,
    inputs: string[],
    outputs: string[],
    attributes = new Map<string, Attribute>(),
  ): Node {
    return { name: this.fresh(`${base}/${opType}`), opType, domain: '', inputs, outputs, attributes };
  }

  /** A name no value of the graph has, from `base`. */
  fresh(base: string): string {
    let name = base;
    for (let k = 1; this.taken.has(name); k++) name = `${base}_${k}`;
    this.taken.add(name);
    return name;
  }

  /** A new initializer of a fresh name from `base`; returns its name. */
  addInitializer(base: string, type: ElementType, dims: number[], data: Tensor['data']): string {
    const name = this.fresh(base);
    this.initializers.set(name, { name, type, dims, data });
    this.edits++;
    return name;
  }

  /** Makes value `name` (a node's output) a constant: the producer is expected to be removed by the caller. */
  setInitializer(t: Tensor): void {
    this.initializers.set(t.name, t);
    this.taken.add(t.name);
    this.edits++;
  }

  /** A scalar zero of an 8-bit type, for a Q / DQ whose zero point is omitted (one initializer per type). */
  zero(type: 'uint8' | 'int8'): string {
    let name = this.zeros.get(type);
    if (!name) {
      name = this.addInitializer(
        `fuse_qdq_zero_${type}`,
        type,
        [],
        type === 'uint8' ? new Uint8Array(1) : new Int8Array(1),
      );
      this.zeros.set(type, name);
    }
    return name;
  }

  /** Sets a value's annotation (type and shape). */
  annotate(info: ValueInfo): void {
    this.valueInfo.set(info.name, info);
    this.taken.add(info.name);
    this.edits++;
  }

  /** Replaces the live nodes `old` by `n`, placed where the first of them was. */
  replace(old: readonly Node[], n: Node): void {
    const at = this.slotOf.get(old[0]);
    if (at === undefined) throw new Error('GraphView.replace: the node is not in the graph');
    for (const o of old) this.remove(o);
    this.slots[at] = n;
    this.edits++;
    this.index(n, at);
  }

  /** Replaces the live node `old` by `news`, in that order, where `old` was (a node and the nodes it now needs first). */
  replaceWith(old: Node, news: readonly Node[]): void {
    const at = this.slotOf.get(old);
    if (at === undefined) throw new Error('GraphView.replaceWith: the node is not in the graph');
    this.remove(old);
    this.slots.splice(at, 1, ...news);
    for (let k = at; k < this.slots.length; k++) if (this.slots[k]) this.slotOf.set(this.slots[k]!, k);
    news.forEach((n, j) => this.index(n, at + j));
  }

  /** Puts the live nodes in dependency order (ties in file order); nodes that never become ready go last. */
  sortTopologically(): void {
    const { order, blocked } = this.order();
    const all = [...order, ...blocked];
    const now = this.nodes; // once (a getter that filters every slot: per element, the check was quadratic)
    if (all.every((n, k) => n === now[k])) return;
    this.edits++;
    this.slots.length = 0;
    this.slots.push(...all);
    all.forEach((n, k) => this.slotOf.set(n, k));
  }

  /** Removes a live node (its outputs lose their producer). */
  remove(n: Node): void {
    const at = this.slotOf.get(n);
    if (at === undefined) return;
    this.slotOf.delete(n);
    this.slots[at] = null;
    this.edits++;
    for (const o of n.outputs) if (this.producer.get(o) === n) this.producer.delete(o);
  }

  /** Every live node that reads `from` reads `to` instead (renaming the input, in place of the node). */
  rewire(from: string, to: string): void {
    for (const n of new Set(this.consumersOf(from).map((e) => e.node)))
      this.replace([n], { ...n, inputs: n.inputs.map((x) => (x === from ? to : x)) });
  }

  /** The live nodes in dependency order (ties in file order), and those that never become ready. */
  order(): { order: Node[]; blocked: Node[] } {
    const available = new Set<string>(this.initializers.keys());
    available.add('');
    for (const name of this.inputNames.keys()) available.add(name);
    return dependencyOrder(this.nodes, available);
  }

  toGraph(): Graph {
    const nodes = this.nodes;
    // the nodes of fused nodes' subgraphs read and produce values too
    const read = new Set<string>();
    const produced = new Set<string>();
    const walk = (n: Node): void => {
      for (const x of n.inputs) read.add(x);
      for (const o of n.outputs) produced.add(o);
      for (const a of n.attributes.values()) if (a.kind === 'graph') for (const m of a.value.nodes) walk(m);
    };
    for (const n of nodes) walk(n);
    const keep = (name: string): boolean =>
      read.has(name) ||
      this.outputNames.has(name) ||
      this.inputNames.has(name) ||
      (this.originalInits.has(name) && !this.readBefore.has(name));
    const initializers = new Map<string, Tensor>();
    for (const [name, t] of this.initializers) if (keep(name)) initializers.set(name, t);
    const valueInfo = new Map<string, ValueInfo>();
    for (const [name, v] of this.valueInfo) if (produced.has(name)) valueInfo.set(name, v);
    const opsetImports = new Map(this.opsetImports);
    for (const n of nodes) if (n.domain !== '' && !opsetImports.has(n.domain)) opsetImports.set(n.domain, 1);
    return {
      name: this.name,
      irVersion: this.irVersion,
      opsetImports,
      inputs: this.inputs,
      outputs: this.outputs,
      initializers,
      valueInfo,
      nodes,
    };
  }

  private index(n: Node, slot: number): void {
    this.slotOf.set(n, slot);
    for (const o of n.outputs) {
      if (o !== '') this.producer.set(o, n);
      this.taken.add(o);
    }
    for (let k = 0; k < n.inputs.length; k++) {
      const name = n.inputs[k];
      if (name === '') continue;
      const list = this.consumers.get(name);
      if (list) list.push({ node: n, slot: k });
      else this.consumers.set(name, [{ node: n, slot: k }]);
      this.taken.add(name);
    }
  }
}

/**
 * Runs passes over a view of `graph` and returns the result, or `graph` itself where they changed nothing (tests and
 * tools: one pass on a Graph).
 */
export function runPasses(graph: Graph, ...passes: ((v: GraphView) => void)[]): Graph {
  const v = new GraphView(graph);
  for (const p of passes) p(v);
  return v.changed ? v.toGraph() : graph;
}
