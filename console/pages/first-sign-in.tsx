import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { passkeysApi } from "../../staff-api/passkeys";
import { ROLE_DUTIES } from "../../staff-api/roles";
import { sessionApi } from "../../staff-api/session";
import { site } from "@common/site";
import { loadCall } from "../api";
import { CONSOLE_PAGES, menuFor, startPageFor } from "../console-pages";
import { PageHeading } from "../components/page-heading";
import { DateTime } from "../components/date-time";
import { ROLE_LABELS } from "../labels";
import { useStaff } from "../session";

export async function firstSignInLoader({ request }: LoaderFunctionArgs) {
  const [invitation, passkeys] = await Promise.all([
    loadCall(request, sessionApi.invitation),
    loadCall(request, passkeysApi.list),
  ]);
  return { invitation, hasPasskey: passkeys.items.length > 0 };
}

/**
 * Where an invitation's link lands: who brought the person in and with which role, what that
 * role does here, a passkey so that the next sign-in needs no e-mail, and their first page.
 */
export function FirstSignInPage() {
  const staff = useStaff();
  const { invitation, hasPasskey } = useLoaderData<typeof firstSignInLoader>();
  const start = startPageFor(staff);
  const startLabel = menuFor(staff).find((page) => page.path === start)?.label ?? "Your account";
  const role = ROLE_LABELS[staff.role];

  return (
    <section className="max-w-prose space-y-4">
      <PageHeading title={`Welcome${staff.name ? `, ${staff.name}` : ""}`} />
      <p>
        {invitation.invitedBy ? (
          <>
            <strong>{invitation.invitedBy}</strong> invited you
            {invitation.invitedAt ? (
              <>
                {" "}
                on <DateTime at={invitation.invitedAt} />
              </>
            ) : null}{" "}
            to the {site.name} staff console as <strong>{role}</strong>.
          </>
        ) : (
          <>
            You are in the {site.name} staff console as <strong>{role}</strong>.
          </>
        )}{" "}
        {ROLE_DUTIES[staff.role]}
      </p>
      {hasPasskey ? null : (
        <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
          <h2 className="font-bold text-brand-900">Sign in faster next time</h2>
          <p className="mt-1">
            A passkey lets you sign in with this phone or computer&rsquo;s fingerprint, face or PIN,
            without waiting for an e-mail.
          </p>
          <Link to={`${CONSOLE_PAGES.account.path}#passkeys`} className="console-button mt-3">
            Add a passkey
          </Link>
        </div>
      )}
      <p>
        <Link to={start} className="console-link font-semibold">
          Go to {startLabel}
        </Link>
      </p>
    </section>
  );
}
