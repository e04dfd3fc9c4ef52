import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { ApiError } from "../api";
import { PageHeading } from "./page-heading";

function describe(error: unknown): { title: string; message: string } {
  const status =
    error instanceof ApiError ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403)
    return {
      title: "Not available to your role",
      message: "Your role does not give access to this page. An admin can change your role.",
    };
  if (status === 404)
    return {
      title: "Not found",
      message: "There is nothing at this address: the record may have been erased.",
    };
  if (error instanceof ApiError) return { title: "Something went wrong", message: error.message };
  return {
    title: "Something went wrong",
    message: "The page could not be shown. Please reload it; if it keeps failing, tell an admin.",
  };
}

/** What a page shows instead of itself when its data cannot be loaded or it may not be seen. */
export function ProblemScreen() {
  return <Problem {...describe(useRouteError())} />;
}

/** A page that has only this to say, and the way back to the console's start. */
export function Problem({ title, message }: { title: string; message: string }) {
  return (
    <section>
      <PageHeading title={title} />
      <p className="max-w-prose">{message}</p>
      <p className="mt-4">
        <Link to="/" className="console-link">
          Go to the console&rsquo;s start page
        </Link>
      </p>
    </section>
  );
}
