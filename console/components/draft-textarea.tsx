import { type ReactNode, useEffect, useRef } from "react";
import { Field } from "~/components/ui/field";
import { useDraft } from "./drafts";

/**
 * The `text` field of a lead's note or reply form: what is typed is kept in this browser under
 * `draftKey` (drafts.ts) and emptied once `done` (the action's answer that it was saved or sent);
 * a refusal (`error`) is said at the field, which takes the focus. `below` shows what depends on
 * the text as it is typed (what is left of its length).
 */
export function DraftTextarea({
  draftKey,
  done,
  error,
  label,
  hint,
  rows,
  maxLength,
  below,
}: {
  draftKey: string;
  done: object | undefined;
  error: string | undefined;
  label: string;
  hint: string;
  rows: number;
  maxLength: number;
  below?: (text: string) => ReactNode;
}) {
  const draft = useDraft(draftKey);
  const field = useRef<HTMLTextAreaElement>(null);
  const { clear } = draft;
  useEffect(() => {
    if (done) clear();
  }, [done, clear]);
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);
  return (
    <>
      <Field label={label} hint={hint} error={error}>
        {(props) => (
          <textarea
            {...props}
            ref={field}
            name="text"
            rows={rows}
            required
            maxLength={maxLength}
            value={draft.text}
            onChange={(event) => draft.keep(event.target.value)}
            className="console-input"
          />
        )}
      </Field>
      {below?.(draft.text)}
    </>
  );
}
