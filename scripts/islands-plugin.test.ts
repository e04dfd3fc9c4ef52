import { expect, it } from "vitest";
import { libraryChunk } from "./islands-plugin";

it("gives React and React DOM (with its scheduler) chunks of their own", () => {
  expect(libraryChunk("/repo/node_modules/react/cjs/react.production.js")).toBe("react");
  expect(libraryChunk("/repo/node_modules/react-dom/client.js")).toBe("react-dom");
  expect(libraryChunk("/repo/node_modules/scheduler/index.js")).toBe("react-dom");
  expect(libraryChunk("/repo/app/islands/hydrate.tsx")).toBeUndefined();
});
