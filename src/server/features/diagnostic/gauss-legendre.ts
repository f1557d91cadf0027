/**
 * Gauss–Legendre quadrature on [0, 1]: `count` nodes integrate every polynomial of degree up to
 * 2 × count − 1 exactly (the exact belief integrates the diagnostic's θ with it). Newton's method on the
 * Legendre polynomial from the usual starting guesses.
 */
export function gaussLegendre(count: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(count);
  const weights = new Float64Array(count);
  for (let i = 0; i < Math.ceil(count / 2); i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (count + 0.5));
    let dp = 1;
    for (let iter = 0; iter < 100; iter++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= count; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
      }
      dp = (count * (z * p1 - p2)) / (z * z - 1);
      const step = p1 / dp;
      z -= step;
      if (Math.abs(step) < 1e-15) break;
    }
    const w = 1 / ((1 - z * z) * dp * dp);
    nodes[i] = (1 - z) / 2;
    nodes[count - 1 - i] = (1 + z) / 2;
    weights[i] = weights[count - 1 - i] = w;
  }
  return { nodes, weights };
}
