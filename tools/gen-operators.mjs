// Writes docs/operators.md from the operator table (src/model/lowering/registry.ts), through the compiled product
// (dist/). Usage: npm run gen:operators (compiles first). test/model-registry.test.ts checks the page is current.
import { writeFileSync } from 'node:fs';
const { renderOperatorsDoc } = await import(
  new URL('../dist/src/model/lowering/operators-doc.js', import.meta.url).href
);
writeFileSync(new URL('../docs/operators.md', import.meta.url), renderOperatorsDoc());
console.log('docs/operators.md written');
