import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { MAX_REPLY } from "../../staff-api/lead-timeline";
import { Field } from "~/components/ui/field";
import { useStaff } from "../session";
import { draftKey, useDraft } from "./drafts";

/**
 * "Reply by e-mail": what is typed goes to the person from the company's address in the member
 * of staff's name, and their answer comes back to the lead's timeline (server/leads/replies/).
 * Plain text: line breaks are kept, nothing else is formatted. A half-written reply is kept in
 * this browser until it is sent (drafts.ts); the count of characters left is shown as it is typed.
 */
export function LeadReplyForm({
  leadId,
  busy,
  sent,
  refused,
}: {
  leadId: string;
  busy: boolean;
  /** The action's answer once this reply was sent: the draft and the field empty. */
  sent: object | undefined;
  /** Why the reply was not sent, said at the field, which takes the focus. */
  refused: string | undefined;
}) {
  const { email } = useStaff();
  const draft = useDraft(draftKey("reply", email, leadId));
  const field = useRef<HTMLTextAreaElement>(null);
  const { clear } = draft;
  useEffect(() => {
    if (sent) clear();
  }, [sent, clear]);
  useEffect(() => {
    if (refused) field.current?.focus();
  }, [refused]);
  const left = MAX_REPLY - draft.text.length;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <Field
        label="Your reply"
        hint="Sent by e-mail in your name; the answer comes back to this timeline. Plain text: line breaks are kept."
        error={refused}
      >
        {(props) => (
          <textarea
            {...props}
            ref={field}
            name="text"
            rows={6}
            required
            maxLength={MAX_REPLY}
            value={draft.text}
            onChange={(event) => draft.keep(event.target.value)}
            className="console-input"
          />
        )}
      </Field>
      <p className="text-sm text-muted" aria-live="polite">
        {left} of {MAX_REPLY} characters left
      </p>
      <button type="submit" className="console-button" disabled={busy}>
        {busy ? "Sending…" : "Send reply"}
      </button>
    </Form>
  );
}
