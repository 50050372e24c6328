// The Winograd A/B both tools run (tools/ab-winograd.mjs in Node / Deno, tools/ab-kernels-browser.mjs --winograd in
// a page): per shape [ic, oc, hw, k = 3] (stride 1, 'same' padding), the direct NCHW44 algorithm against the
// Winograd one with each of its main pairs kernels forced by name (or, with `forced: false`, its own choice), plus the
// heuristic's pick with `auto`, interleaved; one line per shape with the best GMAC/s of each, counted as the direct
// convolution's MACs so that the figures compare as speed.
export function abWinograd(
  rt,
  winogradKernels,
  shapes,
  secs,
  { forced = true, auto = false, threads = 1, label = '' } = {},
) {
  const lines = [];
  for (const [ic, oc, h, k = 3] of shapes) {
    const p = {
      format: 'NCHW44',
      n: 1,
      ic,
      ih: h,
      iw: h,
      oc,
      fh: k,
      fw: k,
      stride: 1,
      pad: k >> 1,
      srcScale: 0.02,
      filterScale: 0.01,
      dstScale: 0.05,
      biasMode: 'channel',
      nonlinearity: 'relu',
    };
    const wino = { ...p, algo: 'WASMS8_WINOGRAD_F23_NCHW44' };
    const runs = [['direct', { ...p, algo: 'WASMDOTS8DIRECT_NCHW44' }, {}]];
    if (forced)
      for (const v of winogradKernels.filter((x) => x.npg > 1))
        runs.push([v.name.split('_')[2], wino, { kernel: v.name }]);
    else runs.push(['winograd', wino, {}]);
    if (auto) runs.push(['auto', p, {}]);
    const convs = runs.map(([, q, o]) => {
      const c = rt.convBias(q, threads > 1 ? { threads, ...o } : o);
      c.setFilter(new Int8Array(c.params.filterLength).map((_, i) => ((i * 13) % 255) - 127));
      c.setBias(new Int32Array(oc));
      return c;
    });
    const src = new Int8Array(convs[0].params.srcLength).map((_, i) => ((i * 7) % 251) - 125);
    const dst = new Int8Array(convs[0].params.dstLength);
    const best = convs.map(() => Infinity);
    const end = performance.now() + secs * 1000;
    while (performance.now() < end)
      convs.forEach((c, i) => {
        const t0 = performance.now();
        c.exec(src, dst);
        best[i] = Math.min(best[i], performance.now() - t0);
      });
    const figures = runs.map(([n], i) => `${n} ${(convs[0].params.macs / best[i] / 1e6).toFixed(1)}`).join('  ');
    lines.push(
      `${ic}->${oc} ${h}^2 ${k}x${k}${label}: ${figures}` +
        (auto ? ` (auto ran ${convs[runs.length - 1].kernels.join('+')})` : ''),
    );
    for (const c of convs) c.dispose();
  }
  return lines;
}
