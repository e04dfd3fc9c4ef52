import { type ActionFunctionArgs, Form, Link } from "react-router";
import { MAX_FILTER_NAME, type SavedFilter, savedFiltersApi } from "../../staff-api/saved-filters";
import { call, failure } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { ResultNotices, useFormResult, useResetWhenDone } from "./form-result";
import { TextField } from "./text-field";

/**
 * The intents of the saved filters' forms: the inbox's action (console/pages/inbox.tsx) sends
 * these here, and every answer names its intent, so that the page's other forms (the bar of
 * selected leads) leave it alone.
 */
export const SAVED_FILTER_INTENTS = ["save-filter", "delete-filter"] as const;
type SavedFilterIntent = (typeof SAVED_FILTER_INTENTS)[number];

type SavedFilterResult =
  | { ok: true; intent: SavedFilterIntent; message: string }
  | { ok: false; intent: SavedFilterIntent; error: string };

/** The inbox's action: saving the filters it shows under a name, or deleting a saved filter. */
export async function savedFilterAction({
  request,
}: ActionFunctionArgs): Promise<SavedFilterResult> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  if (form.get("intent") === "delete-filter") {
    try {
      await call(savedFiltersApi.remove, { params: { id: text("id") } });
      return { ok: true, intent: "delete-filter", message: "Saved filter deleted." };
    } catch (error) {
      return {
        ...failure(error, "The saved filter was not deleted. Try again."),
        intent: "delete-filter",
      };
    }
  }
  try {
    const saved = await call(savedFiltersApi.create, {
      body: { name: text("name"), query: text("query") },
    });
    return { ok: true, intent: "save-filter", message: `Filter saved as “${saved.name}”.` };
  } catch (error) {
    return { ...failure(error, "The filter was not saved. Try again."), intent: "save-filter" };
  }
}

/**
 * A person's saved filters above the inbox's filters, each a link to the inbox with them and a
 * Delete button; and, while filters are set, "Save this filter" under a name. Their own, on any
 * device they sign in on (server/leads/desk/).
 */
export function SavedFilters({
  saved,
  search,
  filtered,
}: {
  saved: readonly SavedFilter[];
  /** The inbox's filters as its address has them ("?status=new"), which a save keeps. */
  search: string;
  filtered: boolean;
}) {
  const { result: answered, busy } = useFormResult<typeof savedFilterAction>();
  // The inbox's action answers its bar of selected leads too: only an answer naming one of
  // these forms' intents is theirs.
  const result = answered && SAVED_FILTER_INTENTS.includes(answered.intent) ? answered : undefined;
  const saveForm = useResetWhenDone(
    result?.ok && result.intent === "save-filter" ? result : undefined,
  );
  // Nothing saved and no filter set: no room taken (a phone shows the first lead on its first
  // screen), only the notices' live regions, empty.
  const shown = saved.length > 0 || filtered;
  return (
    <div className={shown ? "mb-4 grid gap-3" : undefined}>
      {saved.length ? (
        <section aria-labelledby="saved-filters-heading">
          <h2 id="saved-filters-heading" className="mb-2 font-bold">
            Saved filters
          </h2>
          <ul className="flex flex-wrap gap-2">
            {saved.map((filter) => (
              <li
                key={filter.id}
                className="flex items-center gap-1 rounded-md border border-gray-300 pl-3"
              >
                <Link
                  to={`${CONSOLE_PAGES.leads.path}?${filter.query}`}
                  className="console-link"
                  dir="auto"
                >
                  {filter.name}
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={filter.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete-filter"
                    className="min-h-11 px-3 text-sm text-muted hover:text-red-800"
                    aria-label={`Delete saved filter ${filter.name}`}
                    disabled={busy === "delete-filter"}
                  >
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {filtered ? (
        <Form
          ref={saveForm}
          method="post"
          preventScrollReset
          aria-label="Save this filter"
          className="flex flex-wrap items-end gap-3"
        >
          <input type="hidden" name="query" value={search} />
          <div className="min-w-56">
            <TextField
              label="Name of this filter"
              name="name"
              maxLength={MAX_FILTER_NAME}
              required
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="save-filter"
            className="console-button-quiet min-h-11"
            disabled={busy === "save-filter"}
          >
            {busy === "save-filter" ? "Saving…" : "Save this filter"}
          </button>
        </Form>
      ) : null}
      <ResultNotices result={result} />
    </div>
  );
}
