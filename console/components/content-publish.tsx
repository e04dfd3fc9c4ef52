import { type FormEvent, useId, useState } from "react";
import type { ContentSummary } from "../../staff-api/publishing";
import { TIME_ZONE_LABEL, fromAccraInput, toAccraInput } from "../format";
import { statusWords } from "../content";
import { Badge } from "./badge";
import { ConfirmButton } from "./confirm-button";
import { IntentButton } from "./newsletter-editor";
import { Section } from "./section";

/** What the publishing controls ask the page to do: publish now or at an instant, or take it off. */
export type PublishRequest = { intent: "publish"; at?: string } | { intent: "unpublish" };

/**
 * Where the item stands and what can be done with it: its status in words, its public address
 * once on the site, Publish now, Publish at a day and time in Accra time, and Unpublish (asked
 * first). Publishing puts the last saved revision on the site: with unsaved changes, the buttons
 * wait for a save.
 */
export function ContentPublish({
  item,
  dirty,
  busy,
  act,
}: {
  item: Omit<ContentSummary, "title">;
  dirty: boolean;
  busy: string | null;
  act: (request: PublishRequest) => void;
}) {
  const atId = useId();
  const [at, setAt] = useState(() =>
    toAccraInput(item.publishAt ? new Date(item.publishAt) : new Date(Date.now() + 3_600_000)),
  );
  const [atError, setAtError] = useState<string | null>(null);
  const onSite = item.status === "published" && !item.closed;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = button?.value;
    setAtError(null);
    if (intent === "publish") return act({ intent: "publish" });
    if (intent === "unpublish") return act({ intent: "unpublish" });
    if (intent === "schedule") {
      // The field's day and time are Accra's, whatever the device's time zone.
      const instant = fromAccraInput(at);
      if (!instant)
        return setAtError(`Choose the day and time to publish it, in ${TIME_ZONE_LABEL}.`);
      act({ intent: "publish", at: instant.toISOString() });
    }
  }

  return (
    <Section id="publishing" title="Publishing">
      <p className="mb-3">
        Status: <Badge>{statusWords(item)}</Badge>
      </p>
      {item.publishedRevision !== null && onSite ? (
        <p className="mb-3">
          On the site at{" "}
          <a href={item.publicPath} target="_blank" rel="noopener" className="console-link">
            {item.publicPath}
          </a>{" "}
          (revision {item.publishedRevision}).
        </p>
      ) : null}
      {dirty ? (
        <p className="mb-3 font-semibold">
          You have unsaved changes. Save them first: publishing puts the last saved version on the
          site.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="max-w-prose space-y-4">
        <fieldset disabled={dirty} className="space-y-4">
          <legend className="sr-only">Publish</legend>
          <IntentButton
            intent="publish"
            label={onSite ? "Publish the latest revision now" : "Publish now"}
            busyLabel="Publishing…"
            busy={busy}
          />
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={atId} className="block font-semibold">
                Or publish at ({TIME_ZONE_LABEL})
              </label>
              <p id={`${atId}-hint`} className="text-sm text-muted">
                The day and time in Accra (GMT), whatever the time zone of this device.
              </p>
              <input
                id={atId}
                type="datetime-local"
                value={at}
                min={toAccraInput(new Date())}
                onChange={(event) => setAt(event.target.value)}
                aria-invalid={atError ? true : undefined}
                aria-describedby={`${atId}-hint${atError ? ` ${atId}-error` : ""}`}
                className="console-input mt-1.5 min-h-11"
              />
              {atError ? (
                <p id={`${atId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
                  {atError}
                </p>
              ) : null}
            </div>
            <IntentButton
              intent="schedule"
              label={item.status === "scheduled" ? "Change the time" : "Schedule"}
              busyLabel="Scheduling…"
              busy={busy}
              className="console-button-quiet"
            />
          </div>
        </fieldset>
        {item.status === "published" || item.status === "scheduled" ? (
          <ConfirmButton
            label={item.status === "scheduled" ? "Cancel the schedule…" : "Unpublish…"}
            question={
              item.status === "scheduled"
                ? "Cancel the schedule? It stays a draft, off the site."
                : "Take it off the site? Its address will say it is gone until you publish it again."
            }
            confirmLabel={
              item.status === "scheduled" ? "Yes, cancel the schedule" : "Yes, unpublish"
            }
            intent="unpublish"
            busy={busy}
            className="console-button-danger"
          />
        ) : null}
      </form>
    </Section>
  );
}
