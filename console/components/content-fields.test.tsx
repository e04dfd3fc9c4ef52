// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { MediaItem } from "../../staff-api/media";
import type { ContentKind } from "@common/published";
import { type ContentValues, type FieldErrors, blankValues, bodyOf } from "../content";
import { ContentListPage } from "../pages/content-list";
import { renderConsolePage } from "../pages/page.testing";
import { ContentFields } from "./content-fields";

const PICTURE: MediaItem = {
  id: "0c6ef7a4-6b0e-4c4b-9a56-3d1c2b1a0f9e",
  url: "/media/0c6ef7a4-6b0e-4c4b-9a56-3d1c2b1a0f9e/960.webp",
  width: 1600,
  height: 900,
  name: "market.jpg",
  uploadedAt: "2026-12-04T08:00:00.000Z",
  uploadedBy: "ama@example.com",
};

/**
 * One kind's fields as the editor page holds them (its values, and its picture library, which an
 * upload adds to); the function returned reads what is typed.
 */
function renderFields(
  kind: ContentKind,
  { errors = {}, library = [] }: { errors?: FieldErrors; library?: MediaItem[] } = {},
) {
  let current: ContentValues = blankValues();
  function Editor() {
    const [values, setValues] = useState(current);
    const [pictures, setPictures] = useState(library);
    current = values;
    return (
      <ContentFields
        kind={kind}
        values={values}
        change={(patch) => setValues((now) => ({ ...now, ...patch }))}
        errors={errors}
        team={[]}
        library={pictures}
        onUploaded={(picture) => setPictures((all) => [picture, ...all])}
      />
    );
  }
  render(<Editor />);
  return () => current;
}

describe("a case study's results and quote", () => {
  it("groups the results and the quote, a row added taking the focus and a row removed handing it on", async () => {
    const values = renderFields("caseStudy", {
      errors: { "results.1.label": "Say what the figure measures" },
    });
    const results = screen.getByRole("group", { name: /^Results/ });
    await userEvent.type(within(results).getByRole("textbox", { name: /^Figure 1/ }), "40%");
    await userEvent.type(
      within(results).getByRole("textbox", { name: /^What figure 1 measures/ }),
      "fewer failed collections",
    );
    expect(within(results).getByRole("button", { name: "Remove result 1" })).toBeDisabled();

    await userEvent.click(within(results).getByRole("button", { name: "Add a result" }));
    const second = within(results).getByRole("textbox", { name: /^Figure 2/ });
    expect(second).toHaveFocus();
    await userEvent.keyboard("2 days");
    // The refusal of the second row's label is said at that field.
    expect(
      within(results).getByRole("textbox", { name: /^What figure 2 measures/ }),
    ).toHaveAccessibleDescription("Say what the figure measures");

    await userEvent.click(within(results).getByRole("button", { name: "Remove result 1" }));
    expect(within(results).getByRole("button", { name: "Add a result" })).toHaveFocus();
    expect(within(results).getByRole("textbox", { name: /^Figure 1/ })).toHaveValue("2 days");

    const quote = screen.getByRole("group", { name: "Quote (optional)" });
    await userEvent.type(within(quote).getByRole("textbox", { name: "What they said" }), "Fast.");
    await userEvent.type(within(quote).getByRole("textbox", { name: /^Who said it/ }), "Efua");
    expect(bodyOf("caseStudy", values())).toMatchObject({
      results: [{ figure: "2 days", label: "" }],
      quote: { text: "Fast.", by: "Efua" },
    });
  });
});

describe("an article's cover picture", () => {
  it("is chosen from the library or uploaded, and then asks for its description", async () => {
    const uploaded = { ...PICTURE, id: "5d2a1b3c-0000-4c4b-9a56-3d1c2b1a0f9e", name: "team.png" };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(uploaded, { status: 201 })),
    );
    const values = renderFields("article", { library: [PICTURE] });
    const cover = screen.getByRole("group", { name: "Cover picture" });
    expect(within(cover).getByRole("radio", { name: "No cover picture" })).toBeChecked();
    expect(screen.queryByRole("textbox", { name: /description/ })).toBeNull();

    await userEvent.click(within(cover).getByRole("radio", { name: "market.jpg" }));
    expect(values().coverImage).toBe(PICTURE.id);
    const alt = screen.getByRole("textbox", { name: /^Cover picture's description/ });
    expect(alt).toHaveAttribute("aria-required", "true");

    await userEvent.upload(
      within(cover).getByLabelText("Upload a new cover picture"),
      new File(["png"], "team.png", { type: "image/png" }),
    );
    expect(await within(cover).findByRole("radio", { name: "team.png" })).toBeChecked();
    expect(values().coverImage).toBe(uploaded.id);
    vi.unstubAllGlobals();
  });
});

describe("a kind's list", () => {
  it("names each item's status in words, who saved it last and when, and links a new one", async () => {
    renderConsolePage({
      path: "/site/positions",
      Component: ContentListPage,
      data: {
        kind: "position" as const,
        team: [{ email: "ama@example.com", name: "Ama Owusu", role: "marketing", disabled: false }],
        items: [
          {
            id: "p1",
            kind: "position",
            status: "published",
            revision: 2,
            publishedRevision: 2,
            publishAt: null,
            publishedAt: "2026-11-01T09:00:00.000Z",
            closed: true,
            publicPath: "/careers/engineer",
            previewPath: "/staff/preview/position/p1",
            createdAt: "2026-11-01T09:00:00.000Z",
            updatedAt: "2026-11-02T15:45:00.000Z",
            updatedBy: "ama@example.com",
            title: "Backend engineer",
          },
        ],
      },
    });
    expect(await screen.findByRole("link", { name: "New open position" })).toHaveAttribute(
      "href",
      "/site/positions/new",
    );
    const [row] = within(screen.getByRole("list", { name: "Open positions" })).getAllByRole(
      "listitem",
    );
    expect(within(row!).getByRole("link", { name: "Backend engineer" })).toHaveAttribute(
      "href",
      "/site/positions/p1",
    );
    expect(row).toHaveTextContent("Status: Closed");
    expect(row).toHaveTextContent("Last saved 2 Nov 2026, 15:45 Accra time by Ama Owusu");
  });
});
