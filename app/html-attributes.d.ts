// HTML attributes that React passes through to the DOM but its type definitions do not list yet.
import "react";

declare module "react" {
  // Merging into React's interface needs its own type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** Invoker commands: what the button does to the element named by `commandfor`. */
    command?:
      "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
    commandfor?: string;
  }
}
