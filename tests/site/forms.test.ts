import { expect, it } from "vitest";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "../../common/islands";
import { apiPaths, demoPaths } from "../../common/paths";
import { theOne, useBuiltSite } from "./built-site";

// What each demo page gives its form before any script runs. The five pages share one form
// (app/components/forms/demo-request-form.tsx, tested as a component); what tells them apart is
// the product each page hands it, which the lead records. The browser sends one page's form for
// real (tests/e2e/forms-demo.spec.ts).

const built = useBuiltSite();

it.each(Object.entries(demoPaths))(
  "the %s demo page hands its form its product, for the script and for the post without it, with the honeypot",
  async (product, path) => {
    const { document } = await built.page(path);
    const form = theOne(document, "form", "Request a demo");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(apiPaths.demo);

    // The island is hydrated with the props it was rendered with: its product.
    const island = form.closest(`[${ISLAND_ATTRIBUTE}]`);
    expect(island, "the form is an island").not.toBeNull();
    expect(JSON.parse(island!.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "null")).toEqual({ product });

    // Without JavaScript the form posts itself, the product with it.
    const posted = form.querySelectorAll('input[name="product"]');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.getAttribute("type")).toBe("hidden");
    expect(posted[0]!.getAttribute("value")).toBe(product);

    // The spam trap: one field, out of the Tab order and hidden from assistive technology (how
    // it is kept out of sight is CSS, checked in the browser on one page).
    const honeypot = form.querySelectorAll('input[name="website"]');
    expect(honeypot).toHaveLength(1);
    expect(honeypot[0]!.getAttribute("tabindex")).toBe("-1");
    expect(honeypot[0]!.getAttribute("autocomplete")).toBe("off");
    expect(honeypot[0]!.closest('[aria-hidden="true"]')).not.toBeNull();
  },
);
