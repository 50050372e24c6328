/**
 * Pass: the element types of the quantization operators' operands, checked once, right after the shapes are inferred
 * (every value's type is then known) and before anything is folded, lowered or allocated. A model whose
 * QuantizeLinear reads a float32 zero point, whose QLinearConv has an int32 scale, or whose zero point is not of its
 * tensor's type, is malformed (ONNX's type constraints forbid it): `BAD_MODEL`, every such operand named in one
 * error. Without this check such a model went on to a kernel's own checks (INVALID_PARAM after its memory was
 * taken), or loaded and computed with the operand read as the wrong type.
 *
 * The table below is ONNX's (and onnxruntime's contrib operators') type constraints for the operators the runtime
 * runs, as the union over the opsets it reads, restricted to the types the IR carries: a scale is float32 or float16;
 * a quantized tensor int8 or uint8 (DequantizeLinear's input int32 too); a zero point is of its tensor's type (or,
 * for an output, int8 or uint8); a bias int32; QuantizeLinear's input float32, float16 or int32. A value whose type
 * is unknown (an optional input left out, a value inference left untyped) is not checked here.
 * Pure: the graph is not changed. Subgraphs (If's branches) are checked with their enclosing graphs' values in view.
 */
import { I8ConvError } from '../../../errors.js';
import type { ElementType, Graph } from '../ir.js';

/** What an operand position takes: a set of element types, or the type of another operand (a zero point). */
type Rule = { name: string; types: readonly ElementType[] } | { name: string; like: number };

const SCALE: readonly ElementType[] = ['float32', 'float16'];
const Q8: readonly ElementType[] = ['int8', 'uint8'];
const scale = (name: string): Rule => ({ name, types: SCALE });
const q8 = (name: string): Rule => ({ name, types: Q8 });
const like = (name: string, of: number): Rule => ({ name, like: of });

/** (x, x_scale, x_zero_point, y_scale, y_zero_point): the one-input contrib operators, y of x's type. */
const UNARY_Q: readonly Rule[] = [
  q8('X'),
  scale('X_scale'),
  like('X_zero_point', 0),
  scale('Y_scale'),
  like('Y_zero_point', 0),
];
/** (A, A_scale, A_zero_point, B, B_scale, B_zero_point, C_scale, C_zero_point): QLinearAdd / QLinearMul. */
const BINARY_Q: readonly Rule[] = [
  q8('A'),
  scale('A_scale'),
  like('A_zero_point', 0),
  q8('B'),
  scale('B_scale'),
  like('B_zero_point', 3),
  scale('C_scale'),
  like('C_zero_point', 0),
];

/** Operand rules by `domain:opType` ('' is ONNX's domain), input position by position. */
const RULES = new Map<string, readonly Rule[]>([
  [':QuantizeLinear', [{ name: 'x', types: ['float32', 'float16', 'int32'] }, scale('y_scale'), q8('y_zero_point')]],
  [':DequantizeLinear', [{ name: 'x', types: ['int8', 'uint8', 'int32'] }, scale('x_scale'), like('x_zero_point', 0)]],
  [':DynamicQuantizeLinear', [{ name: 'x', types: ['float32'] }]],
  [
    ':QLinearConv',
    [
      q8('x'),
      scale('x_scale'),
      like('x_zero_point', 0),
      q8('w'),
      scale('w_scale'),
      like('w_zero_point', 3),
      scale('y_scale'),
      q8('y_zero_point'),
      { name: 'B', types: ['int32'] },
    ],
  ],
  [
    ':QLinearMatMul',
    [
      q8('a'),
      scale('a_scale'),
      like('a_zero_point', 0),
      q8('b'),
      scale('b_scale'),
      like('b_zero_point', 3),
      scale('y_scale'),
      q8('y_zero_point'),
    ],
  ],
  [
    'com.microsoft:QGemm',
    [
      q8('A'),
      scale('a_scale'),
      like('a_zero_point', 0),
      q8('B'),
      scale('b_scale'),
      like('b_zero_point', 3),
      { name: 'C', types: ['int32'] },
      scale('y_scale'),
      q8('y_zero_point'),
    ],
  ],
  [':ConvInteger', [q8('x'), q8('w'), like('x_zero_point', 0), like('w_zero_point', 1)]],
  [':MatMulInteger', [q8('A'), q8('B'), like('a_zero_point', 0), like('b_zero_point', 1)]],
  ['com.microsoft:QLinearAdd', BINARY_Q],
  ['com.microsoft:QLinearMul', BINARY_Q],
  ['com.microsoft:QLinearSigmoid', UNARY_Q],
  ['com.microsoft:QLinearLeakyRelu', UNARY_Q],
  ['com.microsoft:QLinearSoftmax', UNARY_Q],
  ['com.microsoft:QLinearAveragePool', UNARY_Q],
  ['com.microsoft:QLinearGlobalAveragePool', UNARY_Q],
]);

/** QLinearConcat: (Y_scale, Y_zero_point, then X, X_scale, X_zero_point per input), every zero point of one type. */
function concatRules(inputs: number): Rule[] {
  const r: Rule[] = [scale('Y_scale'), q8('Y_zero_point')];
  for (let i = 2; i < inputs; i += 3)
    r.push(like(`X${(i - 2) / 3}`, 1), scale(`X${(i - 2) / 3}_scale`), like(`X${(i - 2) / 3}_zero_point`, 1));
  return r;
}

/** Most operands one BAD_MODEL message names (then how many more). */
const MAX_NAMED = 8;

/** Throws BAD_MODEL naming every operand of a wrong element type (see the header). */
export function checkTypes(graph: Graph): void {
  const problems: string[] = [];
  checkGraph(graph, new Map(), problems);
  if (!problems.length) return;
  const shown = problems.slice(0, MAX_NAMED).join('; ');
  const more = problems.length > MAX_NAMED ? `; and ${problems.length - MAX_NAMED} more` : '';
  throw new I8ConvError(
    'BAD_MODEL',
    `model: ${problems.length} operand${problems.length > 1 ? 's are' : ' is'} of an element type the operator does not take: ${shown}${more}`,
    'model',
  );
}

function checkGraph(graph: Graph, outer: ReadonlyMap<string, ElementType>, problems: string[]): void {
  const types = new Map(outer);
  for (const v of graph.inputs) if (v.type) types.set(v.name, v.type);
  for (const [name, t] of graph.initializers) types.set(name, t.type);
  for (const [name, v] of graph.valueInfo) if (v.type) types.set(name, v.type);
  graph.nodes.forEach((node, index) => {
    for (const a of node.attributes.values()) if (a.kind === 'graph') checkGraph(a.value, types, problems);
    const rules =
      node.domain === 'com.microsoft' && node.opType === 'QLinearConcat'
        ? concatRules(node.inputs.length)
        : RULES.get(`${node.domain}:${node.opType}`);
    if (!rules) return;
    const typeAt = (i: number): ElementType | undefined => {
      const n = node.inputs[i];
      return n === undefined || n === '' ? undefined : types.get(n);
    };
    rules.forEach((rule, i) => {
      const t = typeAt(i);
      if (t === undefined) return;
      const want = 'types' in rule ? rule.types : typeAt(rule.like);
      if (want === undefined) return;
      const ok = typeof want === 'string' ? t === want : want.includes(t);
      if (ok) return;
      const must =
        typeof want === 'string'
          ? `${want}, the type of ${rules[(rule as { like: number }).like].name}`
          : want.join(' or ');
      problems.push(
        `node ${JSON.stringify(node.name || `${node.opType}#${index}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): input ${i} (${rule.name}, ${JSON.stringify(node.inputs[i])}) is ${t}, must be ${must}`,
      );
    });
  });
}
