import type { NavMenu } from "~/content/navigation";
import { AppLink, ExternalLink } from "~/components/ui/app-link";
import { ArrowRight, ExternalIcon } from "~/components/ui/icons";

/**
 * The links of one header menu; the desktop dropdown and the mobile accordion both show it, each
 * with its own frame (`className`).
 */
export function MenuPanel({ menu, className }: { menu: NavMenu; className: string }) {
  return (
    <div className={className}>
      {menu.card ? (
        <ExternalLink
          href={menu.card.href}
          className="mb-2 block rounded-xl bg-brand-800 p-4 text-white hover:bg-brand-900"
        >
          <span className="flex items-center gap-2 font-semibold">
            {menu.card.title} <ExternalIcon width={16} height={16} />
          </span>
          <span className="mt-1 block text-sm text-brand-50">{menu.card.description}</span>
        </ExternalLink>
      ) : null}
      <ul className={menu.card ? "grid grid-cols-2 gap-1" : "space-y-1"}>
        {menu.links.map((link) => (
          <li key={link.label}>
            <AppLink link={link} className="block rounded-xl px-3 py-2.5 hover:bg-brand-50">
              <span className="flex items-center gap-1.5 font-semibold text-ink">
                {link.label}
                {"href" in link ? <ExternalIcon width={14} height={14} /> : null}
              </span>
              {link.description ? (
                <span className="mt-0.5 block text-sm text-muted">{link.description}</span>
              ) : null}
              {menu.cta ? (
                <span className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                  {menu.cta} <ArrowRight width={14} height={14} />
                </span>
              ) : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
