/**
 * Logs must not carry personal data beyond what an operator needs. Error messages from mail
 * servers and databases sometimes quote an address ("550 <ama@example.com> rejected"); this keeps
 * the domain (useful to diagnose delivery) and hides the person.
 */
export function maskEmails(text: string): string {
  return text.replace(
    /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g,
    "$1***@$2",
  );
}

/** An error reduced to a masked message, for a log line. */
export function safeError(error: unknown): string {
  return maskEmails(error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The path of a request as logged: never the query string (it carries tokens), addresses masked
 * (also when percent-encoded), and cut short, so that a path cannot smuggle personal data or
 * flood the log.
 */
export function loggablePath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return maskEmails(path.replace(/%40/gi, "@")).slice(0, 200);
}
