import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import type { ContentKind } from "@common/published";
import { type TeamMember, teamApi } from "../../staff-api/admin";
import { CONTENT_APIS, CONTENT_LABELS } from "../../staff-api/publishing";
import { ApiError, loadCall, routerPath } from "../api";
import { Badge } from "../components/badge";
import { DateTime } from "../components/date-time";
import { ItemList } from "../components/more-pages";
import { PageHeading } from "../components/page-heading";
import { StaffName } from "../components/staff-name";
import { CONSOLE_CONTENT_PATHS, statusWords } from "../content";

/**
 * The team, to name staff by their names (who saved, the author picker); none when the role may
 * not read it or the server cannot say: the pages then name staff by address, as the API does.
 */
export async function loadTeam(request: Request): Promise<TeamMember[]> {
  try {
    return (await loadCall(request, teamApi.list)).items;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) return [];
    throw error;
  }
}

/** The loader of a kind's list: its items and the team that saved them. */
export const contentListLoader =
  (kind: ContentKind) =>
  async ({ request }: LoaderFunctionArgs) => {
    const [{ items }, team] = await Promise.all([
      loadCall(request, CONTENT_APIS[kind].list),
      loadTeam(request),
    ]);
    return { kind, items, team };
  };

/** What each kind's list says of itself, under its heading. */
const INTRODUCTIONS: Record<ContentKind, string> = {
  article:
    "Articles appear under Insights on the website. Write one, preview it, then publish it now or at a set time.",
  caseStudy:
    "Case studies tell how a client used our services, with the results in figures. Each is saved as a revision you can go back to.",
  position:
    "Open positions are listed on the careers page until their closing date and time, then leave the site by themselves.",
};

/** A kind's items, newest first: title, status in words, who saved last and when. */
export function ContentListPage() {
  const { kind, items, team } = useLoaderData<ReturnType<typeof contentListLoader>>();
  const words = CONTENT_LABELS[kind];
  const list = CONSOLE_CONTENT_PATHS[kind];
  return (
    <section>
      <PageHeading title={words.many}>
        <Link to={routerPath(`${list}/new`)} className="console-button">
          New {words.one.toLowerCase()}
        </Link>
      </PageHeading>
      <p className="mb-4 max-w-prose text-muted">{INTRODUCTIONS[kind]}</p>
      <ItemList
        items={items}
        label={words.many}
        empty={`No ${words.many.toLowerCase()} yet.`}
        row="grid gap-1 p-4 sm:grid-cols-[2fr_1fr_2fr] sm:items-center sm:gap-4"
      >
        {(item) => (
          <>
            <Link
              to={routerPath(`${list}/${encodeURIComponent(item.id)}`)}
              className="console-link"
              dir="auto"
            >
              {item.title || "Untitled"}
            </Link>
            <p>
              <span className="sr-only">Status: </span>
              <Badge>{statusWords(item)}</Badge>
            </p>
            <p className="text-sm">
              Last saved <DateTime at={item.updatedAt} /> by{" "}
              <StaffName address={item.updatedBy} team={team} />
            </p>
          </>
        )}
      </ItemList>
    </section>
  );
}
