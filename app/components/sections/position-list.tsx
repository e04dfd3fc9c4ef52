import { mailtoHref } from "@common/mailto";
import { formatAccraTime } from "@common/accra-time";
import { positionPath } from "@common/paths";
import type { PublishedPosition } from "@common/published";
import type { JobPosition } from "~/content/positions";
import { Accordion } from "~/components/ui/accordion";

/** "No available positions", "1 position available", "N positions available" on /careers. */
export function positionsCountText(count: number): string {
  if (count === 0) return "No available positions";
  return count === 1 ? "1 position available" : `${count} positions available`;
}

/**
 * The open positions: those written in content/positions.ts as an accordion, then those
 * published from the console, each a link to its own page (routes/position.tsx).
 */
export function PositionList({
  items,
  published = [],
}: {
  items: readonly JobPosition[];
  published?: readonly PublishedPosition[];
}) {
  return (
    <>
      <p className="mt-2 text-lg text-muted" role="status">
        {positionsCountText(items.length + published.length)}
      </p>
      {published.length > 0 ? (
        <ul className="mt-6 space-y-4">
          {published.map((position) => (
            <li key={position.slug} className="rounded-2xl border border-gray-200 p-6">
              <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
                {position.category}
              </p>
              <h3 className="mt-1 text-xl font-bold text-brand-900">
                <a
                  className="underline-offset-4 hover:underline"
                  href={positionPath(position.slug)}
                >
                  {position.title}
                </a>
              </h3>
              <p className="mt-2 text-muted">
                {position.location} · {position.workType} · Applications close{" "}
                {formatAccraTime(position.closesAt)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <div className="mt-6">
          <Accordion
            defaultOpenId={items[0]?.id}
            items={items.map((position) => ({
              id: position.id,
              heading: (
                <>
                  <span className="block text-sm font-semibold tracking-wider text-brand-700 uppercase">
                    {position.category}
                  </span>
                  {position.title}
                </>
              ),
              content: (
                <div className="space-y-3">
                  <p className="text-muted">
                    {position.company} · {position.location} · {position.workType}
                  </p>
                  <p className="leading-7 whitespace-pre-line">{position.description}</p>
                  <p>
                    To apply, send your CV to{" "}
                    <a
                      href={mailtoHref(position.applicationEmail, {
                        subject: `Application: ${position.title}`,
                      })}
                      className="font-semibold text-brand-700 underline"
                    >
                      {position.applicationEmail}
                    </a>
                    .
                  </p>
                </div>
              ),
            }))}
          />
        </div>
      ) : null}
    </>
  );
}
