/**
 * docs/operators.md, rendered from the operator table (./registry.ts): `npm run gen:operators` writes it and
 * test/model-registry.test.ts checks that the committed page is what this renders.
 */
import { OPERATORS, type Backend, type OpRow } from './registry.js';

const BACKEND: Record<Backend, string> = {
  int8: 'int8 kernel',
  'float-simd': 'float SIMD',
  host: 'host',
  view: 'view',
  copy: 'copy',
};

const QDQ: Record<NonNullable<OpRow['qdq']>, string> = {
  conv: 'QLinearConv',
  matmul: 'QLinearMatMul',
  gemm: 'QGemm',
  qlinear: 'QLinear*',
  drop: 'on 8-bit data',
};

const DOMAIN_TITLE: Record<string, string> = {
  '': 'ONNX (ai.onnx)',
  'com.microsoft': 'com.microsoft (onnxruntime contrib operators)',
  i8conv: "i8conv (made by the loader's passes)",
};

const opsets = (r: OpRow): string => (r.until === undefined ? `${r.since}+` : `${r.since}-${r.until}`);

function runsOn(r: OpRow): string {
  const parts = r.impls.map((i) => BACKEND[i.backend]);
  if (r.folds) parts.push('folded');
  if (!r.shape && !r.madeBy) return 'refused (no shape rule)';
  return parts.length ? parts.join(', ') : 'refused';
}

/** The page's markdown. */
export function renderOperatorsDoc(): string {
  const out: string[] = [];
  out.push('# Operators');
  out.push('');
  out.push('<!-- Generated from src/model/lowering/registry.ts by `npm run gen:operators`: do not edit. -->');
  out.push('');
  out.push(
    'Every operator the model runtime knows, from its operator table (`src/model/lowering/registry.ts`). For each:',
  );
  out.push(
    'the opsets of its domain it covers; where it runs, in the order the loader tries the implementations (the first',
  );
  out.push(
    'whose condition holds runs the node); what a `DequantizeLinear -> op -> QuantizeLinear` group of it becomes (the',
  );
  out.push(
    "Q/DQ fusion, docs/model.md); its reference operator in `kernels-ref/model/ops/`; and how many of ONNX's conformance",
  );
  out.push(
    "node tests (Debian's `libonnx-testdata`) of it alone load and give ONNX's outputs (`test/model-conformance.test.ts`).",
  );
  out.push('');
  out.push('Where it runs: **int8 kernel** = a wasm SIMD kernel on 8-bit data (the convolutions: the ConvBias pack of');
  out.push(
    'docs/conv.md); **float SIMD** = a wasm SIMD kernel on float32 data, the same bits as the TypeScript operator;',
  );
  out.push(
    "**host** = a TypeScript operator on views of wasm memory; **view** = the output is the input's bytes; **copy** = byte",
  );
  out.push(
    'copies; **folded** = evaluated at load time when every input is a constant. An operator that is refused raises',
  );
  out.push('`UNSUPPORTED_OP` at load, naming every such node of the model.');
  out.push('');
  for (const domain of ['', 'com.microsoft', 'i8conv']) {
    const rows = OPERATORS.filter((r) => r.domain === domain).sort(
      (a, b) => a.opType.localeCompare(b.opType) || a.since - b.since,
    );
    out.push(`## ${DOMAIN_TITLE[domain]}`);
    out.push('');
    out.push('| operator | opsets | runs on | Q/DQ group | reference | conformance tests |');
    out.push('|---|---|---|---|---|---|');
    for (const r of rows) {
      const ref = r.reference ? `\`${r.reference.replace('kernels-ref/model/ops/', '')}\`` : '-';
      out.push(
        `| [${r.opType}](#${anchor(r)}) | ${opsets(r)} | ${runsOn(r)} | ${r.qdq ? QDQ[r.qdq] : '-'} | ${ref} | ${r.conformance.length || '-'} |`,
      );
    }
    out.push('');
  }
  out.push('## Each operator');
  out.push('');
  for (const r of [...OPERATORS].sort(
    (a, b) => a.domain.localeCompare(b.domain) || a.opType.localeCompare(b.opType) || a.since - b.since,
  )) {
    out.push(`### ${r.domain ? `${r.domain}.` : ''}${r.opType} (opsets ${opsets(r)})`);
    out.push('');
    out.push(`${r.doc}.`);
    out.push('');
    if (r.madeBy) {
      const files = r.madeBy.split(', ').map((m) => `\`src/model/graph/passes/${m}.ts\``);
      out.push(`- Made by ${files.join(' and ')} (after shape inference).`);
    } else if (!r.shape) out.push('- No shape rule: the shape pass refuses it.');
    if (r.folds)
      out.push('- Folded at load time where every input is a constant (`src/model/graph/passes/fold-constants.ts`).');
    if (r.qdq) out.push(`- Q/DQ group: ${QDQ[r.qdq]} (rule \`${r.qdq}\`, \`src/model/graph/passes/qdq-rules.ts\`).`);
    r.impls.forEach((i, k) =>
      out.push(`- ${k + 1}. ${BACKEND[i.backend]}, ${i.when}: ${i.files.map((f) => `\`${f}\``).join(', ')}`),
    );
    if (!r.impls.length) out.push('- No implementation: refused at lowering.');
    if (r.reference) out.push(`- Reference: \`${r.reference}\``);
    if (r.conformance.length)
      out.push(
        `- Conformance tests passed (${r.conformance.length}): ${r.conformance.map((t) => `\`${t}\``).join(', ')}`,
      );
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function anchor(r: OpRow): string {
  // GitHub's heading anchors: lower case, spaces to '-', punctuation other than '-' dropped
  return `${r.domain ? `${r.domain}.` : ''}${r.opType} (opsets ${opsets(r)})`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}
