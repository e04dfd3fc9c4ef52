// @vitest-environment jsdom
import { afterEach, expect, it } from "vitest";
import { VISIT_SOURCE_KEY, landingSource, rememberLanding, visitSource } from "./visit-source";

afterEach(() => sessionStorage.clear());

it("keeps the landing page, the referrer without its query and the utm tags", () => {
  expect(
    landingSource(
      "https://www.akwaabapay.com.gh/services/ussd?utm_source=facebook&utm_medium=social&utm_campaign=harmattan&utm_term=ussd&utm_content=video&fbclid=abc",
      "https://l.facebook.com/l.php?u=https%3A%2F%2Fakwaabapay&h=token#x",
    ),
  ).toEqual({
    landingPage: "/services/ussd",
    referrer: "https://l.facebook.com/l.php",
    utmSource: "facebook",
    utmMedium: "social",
    utmCampaign: "harmattan",
    utmTerm: "ussd",
    utmContent: "video",
  });
  expect(landingSource("https://site.test/", "")).toEqual({ landingPage: "/" });
});

it("records the first page of the visit only, and gives it to the forms", () => {
  history.replaceState(null, "", "/about-us?utm_campaign=first");
  rememberLanding();
  history.replaceState(null, "", "/contact-us?utm_campaign=second");
  rememberLanding();
  expect(visitSource()).toEqual({ landingPage: "/about-us", utmCampaign: "first" });
});

it("works without storage, or with storage that refuses", () => {
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  } as unknown as Storage;
  expect(() => rememberLanding(refusing)).not.toThrow();
  expect(visitSource(refusing)).toBeUndefined();
  expect(() => rememberLanding(undefined)).not.toThrow();
  sessionStorage.setItem(VISIT_SOURCE_KEY, "{not json");
  expect(visitSource()).toBeUndefined();
});
