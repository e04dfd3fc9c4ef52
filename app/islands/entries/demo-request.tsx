import { DemoRequestForm } from "~/components/forms/demo-request-form";
import { Toaster } from "~/components/ui/toast";
import { defineIslands } from "../define";
import { hydrateIslands } from "../hydrate";

/** A demo page's form and the toasts it raises (one module: they share the toast store). */
export const demoRequestIslands = defineIslands("demo-request", {
  toaster: Toaster,
  form: DemoRequestForm,
});

if (typeof document !== "undefined") hydrateIslands(demoRequestIslands);
