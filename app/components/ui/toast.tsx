import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { CloseIcon } from "./icons";

/** Toasts close after 5 seconds. */
export const TOAST_DURATION_MS = 5000;

type ToastType = "success" | "error" | "info";
interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
}

// A tiny store outside React, so any code can raise a toast without a provider in the tree.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const NONE: ToastItem[] = [];

function push(type: ToastType, message: string) {
  items = [...items, { id: nextId++, type, message }];
  emit();
}

export function dismissToast(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
};

function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => NONE,
  );
}

/**
 * Where toasts appear: top-right, each with a close button and a progress bar, gone after five
 * seconds unless the pointer or keyboard focus rests on it (so nobody is rushed, WCAG 2.2.1).
 * Alt+T moves focus to the notifications. The list is a live region: screen readers announce new
 * toasts, errors assertively.
 */
export function Toaster() {
  const toasts = useToasts();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.code === "KeyT") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (Alt+T)"
      className="pointer-events-none fixed top-4 right-4 left-4 z-[60] flex flex-col items-end gap-3 outline-none sm:left-auto sm:w-96"
    >
      <ol className="flex w-full flex-col gap-3" aria-live="polite">
        {toasts.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}

const STYLES: Record<ToastType, { box: string; bar: string; label: string }> = {
  success: { box: "border-brand-600 bg-white", bar: "bg-brand-600", label: "Success" },
  error: { box: "border-red-700 bg-white", bar: "bg-red-700", label: "Error" },
  info: { box: "border-gray-400 bg-white", bar: "bg-gray-500", label: "Notice" },
};

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const style = STYLES[item.type];

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  return (
    <li className="pointer-events-auto">
      {/* Hover and focus only pause the timer; the close button is the control. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={`relative overflow-hidden rounded-xl border-l-4 p-4 pr-12 text-ink shadow-lg ring-1 ring-black/5 ${style.box}`}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div role={item.type === "error" ? "alert" : "status"}>
          <span className="sr-only">{style.label}: </span>
          <p className="font-medium">{item.message}</p>
        </div>
        <button
          type="button"
          onClick={() => dismissToast(item.id)}
          className="absolute top-2 right-2 flex size-9 items-center justify-center rounded-full hover:bg-gray-100"
          aria-label="Dismiss notification"
        >
          <CloseIcon width={18} height={18} />
        </button>
        <span
          aria-hidden="true"
          className={`toast-progress absolute bottom-0 left-0 h-1 w-full origin-left ${style.bar}`}
          style={{
            animationDuration: `${TOAST_DURATION_MS}ms`,
            animationPlayState: paused ? "paused" : "running",
          }}
        />
      </div>
    </li>
  );
}
