// The sources' own checks, as `npm run lint` makes them: Biome's formatter and linter over the files biome.jsonc
// includes, and tools/check-sources.mjs (import cycles, test/ importing bench/ or examples/, mid-file imports,
// development machines' paths, citations of files outside the repository, stale repository paths). Each runs as
// the command a developer runs, and a failure shows its report. (Left out of the default run until the tree's
// reformat commit: see tools/check-sources.mjs.)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');

function run(args: string[]): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** biome.jsonc's `files.includes` (the paths Biome checks; `!` entries leave paths out). */
function biomeIncludes(): string[] {
  const text = readFileSync(join(root, 'biome.jsonc'), 'utf8').replace(
    /("(?:\\.|[^"\\])*")|\/\/[^\n]*/g,
    (_, s) => s ?? '',
  );
  return (JSON.parse(text) as { files: { includes: string[] } }).files.includes;
}

describe('sources', () => {
  it("Biome's check (formatter and linter) passes on every file biome.jsonc includes", () => {
    const includes = biomeIncludes();
    expect(includes.length).toBeGreaterThan(0);
    // no path on the command line: Biome checks what the configuration includes, and only that
    const r = run([BIOME, 'check', '--error-on-warnings', '--colors=off', '--max-diagnostics=30']);
    expect(r.status, `npx biome check (${includes.join(' ')}), then \`npm run format\` to fix:\n${r.output}`).toBe(0);
  });

  it('tools/check-sources.mjs finds no problem', () => {
    const r = run([join(root, 'tools', 'check-sources.mjs')]);
    expect(r.status, r.output).toBe(0);
  });
});
