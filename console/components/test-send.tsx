import {
  MAX_TEST_ADDRESSES,
  testAddressProblem,
  testAddressesOf,
} from "../../staff-api/newsletter";
import { useStaff } from "../session";
import { IntentButton } from "./newsletter-editor";
import { TextAreaField } from "./text-field";

/** The name of the field of addresses a test copy goes to. */
const FIELD = "testTo";

/**
 * Where a test copy goes, the sender's own address offered first, and its button. Its controls
 * belong to the editor's form (`newsletter-editor`), so the draft on the screen goes with them.
 */
export function TestSend({ busy }: { busy: string | null }) {
  const staff = useStaff();
  return (
    <section aria-labelledby="test-heading" className="mt-8 max-w-prose space-y-3">
      <h2 id="test-heading" className="text-lg font-bold">
        Test
      </h2>
      <TextAreaField
        label="Send a test to"
        hint={`Up to ${MAX_TEST_ADDRESSES} e-mail addresses, separated by commas, spaces or new lines. Each gets one copy, its subject marked [Test]; its unsubscribe link unsubscribes nobody.`}
        name={FIELD}
        form="newsletter-editor"
        rows={2}
        defaultValue={staff.email}
        autoComplete="off"
        spellCheck={false}
      />
      <IntentButton
        intent="test"
        form="newsletter-editor"
        label="Send a test"
        busyLabel="Sending the test…"
        busy={busy}
        className="console-button-quiet"
      />
    </section>
  );
}

/**
 * The addresses of a submitted test, or why they cannot be sent to (the server checks the same,
 * and answers the same words).
 */
export function testAddressesFrom(form: FormData): { to: string[] } | { error: string } {
  const to = testAddressesOf(String(form.get(FIELD) ?? ""));
  const problem = testAddressProblem(to);
  return problem ? { error: problem } : { to };
}
