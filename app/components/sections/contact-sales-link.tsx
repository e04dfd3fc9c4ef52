import { pagePaths } from "@common/paths";

/** "Contact Sales": the main action of the pages that sell something, in a hero's actions. */
export function ContactSalesLink() {
  return (
    <a className="btn-primary" href={pagePaths.contactUs}>
      Contact Sales
    </a>
  );
}
