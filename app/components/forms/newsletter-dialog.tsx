import { useEffect, useRef, useState } from "react";
import newsletterImage from "~/assets/images/newsletter.svg";
import { Dialog, DialogCloseButton } from "~/components/ui/dialog";
import { NEWSLETTER_DIALOG_ID } from "~/content/navigation";
import { NewsletterForm } from "./newsletter-form";
import { NEWSLETTER_THANKS, NewsletterNextSteps } from "./newsletter-signup";

/**
 * The newsletter modal, always in the page: the form, then a thank-you view once the server
 * stored it. Closing it brings back an empty form for the next time it opens.
 */
export function NewsletterDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  // The address the confirmation went to, once the server has stored it.
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const thanks = useRef<HTMLHeadingElement>(null);
  // A new key gives a fresh form: the address and any message of the last visit are gone.
  const [visit, setVisit] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser closes the dialog (Escape, backdrop, Close); React only follows.
    const reset = () => {
      setSubscribed(null);
      setVisit((n) => n + 1);
    };
    dialog.addEventListener("close", reset);
    return () => dialog.removeEventListener("close", reset);
  }, []);
  // The thank-you takes the focus from the form it replaces, so it is read out.
  useEffect(() => {
    if (subscribed) thanks.current?.focus();
  }, [subscribed]);

  return (
    <Dialog
      ref={ref}
      id={NEWSLETTER_DIALOG_ID}
      labelledBy="newsletter-dialog-title"
      className="max-w-lg"
    >
      <div className="relative p-6 sm:p-8">
        <DialogCloseButton
          dialogId={NEWSLETTER_DIALOG_ID}
          label="Close"
          className="absolute top-3 right-3"
        />
        <img
          src={newsletterImage}
          alt=""
          width="320"
          height="240"
          className="mx-auto h-40 w-auto"
        />
        {subscribed ? (
          <div className="mt-6 text-center">
            <h2
              id="newsletter-dialog-title"
              ref={thanks}
              tabIndex={-1}
              className="text-2xl font-bold text-brand-900 outline-none"
            >
              {NEWSLETTER_THANKS}
            </h2>
            <div className="mt-2 space-y-2 text-muted">
              <NewsletterNextSteps address={subscribed} />
            </div>
          </div>
        ) : (
          <>
            <h2
              id="newsletter-dialog-title"
              className="mt-6 text-center text-2xl font-bold text-brand-900"
            >
              Subscribe for our Newsletter to receive exciting updates.
            </h2>
            <div className="mt-6">
              <NewsletterForm key={visit} onSubscribed={setSubscribed} />
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
