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

/** The list of suggestions the field names in its aria-controls. */
function listboxOf(input: HTMLElement) {
  const id = input.getAttribute("aria-controls");
  expect(id, "aria-controls").toBeTruthy();
  return document.getElementById(id!)!;
}

const optionTexts = (listbox: HTMLElement) =>
  Array.from(listbox.querySelectorAll('[role="option"]'), (option) => option.textContent);

describe("Industry combobox", () => {
  it("is a combobox with aria-expanded that controls a listbox of the suggestions, shown on focus", async () => {
    const { user, input } = renderCombobox();
    expect(input).toHaveAttribute("aria-expanded", "false");
    const listbox = listboxOf(input);
    expect(listbox).toHaveRole("listbox");
    expect(listbox).not.toBeVisible();

    await user.click(input);
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(listbox).toBeVisible();
    expect(optionTexts(listbox)).toEqual([...OPTIONS]);
  });

  it("filters as you type; with no match the list closes and the typed text stays", async () => {
    const { user, input } = renderCombobox();
    const listbox = listboxOf(input);
    await user.type(input, "O");
    expect(input).toHaveAttribute("aria-expanded", "true");
    expect(optionTexts(listbox)).toEqual(["Technology", "Hospitality", "Education", "Other"]);
    await user.clear(input);
    await user.type(input, "TECH");
    expect(optionTexts(listbox)).toEqual(["Technology"]);

    await user.type(input, "zzz");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(listbox).not.toBeVisible();
    expect(input).toHaveValue("TECHzzz");
  });

  it("Down and Up move the active option, Enter picks it, closes the list and keeps the focus", async () => {
    const { user, input } = renderCombobox();
    const listbox = listboxOf(input);
    await user.type(input, "o");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    const activeIs = (name: string) => {
      const option = screen.getByRole("option", { name });
      expect(input).toHaveAttribute("aria-activedescendant", option.id);
      expect(option).toHaveAttribute("aria-selected", "true");
      expect(screen.getAllByRole("option", { selected: true })).toEqual([option]);
    };

    await user.keyboard("{ArrowDown}");
    activeIs("Technology");
    await user.keyboard("{ArrowDown}");
    activeIs("Hospitality");
    await user.keyboard("{ArrowDown}");
    activeIs("Education");
    await user.keyboard("{ArrowUp}");
    activeIs("Hospitality");

    await user.keyboard("{Enter}");
    expect(input).toHaveValue("Hospitality");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(listbox).not.toBeVisible();
    expect(input).not.toHaveAttribute("aria-activedescendant");
    expect(input).toHaveFocus();
  });

  it("fills the field when a suggestion is clicked and closes the list, and keeps free text", async () => {
    const { user, input } = renderCombobox();
    await user.click(input);
    await user.click(screen.getByRole("option", { name: "Finance" }));
    expect(screen.getByTestId("value")).toHaveTextContent("Finance");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(listboxOf(input)).not.toBeVisible();
    await user.clear(input);
    await user.type(input, "Agriculture{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("Agriculture");
  });

  it("closes the list on Escape, keeping the typed text and the focus", async () => {
    const { user, input } = renderCombobox();
    await user.type(input, "e");
    expect(input).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(listboxOf(input)).not.toBeVisible();
    expect(input).toHaveValue("e");
    expect(input).toHaveFocus();
  });
});
