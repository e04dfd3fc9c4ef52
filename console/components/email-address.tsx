import type { ReactNode } from "react";

/**
 * An e-mail address as text. Its parts read left to right whatever script its local part is in
 * (an Arabic or Hebrew name before the @ would otherwise flip "name@example.com" around the
 * @ and the dots), and it is isolated from the text around it.
 */
export function EmailAddress({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
