import { I8ConvError } from './errors.js';

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
  /** the live blocks of each open mark (see mark()) */
  private marks = new Set<Set<number>>();

  constructor(
    private readonly memory: WebAssembly.Memory,
    base: number,
  ) {
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
        for (const m of this.marks) m.add(start);
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
    for (const m of this.marks) m.add(start);
    return start;
  }

  release(off: number): void {
    const size = this.used.get(off);
    if (size === undefined) return;
    this.used.delete(off);
    for (const m of this.marks) m.delete(off);
    this.insertFree(off, size);
  }

  /**
   * Opens a mark: from now on the heap records every block it hands out, and forgets a block once released. The
   * mark's rollback() releases every recorded block still in use (whoever allocated it, and whether or not the
   * allocator's caller ever got the offset), close() just stops recording. The model loader opens one around a
   * load, so that a load failing at any stage gives back all it took. Synchronous users only: a mark records the
   * blocks of everything that allocates while it is open.
   */
  mark(): HeapMark {
    const live = new Set<number>();
    this.marks.add(live);
    return {
      rollback: () => {
        this.marks.delete(live);
        for (const off of [...live]) this.release(off);
        live.clear();
      },
      close: () => {
        this.marks.delete(live);
        live.clear();
      },
    };
  }

  /** Bytes currently handed out (for leak tests). */
  get bytesInUse(): number {
    let s = 0;
    for (const v of this.used.values()) s += v;
    return s;
  }

  private insertFree(off: number, size: number): void {
    const f = this.free;
    // the first block at or after off (the list is sorted by offset)
    let i = 0,
      hi = f.length;
    while (i < hi) {
      const mid = (i + hi) >> 1;
      if (f[mid].off < off) i = mid + 1;
      else hi = mid;
    }
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

/** A mark of a WasmHeap (WasmHeap.mark). */
export interface HeapMark {
  /** Releases every block handed out since the mark that is still in use, and closes the mark. */
  rollback(): void;
  /** Closes the mark (its blocks stay with their owners). */
  close(): void;
}

/** Bytes of the guard band on each side of a GuardedBlocks block, and the byte the band is filled with. */
export const GUARD_BYTES = 64;
export const GUARD_BYTE = 0xa5;

/** What GuardedBlocks allocates from: the runtime core's heap and a fresh view of its memory. */
export interface HeapMemory {
  readonly heap: WasmHeap;
  u8(): Uint8Array;
}

export interface GuardedBlocksOptions {
  /** the parameter an OUT_OF_MEMORY error names (and its message starts with) */
  param: string;
  /** what the blocks hold, for the error message: "this operator (N bytes)", "the MaxPool kernel's tables" */
  what: string;
  /** zero every block's bytes (default false: a block holds whatever the memory held) */
  zero?: boolean;
  /** most bytes the blocks may hold together (without the guard bands); more is OUT_OF_MEMORY */
  maxBytes?: number;
}

/**
 * The wasm memory one owner holds (an operator, a model, a kernel): blocks from the runtime's WasmHeap, each
 * between two guard bands of GUARD_BYTES bytes of GUARD_BYTE (STYLE habit 5: the tests check the bands after every
 * call), released all at once. A block's first byte is 64-byte aligned. When the memory cannot grow, alloc releases
 * every block the owner took and throws I8ConvError OUT_OF_MEMORY.
 */
export class GuardedBlocks {
  private blocks: Array<{ off: number; size: number }> = [];
  private held = 0;

  constructor(
    private readonly mem: HeapMemory,
    private readonly opts: GuardedBlocksOptions,
  ) {}

  /** Allocates `size` bytes between guard bands (zeroed with `zero`, default the owner's); returns the first byte. */
  alloc(size: number, { zero = this.opts.zero ?? false }: { zero?: boolean } = {}): number {
    const { param, what, maxBytes } = this.opts;
    if (maxBytes !== undefined && this.held + size > maxBytes) {
      this.release();
      throw new I8ConvError('OUT_OF_MEMORY', `${param}: ${what} need more than ${maxBytes} bytes`, param);
    }
    let off: number;
    try {
      off = this.mem.heap.alloc(size + 2 * GUARD_BYTES, 64);
    } catch (e) {
      this.release();
      throw new I8ConvError(
        'OUT_OF_MEMORY',
        `${param}: the wasm memory could not grow by ${size + 2 * GUARD_BYTES} bytes for ${what}: ${String((e as Error).message ?? e)}`,
        param,
      );
    }
    const u8 = this.mem.u8();
    const at = off + GUARD_BYTES;
    u8.fill(GUARD_BYTE, off, at);
    if (zero) u8.fill(0, at, at + size);
    u8.fill(GUARD_BYTE, at + size, at + size + GUARD_BYTES);
    this.blocks.push({ off, size });
    this.held += size;
    return at;
  }

  /** Bytes handed out (the blocks, without their guard bands). */
  get bytes(): number {
    return this.held;
  }

  /** Bytes held, the guard bands included. */
  get heldBytes(): number {
    return this.held + this.blocks.length * 2 * GUARD_BYTES;
  }

  /** True when every guard band is intact. */
  checkGuards(): boolean {
    const u8 = this.mem.u8();
    for (const b of this.blocks) {
      const end = b.off + GUARD_BYTES + b.size;
      for (let i = 0; i < GUARD_BYTES; i++)
        if (u8[b.off + i] !== GUARD_BYTE || u8[end + i] !== GUARD_BYTE) return false;
    }
    return true;
  }

  /** Releases every block (the allocator may allocate again). */
  release(): void {
    for (const b of this.blocks) this.mem.heap.release(b.off);
    this.blocks = [];
    this.held = 0;
  }
}

export function alignUp(v: number, a: number): number {
  return Math.ceil(v / a) * a;
}
