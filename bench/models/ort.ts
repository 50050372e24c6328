/**
 * onnxruntime-web as the reference for whole models: a session on model bytes and a run that returns plain typed
 * arrays. wasm execution provider, one thread, no proxy worker (bench/backends.ts's configureOrt), so the same
 * numbers come out in Node and in a page.
 *
 * The module: in Node `loadOrt()` imports 'onnxruntime-web'; a page (whose import path differs) hands its module
 * to `useOrt(ort)` first. Nothing here imports Node built-ins.
 */
import type * as Ort from 'onnxruntime-web';
import { configureOrt, type OrtModule } from '../backends.js';

export type OrtArray = Float32Array | Uint8Array | Int8Array | Int32Array | BigInt64Array | Float64Array | Uint16Array;

/** A model input: its data and dims. The element type follows the array (Float32Array -> float32...). */
export interface OrtFeed {
  data: Float32Array | Uint8Array | Int8Array | Int32Array | BigInt64Array;
  dims: readonly number[];
}

export interface OrtSession {
  readonly session: Ort.InferenceSession;
  readonly ort: OrtModule;
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  release(): Promise<void>;
}

export interface OrtSessionOptions {
  /** onnxruntime's graph optimization level: 'all' (default, what an application gets: QDQ fusion included) or
   * 'disabled' (each node as written). */
  optimization?: 'disabled' | 'basic' | 'extended' | 'all';
  /** The module to use (default: the one `useOrt` set or `loadOrt` loaded). */
  ort?: OrtModule;
}

let current: OrtModule | null = null;

/** Uses `ort` for the sessions that follow (configured for one thread, wasm). */
export function useOrt(ort: OrtModule): OrtModule {
  configureOrt(ort);
  ort.env.logLevel = 'error';
  current = ort;
  return ort;
}

/** The module `useOrt` set, or 'onnxruntime-web' imported (Node, or a bundler that resolves it). */
export async function loadOrt(): Promise<OrtModule> {
  if (current) return current;
  return useOrt((await import('onnxruntime-web')) as unknown as OrtModule);
}

export async function ortSession(bytes: Uint8Array, opts: OrtSessionOptions = {}): Promise<OrtSession> {
  const ort = opts.ort ?? (await loadOrt());
  const session = await ort.InferenceSession.create(bytes, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: opts.optimization ?? 'all',
  });
  return { session, ort, inputNames: session.inputNames, outputNames: session.outputNames, release: () => session.release() };
}

function typeOf(data: OrtFeed['data']): 'float32' | 'uint8' | 'int8' | 'int32' | 'int64' {
  if (data instanceof Float32Array) return 'float32';
  if (data instanceof Uint8Array) return 'uint8';
  if (data instanceof Int8Array) return 'int8';
  if (data instanceof Int32Array) return 'int32';
  return 'int64';
}

/** Runs the session; returns every requested output (default: all) with its dims. */
export async function ortRunShaped(s: OrtSession, feeds: Record<string, OrtFeed>, outputs?: readonly string[]): Promise<Map<string, { data: OrtArray; dims: number[] }>> {
  const input: Record<string, Ort.Tensor> = {};
  for (const [name, f] of Object.entries(feeds)) input[name] = new s.ort.Tensor(typeOf(f.data), f.data as Float32Array, [...f.dims]);
  const out = outputs ? await s.session.run(input, [...outputs]) : await s.session.run(input);
  const result = new Map<string, { data: OrtArray; dims: number[] }>();
  for (const [name, t] of Object.entries(out)) {
    result.set(name, { data: t.data as OrtArray, dims: [...t.dims] });
    t.dispose();
  }
  return result;
}

/** Runs the session; returns every requested output (default: all) by name. */
export async function ortRun(s: OrtSession, feeds: Record<string, OrtFeed>, outputs?: readonly string[]): Promise<Map<string, OrtArray>> {
  const shaped = await ortRunShaped(s, feeds, outputs);
  return new Map([...shaped].map(([k, v]) => [k, v.data]));
}
