/// <reference types="@webgpu/types" />
/**
 * Creates a WebGPU device in Node through Dawn (the `webgpu` package), for the tests and the benchmark.
 * Node only (the library itself never imports this).
 *
 * Without a GPU, Dawn runs on Chromium's bundled SwiftShader Vulkan driver. Two environment facts make that
 * work without a wrapper script: VK_ICD_FILENAMES must name SwiftShader's manifest (set here when neither it
 * nor VK_DRIVER_FILES is set), and a Vulkan loader (libvulkan.so.1) must be loadable. Debian's chromium
 * package ships its own loader but the system may have none; Dawn dlopens "libvulkan.so.1" by name, and
 * glibc hands back an already loaded library with that soname, so we load Chromium's copy first (flag
 * RTLD_NODELETE keeps it after Node reports that it is not an addon).
 */
import { existsSync } from 'node:fs';
import { wantedFeatures } from '../../src/gpu/runtime.js';

const CHROMIUM_DIR = '/usr/lib/chromium';
const SYSTEM_LOADERS = ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1', '/usr/lib/aarch64-linux-gnu/libvulkan.so.1', '/usr/lib/libvulkan.so.1', '/usr/lib64/libvulkan.so.1'];

function prepareVulkan(): void {
  const icd = `${CHROMIUM_DIR}/vk_swiftshader_icd.json`;
  if (!process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES && existsSync(icd)) process.env.VK_ICD_FILENAMES = icd;
  if (!SYSTEM_LOADERS.some((p) => existsSync(p)) && existsSync(`${CHROMIUM_DIR}/libvulkan.so.1`)) {
    const RTLD_NOW = 2, RTLD_GLOBAL = 256, RTLD_NODELETE = 0x1000;
    try {
      process.dlopen({ exports: {} } as NodeJS.Module, `${CHROMIUM_DIR}/libvulkan.so.1`, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE);
    } catch {
      // expected: "Module did not self-register"; the library stays loaded
    }
  }
}

export interface NodeGpu {
  device: GPUDevice;
  adapterInfo: { vendor: string; architecture: string; description: string; device: string };
  features: string[];
}

const keepAlive: unknown[] = [];

/**
 * Dawn toggles the GPU tests run with (not the benchmarks): SwiftShader spends most of a pipeline's compile time
 * on two of Dawn's safety transforms, and the tests are stricter without them.
 * - disable_workgroup_init: no zero-fill of workgroup memory before a kernel (measured on the 2-core CI machine: a
 *   gemv kernel's compile-and-first-run 32 s -> 1.5 s under load). The kernels write every workgroup cell before
 *   they read it; without the fill a kernel that read an unwritten cell would read garbage and fail its test,
 *   where the fill would have hidden the bug on this device.
 * - disable_robustness: no clamping of buffer indices (an mm kernel 93 s -> 49 s). Every write past an output then
 *   lands in the guard regions around it (bench/gpu/guarded.ts) instead of being clamped away.
 */
export const TEST_TOGGLES = ['disable_workgroup_init', 'disable_robustness'];

/**
 * `features`: requested besides the library's own (wantedFeatures), where the adapter has them; `toggles`: more
 * Dawn features to enable (TEST_TOGGLES for the tests).
 */
export async function createNodeDevice(opts: { features?: GPUFeatureName[]; toggles?: string[] } = {}): Promise<NodeGpu> {
  prepareVulkan();
  const { create, globals } = await import('webgpu');
  Object.assign(globalThis, globals);
  // Dawn's instance must outlive every device made from it: keep it referenced (a collected instance
  // crashes the process at the next queue operation).
  // Dawn rounds timestamps to ~32.8 µs by default (a browser privacy measure); kernel timing needs them raw.
  // Subgroup matrices (the mma variants' tensor cores) are an experimental Dawn feature, listed only with unsafe APIs allowed.
  const gpu = create(['disable-dawn-features=timestamp_quantization', `enable-dawn-features=${['allow_unsafe_apis', ...(opts.toggles ?? [])].join(',')}`]) as GPU;
  keepAlive.push(gpu);
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new Error('Dawn found no WebGPU adapter (is a Vulkan driver installed?)');
  const device = await adapter.requestDevice({
    requiredFeatures: [...new Set([...wantedFeatures(adapter), ...(opts.features ?? []).filter((f) => adapter.features.has(f))])],
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
      maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize,
      maxComputeInvocationsPerWorkgroup: adapter.limits.maxComputeInvocationsPerWorkgroup,
      maxComputeWorkgroupSizeX: adapter.limits.maxComputeWorkgroupSizeX,
      maxComputeWorkgroupSizeY: adapter.limits.maxComputeWorkgroupSizeY,
    },
  });
  const i = adapter.info;
  return {
    device,
    adapterInfo: { vendor: i.vendor, architecture: i.architecture, description: i.description, device: i.device },
    features: [...adapter.features],
  };
}
