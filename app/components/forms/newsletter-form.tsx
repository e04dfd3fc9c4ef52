import { useId, useRef, useState } from "react";
import { MAX_EMAIL } from "@leads/messages";
import type { RefusedForm } from "@leads/refused-form";
import { apiPaths } from "@common/paths";
import { ConsentVersionField, ConsentWords } from "./consent-words";
import { HoneypotField } from "./honeypot-field";
import { useLeadForm } from "./use-lead-form";

interface NewsletterFormProps {
  /** Called once the server has stored the subscription, with the address it went to. */
  onSubscribed: (address: string) => void;
  /** Visual variant: on the dark home section or inside the light dialog. */
  tone?: "light" | "dark";
  /** This form, posted without JavaScript, refused by the server: the field takes the focus. */
  refused?: RefusedForm;
}

/**
 * One e-mail field and Subscribe. Checked in the browser first; success only after the server
 * stored it; any failure is said plainly under the field, and the address stays in it.
 */
export function NewsletterForm({ onSubscribed, tone = "light", refused }: NewsletterFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useLeadForm({
    initial: { email: "" },
    // The endpoint's rules (and the validation library) load on the first submit: the home
    // page, where this form sits, then ships no validation code up front. Its address is the
    // one the definition is made with (leads/newsletter.ts), read here without its schema.
    schema: () => import("@leads/newsletter").then((rules) => rules.subscribeEndpoint.body),
    endpoint: apiPaths.subscribe,
    refused,
    toBody: (data, website) => ({ ...data, website }),
    consentForm: "newsletter",
    outcomes: {
      // The field's own message says what is wrong; the visitor is put back in the field to
      // mend it (the focus would otherwise stay on Subscribe).
      refused: () => input.current?.focus(),
      sent: ({ email }) => {
        setFailure(null);
        onSubscribed(email);
      },
      failed: setFailure,
    },
  });
  const error = form.errors.email ?? failure;

  const errorId = `${id}-error`;
  return (
    <form {...form.formProps} className="w-full">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={input}
          // Without JavaScript, only the attribute puts the visitor back in the refused field,
          // on the page that answers the refused post.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={refused !== undefined}
          id={`${id}-email`}
          type="email"
          maxLength={MAX_EMAIL}
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          value={form.values.email}
          onChange={(e) => {
            form.setValue("email", e.target.value);
            setFailure(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-12 w-full flex-1 rounded-full border border-gray-400 bg-white px-5 text-ink placeholder:text-gray-600"
        />
        <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
        <ConsentVersionField form="newsletter" />
        <button
          type="submit"
          className={tone === "dark" ? "btn-gold" : "btn-primary"}
          aria-disabled={form.pending || undefined}
        >
          {form.pending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p
        id={errorId}
        role="alert"
        className={`mt-2 min-h-6 text-sm font-medium ${tone === "dark" ? "text-gold-300" : "text-red-700"}`}
      >
        {error}
      </p>
      <p className={`text-sm ${tone === "dark" ? "text-brand-50" : "text-muted"}`}>
        <ConsentWords
          form="newsletter"
          linkClassName={
            tone === "dark" ? "font-semibold underline" : "font-semibold text-brand-700 underline"
          }
        />
      </p>
    </form>
  );
}
