import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { consolePaths } from "@common/paths";
import { consoleRoutes } from "./routes";
import "./console.css";

const router = createBrowserRouter(consoleRoutes, { basename: consolePaths.console });

const container = document.getElementById("console");
if (!container) throw new Error("The console page has no #console element.");
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
