// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { ISLAND_CHUNKS_ATTRIBUTE, ISLAND_ENTRY_ATTRIBUTE } from "@common/islands";
import { PRELOADS_PER_TASK, islandScriptsIn, painted, startIslands } from "./start-after-paint";

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  vi.useRealTimers();
});

function island(entry: string, chunks: string[]) {
  const container = document.createElement("div");
  container.setAttribute(ISLAND_ENTRY_ATTRIBUTE, entry);
  container.setAttribute(ISLAND_CHUNKS_ATTRIBUTE, JSON.stringify(chunks));
  document.body.append(container);
}

it("preloads every chunk and entry, then evaluates them in order, each entry once", async () => {
  island("/entry.js", ["/react.js", "/react-dom.js", "/form.js"]);
  island("/entry.js", ["/react.js", "/react-dom.js", "/form.js"]);
  const loaded: string[] = [];
  await startIslands(islandScriptsIn(), { load: (url) => loaded.push(url) });
  const links = [...document.head.querySelectorAll("link")];
  const all = ["/react.js", "/react-dom.js", "/form.js", "/entry.js"];
  expect(links.map((link) => [link.rel, link.getAttribute("href")])).toEqual(
    all.map((href) => ["modulepreload", href]),
  );
  expect(loaded).toEqual(all);
});

it("adds the preloads a few per task, not all in one", async () => {
  vi.useFakeTimers();
  island("/entry.js", ["/a.js", "/b.js", "/c.js", "/d.js"]);
  const started = startIslands(islandScriptsIn(), { load: () => undefined });
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
