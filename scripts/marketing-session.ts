/**
 * A member of marketing signed in on a running server, for the tools that publish on it as
 * marketing would, through the staff API (the bench's published article, the dev server's
 * browser test): the account and its session are made in the server's own database, as
 * `npm run staff` makes accounts, since signing in takes an e-mail or a passkey.
 */
import { openConfiguredDatabase } from "../server/configured-database";
import { addAccount } from "../server/staff/accounts/accounts";
import { createSession } from "../server/staff/sign-in/sessions";

export interface MarketingSession {
  /** The session's cookie, `staff_session=…`. */
  cookie: string;
  /**
   * Sends a staff API request as this member (JSON when `json` is given, else `body` as it is),
   * and answers its JSON; throws with what the server said when the status is not `status`.
   */
  send(
    path: string,
    request: { method?: string; json?: unknown; body?: BodyInit; status: number },
  ): Promise<Record<string, unknown>>;
}

/** Signs in `member` (made a marketing account) on the server at `origin`, data in `dataDir`. */
export async function marketingSession(
  origin: string,
  dataDir: string,
  member: { email: string; name: string; via: string },
): Promise<MarketingSession> {
  const db = openConfiguredDatabase({ dataDir });
  let cookie: string;
  try {
    const now = new Date();
    const { account } = await addAccount(
      db,
      { email: member.email, role: "marketing", name: member.name },
      { via: member.via, now },
    );
    cookie = `staff_session=${(await createSession(db, account.id, now)).secret}`;
  } finally {
    await db.destroy();
  }
  return {
    cookie,
    async send(path, { method = "POST", json, body, status }) {
      const answer = await fetch(`${origin}${path}`, {
        method,
        headers: {
          cookie,
          origin,
          ...(json === undefined ? {} : { "content-type": "application/json" }),
        },
        body: json === undefined ? body : JSON.stringify(json),
      });
      if (answer.status !== status) {
        throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      }
      return (await answer.json()) as Record<string, unknown>;
    },
  };
}
