import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { refusedWith } from "../../testing/checks";

/**
 * Checks what merging and telling apart both refuse, whoever asks: a lead paired with itself
 * (400, saying so), and a pair one side of which is no lead (404), whether an id that names none
 * or no id at all. `act(id, other)` sends the request about lead `id` and lead `other`.
 */
export async function expectPairOfNoLeadsRefused(
  act: (id: string, other: string) => Promise<LightMyRequestResponse>,
  lead: string,
  other: string,
) {
  const itself = await act(lead, lead);
  refusedWith(400, itself);
  expect(itself.json().error).toMatch(/itself/);
  refusedWith(404, await act(lead, "contact_00000000-0000-4000-8000-000000000000"));
  refusedWith(404, await act(lead, "not a lead"));
  refusedWith(404, await act("demo_00000000-0000-4000-8000-000000000000", other));
}
