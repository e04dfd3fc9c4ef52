import { Link } from "react-router";
import { PageHeading } from "../components/page-heading";

/** An address under /staff that is no page of the console. */
export function NotFoundPage() {
  return (
    <section>
      <PageHeading title="Page not found" />
      <p>There is no console page at this address.</p>
      <p className="mt-4">
        <Link to="/" className="console-link">
          Go to the console&rsquo;s start page
        </Link>
      </p>
    </section>
  );
}
