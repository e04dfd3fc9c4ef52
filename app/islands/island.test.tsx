// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "@common/islands";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { defineIslands } from "./define";
import { hydrateIslands } from "./hydrate";
import { Island } from "./island";

afterEach(() => {
  document.body.innerHTML = "";
  delete document.documentElement.dataset.hydrated;
});

// Two islands of one form on a page, as a page kind defines them (entries/).
const islands = defineIslands("test", {
  first: ({ tone }: { tone: "light" | "dark" }) => (
    <NewsletterForm tone={tone} onSubscribed={() => {}} />
  ),
  second: () => <NewsletterForm onSubscribed={() => {}} />,
});

/** The page as the build prerenders it: other React around the islands. */
function prerenderedPage() {
  return renderToString(
    <main>
      <h1>A page</h1>
      <Island of={islands} part="first" props={{ tone: "dark" }} />
      <Island of={islands} part="second" />
    </main>,
  );
}

it("hydrates exactly the prerendered markup, ids included, and then marks the page", async () => {
  document.body.innerHTML = prerenderedPage();
  const first = document.querySelector(`[${ISLAND_ATTRIBUTE}="test:first"]`);
  expect(first?.getAttribute(ISLAND_PROPS_ATTRIBUTE)).toBe('{"tone":"dark"}');
  const errors = vi.spyOn(console, "error");
  hydrateIslands(islands);
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"));
  // React reports any attribute or text that differs from what it would render.
  expect(errors).not.toHaveBeenCalled();
  // Each island makes ids of its own: two forms on a page never share one.
  const fields = screen.getAllByPlaceholderText("Enter your email");
  expect(new Set(fields.map((field) => field.id)).size).toBe(2);
  // The hydrated form works: its check names the field's message by the id it prerendered.
  await import("@leads/newsletter");
  const user = userEvent.setup();
  await user.type(fields[0] as HTMLElement, "kofi.example.com");
  await user.click(screen.getAllByRole("button", { name: "Subscribe" })[0] as HTMLElement);
  expect(
    await screen.findByText("Enter an e-mail address in the right format, like name@example.com"),
  ).toBeInTheDocument();
  expect(fields[0]).toHaveAccessibleDescription(
    "Enter an e-mail address in the right format, like name@example.com",
  );
});
