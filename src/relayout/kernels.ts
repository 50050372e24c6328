/**
 * The wasm relayout kernels (assembly/relayout/), declared once: name, element size, argument list and
 * memory contract. Plans (modes.ts) name kernels only through this table; tests and the benchmark read it.
 *
 * Pointer arguments are byte offsets into the wasm memory; counts and strides are in elements unless the
 * argument name ends in `Bytes`. `overRead` is how many bytes past the end of its source a kernel may read:
 * the host allocates that much readable slack after every source copy.
 */
export interface KernelInfo {
  /** Element size in bytes the kernel moves (for the transposes: the unit size). */
  unit: 1 | 4 | 16;
  args: readonly string[];
  overRead: number;
  /** What it implements, for docs and test names. */
  what: string;
}

const PACK_ARGS = [
  'src',
  'dst',
  'outer',
  'srcOuterStride',
  'dstOuterStride',
  'chans',
  'blocks',
  'hw',
  'planeStride',
  'dstBlockStride',
  'pad',
] as const;
const UNPACK_ARGS = [
  'src',
  'dst',
  'outer',
  'srcOuterStride',
  'dstOuterStride',
  'chans',
  'hw',
  'srcBlockStride',
  'planeStride',
] as const;
const TRANSPOSE_ARGS = ['src', 'dst', 'batch', 'rows', 'cols'] as const;

export const RELAYOUT_KERNELS = {
  relayout_pack4_b8: { unit: 1, args: PACK_ARGS, overRead: 0, what: 'planes -> 4-channel blocks, 1-byte' },
  relayout_pack4_b32: { unit: 4, args: PACK_ARGS, overRead: 0, what: 'planes -> 4-channel blocks, 4-byte' },
  relayout_pack8_b8: { unit: 1, args: PACK_ARGS, overRead: 0, what: 'planes -> 8-channel blocks, 1-byte' },
  relayout_pack8_b32: { unit: 4, args: PACK_ARGS, overRead: 0, what: 'planes -> 8-channel blocks, 4-byte' },
  relayout_unpack4_b8: { unit: 1, args: UNPACK_ARGS, overRead: 0, what: '4-channel blocks -> planes, 1-byte' },
  relayout_unpack4_b32: { unit: 4, args: UNPACK_ARGS, overRead: 0, what: '4-channel blocks -> planes, 4-byte' },
  relayout_unpack8_b8: { unit: 1, args: UNPACK_ARGS, overRead: 0, what: '8-channel blocks -> planes, 1-byte' },
  relayout_unpack8_b32: { unit: 4, args: UNPACK_ARGS, overRead: 0, what: '8-channel blocks -> planes, 4-byte' },
  relayout_transpose_b8: { unit: 1, args: TRANSPOSE_ARGS, overRead: 0, what: 'batched transpose of bytes' },
  relayout_transpose_b32: { unit: 4, args: TRANSPOSE_ARGS, overRead: 0, what: 'batched transpose of 4-byte units' },
  relayout_transpose_b128: { unit: 16, args: TRANSPOSE_ARGS, overRead: 0, what: 'batched transpose of 16-byte units' },
  relayout_tile16_b8: {
    unit: 1,
    args: ['src', 'dst', 'groups', 'ocb', 'icb', 'K', 'oFirst', 'kMajor'],
    overRead: 15,
    what: '4x4 (oc, ic) weight tiles, 1-byte',
  },
  relayout_copy_b8: { unit: 1, args: ['dst', 'src', 'nBytes'], overRead: 0, what: 'memory.copy' },
  relayout_fill_b8: { unit: 1, args: ['dst', 'value', 'nBytes'], overRead: 0, what: 'memory.fill' },
} as const satisfies Record<string, KernelInfo>;

export type KernelName = keyof typeof RELAYOUT_KERNELS;

/** The largest over-read of any kernel: the slack kept after every source copy in wasm memory. */
export const SRC_SLACK_BYTES = Math.max(...Object.values(RELAYOUT_KERNELS).map((k) => k.overRead)) + 1;
