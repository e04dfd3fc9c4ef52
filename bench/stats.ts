/** Small numeric helpers shared by the benchmark modules. */

/** The median of the values; the mean of the middle two for an even count. NaN when empty. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The nearest-rank percentile (0–100) of the values. NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Applies `median` field by field to a list of same-shaped records of numbers. */
export function medianRecord<K extends string>(
  records: readonly Record<K, number>[],
  keys: readonly K[],
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of keys) out[key] = median(records.map((r) => r[key]));
  return out;
}

/** The project counts kilobytes of 1024 bytes (see tests/e2e/budget.spec.ts). */
export const KB = 1024;

export const kb = (bytes: number, digits = 1) =>
  Number.isFinite(bytes) ? `${(bytes / KB).toFixed(digits)} KB` : "n/a";
