// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { HELD_SCRIPT_TYPE, PRELOADS_ATTRIBUTE } from "@common/held-scripts";
import { PRELOADS_PER_TASK, painted, startHeldScript } from "./start-after-paint";

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  vi.useRealTimers();
});

function heldScript(preloads: string[]) {
  const held = document.createElement("script");
  held.type = HELD_SCRIPT_TYPE;
  held.setAttribute(PRELOADS_ATTRIBUTE, JSON.stringify(preloads));
  held.textContent = 'import("/assets/entry.js");';
  document.body.append(held);
  return held;
}

it("adds every preload, then runs the bootstrap's text as a module", async () => {
  const held = heldScript(["/a.js", "/b.js", "/c.js", "/d.js", "/e.js"]);
  await startHeldScript(held);
  const links = [...document.head.querySelectorAll("link")];
  expect(links.map((link) => [link.rel, link.getAttribute("href")])).toEqual(
    ["/a.js", "/b.js", "/c.js", "/d.js", "/e.js"].map((href) => ["modulepreload", href]),
  );
  const started = document.body.querySelector('script[type="module"]');
  expect(started?.textContent).toBe(held.textContent);
});

it("adds the preloads a few per task, not all in one", async () => {
  vi.useFakeTimers();
  const started = startHeldScript(heldScript(["/a.js", "/b.js", "/c.js", "/d.js", "/e.js"]));
  expect(document.head.querySelectorAll("link")).toHaveLength(PRELOADS_PER_TASK);
  await vi.runAllTimersAsync();
  await started;
  expect(document.head.querySelectorAll("link")).toHaveLength(5);
});

it("does not wait for a paint that a hidden tab never makes", async () => {
  vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
  await expect(painted()).resolves.toBeUndefined();
});

it("waits at most 3 s for a paint that never comes", async () => {
  vi.useFakeTimers();
  vi.stubGlobal(
    "PerformanceObserver",
    Object.assign(
      class {
        observe() {}
      },
      { supportedEntryTypes: ["paint"] },
    ),
  );
  const done = vi.fn();
  void painted().then(done);
  await vi.advanceTimersByTimeAsync(2900);
  expect(done).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(200);
  expect(done).toHaveBeenCalled();
  vi.unstubAllGlobals();
});
