// Placeholder until the relayout issue lands: the public relayout entry points the runtime delegates to.
import { I8ConvError } from '../errors.js';
import type { WasmRuntimeCore } from '../runtime.js';

export type RelayoutOptions = { dtype?: string; zeroPoint?: number; group?: number; oc?: number };

function notYet(): never {
  throw new I8ConvError('NOT_IMPLEMENTED', 'relayout is not implemented yet');
}
export function relayoutShape(_mode: string, _srcShape: readonly number[], _opts?: RelayoutOptions): number[] {
  return notYet();
}
export function relayoutWorkspace(_mode: string, _srcShape: readonly number[], _opts?: RelayoutOptions): number {
  return notYet();
}
export function relayout(
  _core: WasmRuntimeCore, _mode: string, _src: ArrayBufferView, _srcShape: readonly number[], _opts?: RelayoutOptions,
): { data: ArrayBufferView; shape: number[] } {
  return notYet();
}
export function relayoutInto(
  _core: WasmRuntimeCore, _mode: string, _src: ArrayBufferView, _srcShape: readonly number[], _dst: ArrayBufferView,
  _opts?: RelayoutOptions,
): void {
  notYet();
}
