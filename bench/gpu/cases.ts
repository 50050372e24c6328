/** The conv shapes of the GPU suite, [channels in = out, input height = width, filter size] (batch 1, "same" padding). */
export function convShapes(quick: boolean): [number, number, number][] {
  return quick ? [[16, 16, 3], [32, 8, 3], [32, 8, 1]] : [[64, 56, 3], [128, 28, 3], [256, 14, 3], [512, 7, 3], [256, 56, 1]];
}
