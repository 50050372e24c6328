// Placeholder until the WebGPU issue lands.
import { I8ConvError } from '../errors.js';
export async function createGpuRuntime(_opts: unknown = {}): Promise<never> {
  throw new I8ConvError('NOT_IMPLEMENTED', 'the WebGPU path is not implemented yet');
}
