// Byte table look-up shared by the model's Lut kernel (assembly/model/lut.ts) and the convolutions' finishing
// stage (finish.ts: a look-up operator of the model fused into the convolution that feeds it). The table is 256
// bytes indexed by the raw byte; see assembly/model/lut.ts for why a scalar word loop is the fastest form.

/** Four looked-up bytes of the 32-bit word w. */
// @ts-ignore: decorator
@inline
export function look4(t: usize, w: u32): u32 {
  return <u32>load<u8>(t + <usize>(w & 255)) | (<u32>load<u8>(t + <usize>((w >> 8) & 255)) << 8)
    | (<u32>load<u8>(t + <usize>((w >> 16) & 255)) << 16) | (<u32>load<u8>(t + <usize>(w >> 24)) << 24);
}

/** bytes p[0 .. n) = t[p[i]], in place */
export function lookInPlace(t: usize, p: usize, n: i32): void {
  let i: i32 = 0;
  for (; i + 8 <= n; i += 8) {
    const q = p + <usize>i;
    store<u32>(q, look4(t, load<u32>(q, 0)), 0);
    store<u32>(q, look4(t, load<u32>(q, 4)), 4);
  }
  for (; i < n; i++) store<u8>(p + <usize>i, load<u8>(t + <usize>load<u8>(p + <usize>i)));
}
