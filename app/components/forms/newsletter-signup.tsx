import { type ReactNode, useState } from "react";
import { NewsletterForm } from "./newsletter-form";

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

/** The section's form; it says when the subscription went through. */
export function NewsletterSignup() {
  const [done, setDone] = useState(false);
  return done ? (
    <p className="rounded-2xl bg-white/10 p-5">
      <strong className="block text-lg">Thank you for subscribing</strong>
      We have sent you an e-mail. Open it and click the link inside to confirm your subscription.
    </p>
  ) : (
    <NewsletterForm tone="dark" onSubscribed={() => setDone(true)} />
  );
}
