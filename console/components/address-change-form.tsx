import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { KeepIt, useEscapeToBackOut } from "./confirm-button";
import { IntentButton } from "./newsletter-editor";
import { RowOutcome } from "./row-outcome";
import { TextField } from "./text-field";

type Outcome = { ok: true; message: string } | { ok: false; error: string };

/**
 * "Change address…" for one subscriber who asks (docs/decisions/0035-erasure-and-address-
 * changes.md): the new address is only sent the confirmation e-mail; the list shows it once it is
 * confirmed there. The form opens in the row, takes the focus, and Escape or "Not now" closes it
 * and gives the focus back to the button. It posts `intent=address`, `id` and `email` to the
 * page's action, and shows what the server said in the row.
 */
export function AddressChangeForm({ id, email }: { id: string; email: string }) {
  const fetcher = useFetcher<Outcome>();
  const result = fetcher.data;
  const busy = fetcher.formData ? "address" : null;
  // Opened, with the outcome shown then: a newer success closes it, its work done.
  const [opened, setOpened] = useState<{ since: Outcome | undefined } | null>(null);
  const open = opened !== null && !(result?.ok && result !== opened.since);
  const close = () => setOpened(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const formId = useId();
  useEffect(() => {
    if (open) groupRef.current?.querySelector("input")?.focus();
    else if (wasOpen.current) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEscapeToBackOut(open ? groupRef : null, close);

  return (
    <div className="space-y-2">
      {open ? (
        <fetcher.Form method="post" id={formId}>
          <fieldset
            ref={groupRef}
            className="w-full space-y-3 rounded-md border border-brand-700 p-4"
          >
            <legend className="px-1 font-semibold">
              New address for <span dir="auto">{email}</span>
            </legend>
            <input type="hidden" name="id" value={id} />
            <TextField
              label="New e-mail address"
              hint="It is sent the confirmation e-mail; the address changes once they confirm there."
              type="email"
              name="email"
              required
            />
            <div className="flex flex-wrap gap-3">
              <IntentButton
                intent="address"
                label="Send the confirmation"
                busyLabel="Sending…"
                busy={busy}
                className="console-button-quiet"
              />
              <KeepIt onClick={close} label="Not now" />
            </div>
          </fieldset>
        </fetcher.Form>
      ) : (
        <button
          ref={openerRef}
          type="button"
          className="console-button-quiet"
          onClick={() => setOpened({ since: result })}
        >
          Change address…
        </button>
      )}
      <RowOutcome result={result} />
    </div>
  );
}
