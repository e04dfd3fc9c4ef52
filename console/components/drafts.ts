import { useCallback, useEffect, useState } from "react";

/**
 * Half-written text kept in this browser (localStorage) until it is sent: a reply or a note to a
 * lead survives leaving the page and coming back, a reload, a lost connection. Keyed by the member
 * of staff and the record, so that two people sharing a browser never see each other's drafts.
 * Without storage (a private window) the field works the same, only forgetting on leaving.
 */
export function draftKey(kind: string, account: string, record: string): string {
  return `draft:${kind}:${account}:${record}`;
}

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/**
 * The draft stored under `key` and the setter that keeps it; `clear()` empties it (once what it
 * held was sent).
 */
export function useDraft(key: string) {
  const [text, setText] = useState(() => read(key));
  // Another record's page reuses the component: read its own draft.
  useEffect(() => setText(read(key)), [key]);
  const keep = useCallback(
    (value: string) => {
      setText(value);
      try {
        if (value.trim()) localStorage.setItem(key, value);
        else localStorage.removeItem(key);
      } catch {
        // No storage: the draft lives as long as the page.
      }
    },
    [key],
  );
  const clear = useCallback(() => keep(""), [keep]);
  return { text, keep, clear };
}
