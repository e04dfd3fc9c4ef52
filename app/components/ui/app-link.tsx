import type { ReactNode } from "react";
import type { NavLink } from "~/content/navigation";

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link to another site: new tab, no opener, and it says so to screen-reader users. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Renders a content link: internal routes through the router, external ones in a new tab. */
export function AppLink({
  link,
  className,
  children,
  onClick,
}: {
  link: NavLink;
  className?: string;
  children?: ReactNode;
  onClick?: () => void;
}) {
  if ("href" in link) {
    return (
      <ExternalLink href={link.href} className={className}>
        {children ?? link.label}
      </ExternalLink>
    );
  }
  return (
    <a className={className} onClick={onClick} href={link.to}>
      {children ?? link.label}
    </a>
  );
}
