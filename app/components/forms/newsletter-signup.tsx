import { type ReactNode, useState } from "react";
import type { RefusedForm } from "@leads/refused-form";
import { formOutcomes } from "~/content/form-outcomes";
import { NewsletterForm } from "./newsletter-form";
import { SentPanel } from "./sent-panel";

/** The headline of both newsletter forms once the server has stored the address. */
export const NEWSLETTER_THANKS = "Thank you for subscribing";

/**
 * What happens next after a sign-up, in the words of the page a form without JavaScript lands on,
 * and the address the e-mail went to, so a mistyped one shows.
 */
export function NewsletterNextSteps({ address }: { address: string }) {
  return (
    <>
      <p>{formOutcomes.newsletter.text}</p>
      <p>
        We sent it to <strong className="break-all">{address}</strong>.
      </p>
    </>
  );
}

/** The home page's newsletter section; its form (`children`) is an island (app/islands/). */
export function NewsletterSection({
  heading,
  text,
  children,
}: {
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="newsletter-heading" className="bg-brand-800 text-white">
      <div className="container-page grid items-center gap-8 py-14 lg:grid-cols-2">
        <div>
          <h2 id="newsletter-heading" className="text-3xl font-bold">
            {heading}
          </h2>
          <p className="mt-3 text-brand-50">{text}</p>
        </div>
        <div aria-live="polite">{children}</div>
      </div>
    </section>
  );
}

/**
 * The section's form; it says when the subscription went through, and where the e-mail went.
 * `refused`: the page answers this form posted without JavaScript and refused.
 */
export function NewsletterSignup({ refused }: { refused?: RefusedForm }) {
  const [address, setAddress] = useState<string | null>(null);
  return address ? (
    <SentPanel headline={NEWSLETTER_THANKS} tone="dark">
      <NewsletterNextSteps address={address} />
    </SentPanel>
  ) : (
    <NewsletterForm tone="dark" onSubscribed={setAddress} refused={refused} />
  );
}
