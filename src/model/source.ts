/**
 * Where rt.loadModel reads a model from (docs/model.md "Sources"): the model's bytes, or something that gives them.
 *
 *   Uint8Array / ArrayBuffer     the bytes themselves
 *   string / URL                 an http(s):, data: or blob: URL is fetched (fetch); a file: URL, or in Node and Deno a
 *                                string that is no absolute URL (a file path, relative to the working directory), is
 *                                read from the file system (node:fs, imported only on that path, by a specifier
 *                                bundlers do not follow); in a page or a worker a relative string is a URL resolved
 *                                against the page's location
 *   Response                     its body (a status other than 2xx is LOAD_FAILED)
 *   Blob (a File)                its bytes
 *   ReadableStream<Uint8Array>   every chunk until it closes
 *
 * onProgress(loaded, total) is called as the bytes arrive (after each chunk of a body or stream), and once at the end
 * with loaded = total = the model's size. `total` is the size announced before reading (Content-Length of an
 * unencoded body, a Blob's or file's size), undefined where none is known.
 *
 * The source types are written structurally (what this code calls on them), so the declarations need neither the
 * DOM library nor @types/node: a Response, Blob or ReadableStream of any engine fits.
 */
import { I8ConvError, check } from '../errors.js';

/** What readModelSource reads of a stream's reader. */
export interface StreamReaderLike {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  releaseLock(): void;
  cancel?(reason?: unknown): Promise<void>;
}
/** A ReadableStream<Uint8Array> (web streams: browsers, Node 18+, Deno). */
export interface ReadableStreamLike {
  getReader(): StreamReaderLike;
}
/** A fetch Response. */
export interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStreamLike | null;
  readonly bodyUsed: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
}
/** A Blob (or File). */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  stream(): ReadableStreamLike;
}
/** A URL object (only its href is read). */
export interface UrlLike {
  readonly href: string;
}

/** What rt.loadModel reads a model from (see the header). */
export type ModelSource = Uint8Array | ArrayBuffer | string | UrlLike | ResponseLike | BlobLike | ReadableStreamLike;

/** Called as the model's bytes arrive: bytes so far, and the size announced before reading (undefined: unknown). */
export type LoadProgress = (loadedBytes: number, totalBytes: number | undefined) => void;

const FETCHED = new Set(['http:', 'https:', 'data:', 'blob:']);

const failed = (message: string): I8ConvError => new I8ConvError('LOAD_FAILED', `source: ${message}`, 'source');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const hasMethod = (v: Record<string, unknown>, name: string): boolean => typeof v[name] === 'function';

function isResponse(v: Record<string, unknown>): v is Record<string, unknown> & ResponseLike {
  return typeof v.ok === 'boolean' && typeof v.status === 'number' && 'body' in v && hasMethod(v, 'arrayBuffer');
}
function isBlob(v: Record<string, unknown>): v is Record<string, unknown> & BlobLike {
  return typeof v.size === 'number' && hasMethod(v, 'stream') && hasMethod(v, 'arrayBuffer');
}
function isStream(v: Record<string, unknown>): v is Record<string, unknown> & ReadableStreamLike {
  return hasMethod(v, 'getReader');
}

/** The model's bytes from `source` (see the header). INVALID_PARAM for a value of no source type; LOAD_FAILED where
 *  the bytes cannot be had (a network error, an HTTP error status, a missing file, a stream that errors). */
export async function readModelSource(source: unknown, onProgress?: LoadProgress): Promise<Uint8Array> {
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) {
    const u8 = source instanceof Uint8Array ? source : new Uint8Array(source);
    onProgress?.(u8.byteLength, u8.byteLength);
    return u8;
  }
  if (typeof source === 'string') return readUrl(source, onProgress);
  check(
    isObject(source),
    'INVALID_PARAM',
    'source',
    () =>
      `must be a Uint8Array, an ArrayBuffer, a URL (string or URL), a Response, a Blob or a ReadableStream<Uint8Array>, got ${source === null ? 'null' : typeof source}`,
  );
  if (typeof URL !== 'undefined' && source instanceof URL) return readUrl(source.href, onProgress);
  if (isResponse(source)) return readResponse(source, onProgress);
  if (isBlob(source)) return readStream(source.stream(), source.size, onProgress);
  if (isStream(source)) return readStream(source, undefined, onProgress);
  if (typeof source.href === 'string') return readUrl(source.href, onProgress);
  throw new I8ConvError(
    'INVALID_PARAM',
    `source: must be a Uint8Array, an ArrayBuffer, a URL (string or URL), a Response, a Blob or a ReadableStream<Uint8Array>, got an object (${Object.prototype.toString.call(source)})`,
    'source',
  );
}

/** Whether this engine is Node or Deno (a file system to read file: URLs and paths from). */
function hasFileSystem(): boolean {
  const g = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown };
  return typeof g.process?.versions?.node === 'string' || g.Deno !== undefined;
}

/** The absolute URL `s` names, or null where it is none (a path, or a relative URL). */
function absoluteUrl(s: string): URL | null {
  // one letter before the colon is a Windows drive ("C:\models\x.onnx"), not a scheme
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(s)) return null;
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

async function readUrl(s: string, onProgress?: LoadProgress): Promise<Uint8Array> {
  const url = absoluteUrl(s);
  if (url === null || url.protocol === 'file:') {
    if (hasFileSystem()) return readFile(url ?? s, onProgress);
    if (url === null) {
      // a page or a worker: relative to its location
      const base = (globalThis as { location?: { href?: string } }).location?.href;
      check(
        typeof base === 'string',
        'INVALID_PARAM',
        'source',
        () =>
          `${JSON.stringify(s)} is no absolute URL, and this engine has neither a file system nor a location to resolve it against`,
      );
      return fetchUrl(new URL(s, base).href, onProgress);
    }
  } else
    check(
      FETCHED.has(url.protocol),
      'INVALID_PARAM',
      'source',
      () =>
        `URL scheme ${JSON.stringify(url.protocol)} is not read (http:, https:, data:, blob:, or file: in Node and Deno)`,
    );
  return fetchUrl(url!.href, onProgress);
}

async function fetchUrl(href: string, onProgress?: LoadProgress): Promise<Uint8Array> {
  const f = (globalThis as { fetch?: (u: string) => Promise<ResponseLike> }).fetch;
  check(typeof f === 'function', 'INVALID_PARAM', 'source', 'this engine has no fetch to load a URL with');
  let res: ResponseLike;
  try {
    res = await f(href);
  } catch (e) {
    throw failed(`fetch ${shortUrl(href)} failed (network error): ${(e as Error)?.message ?? String(e)}`);
  }
  return readResponse(res, onProgress, href);
}

function shortUrl(href: string): string {
  return href.length > 200 ? `${href.slice(0, 200)}...` : href;
}

async function readResponse(res: ResponseLike, onProgress?: LoadProgress, href?: string): Promise<Uint8Array> {
  const where = shortUrl(href ?? res.url ?? '') || 'the response';
  if (!res.ok) throw failed(`${where}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  check(!res.bodyUsed, 'INVALID_PARAM', 'source', 'the Response body was already read');
  // Content-Length counts the bytes as sent: with a Content-Encoding the body decodes to another size
  const len = res.headers.get('content-length');
  const enc = res.headers.get('content-encoding');
  const total = len !== null && /^\d+$/.test(len.trim()) && (!enc || enc === 'identity') ? Number(len) : undefined;
  if (res.body === null) {
    let buf: ArrayBuffer;
    try {
      buf = await res.arrayBuffer();
    } catch (e) {
      throw failed(`reading ${where} failed: ${(e as Error)?.message ?? String(e)}`);
    }
    onProgress?.(buf.byteLength, buf.byteLength);
    return new Uint8Array(buf);
  }
  return readStream(res.body, total, onProgress, where);
}

/** Every chunk of `stream`, into one array (preallocated where `total` is known, grown if the stream says more). */
async function readStream(
  stream: ReadableStreamLike,
  total: number | undefined,
  onProgress?: LoadProgress,
  where = 'the stream',
): Promise<Uint8Array> {
  let reader: StreamReaderLike;
  try {
    reader = stream.getReader();
  } catch (e) {
    throw new I8ConvError(
      'INVALID_PARAM',
      `source: ${where} cannot be read (locked?): ${(e as Error)?.message ?? String(e)}`,
      'source',
    );
  }
  let buf = new Uint8Array(total ?? 1 << 16);
  let n = 0;
  try {
    for (;;) {
      let r: { done: boolean; value?: Uint8Array };
      try {
        r = await reader.read();
      } catch (e) {
        throw failed(`reading ${where} failed: ${(e as Error)?.message ?? String(e)}`);
      }
      if (r.done) break;
      const chunk = r.value;
      if (!(chunk instanceof Uint8Array)) {
        await reader.cancel?.().catch(() => undefined);
        throw new I8ConvError(
          'INVALID_PARAM',
          `source: ${where} gave a chunk that is no Uint8Array (${Object.prototype.toString.call(chunk)})`,
          'source',
        );
      }
      if (n + chunk.byteLength > buf.byteLength) {
        const grown = new Uint8Array(Math.max(buf.byteLength * 2, n + chunk.byteLength));
        grown.set(buf.subarray(0, n));
        buf = grown;
      }
      buf.set(chunk, n);
      n += chunk.byteLength;
      onProgress?.(n, total);
    }
  } finally {
    reader.releaseLock();
  }
  onProgress?.(n, n);
  return n === buf.byteLength ? buf : buf.slice(0, n);
}

/** A file by path or file: URL, with node:fs (Node, Deno). */
async function readFile(path: string | URL, onProgress?: LoadProgress): Promise<Uint8Array> {
  // a specifier in a variable: bundlers leave this import alone (it runs only where hasFileSystem() holds)
  const specifier = 'node:fs/promises';
  const fs = (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as {
    readFile(p: string | URL): Promise<Uint8Array>;
  };
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (e) {
    const code = (e as { code?: string })?.code;
    throw failed(
      `reading the file ${JSON.stringify(String(path))} failed${code ? ` (${code})` : ''}: ${(e as Error)?.message ?? String(e)}`,
    );
  }
  // a Node Buffer is a Uint8Array over a possibly shared pool: a plain view of its own bytes
  const u8 = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  onProgress?.(u8.byteLength, u8.byteLength);
  return u8;
}
