import { apiPaths } from "@common/paths";
import { demoPages } from "~/content/demos";
import type { MetaFunction } from "~/lib/page";
import { CheckList } from "~/components/sections/check-list";
import { Island } from "~/islands/island";
import { useRefusedForm } from "~/lib/refused-form";
import { demoRequestIslands } from "~/islands/entries/demo-request";
import { metaFromPages, useCurrentPage } from "~/lib/page-content";

// One module for the five demo request pages; the URL picks the content (app/content/demos.ts).
export const meta: MetaFunction = metaFromPages(demoPages);

export default function DemoRequestPage() {
  const page = useCurrentPage(demoPages);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <Island of={demoRequestIslands} part="toaster" />
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[1fr_1.3fr] lg:py-20">
        <div>
          <p className="eyebrow">{page.productName}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {page.headline}
          </h1>
          <p className="mt-5 text-lg leading-8 text-muted">{page.intro}</p>
          <h2 className="mt-8 text-xl font-bold text-brand-900">What to expect</h2>
          <CheckList
            items={page.expectations}
            className="mt-4 space-y-3"
            iconClassName="mt-0.5 shrink-0 text-brand-700"
          />
        </div>
        <div className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">Your details</h2>
          <p className="mt-2 mb-6 text-sm text-muted">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <Island
            of={demoRequestIslands}
            part="form"
            props={{ product: page.product, refused: useRefusedForm(apiPaths.demo) }}
          />
        </div>
      </div>
    </section>
  );
}
