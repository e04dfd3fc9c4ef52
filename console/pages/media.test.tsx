// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_UPLOAD_BYTES } from "@common/media";
import { type MediaItem, NOT_A_PICTURE, PICTURE_IN_USE, TOO_LARGE } from "../../staff-api/media";
import { MediaPage, mediaAction } from "./media";
import { renderConsolePage } from "./page.testing";

afterEach(() => vi.unstubAllGlobals());

const ID = "0c6ef7a4-6b0e-4c4b-9a56-3d1c2b1a0f9e";
const NEW_ID = "5d2a1b3c-0000-4c4b-9a56-3d1c2b1a0f9e";
const picture = (id: string, name: string): MediaItem => ({
  id,
  url: `/media/${id}/960.webp`,
  width: 1600,
  height: 900,
  name,
  uploadedAt: "2026-12-04T08:00:00.000Z",
  uploadedBy: "ama@example.com",
});

/** The pictures page with one picture; `answer` is the upload's. */
function renderMedia(answer: () => Response) {
  const sent: { method: string; body: unknown; contentType: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? "GET",
        body: init.body,
        contentType: new Headers(init.headers).get("content-type"),
      });
      return answer();
    }),
  );
  renderConsolePage({
    path: "/site/media",
    Component: MediaPage,
    data: { items: [picture(ID, "market.jpg")], team: [] },
    action: mediaAction,
  });
  return sent;
}

describe("the pictures page", () => {
  it("shows each picture's thumbnail and the Markdown to paste, which it copies", async () => {
    renderMedia(() => Response.json({}));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const library = await screen.findByRole("list", { name: "Library" });
    const [item] = within(library).getAllByRole("listitem");
    expect(item?.querySelector("img")).toHaveAttribute("src", `/media/${ID}/480.webp`);
    const markdown = `![describe the picture](/media/${ID}/960.webp)`;
    expect(within(item!).getByRole("textbox", { name: "Markdown for market.jpg" })).toHaveValue(
      markdown,
    );
    await userEvent.click(
      within(item!).getByRole("button", { name: "Copy the Markdown of market.jpg" }),
    );
    expect(writeText).toHaveBeenCalledWith(markdown);
    expect(screen.getByText(/The Markdown of market.jpg is copied/)).toBeInTheDocument();
  });

  it("uploads the chosen file as multipart, saying so, and adds it to the library", async () => {
    const sent = renderMedia(() => Response.json(picture(NEW_ID, "team.png"), { status: 201 }));
    const file = new File(["png"], "team.png", { type: "image/png" });
    await userEvent.upload(await screen.findByLabelText("Upload a picture"), file);
    expect(await screen.findByText("team.png is uploaded.")).toBeInTheDocument();
    const [upload] = sent;
    expect(upload?.method).toBe("POST");
    // The browser writes the multipart boundary itself: no JSON content type is set.
    expect(upload?.contentType).toBeNull();
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get("file")).toBeInstanceOf(File);
    const library = screen.getByRole("list", { name: "Library" });
    expect(within(library).getAllByRole("listitem")[0]).toHaveTextContent("team.png");
  });

  it("shows the server's refusal at the input, and refuses a file too large before sending", async () => {
    const sent = renderMedia(() => Response.json({ error: NOT_A_PICTURE }, { status: 400 }));
    const input = await screen.findByLabelText("Upload a picture");
    await userEvent.upload(input, new File(["%PDF"], "scan.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_A_PICTURE);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(expect.stringContaining(NOT_A_PICTURE));

    const large = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(large, "size", { value: MAX_UPLOAD_BYTES + 1 });
    await userEvent.upload(input, large);
    expect(await screen.findByRole("alert")).toHaveTextContent(TOO_LARGE);
    expect(sent).toHaveLength(1);
  });

  /** Deletes market.jpg as a person does: Delete, then the confirmation. */
  async function deleteMarketPicture() {
    const library = await screen.findByRole("list", { name: "Library" });
    await userEvent.click(within(library).getByRole("button", { name: "Delete market.jpg" }));
    const question = screen.getByRole("group", { name: /Delete market.jpg\?/ });
    expect(question).toHaveFocus();
    await userEvent.click(within(question).getByRole("button", { name: "Delete the picture" }));
  }

  it("deletes a picture after asking, saying so where the picture was", async () => {
    const sent = renderMedia(() => new Response(null, { status: 204 }));
    await deleteMarketPicture();
    expect(await screen.findByText(/Deleted\. The picture is no longer/)).toBeInTheDocument();
    expect(sent.map((request) => request.method)).toEqual(["DELETE"]);
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("lists what shows a picture it may not delete, each a link to where it is taken out", async () => {
    const usedBy = [
      { kind: "article", id: "a1", title: "Fees by phone" },
      { kind: "campaign", id: "c1", title: "Our new office" },
      { kind: "welcome", id: null, title: "The welcome e-mail" },
    ];
    renderMedia(() => Response.json({ error: PICTURE_IN_USE, usedBy }, { status: 409 }));
    await deleteMarketPicture();
    expect((await screen.findByText(PICTURE_IN_USE)).closest('[role="alert"]')).not.toBeNull();
    const uses = screen.getByRole("list", { name: "What shows market.jpg" });
    expect(
      within(uses)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Fees by phone", "/site/articles/a1"],
      ["Our new office", "/newsletter/campaigns/c1"],
      ["The welcome e-mail", "/newsletter/welcome"],
    ]);
    expect(within(uses).getAllByRole("listitem")[0]).toHaveTextContent("Article: Fees by phone");
  });
});
