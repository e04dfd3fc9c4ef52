import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { cookieOf } from "../../testing/staff-client";
import {
  type StaffApi,
  mailedSignInToken,
  requestSignInLink,
  verifySignInLink,
} from "../../testing/staff-api";
import { sessionApi } from "../../../staff-api/session";

/** The e-mailed link's steps as the sign-in tests take them, and what they read back. */
export function signInSteps(api: StaffApi) {
  const requestLink = (email: string) => requestSignInLink(api, email);
  const mailedToken = (email: string) => mailedSignInToken(api, email);
  const verify = (token: unknown, app?: FastifyInstance) => verifySignInLink(api, token, { app });

  async function signIn(email: string): Promise<string> {
    expect((await requestLink(email)).statusCode).toBe(202);
    const res = await verify(await mailedToken(email));
    expect(res.statusCode).toBe(200);
    return cookieOf(res);
  }

  const me = (cookie: string, app?: FastifyInstance) => api.as(cookie, { app }).call(sessionApi.me);

  const auditOf = (accountId: string) =>
    api.db
      .selectFrom("audit_log")
      .selectAll()
      .where((eb) => eb.or([eb("actor_id", "=", accountId), eb("record_id", "=", accountId)]))
      .orderBy("at")
      .execute();

  return { requestLink, mailedToken, verify, signIn, me, auditOf };
}
