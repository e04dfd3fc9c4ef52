// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
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
    200: z.strictObject({ items: z.array(z.string()), nextCursor: z.nullable(z.string()) }),
    ...REFUSALS,
  },
});

function List({ first, search }: { first: Paged<string>; search: string }) {
  const more = useMorePages(first, things, search);
  return (
    <>
      <ul>
        {more.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <ShowMore more={more} label="Show more things" done="That is every thing." />
    </>
  );
}

/** The same list as ItemList shows it, each row taking the focus when it begins a new page. */
function Rows({ first }: { first: Paged<string> }) {
  const more = useMorePages(first, things, "");
  return (
    <>
      <ItemList
        items={more.items.map((id) => ({ id }))}
        label="Things"
        empty="No things."
        row=""
        focusAt={more.firstNew}
      >
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
      .mockResolvedValueOnce(answer({ items: ["c", "d"], nextCursor: "2" }))
      .mockResolvedValueOnce(answer({ items: ["e"], nextCursor: null }));
    render(<List first={{ items: ["a", "b"], nextCursor: "1" }} search="?status=failed" />);
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
    render(<List first={{ items: ["a"], nextCursor: "1" }} search="" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Bad cursor");
    expect(screen.getByRole("button", { name: "Show more things" })).toBeEnabled();
    expect(items()).toEqual(["a"]);
  });

  it("starts again from a new first page when the loader answers anew", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer({ items: ["b"], nextCursor: null }));
    const { rerender } = render(<List first={{ items: ["a"], nextCursor: "1" }} search="" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("b")).toBeInTheDocument();
    act(() => rerender(<List first={{ items: ["z"], nextCursor: null }} search="" />));
    expect(items()).toEqual(["z"]);
  });

  it("parses the later pages with the contract, refusing one off it", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer({ items: ["b"], nextCursor: "2" }))
      .mockResolvedValueOnce(answer({ items: ["c"], nextCursor: null, extra: true }));
    render(<List first={{ items: ["a"], nextCursor: "1" }} search="?status=x" />);
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByText("b")).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/things?status=x&cursor=1");
    await userEvent.click(screen.getByRole("button", { name: "Show more things" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The console is out of date");
    expect(items()).toEqual(["a", "b"]);
  });

  it("says politely that the next page is coming, then puts the focus on its first row", async () => {
    let arrive: (response: Response) => void = () => {};
    vi.spyOn(globalThis, "fetch").mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        arrive = resolve;
      }),
    );
    render(<Rows first={{ items: ["a", "b"], nextCursor: "1" }} />);
    const button = screen.getByRole("button", { name: "Show more things" });
    await userEvent.click(button);
    expect(screen.getByRole("status")).toHaveTextContent("Loading more…");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveFocus();

    await act(async () => arrive(answer({ items: ["c", "d"], nextCursor: null })));
    expect(items()).toEqual(["a", "b", "c", "d"]);
    expect(screen.getAllByRole("listitem")[2]).toHaveFocus();
    expect(screen.getByText("That is every thing.")).toBeInTheDocument();
  });
});
