import { formatDateTime } from "../format";

/** A moment as the console shows it, with the exact time for machines (`<time dateTime>`). */
export function DateTime({ at }: { at: string | null | undefined }) {
  return <time dateTime={at ?? ""}>{formatDateTime(at)}</time>;
}
