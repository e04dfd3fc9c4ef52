import { useState } from "react";
import newsletterImage from "~/assets/images/newsletter.svg";
import { Dialog } from "~/components/ui/dialog";
import { CloseIcon } from "~/components/ui/icons";
import { NewsletterForm } from "./newsletter-form";

/** The newsletter modal: the form, then a thank-you view once the server stored it. */
export function NewsletterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [subscribed, setSubscribed] = useState(false);
  const close = () => {
    onClose();
    setSubscribed(false);
  };
  return (
    <Dialog open={open} onClose={close} labelledBy="newsletter-dialog-title" className="max-w-lg">
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
        >
          <CloseIcon />
        </button>
        <img
          src={newsletterImage}
          alt=""
          width="320"
          height="240"
          className="mx-auto h-40 w-auto"
        />
        {subscribed ? (
          <div className="mt-6 text-center" role="status">
            <h2 id="newsletter-dialog-title" className="text-2xl font-bold text-brand-900">
              Thank you for subscribing
            </h2>
            <p className="mt-2 text-muted">
              We have sent you an e-mail. Open it and click the link inside to confirm your
              subscription.
            </p>
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
              <NewsletterForm onSubscribed={() => setSubscribed(true)} />
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
