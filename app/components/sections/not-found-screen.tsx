import notFoundImage from "~/assets/images/not-found.svg";
import { notFoundPage } from "~/content/not-found";

/**
 * The missing-page screen; the server sends it with status 404. Its button steps back in the
 * history (app/widgets/go-back.ts).
 */
export function NotFoundScreen() {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <img src={notFoundImage} alt="" width="400" height="300" className="h-auto w-full max-w-sm" />
      <h1 className="mt-8 max-w-xl text-2xl font-bold text-brand-900 sm:text-3xl">
        {notFoundPage.text}
      </h1>
      <button type="button" data-go-back="" className="btn-primary mt-8">
        Go back
      </button>
    </section>
  );
}
