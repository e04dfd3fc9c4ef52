import { expect } from "vitest";

/**
 * Counts the turns of the event loop until `stop()`: a streaming test notes `turn` as each row is
 * read, to show that the stream lets other work run between its chunks.
 */
export function turnCounter() {
  let ticking = true;
  const counter = {
    turn: 0,
    stop: () => {
      ticking = false;
    },
  };
  const tick = () => {
    if (!ticking) return;
    counter.turn++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

/** The first row of each of the first three chunks was read on a later turn than the row before. */
export function expectNewTurnPerChunk(readOnTurn: number[], chunkRows: number) {
  for (let chunk = 1; chunk <= 3; chunk++) {
    const first = chunk * chunkRows;
    expect(readOnTurn[first] as number).toBeGreaterThan(readOnTurn[first - 1] as number);
  }
}
