import { Problem } from "../components/problem-screen";

/** An address under /staff that is no page of the console. */
export function NotFoundPage() {
  return <Problem title="Page not found" message="There is no console page at this address." />;
}
