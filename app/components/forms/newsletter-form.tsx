import { type FormEvent, useId, useState } from "react";
import { failureMessage, postLead } from "~/lib/api";
import { HoneypotField } from "./honeypot-field";

interface NewsletterFormProps {
  /** Called once the server has stored the subscription. */
  onSubscribed: () => void;
  /** Visual variant: on the dark home section or inside the light dialog. */
  tone?: "light" | "dark";
}

/**
 * One e-mail field and Subscribe. Checked in the browser first; success only after the server
 * stored it; any failure is said plainly and the address stays in the field.
 */
export function NewsletterForm({ onSubscribed, tone = "light" }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // The schema (and the validation library) loads on the first submit: the home page, where
    // this form sits, then ships no validation code up front.
    const { NewsletterSchema } = await import("@leads/newsletter");
    const parsed = NewsletterSchema.safeParse({ email, website });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Email is invalid");
      return;
    }
    setPending(true);
    const result = await postLead("/api/subscribe", parsed.data);
    setPending(false);
    if (result.ok) {
      setEmail("");
      setError(null);
      onSubscribed();
    } else {
      setError(
        result.kind === "invalid"
          ? (result.fields.email ?? failureMessage(result))
          : failureMessage(result),
      );
    }
  }

  const errorId = `${id}-error`;
  return (
    <form method="post" action="/api/subscribe" noValidate onSubmit={onSubmit} className="w-full">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-12 w-full flex-1 rounded-full border border-gray-400 bg-white px-5 text-ink placeholder:text-gray-600"
        />
        <HoneypotField value={website} onChange={setWebsite} />
        <button
          type="submit"
          className={tone === "dark" ? "btn-gold" : "btn-primary"}
          aria-disabled={pending || undefined}
        >
          {pending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p
        id={errorId}
        role="alert"
        className={`mt-2 min-h-6 text-sm font-medium ${tone === "dark" ? "text-gold-300" : "text-red-700"}`}
      >
        {error}
      </p>
    </form>
  );
}
