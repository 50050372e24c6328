// Reading the emitted wasm text (build/*.wat, STYLE habit 10): the innermost loops of the functions of one kernel
// file, whichever functions the inliner kept, and instruction counts in them.
import { readFileSync } from 'node:fs';

/** The two shipped builds' text: [path, text]. */
export function shippedWats(): (readonly [string, string])[] {
  return ['build/i8conv.wat', 'build/i8conv-relaxed.wat'].map(
    (p) => [p, readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8')] as const,
  );
}

/** The innermost loops (binaryen's linear text: block / loop / if ... end) of the functions of assembly/<file>.ts. */
export function innermostLoops(wat: string, file: string): string[] {
  const out: string[] = [];
  for (
    let at = wat.indexOf(`(func $assembly/${file}/`);
    at >= 0;
    at = wat.indexOf(`(func $assembly/${file}/`, at + 1)
  ) {
    const end = wat.indexOf('\n (func ', at + 1);
    const lines = wat
      .slice(at, end < 0 ? undefined : end)
      .split('\n')
      .map((l) => l.trim());
    const stack: Array<{ loop: boolean; start: number; nested: boolean }> = [];
    lines.forEach((l, i) => {
      const op = l.split(/[\s(]/)[0];
      if (op === 'block' || op === 'loop' || op === 'if') {
        if (op === 'loop') for (const f of stack) if (f.loop) f.nested = true;
        stack.push({ loop: op === 'loop', start: i, nested: false });
      } else if (op === 'end') {
        const f = stack.pop()!;
        if (f.loop && !f.nested) out.push(lines.slice(f.start, i + 1).join('\n'));
      }
    });
  }
  return out;
}

/** Occurrences of an instruction name in a piece of text. */
export const count = (s: string, needle: string): number => s.split(needle).length - 1;

/** How many loops hold exactly the given count of each instruction. */
export const loopsWith = (loops: string[], needles: Record<string, number>): number =>
  loops.filter((l) => Object.entries(needles).every(([k, v]) => count(l, k) === v)).length;
