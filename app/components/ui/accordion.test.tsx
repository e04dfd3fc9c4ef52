// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, it } from "vitest";
import { Accordion } from "./accordion";

function Harness() {
  const [openId, setOpenId] = useState<string | number | null>(1);
  return (
    <Accordion
      openId={openId}
      onToggle={setOpenId}
      items={[1, 2, 3].map((id) => ({ id, heading: `Question ${id}`, content: `Answer ${id}` }))}
    />
  );
}

it("keeps one item open at a time and closes the open one on a second click", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const [first, second] = screen.getAllByRole("button");
  expect(first).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByText("Answer 1")).toBeVisible();

  await user.click(second!);
  expect(second).toHaveAttribute("aria-expanded", "true");
  expect(first).toHaveAttribute("aria-expanded", "false");
  expect(screen.getByText("Answer 1")).not.toBeVisible();

  await user.click(second!);
  expect(
    screen.getAllByRole("button").every((b) => b.getAttribute("aria-expanded") === "false"),
  ).toBe(true);
});
