// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { AccountsPage, accountsAction } from "./accounts";

afterEach(() => vi.unstubAllGlobals());

it("shows the server's refusal of an address beside the address, which stays as typed", async () => {
  const refusal = "Staff accounts must use an address at akwaabapay.com or akwaabapay.com.gh.";
  const fetch = vi.fn(async () => Response.json({ error: `email: ${refusal}` }, { status: 400 }));
  vi.stubGlobal("fetch", fetch);
  const Stub = createRoutesStub([
    {
      path: "/accounts",
      Component: AccountsPage,
      HydrateFallback: () => null,
      loader: () => ({ accounts: [] }),
      action: accountsAction,
    },
  ]);
  render(<Stub initialEntries={["/accounts"]} />);
  const address = await screen.findByRole("textbox", { name: /Work e-mail/ });
  await userEvent.type(address, "kofi@gmail.com");
  await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));

  // The alert is there, empty, before its message: wait for the message.
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(refusal));
  expect(address).toHaveAttribute("aria-invalid", "true");
  expect(address).toHaveAccessibleDescription(refusal);
  expect(address).toHaveValue("kofi@gmail.com");
  expect(fetch).toHaveBeenCalledTimes(1);
});
