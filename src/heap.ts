/**
 * A small first-fit allocator over the wasm linear memory, run by the host (the kernels never allocate).
 * Blocks are [offset, offset+size) byte ranges above the module's static data; freed blocks are merged with
 * their neighbours. Growing memory detaches typed-array views, so callers must take fresh views (`u8()` etc.)
 * after any allocation.
 */
export class WasmHeap {
  private free: Array<{ off: number; size: number }> = [];
  private used = new Map<number, number>();
  private top: number;

  constructor(private readonly memory: WebAssembly.Memory, base: number) {
    this.top = alignUp(base, 64);
  }

  /** Allocates `size` bytes aligned to `align` (a power of two, at least 16). Returns the byte offset. */
  alloc(size: number, align = 64): number {
    size = alignUp(Math.max(size, 1), 16);
    for (let i = 0; i < this.free.length; i++) {
      const b = this.free[i];
      const start = alignUp(b.off, align);
      const end = start + size;
      if (end <= b.off + b.size) {
        const tailSize = b.off + b.size - end;
        const headSize = start - b.off;
        this.free.splice(i, 1);
        if (headSize > 0) this.insertFree(b.off, headSize);
        if (tailSize > 0) this.insertFree(end, tailSize);
        this.used.set(start, size);
        return start;
      }
    }
    const start = alignUp(this.top, align);
    if (start > this.top) this.insertFree(this.top, start - this.top);
    const end = start + size;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.ceil((end - have) / 65536);
      this.memory.grow(pages);
    }
    this.top = end;
    this.used.set(start, size);
    return start;
  }

  release(off: number): void {
    const size = this.used.get(off);
    if (size === undefined) return;
    this.used.delete(off);
    this.insertFree(off, size);
  }

  /** Bytes currently handed out (for leak tests). */
  get bytesInUse(): number {
    let s = 0;
    for (const v of this.used.values()) s += v;
    return s;
  }

  private insertFree(off: number, size: number): void {
    const f = this.free;
    let i = 0;
    while (i < f.length && f[i].off < off) i++;
    f.splice(i, 0, { off, size });
    // merge with next, then previous
    if (i + 1 < f.length && f[i].off + f[i].size === f[i + 1].off) {
      f[i].size += f[i + 1].size;
      f.splice(i + 1, 1);
    }
    if (i > 0 && f[i - 1].off + f[i - 1].size === f[i].off) {
      f[i - 1].size += f[i].size;
      f.splice(i, 1);
      i--;
    }
    // give the last free block back to the bump pointer
    const last = f[f.length - 1];
    if (last && last.off + last.size === this.top) {
      this.top = last.off;
      f.pop();
    }
  }
}

export function alignUp(v: number, a: number): number {
  return Math.ceil(v / a) * a;
}
