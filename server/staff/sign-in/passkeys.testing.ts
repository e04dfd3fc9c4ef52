import type { FastifyInstance } from "fastify";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { expect } from "vitest";
import { STAFF_SITE, type StaffApi } from "../../testing/staff-api";
import type { TestAuthenticator } from "./authenticator.testing";
import { passkeysApi } from "../../../staff-api/passkeys";
import { sessionApi } from "../../../staff-api/session";
import { unchecked } from "../../testing/staff-client";

// The steps the passkey tests take through the API, as the console takes them.

/** The whole registration: options, the authenticator, verify. */
export async function register(
  api: StaffApi,
  cookie: string,
  authenticator: TestAuthenticator,
  extra: Record<string, unknown> = {},
) {
  const staff = api.as(cookie);
  const options = await staff.call(passkeysApi.registerOptions, { body: {} });
  expect(options.statusCode).toBe(200);
  const credential = authenticator.register(
    options.json<PublicKeyCredentialCreationOptionsJSON>(),
    STAFF_SITE,
  );
  return staff.call(passkeysApi.registerVerify, { body: unchecked({ ...credential, ...extra }) });
}

export async function signInOptions(api: StaffApi, app?: FastifyInstance) {
  const res = await api.signedOut({ app }).call(passkeysApi.signInOptions);
  expect(res.statusCode).toBe(200);
  return res.json<PublicKeyCredentialRequestOptionsJSON>();
}

export const signInVerify = (api: StaffApi, assertion: unknown, app?: FastifyInstance) =>
  api.signedOut({ app }).call(passkeysApi.signInVerify, { body: unchecked(assertion) });

export const me = (api: StaffApi, cookie: string) => api.as(cookie).call(sessionApi.me);

export const list = (api: StaffApi, cookie: string) => api.as(cookie).call(passkeysApi.list);

export const auditOf = (api: StaffApi, accountId: string) =>
  api.db
    .selectFrom("audit_log")
    .select(["action", "record_type", "record_id", "detail"])
    .where("actor_id", "=", accountId)
    .orderBy("at")
    .execute();
