import { describe, expect, it } from "vitest";
import { site, ussdExtensionCode } from "@common/site";
import { servicePages } from "../services";
import { apiExample } from "./api-example";

describe("API examples", () => {
  it("fill in the API's address and the USSD code, and drop the file's last newline", () => {
    expect(apiExample('curl {{apiBaseUrl}}/ussd -d "{{ussdExtensionCode}}"\n')).toBe(
      `curl ${site.apiBaseUrl}/ussd -d "${ussdExtensionCode}"`,
    );
  });

  it("refuse an unknown token", () => {
    expect(() => apiExample("{{apiBaseURL}}")).toThrow("Unknown token {{apiBaseURL}}");
  });

  it("leave no token on any service page", () => {
    for (const [path, page] of Object.entries(servicePages)) {
      expect(page.developer.codeSample, path).not.toMatch(/\{\{|\}\}/);
      expect(page.developer.codeSample, path).toContain(site.apiBaseUrl);
    }
  });
});
