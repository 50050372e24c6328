// The operator table (src/model/lowering/registry.ts): one row per operator and opset range, every file a row names
// exists, every reference operator it names is the reference executor's operator of the same key, and
// docs/operators.md is what the table renders (npm run gen:operators rewrites it).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATORS, rowFor, rowsOf } from '../src/model/lowering/registry.js';
import { renderOperatorsDoc } from '../src/model/lowering/operators-doc.js';
import { DOMAINS } from '../kernels-ref/model/ops/index.js';

const root = new URL('../', import.meta.url);

describe('the operator table', () => {
  it('keys are domain:OpType; the opset ranges of one operator do not overlap', () => {
    for (const r of OPERATORS) {
      expect(r.key, r.key).toBe(`${r.domain}:${r.opType}`);
      expect(['', 'com.microsoft', 'i8conv'], r.key).toContain(r.domain);
      expect(r.since >= 1 && (r.until === undefined || r.until >= r.since), r.key).toBe(true);
      for (const o of rowsOf(r.domain, r.opType)) {
        if (o === r) continue;
        const overlap = o.since <= (r.until ?? Infinity) && r.since <= (o.until ?? Infinity);
        expect(overlap, `${r.key} opsets ${r.since}-${r.until} and ${o.since}-${o.until}`).toBe(false);
      }
      expect(rowFor(r.domain, r.opType, r.since), r.key).toBe(r);
      expect(rowFor(r.domain, r.opType, r.since - 1), r.key).not.toBe(r);
    }
  });

  it("every file an implementation or a reference names exists; the reference is the reference executor's operator of the same key", () => {
    for (const r of OPERATORS) {
      for (const i of r.impls) {
        expect(i.files.length, r.key).toBeGreaterThan(0);
        for (const f of i.files) expect(existsSync(new URL(f, root)), `${r.key}: ${f}`).toBe(true);
        expect(i.when.length, r.key).toBeGreaterThan(0);
      }
      if (r.reference) {
        expect(existsSync(new URL(r.reference, root)), `${r.key}: ${r.reference}`).toBe(true);
        expect(DOMAINS.get(r.domain)?.has(r.opType), `${r.key} in kernels-ref/model/ops/index.ts`).toBe(true);
      }
    }
  });

  it('every operator of the reference executor has a row', () => {
    for (const [domain, ops] of DOMAINS)
      for (const op of ops.keys()) expect(rowsOf(domain, op).length, `${domain}:${op}`).toBeGreaterThan(0);
  });

  it('docs/operators.md is the table rendered (npm run gen:operators)', () => {
    const page = readFileSync(new URL('docs/operators.md', root), 'utf8');
    expect(page === renderOperatorsDoc(), 'docs/operators.md is stale: run npm run gen:operators').toBe(true);
  });
});
