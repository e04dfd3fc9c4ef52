// @vitest-environment jsdom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { REFUSALS } from "../../staff-api/answers";
import { endpoint } from "../../staff-api/endpoint";
import { PageShape } from "../../staff-api/query";
import { ItemList, type Paged, ShowMore, useMorePages } from "./more-pages";

/** A list on the contract, whose later pages are parsed with its schema. */
const things = endpoint({
  method: "GET",
  path: "/api/things",
  roles: [],
  query: z.object({ status: z.optional(z.string()), ...PageShape }),
  answers: {
    200: z.strictObject({
      items: z.array(z.strictObject({ id: z.string() })),
      nextCursor: z.nullable(z.string()),
    }),
    ...REFUSALS,
  },
});

type Thing = { id: string };

/** A page of things by their ids. */
const page = (ids: string[], nextCursor: string | null): Paged<Thing> => ({
  items: ids.map((id) => ({ id })),
  nextCursor,
});

function List({ first, search, entry }: { first: Paged<Thing>; search: string; entry?: string }) {
  const more = useMorePages(first, things, search, entry);
  return (
    <>
      <ul>
        {more.items.map((item) => (
          <li key={item.id}>{item.id}</li>
        ))}
      </ul>
      <ShowMore more={more} label="Show more things" done="That is every thing." />
    </>
  );
}

/** The same list as ItemList shows it, each row taking the focus when it begins a new page. */
function Rows({ first }: { first: Paged<Thing> }) {
  const more = useMorePages(first, things, "");
  return (
    <>
      <ItemList items={more.items} label="Things" empty="No things." row="" focusAt={more.firstNew}>
        {(item) => item.id}
      </ItemList>
      <ShowMore more={more} label="Show more things" done="That is every thing." />
    </>
  );
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const items = () => screen.getAllByRole("listitem").map((item) => item.textContent);

describe("useMorePages and ShowMore", () => {
  it("adds the next pages by cursor, with the loader's filters, until there are no more", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(page(["c", "d"], "2")))
      .mockResolvedValueOnce(answer(page(["e"], null)));
    render(<List first={page(["a", "b"], "1")} search="?status=failed" />);
    expect(items()).toEqual(["a", "b"]);

    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("d")).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/things?status=failed&cursor=1");

    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("That is every thing.")).toBeInTheDocument();
    expect(fetch.mock.calls[1]?.[0]).toBe("/api/things?status=failed&cursor=2");
    expect(items()).toEqual(["a", "b", "c", "d", "e"]);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("says why a page did not come, and keeps the button to try again", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer({ error: "Bad cursor" }, 400));
    render(<List first={page(["a"], "1")} search="" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    // The alert is there, empty, before its message: wait for the message.
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Bad cursor"));
    expect(screen.getByRole("button", { name: "Show more things" })).toBeEnabled();
    expect(items()).toEqual(["a"]);
  });

  it("starts again from a new first page when the loader answers for other filters", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer(page(["b"], null)));
    const { rerender } = render(<List first={page(["a"], "1")} search="" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("b")).toBeInTheDocument();
    act(() => rerender(<List first={page(["z"], null)} search="status=won" />));
    expect(items()).toEqual(["z"]);
  });

  it("keeps the rows below when the loader answers again for the same filters", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer(page(["c", "d"], null)));
    const { rerender } = render(<List first={page(["a", "b"], "1")} search="q=x" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("d")).toBeInTheDocument();
    // A change made on the page: the loader reads its first page again.
    act(() => rerender(<List first={page(["a", "b"], "1")} search="q=x" />));
    expect(items()).toEqual(["a", "b", "c", "d"]);
    // A row arrived at the top meanwhile: b moves down, nothing is lost or doubled.
    act(() => rerender(<List first={page(["n", "a"], "1")} search="q=x" />));
    expect(items()).toEqual(["n", "a", "b", "c", "d"]);
  });

  it("parses the later pages with the contract, refusing one off it", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(page(["b"], "2")))
      .mockResolvedValueOnce(answer({ ...page(["c"], null), extra: true }));
    render(<List first={page(["a"], "1")} search="?status=x" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("b")).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/things?status=x&cursor=1");
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    // The alert is there, empty, before its message: wait for the message.
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("The console is out of date"),
    );
    expect(items()).toEqual(["a", "b"]);
  });

  it("says politely that the next page is coming, then puts the focus on its first row", async () => {
    let arrive: (response: Response) => void = () => {};
    vi.spyOn(globalThis, "fetch").mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        arrive = resolve;
      }),
    );
    render(<Rows first={page(["a", "b"], "1")} />);
    const button = screen.getByRole("button", { name: "Show more things" });
    await userEvent.click(button);
    expect(screen.getByRole("status")).toHaveTextContent("Loading more…");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveFocus();

    await act(async () => arrive(answer(page(["c", "d"], null))));
    expect(items()).toEqual(["a", "b", "c", "d"]);
    expect(screen.getAllByRole("listitem")[2]).toHaveFocus();
    expect(screen.getByText("That is every thing.")).toBeInTheDocument();
  });
});

describe("the pages kept for Back", () => {
  afterEach(() => sessionStorage.clear());

  /** Loads two more pages of the list shown for `entry`, then leaves it (another page opens). */
  async function loadTwoMoreAndLeave(entry: string) {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(page(["c", "d"], "2")))
      .mockResolvedValueOnce(answer(page(["e", "f"], "3")));
    const { unmount } = render(<List first={page(["a", "b"], "1")} search="" entry={entry} />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    await userEvent.click(await screen.findByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("f")).toBeInTheDocument();
    unmount();
  }

  it("shows the rows loaded before on coming back to the same entry, and goes on from there", async () => {
    await loadTwoMoreAndLeave("entry-1");
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer(page(["g"], null)));
    render(<List first={page(["a", "b"], "1")} search="" entry="entry-1" />);
    expect(items()).toEqual(["a", "b", "c", "d", "e", "f"]);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("g")).toBeInTheDocument();
    expect(fetch.mock.calls.at(-1)?.[0]).toBe("/api/things?cursor=3");
  });

  it("starts from the first page on another entry (a new visit of the list)", async () => {
    await loadTwoMoreAndLeave("entry-1");
    render(<List first={page(["a", "b"], "1")} search="" entry="entry-2" />);
    expect(items()).toEqual(["a", "b"]);
  });

  it("misses no row and shows none twice when rows arrived at the top meanwhile", async () => {
    await loadTwoMoreAndLeave("entry-1");
    render(<List first={page(["new", "a"], "1b")} search="" entry="entry-1" />);
    expect(items()).toEqual(["new", "a", "b", "c", "d", "e", "f"]);
  });

  it("drops what the list's answer no longer parses, as kept by another console", async () => {
    sessionStorage.setItem(
      "staff-console:more-pages",
      JSON.stringify({ "entry-1": [page(["a"], "1"), { items: ["b"], nextCursor: null }] }),
    );
    render(<List first={page(["a"], "1")} search="" entry="entry-1" />);
    expect(items()).toEqual(["a"]);
  });
});
