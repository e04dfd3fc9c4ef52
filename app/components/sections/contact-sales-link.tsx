import { Link } from "react-router";
import { pagePaths } from "@common/paths";

/** "Contact Sales": the main action of the pages that sell something, in a hero's actions. */
export function ContactSalesLink() {
  return (
    <Link to={pagePaths.contactUs} className="btn-primary">
      Contact Sales
    </Link>
  );
}
