import { mailtoHref } from "@common/mailto";
import type { JobPosition } from "~/content/positions";
import { Accordion } from "~/components/ui/accordion";

/** "No available positions", "1 position available", "N positions available" on /careers. */
export function positionsCountText(count: number): string {
  if (count === 0) return "No available positions";
  return count === 1 ? "1 position available" : `${count} positions available`;
}

export function PositionList({ items }: { items: readonly JobPosition[] }) {
  return (
    <>
      <p className="mt-2 text-lg text-muted" role="status">
        {positionsCountText(items.length)}
      </p>
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
