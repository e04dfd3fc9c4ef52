import { type ReactNode, useEffect, useRef } from "react";
import { useActionData, useNavigation } from "react-router";
import { Notice } from "./notice";

/**
 * A page's forms as its action sees them: the action's answer to the last form sent (`result`),
 * the form being sent now (`sending`) and its intent (`busy`, the `intent` field's value; any
 * text while a form without one is sent, null while none is).
 */
export function useFormResult<Action>() {
  const result = useActionData<Action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  const busy = sending ? String(sending.get("intent")) : null;
  return { result, sending, busy };
}

/** What the console's actions answer: done (with what to say), or why nothing was done. */
type Answer = { ok: true; message?: string } | { ok: false; error: string };

/**
 * An action's answer above the page's forms: its error as an alert, its success as a status (the
 * answer's message, or what `success` makes of the answer when the page says more). With
 * `focusError`, the error takes the focus: the person must read it before going on. With
 * `focusSuccess`, the success takes it: the form that was sent has emptied or gone, or the
 * result is not where it was sent from, and the result is what comes next.
 */
export function ResultNotices<A extends Answer>({
  result,
  success = (done) => done.message,
  focusError = false,
  focusSuccess = false,
}: {
  result: A | undefined;
  success?: (done: Extract<A, { ok: true }>) => ReactNode;
  focusError?: boolean;
  focusSuccess?: boolean;
}) {
  const failed = result && !result.ok ? (result as Extract<A, { ok: false }>) : undefined;
  return (
    <>
      <Notice tone="error" focusOn={focusError ? failed : undefined}>
        {failed?.error}
      </Notice>
      <Notice tone="success" focusOn={focusSuccess && result?.ok ? result : undefined}>
        {result?.ok ? success(result as Extract<A, { ok: true }>) : null}
      </Notice>
    </>
  );
}

/**
 * For a form that empties itself once what it sent is saved, and only then (a refused one keeps
 * what was typed): `done` is the action's answer to it when that was a success.
 */
export function useResetWhenDone(done: object | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  return form;
}
