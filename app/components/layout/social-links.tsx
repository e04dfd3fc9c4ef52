import { site } from "@common/site";
import { SocialGlyph } from "~/components/ui/icons";

/** Facebook, LinkedIn, Instagram and X, in a new tab (the footer and the innovation hub). */
export function SocialLinks({ className = "" }: { className?: string }) {
  return (
    <ul className={`flex gap-2 ${className}`} aria-label="Social media">
      {site.social.map((network) => (
        <li key={network.name}>
          <a
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex size-11 items-center justify-center rounded-full border border-white/30 hover:bg-white/10"
          >
            <SocialGlyph name={network.name} width={20} height={20} />
            <span className="sr-only">
              {site.name} on {network.name} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
