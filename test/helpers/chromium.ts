/**
 * Headless Debian Chromium through playwright-core, plus a static localhost server, for in-browser tests
 * (and benchmarks) of the built library. Generic: nothing here knows about i8conv.
 *
 *   const srv = await serveDir('dist', { crossOriginIsolated: true });
 *   const browser = await launchChromium({ webgpu: true });
 *   const page = await browser.newPage(); await page.goto(srv.url + 'index.html');
 *   ...; await browser.close(); await srv.close();
 *
 * Flags: headless, no sandbox (root), no GPU process compositing, nothing that
 * reaches the network, a fresh profile; `--enable-unsafe-webgpu` turns on navigator.gpu (SwiftShader here).
 * `--enable-webgpu-developer-features` also stops timestamp quantization, for kernel timing in a page.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface LaunchOptions {
  /** enable navigator.gpu (default false) */
  webgpu?: boolean;
  /** extra command-line flags */
  args?: string[];
}

/** Launches headless Chromium; playwright gives it a fresh throw-away profile. */
export async function launchChromium(opts: LaunchOptions = {}): Promise<Browser> {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (opts.webgpu) {
    args.push('--enable-unsafe-webgpu', '--enable-webgpu-developer-features');
  }
  args.push(...(opts.args ?? []));
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 (a free port). `crossOriginIsolated` adds COOP/COEP so pages may use wasm threads.
 * `pages` adds in-memory files (path -> content), e.g. a test page that imports the built modules.
 */
export async function serveDir(
  dir: string,
  opts: { crossOriginIsolated?: boolean; pages?: Record<string, string> } = {},
): Promise<StaticServer> {
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    if (opts.crossOriginIsolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    const page = opts.pages?.[path];
    if (page !== undefined) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'text/plain' });
      res.end(page);
      return;
    }
    const file = normalize(join(root, path));
    // never serve outside the root
    if (!(file === root || file.startsWith(root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers);
      res.end('not found');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
