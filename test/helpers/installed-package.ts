// The product as a consumer gets it: `npm pack` of the built repository (--ignore-scripts: no prepare / prepack run,
// the build already done), the tarball extracted into `<project>/node_modules/i8conv` of a fresh project in a
// temporary folder, and each package of its `dependencies` (and any `extra` one, such as @types/node) linked there
// from this repository's node_modules, as `npm install` would place them, offline. Optional peers are not linked
// unless asked, so the project lacks onnxruntime-web as a consumer without it does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');

export interface InstalledPackage {
  /** the consumer project (its package.json: "type": "module") */
  project: string;
  /** project/node_modules/i8conv */
  pkgDir: string;
  /** the paths the tarball holds, relative to the package (package.json, README.md, dist/...) */
  files: string[];
  /** deletes the temporary folder (the tarball and the project) */
  remove(): void;
}

/** Packs the repository and installs the tarball into a new project under the system's temporary folder. */
export function installPackedProduct(opts: { extra?: string[]; name?: string } = {}): InstalledPackage {
  if (!existsSync(join(ROOT, 'dist/src/index.js'))) throw new Error('run `npm run build` first (no dist/src/index.js)');
  const base = mkdtempSync(join(tmpdir(), `i8conv-${opts.name ?? 'consumer'}-`));
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', base], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const project = join(base, 'project');
  const pkgDir = join(project, 'node_modules', 'i8conv');
  mkdirSync(pkgDir, { recursive: true });
  // npm's tarballs hold everything under package/
  execFileSync('tar', ['-xzf', join(base, info.filename), '-C', pkgDir, '--strip-components=1']);
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
  );
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of [...Object.keys(manifest.dependencies ?? {}), ...(opts.extra ?? [])]) {
    const from = join(ROOT, 'node_modules', dep);
    if (!existsSync(from)) throw new Error(`${dep} is not installed in this repository (npm ci)`);
    const to = join(project, 'node_modules', dep);
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(from, to, 'dir');
  }
  return {
    project,
    pkgDir,
    files: info.files.map((f) => f.path),
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}
