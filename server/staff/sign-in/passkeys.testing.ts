import type { FastifyInstance } from "fastify";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { expect } from "vitest";
import { withId } from "../../../common/paths";
import { staffApiPaths } from "../paths";
import { STAFF_SITE, type StaffApi } from "../testing";
import type { TestAuthenticator } from "./testing-authenticator";

// The steps the passkey tests take through the API, as the console takes them.

export const passkeyPath = (id: string) => withId(staffApiPaths.passkey, id);

/** The whole registration: options, the authenticator, verify. */
export async function register(
  api: StaffApi,
  cookie: string,
  authenticator: TestAuthenticator,
  extra: Record<string, unknown> = {},
) {
  const staff = api.as(cookie);
  const options = await staff.send("POST", staffApiPaths.passkeyRegisterOptions, {});
  expect(options.statusCode).toBe(200);
  const credential = authenticator.register(
    options.json<PublicKeyCredentialCreationOptionsJSON>(),
    STAFF_SITE,
  );
  return staff.send("POST", staffApiPaths.passkeyRegisterVerify, { ...credential, ...extra });
}

export async function signInOptions(api: StaffApi, app?: FastifyInstance) {
  const res = await api.signedOut({ app }).send("POST", staffApiPaths.passkeySignInOptions);
  expect(res.statusCode).toBe(200);
  return res.json<PublicKeyCredentialRequestOptionsJSON>();
}

export const signInVerify = (api: StaffApi, assertion: unknown, app?: FastifyInstance) =>
  api.signedOut({ app }).send("POST", staffApiPaths.passkeySignInVerify, assertion);

export const me = (api: StaffApi, cookie: string) => api.as(cookie).get(staffApiPaths.me);

export const list = (api: StaffApi, cookie: string) => api.as(cookie).get(staffApiPaths.passkeys);

export const auditOf = (api: StaffApi, accountId: string) =>
  api.db
    .selectFrom("audit_log")
    .select(["action", "record_type", "record_id", "detail"])
    .where("actor_id", "=", accountId)
    .orderBy("at")
    .execute();
