import { describe, expect, it } from "vitest";
import { clearCookieHeader, readCookie, sessionCookie, setCookieHeader } from "./cookie";

describe("the staff session cookie", () => {
  it("is __Host- and Secure over HTTPS, plain over HTTP", () => {
    expect(sessionCookie("https://www.example.com")).toEqual({
      name: "__Host-staff_session",
      secure: true,
    });
    expect(sessionCookie("http://localhost:3000")).toEqual({
      name: "staff_session",
      secure: false,
    });
  });

  it("is set HttpOnly, SameSite=Strict, Path=/, and cleared the same way", () => {
    const https = sessionCookie("https://site.test");
    expect(setCookieHeader(https, "abc_-1", 43_200)).toBe(
      "__Host-staff_session=abc_-1; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure",
    );
    expect(clearCookieHeader(https)).toBe(
      "__Host-staff_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict; Secure",
    );
    const http = sessionCookie("http://localhost");
    expect(setCookieHeader(http, "x", 60)).toBe(
      "staff_session=x; Path=/; Max-Age=60; HttpOnly; SameSite=Strict",
    );
    expect(() => setCookieHeader(http, "a;b", 60)).toThrow();
  });

  it("is read from a Cookie header among others, first one winning", () => {
    expect(readCookie(undefined, "staff_session")).toBeUndefined();
    expect(readCookie("", "staff_session")).toBeUndefined();
    expect(readCookie("a=1; staff_session=tok; b=2", "staff_session")).toBe("tok");
    expect(readCookie("staff_session=one;staff_session=two", "staff_session")).toBe("one");
    expect(readCookie('staff_session="quoted"', "staff_session")).toBe("quoted");
    expect(readCookie("xstaff_session=no; staff_sessionx=no", "staff_session")).toBeUndefined();
    expect(readCookie("garbage; =; ;;", "staff_session")).toBeUndefined();
    expect(readCookie("__Host-staff_session=h", "__Host-staff_session")).toBe("h");
  });
});
