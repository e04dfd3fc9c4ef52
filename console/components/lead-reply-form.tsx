import { Form } from "react-router";
import { MAX_REPLY } from "../../staff-api/lead-timeline";
import { useStaff } from "../session";
import { DraftTextarea } from "./draft-textarea";
import { draftKey } from "./drafts";

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
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <DraftTextarea
        draftKey={draftKey("reply", email, leadId)}
        done={sent}
        error={refused}
        label="Your reply"
        hint="Sent by e-mail in your name; the answer comes back to this timeline. Plain text: line breaks are kept."
        rows={6}
        maxLength={MAX_REPLY}
        below={(text) => (
          <p className="text-sm text-muted" aria-live="polite">
            {MAX_REPLY - text.length} of {MAX_REPLY} characters left
          </p>
        )}
      />
      <button type="submit" className="console-button" disabled={busy}>
        {busy ? "Sending…" : "Send reply"}
      </button>
    </Form>
  );
}
