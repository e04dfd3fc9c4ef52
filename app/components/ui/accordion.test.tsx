// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { Accordion } from "./accordion";

// The browser keeps one item open at a time (<details name>); the end-to-end tests check that.
// Here: the markup the browser needs for it.

const items = [1, 2, 3].map((id) => ({ id, heading: `Question ${id}`, content: `Answer ${id}` }));

it("renders one <details> per item, all sharing a name, only the default one open", () => {
  const { container } = render(<Accordion items={items} defaultOpenId={1} />);
  const details = [...container.querySelectorAll("details")];
  expect(details).toHaveLength(3);
  const name = details[0]!.getAttribute("name");
  expect(name).toBeTruthy();
  expect(details.every((d) => d.getAttribute("name") === name)).toBe(true);
  expect(details.map((d) => d.open)).toEqual([true, false, false]);
});

it("puts each item's heading, at the asked level, inside its summary", () => {
  const { container } = render(<Accordion items={items} headingLevel={2} />);
  const headings = screen.getAllByRole("heading", { level: 2 });
  expect(headings.map((h) => h.textContent)).toEqual(["Question 1", "Question 2", "Question 3"]);
  expect(headings.every((h) => h.parentElement?.tagName === "SUMMARY")).toBe(true);
  expect(container.querySelectorAll("details[open]")).toHaveLength(0);
});

it("gives two accordions on one page different names, so each keeps its own item open", () => {
  const { container } = render(
    <>
      <Accordion items={items} defaultOpenId={1} />
      <Accordion items={items} defaultOpenId={1} />
    </>,
  );
  const names = new Set(
    [...container.querySelectorAll("details")].map((d) => d.getAttribute("name")),
  );
  expect(names.size).toBe(2);
});
