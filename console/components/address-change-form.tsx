import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { KeepIt, useEscapeToBackOut } from "./confirm-button";
import { IntentButton } from "./newsletter-editor";
import { TextField } from "./text-field";
import { EmailAddress } from "./email-address";
import { ReadFields } from "./read-fields";
import type { Read } from "../stale";

type Outcome = { ok: true; message: string } | { ok: false; error: string };

/**
 * "Change address…" for one subscriber who asks (docs/decisions/0035-erasure-and-address-
 * changes.md): the new address is only sent the confirmation e-mail; the list shows it once it is
 * confirmed there. The form opens in the row, takes the focus, and Escape or "Not now" closes it
 * and gives the focus back to the button. It posts `intent=address`, `id` and `email` through the
 * row's `fetcher`, whose one outcome (RowOutcome) shows what the server said; with `read`, the
 * subscriber as the list showed them, whose version the change names (a refusal as stale keeps
 * the address typed).
 */
export function AddressChangeForm({
  id,
  email,
  read,
  fetcher,
}: {
  id: string;
  email: string;
  read: Read<Record<string, string>>;
  fetcher: Pick<FetcherWithComponents<Outcome>, "Form" | "data" | "formData">;
}) {
  const result = fetcher.data;
  const busy = fetcher.formData ? String(fetcher.formData.get("intent")) : null;
  // Opened, with the outcome shown then: a newer success closes it, its work done.
  const [opened, setOpened] = useState<{ since: Outcome | undefined } | null>(null);
  const open = opened !== null && !(result?.ok && result !== opened.since);
  const close = () => setOpened(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) groupRef.current?.querySelector<HTMLInputElement>("input[name=email]")?.focus();
    else if (wasOpen.current) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEscapeToBackOut(open ? groupRef : null, close);

  return (
    <div className="space-y-2">
      {open ? (
        <fetcher.Form method="post">
          <fieldset
            ref={groupRef}
            className="w-full space-y-3 rounded-md border border-brand-700 p-4"
          >
            <legend className="px-1 font-semibold">
              New address for <EmailAddress>{email}</EmailAddress>
            </legend>
            <input type="hidden" name="id" value={id} />
            <ReadFields read={read} />
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
    </div>
  );
}
