/**
 * fast-check's settings for the property tests (`fc.assert(property, fuzzRuns(2_000))`): a fixed
 * seed, so a run that passed passes again and one that failed fails again, on any machine; and a
 * small number of runs by default, as every `npm test` pays for them.
 *
 * - `FUZZ_RUNS=full`: each property its full budget, the number the test names; `FUZZ_RUNS=<n>`:
 *   n runs each. Unset: the full budget up to DEFAULT_FUZZ_RUNS.
 * - `FUZZ_SEED=<n>`: another seed; `FUZZ_SEED=random`: a new one each run. fast-check prints the
 *   seed (and the path to the failing case) of a failure, to replay it with FUZZ_SEED.
 */
export const DEFAULT_FUZZ_RUNS = 100;
const FIXED_SEED = 20261203;

export function fuzzRuns(full: number): { numRuns: number; seed: number } {
  const runs = process.env.FUZZ_RUNS;
  const seed = process.env.FUZZ_SEED;
  return {
    numRuns:
      runs === "full"
        ? full
        : runs && Number(runs) > 0
          ? Math.floor(Number(runs))
          : Math.min(full, DEFAULT_FUZZ_RUNS),
    seed:
      seed === "random"
        ? Math.floor(Math.random() * 2 ** 31)
        : seed && Number.isSafeInteger(Number(seed))
          ? Number(seed)
          : FIXED_SEED,
  };
}
