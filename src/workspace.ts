/**
 * WorkspaceBundle (docs/conv.md#workspace): a list of chunks, each aligned to 512 bytes. One pure function of the
 * sizes is used both to size the allocation and to find each chunk at run time.
 *   aligned_i = round_up(size_i, 512);  total = sum(aligned_i) + 512 if the sum is non-zero, else 0
 *   get(i)    = round_up(base, 512) + sum_{j<i} aligned_j       (the extra 512 absorbs an unaligned base)
 */
export const WORKSPACE_ALIGN = 512;

export class WorkspaceBundle {
  readonly sizes: readonly number[];
  readonly aligned: readonly number[];
  readonly totalBytes: number;

  constructor(
    sizes: readonly number[],
    readonly align = WORKSPACE_ALIGN,
  ) {
    this.sizes = sizes;
    this.aligned = sizes.map((s) => Math.ceil(s / align) * align);
    const sum = this.aligned.reduce((a, b) => a + b, 0);
    this.totalBytes = sum === 0 ? 0 : sum + align;
  }

  /** Byte offset of chunk i for a workspace starting at `base`. */
  get(base: number, i: number): number {
    let off = Math.ceil(base / this.align) * this.align;
    for (let j = 0; j < i; j++) off += this.aligned[j];
    return off;
  }
}
