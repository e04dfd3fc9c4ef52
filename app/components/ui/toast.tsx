import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type PointerEvent,
} from "react";
import { useReducedMotion } from "~/lib/motion";
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
  // A second submit of the same invalid form says nothing new: the toast already on screen
  // stays alone, instead of a stack of identical ones covering the page.
  if (items.some((item) => item.type === type && item.message === message)) return;
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
 * toasts, errors assertively. A toast dragged or swiped sideways past 80 % of its width closes as
 * its close button does; that button remains the way for the keyboard and a single tap.
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

/** A drag begins only after the pointer has moved this far, so clicks and taps stay clicks. */
const DRAG_START_PX = 8;
/** Released past this share of its width, a dragged toast is dismissed; short of it, it returns. */
export const SWIPE_DISMISS_RATIO = 0.8;

interface Drag {
  pointerId: number;
  startX: number;
  width: number;
  moving: boolean;
}

/**
 * Lets a toast be dragged sideways with a mouse, finger or pen (Pointer Events). `onDragChange`
 * reports whether a drag is under way, so the auto-close timer can wait for it.
 */
function useSwipe(onDismiss: () => void, onDragChange: (dragging: boolean) => void) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState({ x: 0, share: 0 });

  const end = (dismiss: boolean) => {
    const wasMoving = drag.current?.moving ?? false;
    drag.current = null;
    if (dismiss) {
      onDismiss();
      return;
    }
    setOffset({ x: 0, share: 0 });
    if (wasMoving) onDragChange(false);
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
      // The close button and any link inside keep their own click.
      if ((event.target as Element).closest("a, button, input, select, textarea")) return;
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        width: event.currentTarget.getBoundingClientRect().width,
        moving: false,
      };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      if (!current.moving) {
        if (Math.abs(dx) < DRAG_START_PX) return;
        current.moving = true;
        // Keep receiving the pointer when it leaves the toast, and stop it selecting text.
        event.currentTarget.setPointerCapture(event.pointerId);
        window.getSelection()?.removeAllRanges();
        onDragChange(true);
      }
      setOffset({ x: dx, share: Math.min(1, Math.abs(dx) / current.width) });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      end(current.moving && Math.abs(dx) >= current.width * SWIPE_DISMISS_RATIO);
    },
    // The browser took the pointer over (say, to scroll the page): the toast goes back.
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      if (drag.current?.pointerId === event.pointerId) end(false);
    },
  };

  // The toast follows the pointer and fades as it nears the point where letting go dismisses it.
  const style: CSSProperties | undefined = offset.x
    ? { transform: `translateX(${offset.x}px)`, opacity: 1 - offset.share * 0.6 }
    : undefined;
  return { style, handlers };
}

function Toast({ item }: { item: ToastItem }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const paused = hovered || focused || dragging;
  const reducedMotion = useReducedMotion();
  const remaining = useRef(TOAST_DURATION_MS);
  // What the bar shows under reduced motion, where it is redrawn once a second.
  const [shownRemaining, setShownRemaining] = useState(TOAST_DURATION_MS);
  const style = STYLES[item.type];
  const swipe = useSwipe(() => dismissToast(item.id), setDragging);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const budget = remaining.current;
    const timer = setTimeout(() => dismissToast(item.id), budget);
    const ticker = reducedMotion
      ? setInterval(() => setShownRemaining(Math.max(0, budget - (Date.now() - started))), 1000)
      : undefined;
    return () => {
      clearTimeout(timer);
      clearInterval(ticker);
      remaining.current -= Date.now() - started;
    };
  }, [paused, reducedMotion, item.id]);

  return (
    <li className="pointer-events-auto">
      {/* Hover, focus and dragging only pause the timer; the close button is the control. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={`relative touch-pan-y overflow-hidden rounded-xl border-l-4 p-4 pr-12 text-ink shadow-lg ring-1 ring-black/5 ${style.box} ${dragging ? "select-none" : "transition-[transform,opacity] duration-200 ease-out motion-reduce:transition-none"}`}
        style={swipe.style}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          // Focus moving between the toast's own parts is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
        {...swipe.handlers}
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
          style={
            reducedMotion
              ? { transform: `scaleX(${shownRemaining / TOAST_DURATION_MS})` }
              : {
                  animationDuration: `${TOAST_DURATION_MS}ms`,
                  animationPlayState: paused ? "paused" : "running",
                }
          }
        />
      </div>
    </li>
  );
}
