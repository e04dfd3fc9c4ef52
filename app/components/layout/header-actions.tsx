import { Link } from "react-router";
import { pagePaths } from "@common/paths";

/**
 * Contact Us and Get Started: beside the menus on large screens, at the end of the menu sheet on
 * small ones. `className` lays the two buttons out.
 */
export function HeaderActions({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link to={pagePaths.contactUs} className="btn-outline">
        Contact Us
      </Link>
      <Link to={pagePaths.getStarted} className="btn-primary">
        Get Started
      </Link>
    </div>
  );
}
