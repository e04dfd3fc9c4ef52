import { afterEach, describe, expect, it, vi } from "vitest";
import { articlePath } from "@common/paths";
import { loadArticle, loadArticles, loadPolicy, renderMarkdown } from "./markdown.server";
import { site } from "@common/site";

describe("terms and policies rendered from Markdown", () => {
  const terms = loadPolicy("terms-and-conditions");

  it("has 27 numbered clauses", () => {
    expect(terms.headings).toHaveLength(27);
    terms.headings.forEach((heading, index) =>
      expect(heading.text).toMatch(new RegExp(`^${index + 1}\\. `)),
    );
  });

  it("gives the privacy policy clause the anchor the footer links to", () => {
    expect(terms.html).toContain('<h2 id="privacy-policy">');
  });

  it("says in the privacy clauses what the site really does: no cookies, no analytics", () => {
    const privacy = terms.html.slice(
      terms.html.indexOf('<h2 id="privacy-policy">'),
      terms.html.indexOf('<h2 id="cross-border-transfers-of-data">'),
    );
    expect(privacy).toContain("sets no cookies");
    expect(privacy).not.toMatch(/analytics cookies|areas of interest|company name/i);
    expect(privacy).toContain(site.emails.compliance);
    expect(privacy).toMatch(/Data Protection Commission/);
  });

  it("states the dispute resolution rule: 7 days amicably, then a single arbitrator", () => {
    expect(terms.html).toMatch(/7\)? days|seven \(7\) days/i);
    expect(terms.html).toMatch(/single arbitrator/i);
  });

  it("fills company facts from site.ts and leaves no token behind", () => {
    for (const slug of [
      "terms-and-conditions",
      "merchant-onboarding-policy",
      "refund-and-chargeback-policy",
      "return-and-delivery-policy",
      "cancellation-policy",
    ]) {
      const doc = loadPolicy(slug);
      expect(doc.html, slug).not.toMatch(/\{\{|\}\}/);
      expect(doc.meta.title.length, slug).toBeGreaterThan(0);
    }
    expect(terms.html).toContain(site.emails.general);
  });

  it("dates the 2023 policies 15 September 2023", () => {
    for (const slug of [
      "merchant-onboarding-policy",
      "refund-and-chargeback-policy",
      "return-and-delivery-policy",
    ]) {
      expect(loadPolicy(slug).meta.effective, slug).toBe("2023-09-15");
    }
  });

  it("lists the chargeback steps in order", () => {
    const html = loadPolicy("refund-and-chargeback-policy").html;
    const list = [...html.matchAll(/<ol>([\s\S]*?)<\/ol>/g)].find((m) =>
      /Cardholder dispute/.test(m[1] ?? ""),
    );
    const items = [...(list?.[1] ?? "").matchAll(/<li><strong>(.*?):?<\/strong>/g)].map((m) =>
      m[1]?.replace(/:$/, ""),
    );
    expect(items).toEqual([
      "Cardholder dispute",
      "Issuer investigation",
      "Acquirer notification",
      `${site.name} review`,
      "Merchant evidence",
      "Re-presentation",
      "Issuer final decision",
    ]);
  });

  it("keeps the cancellation policy figures", () => {
    const text = loadPolicy("cancellation-policy").html;
    expect(text).toMatch(/48 hours/);
    expect(text).toMatch(/five \(5\) business days|five business days|5 business days/i);
    expect(text).toMatch(/annual/i);
  });

  it("escapes raw HTML instead of rendering it", () => {
    const { html } = renderMarkdown(
      'Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">',
    );
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("takes heading ids from {#id} and lists the ## headings", () => {
    const { html, headings } = renderMarkdown(
      "## 1. First {#first}\n\ntext\n\n### Sub part\n\n## Second *one*",
    );
    expect(html).toContain('<h2 id="first">1. First</h2>');
    expect(html).toContain('<h3 id="sub-part">Sub part</h3>');
    expect(headings).toEqual([
      { id: "first", text: "1. First" },
      { id: "second-one", text: "Second one" },
    ]);
  });

  it("gives headings of the same words ids of their own", () => {
    const { html } = renderMarkdown("## Terms\n\n### Refund\n\n## Process\n\n### Refund\n");
    expect(html).toContain('<h3 id="refund">Refund</h3>');
    expect(html).toContain('<h3 id="refund-2">Refund</h3>');
  });
});

describe("the privacy notice's retention periods", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const retentionPart = (html: string) =>
    html.slice(
      html.indexOf('<h3 id="how-long-we-keep-it">'),
      html.indexOf('<h3 id="your-rights">'),
    );

  it("states the periods the retention job applies, from the build's environment", async () => {
    expect(retentionPart(loadPolicy("terms-and-conditions").html)).toMatch(
      /30 days after you asked[\s\S]*24 months after the last thing[\s\S]*90 days after they were written/,
    );
    vi.stubEnv("LEAD_RETENTION_MONTHS", "1");
    vi.stubEnv("PENDING_SUBSCRIPTION_DAYS", "14");
    vi.stubEnv("MESSAGE_BODY_RETENTION_DAYS", "");
    vi.resetModules();
    const notice = retentionPart(
      (await import("./markdown.server")).loadPolicy("terms-and-conditions").html,
    );
    expect(notice).toContain("for 1 month after the last thing");
    expect(notice).toContain("14 days after you asked to subscribe");
    expect(notice).toContain("90 days after they were written");
  });

  it("stops the build on a period that is not one, naming the variable", async () => {
    vi.stubEnv("PENDING_SUBSCRIPTION_DAYS", "two weeks");
    vi.resetModules();
    await expect(import("./markdown.server")).rejects.toThrow(/PENDING_SUBSCRIPTION_DAYS must be/);
  });
});

describe("articles", () => {
  it("ships at least one article, newest first, with its sections one level below the title", () => {
    const articles = loadArticles();
    expect(articles.length).toBeGreaterThanOrEqual(1);
    // The title is the article page's h1.
    expect(articles[0]?.html).not.toContain("<h1");
    expect(articles[0]?.html).toContain("<h2");
    expect(articles[0]?.meta.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const dates = articles.map((article) => article.meta.date);
    expect(dates).toEqual(dates.toSorted().reverse());
  });

  it("addresses each article by its file name without the date", () => {
    const article = loadArticle("mobile-money-collections-for-small-businesses");
    expect(article?.meta.date).toBe("2025-03-04");
    expect(article?.meta.author).toMatch(/\S/);
    expect(article && articlePath(article.slug)).toBe(
      "/articles/mobile-money-collections-for-small-businesses",
    );
    expect(loadArticle("no-such-article")).toBeUndefined();
  });
});
