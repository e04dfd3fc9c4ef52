import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../../staff-api/endpoint";
import type { CallArgs } from "../../testing/staff-client";
import { testDialects } from "../../testing/lead-api";
import { addStaff, useStaffApi } from "../../testing/staff-api";
import { MINUTE } from "../../testing/records";
import { sessionApi } from "../../../staff-api/session";

describe.each(testDialects)("staff sign-in rate limits on $name", ({ url }) => {
  const api = useStaffApi(url, {
    limits: {
      perEmail: { max: 3, windowMs: 15 * MINUTE },
      perClient: { max: 5, windowMs: 15 * MINUTE },
    },
  });
  const from = <E extends EndpointSpec>(
    app: FastifyInstance,
    remoteAddress: string,
    ...call: [E, ...CallArgs<E>]
  ) => api.signedOut({ app, remoteAddress }).call(...call);

  it("limits each address across instances, the same for accounts and strangers", async () => {
    await addStaff(api, "ama@example.com");
    const other = await api.anotherInstance();
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 5; i++) {
        // A new client each time, alternating between the two instances.
        const res = await from(
          i % 2 ? other : api.app,
          `203.0.113.${i + 1}`,
          sessionApi.requestLink,
          {
            body: {
              email,
            },
          },
        );
        seen.push({
          status: res.statusCode,
          body: res.json() as unknown,
          retry: res.headers["retry-after"] !== undefined,
        });
      }
      return seen;
    };
    const account = await answers("ama@example.com");
    expect(account.map((a) => a.status)).toEqual([202, 202, 202, 429, 429]);
    expect(account[3]?.retry).toBe(true);
    const stranger = await answers("nobody@example.com");
    expect(stranger).toEqual(account);
    // Another spelling of the same address is the same address.
    const res = await from(api.app, "203.0.113.99", sessionApi.requestLink, {
      body: {
        email: "AMA@Example.com",
      },
    });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(3);

    // The next window starts afresh.
    api.advance(15 * MINUTE);
    expect(
      (
        await from(other, "203.0.113.7", sessionApi.requestLink, {
          body: { email: "ama@example.com" },
        })
      ).statusCode,
    ).toBe(202);
  });

  it("limits each client across instances and both sign-in endpoints", async () => {
    const other = await api.anotherInstance();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 ? other : api.app;
      statuses.push(
        (
          await from(app, "198.51.100.7", sessionApi.requestLink, {
            body: { email: `p${i}@example.com` },
          })
        ).statusCode,
      );
    }
    statuses.push(
      (await from(other, "198.51.100.7", sessionApi.verify, { body: { token: "A".repeat(43) } }))
        .statusCode,
    );
    statuses.push(
      (await from(api.app, "198.51.100.7", sessionApi.verify, { body: { token: "A".repeat(43) } }))
        .statusCode,
    );
    statuses.push(
      (
        await from(other, "198.51.100.7", sessionApi.requestLink, {
          body: { email: "q@example.com" },
        })
      ).statusCode,
    );
    expect(statuses).toEqual([202, 202, 202, 202, 401, 429, 429]);
    // Another client is not held back.
    expect(
      (
        await from(other, "198.51.100.8", sessionApi.requestLink, {
          body: { email: "q@example.com" },
        })
      ).statusCode,
    ).toBe(202);
  });
});
