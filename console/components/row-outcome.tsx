import { useEffect, useRef } from "react";
import { Notice } from "./notice";

/**
 * What a row's own action did (unsubscribe a subscriber, lift a suppression), shown in the row
 * without reloading the list. It takes the focus when it arrives: the button pressed may be gone
 * with the state that offered it.
 */
export function RowOutcome({
  result,
}: {
  result: { ok: true; message: string } | { ok: false; error: string } | undefined;
}) {
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) outcome.current?.focus();
  }, [result]);
  return (
    <div ref={outcome} tabIndex={-1}>
      <Notice tone="error">{result && !result.ok ? result.error : null}</Notice>
      <Notice tone="success">{result?.ok ? result.message : null}</Notice>
    </div>
  );
}
