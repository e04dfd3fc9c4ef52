// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SLUG_TAKEN } from "../../staff-api/publishing";
import { FIELDS, ITEM, json, renderEditor, writes } from "./content-item.testing";

afterEach(() => vi.unstubAllGlobals());

const PATH = "/api/staff/articles/a1";
const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });

describe("the editor of an article", () => {
  it("saves only the fields changed, on the version read", async () => {
    const saved = { ...ITEM, revision: 4, fields: { ...FIELDS, title: "Mobile money in 2028" } };
    const sent = renderEditor({ [`PATCH ${PATH}`]: () => json(saved, 200, '"4"') });
    const title = await screen.findByRole("textbox", { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, "Mobile money in 2028");
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved as revision 4.")).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: "PATCH", path: PATH, ifMatch: '"3"', body: { title: "Mobile money in 2028" } },
    ]);
    expect(screen.getByText("All saved")).toBeInTheDocument();
  });

  it("shows what a colleague changed meanwhile, keeps what was typed, and saves it on their version", async () => {
    const theirs = {
      ...ITEM,
      revision: 4,
      updatedBy: "esi@example.com",
      updatedAt: "2026-12-07T11:00:00.000Z",
      fields: { ...FIELDS, summary: "What changes for merchants in 2027." },
    };
    let answer = () => json(theirs, 412, '"4"');
    const sent = renderEditor({ [`PATCH ${PATH}`]: () => answer() });
    const title = await screen.findByRole("textbox", { name: /^Title/ });
    await userEvent.type(title, "!");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByText(/Esi Boateng saved revision 4 at 7 Dec 2026, 11:00/);
    expect(alert).toHaveTextContent("Summary (now “What changes for merchants in 2027.”)");
    await waitFor(() => expect(alert).toHaveFocus());
    expect(title).toHaveValue("Mobile money in 2027!");
    expect(field("Summary")).toHaveValue("What changes for merchants in 2027.");

    answer = () => json({ ...theirs, revision: 5 }, 200, '"5"');
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Saved as revision 5.");
    expect(writes(sent).at(-1)).toEqual({
      method: "PATCH",
      path: PATH,
      ifMatch: '"4"',
      body: { title: "Mobile money in 2027!" },
    });
  });

  it("says a refused field at the field, which takes the focus, before and after sending", async () => {
    const sent = renderEditor({ [`PATCH ${PATH}`]: () => json({ error: SLUG_TAKEN }, 409) });
    const title = await screen.findByRole("textbox", { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription(expect.stringContaining("Enter a title"));
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(writes(sent)).toEqual([]);

    await userEvent.type(title, "Fees");
    const slug = field("Slug");
    await userEvent.clear(slug);
    await userEvent.type(slug, "fees");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(SLUG_TAKEN));
    expect(title).toHaveValue("Fees");
  });

  it("publishes at a day and time typed in Accra time, as that instant", async () => {
    const scheduled = { ...ITEM, status: "scheduled", publishAt: "2026-12-10T09:00:00.000Z" };
    let current: object = ITEM;
    const sent = renderEditor({
      [`POST ${PATH}/publish`]: () => {
        current = scheduled;
        return json(scheduled, 202);
      },
      [`GET ${PATH}`]: () => json(current, 200, '"4"'),
    });
    const at = await screen.findByLabelText("Or publish at (Accra time)", { exact: false });
    fireEvent.change(at, { target: { value: "2026-12-10T09:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    const saidScheduled = await screen.findByText("Scheduled for 10 Dec 2026, 09:00 Accra time.");
    await waitFor(() => expect(saidScheduled).toHaveFocus());
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: `${PATH}/publish`,
        ifMatch: null,
        body: { at: "2026-12-10T09:00:00.000Z" },
      },
    ]);
    expect(screen.getByText("Scheduled for 10 Dec 2026, 09:00 Accra time")).toBeInTheDocument();
  });

  it("unpublishes only once asked, and links the public address while on the site", async () => {
    const published = { ...ITEM, status: "published", publishedRevision: 3 };
    let current: object = published;
    const sent = renderEditor(
      {
        [`POST ${PATH}/unpublish`]: () => {
          current = { ...published, status: "unpublished" };
          return json(current);
        },
        [`GET ${PATH}`]: () => json(current, 200, '"4"'),
      },
      { item: published as never },
    );
    const link = await screen.findByRole("link", { name: "/insights/mobile-money-2027" });
    expect(link).toHaveAttribute("href", "/insights/mobile-money-2027");
    await userEvent.click(screen.getByRole("button", { name: "Unpublish…" }));
    expect(writes(sent)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Yes, unpublish" }));
    expect(await screen.findByText("Unpublished: it is off the site.")).toBeInTheDocument();
    expect(writes(sent).map((request) => request.path)).toEqual([`${PATH}/unpublish`]);
    expect(screen.queryByRole("link", { name: "/insights/mobile-money-2027" })).toBeNull();
  });

  it("previews the saved draft at a phone's width or a desktop's, and in a new tab", async () => {
    renderEditor({});
    const frame = await screen.findByTitle("Preview at phone width");
    expect(frame).toHaveAttribute("src", ITEM.previewPath);
    expect(frame).toHaveStyle({ width: "390px" });
    const desktop = screen.getByRole("button", { name: "Desktop (1280 px)" });
    expect(desktop).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(desktop);
    expect(desktop).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTitle("Preview at desktop width")).toHaveStyle({ width: "1280px" });
    const tab = screen.getByRole("link", { name: "Open preview in a new tab" });
    expect(tab).toHaveAttribute("href", ITEM.previewPath);
    expect(tab).toHaveAttribute("target", "_blank");
  });

  it("creates a new article with every field typed, then opens it", async () => {
    const sent = renderEditor(
      {
        "POST /api/staff/articles": () => json({ id: "a1", slug: "fees" }, 201),
      },
      { item: null },
    );
    await userEvent.type(await screen.findByRole("textbox", { name: /^Title/ }), "Fees");
    await userEvent.type(field("Summary"), "Lower fees.");
    await userEvent.type(field("Article"), "Fees are lower.");
    await userEvent.type(field("Tags"), "fees, Ghana");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Author" }), "Esi Boateng");
    await userEvent.click(screen.getByRole("button", { name: "Save as a draft" }));
    expect(await screen.findByText("Saved as a draft.")).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: "/api/staff/articles",
        ifMatch: null,
        body: {
          title: "Fees",
          summary: "Lower fees.",
          markdown: "Fees are lower.",
          tags: ["fees", "Ghana"],
          author: "Esi Boateng",
          coverImage: null,
          coverAlt: "",
        },
      },
    ]);
  });
});
