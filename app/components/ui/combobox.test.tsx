// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Combobox, filterOptions } from "./combobox";

const OPTIONS = ["Technology", "Hospitality", "Education", "Finance", "Other"] as const;

function Harness() {
  const [value, setValue] = useState("");
  return (
    <>
      <label htmlFor="industry">Industry</label>
      <Combobox id="industry" options={OPTIONS} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** Renders the harness; returns the user and the industry field. */
function renderCombobox() {
  const user = userEvent.setup();
  render(<Harness />);
  return { user, input: screen.getByRole("combobox", { name: "Industry" }) };
}

describe("filterOptions", () => {
  it("matches a case-insensitive substring", () => {
    expect(filterOptions(OPTIONS, "IN")).toEqual(["Finance"]);
    expect(filterOptions(OPTIONS, "o")).toEqual([
      "Technology",
      "Hospitality",
      "Education",
      "Other",
    ]);
    expect(filterOptions(OPTIONS, "  ")).toEqual([...OPTIONS]);
    expect(filterOptions(OPTIONS, "xyz")).toEqual([]);
  });
});

describe("Industry combobox", () => {
  it("filters as you type and picks with the arrow keys and Enter", async () => {
    const { user, input } = renderCombobox();
    await user.type(input, "O");
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Technology",
      "Hospitality",
      "Education",
      "Other",
    ]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(
      screen.getByRole("option", { name: "Hospitality" }).id,
    );
    await user.keyboard("{Enter}");
    expect(input).toHaveValue("Hospitality");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("fills the field when a suggestion is clicked, and keeps free text", async () => {
    const { user, input } = renderCombobox();
    await user.click(input);
    await user.click(screen.getByRole("option", { name: "Finance" }));
    expect(screen.getByTestId("value")).toHaveTextContent("Finance");
    await user.clear(input);
    await user.type(input, "Agriculture{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("Agriculture");
  });

  it("closes the list on Escape", async () => {
    const { user, input } = renderCombobox();
    await user.type(input, "e");
    expect(input).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });
});
