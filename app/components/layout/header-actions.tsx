import { pagePaths } from "@common/paths";

/**
 * Contact Us and Get Started: beside the menus on large screens, at the end of the menu sheet on
 * small ones. `className` lays the two buttons out.
 */
export function HeaderActions({ className }: { className: string }) {
  return (
    <div className={className}>
      <a className="btn-outline" href={pagePaths.contactUs}>
        Contact Us
      </a>
      <a className="btn-primary" href={pagePaths.getStarted}>
        Get Started
      </a>
    </div>
  );
}
