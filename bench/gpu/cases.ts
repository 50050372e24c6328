/**
 * The conv shapes of the GPU suite (batch 1, "same" padding, channels in = out): each with its display name and
 * its convolution parameters (the part the suite and the twin comparison share).
 */
export function convShapes(quick: boolean): {
  name: string;
  params: { n: number; ic: number; ih: number; iw: number; oc: number; fh: number; fw: number; pad: [number, number] };
}[] {
  const shapes: [number, number, number][] = quick
    ? [
        [16, 16, 3],
        [32, 8, 3],
        [32, 8, 1],
      ]
    : [
        [64, 56, 3],
        [128, 28, 3],
        [256, 14, 3],
        [512, 7, 3],
        [256, 56, 1],
      ];
  return shapes.map(([c, hw, k]) => ({
    name: `conv ${c}->${c} ${hw}^2 ${k}x${k}`,
    params: { n: 1, ic: c, ih: hw, iw: hw, oc: c, fh: k, fw: k, pad: [k >> 1, k >> 1] },
  }));
}
