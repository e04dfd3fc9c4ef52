import { describe, expect, it } from "vitest";
import { COVER_NEEDS_ALT, SLUG_TAKEN } from "../staff-api/publishing";
import {
  CLOSES_AT_NEEDED,
  bodyOf,
  changesOf,
  fieldOfRefusal,
  mergeTheirs,
  problemsOf,
  statusWords,
  valuesOf,
} from "./content";

const STATE = { revision: 3, publishedRevision: 3, publishAt: null, closed: false };

const CASE_STUDY = {
  title: "Collections at Ashanti Goldfields",
  summary: "Fewer failed collections.",
  client: "Ashanti Goldfields",
  sector: "Mining",
  challenge: "Many debits failed.",
  solution: "Retries at payday.",
  results: [{ figure: "40%", label: "fewer failed collections" }],
  quote: null,
  slug: "ashanti-collections",
  coverImage: null,
  coverAlt: "",
};

describe("an item's status in words", () => {
  it("says where each item stands, as the list and the editor show it", () => {
    expect(statusWords({ ...STATE, status: "draft", publishedRevision: null })).toBe("Draft");
    expect(
      statusWords({ ...STATE, status: "scheduled", publishAt: "2026-12-10T09:00:00.000Z" }),
    ).toBe("Scheduled for 10 Dec 2026, 09:00 Accra time");
    expect(statusWords({ ...STATE, status: "published" })).toBe("Published");
    expect(statusWords({ ...STATE, status: "published", revision: 4 })).toBe(
      "Published with unpublished changes",
    );
    expect(statusWords({ ...STATE, status: "unpublished" })).toBe("Unpublished");
    expect(statusWords({ ...STATE, status: "published", closed: true })).toBe("Closed");
  });
});

describe("what a save sends", () => {
  it("sends only the fields changed, each as the API takes it", () => {
    const base = valuesOf(CASE_STUDY);
    const typed = {
      ...base,
      title: "Collections at Ashanti",
      results: [...base.results, { key: -1, figure: "2 days", label: "to go live" }],
      quoteText: "It just works.",
      quoteBy: "Efua Mensah",
    };
    expect(changesOf("caseStudy", base, typed)).toEqual({
      title: "Collections at Ashanti",
      results: [
        { figure: "40%", label: "fewer failed collections" },
        { figure: "2 days", label: "to go live" },
      ],
      quote: { text: "It just works.", by: "Efua Mensah" },
    });
    expect(changesOf("caseStudy", base, { ...base })).toEqual({});
  });

  it("sends a closing time typed on Accra's clock as its instant, and tags as a list", () => {
    const position = valuesOf({ closesAt: "2026-12-31T17:00:00.000Z" });
    expect(position.closesAt).toBe("2026-12-31T17:00");
    expect(bodyOf("position", { ...position, closesAt: "2027-01-15T12:30" }).closesAt).toBe(
      "2027-01-15T12:30:00.000Z",
    );
    const article = bodyOf("article", { ...valuesOf({}), tags: " payments, , Ghana " });
    expect(article.tags).toEqual(["payments", "Ghana"]);
    // Left empty, the server makes the slug and names the writer.
    expect(article).not.toHaveProperty("slug");
    expect(article).not.toHaveProperty("author");
  });
});

describe("refusals at their fields", () => {
  it("finds the field of each rule the contract's schema refuses", () => {
    const values = valuesOf({ ...CASE_STUDY, coverImage: "0c6ef7a4-6b0e-4c4b-9a56-3d1c2b1a0f9e" });
    const body = bodyOf("caseStudy", {
      ...values,
      title: " ",
      results: [{ key: 1, figure: "", label: "fewer failures" }],
    });
    expect(problemsOf("caseStudy", values, body)).toEqual({
      title: "Enter a title",
      "results.0.figure": "Give the figure",
      coverAlt: COVER_NEEDS_ALT,
    });
    expect(problemsOf("position", valuesOf({}), { closesAt: "" })).toMatchObject({
      closesAt: CLOSES_AT_NEEDED,
    });
  });

  it("ties the server's refusal to the field it is about, else to none", () => {
    expect(fieldOfRefusal("article", SLUG_TAKEN, { slug: "x" })).toBe("slug");
    expect(fieldOfRefusal("article", "Enter a summary", { title: "A", summary: "" })).toBe(
      "summary",
    );
    expect(fieldOfRefusal("article", "Please try again in a few minutes.", {})).toBeNull();
  });
});

describe("a colleague's save", () => {
  it("keeps what this person changed and takes the colleague's value of every other field", () => {
    const base = valuesOf(CASE_STUDY);
    const mine = { ...base, title: "My title" };
    const theirs = valuesOf({ ...CASE_STUDY, title: "Their title", sector: "Gold mining" });
    const merged = mergeTheirs("caseStudy", base, mine, theirs);
    expect(merged.title).toBe("My title");
    expect(merged.sector).toBe("Gold mining");
    // The next save sends this person's change only.
    expect(changesOf("caseStudy", theirs, merged)).toEqual({ title: "My title" });
  });
});
