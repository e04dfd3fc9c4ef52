import { useEffect, useState } from "react";
import { characters } from "@leads/messages";

/** The count shows from this share of the limit; below it the field says only its limit. */
export const COUNT_FROM = 0.8;
/** Screen readers hear the count once typing has paused this long, not at every keystroke. */
export const ANNOUNCE_AFTER_MS = 1000;

/** Whether a value of `length` is near enough to `max` to count what is left. */
export const counting = (length: number, max: number) => length >= max * COUNT_FROM;

/** "You can enter up to 5,000 characters", then near the limit "You have 812 characters remaining". */
export function characterCountText(length: number, max: number): string {
  const left = Math.max(0, max - length);
  if (!counting(length, max)) return `You can enter up to ${characters(max)}`;
  return `You have ${left === 1 ? "1 character" : characters(left)} remaining`;
}

/**
 * Tells screen readers what is left near the limit, politely and once typing pauses (GOV.UK's
 * character count does the same): the visible count beside the field changes at every key.
 */
export function CharacterCountAnnouncer({ length, max }: { length: number; max: number }) {
  const [said, setSaid] = useState("");
  const text = counting(length, max) ? characterCountText(length, max) : "";
  useEffect(() => {
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <p className="sr-only" aria-live="polite">
      {said}
    </p>
  );
}
