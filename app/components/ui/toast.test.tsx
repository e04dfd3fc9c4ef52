// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, Toaster, toast } from "./toast";

const WIDTH = 300;

// jsdom has no Pointer Events, no layout and no media queries: just enough of each for the toast.
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
    this.isPrimary = init.isPrimary ?? true;
  }
}

let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.stubGlobal("PointerEvent", FakePointerEvent);
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reducedMotion && query.includes("reduce"),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  Element.prototype.setPointerCapture = () => {};
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    width: WIDTH,
  } as DOMRect);
});

afterEach(() => {
  // The toast store outlives a render: close what a test left open.
  for (const button of screen.queryAllByRole("button", { name: "Dismiss notification" })) {
    fireEvent.click(button);
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function showToast(message = "Something went wrong") {
  if (!screen.queryByRole("region")) render(<Toaster />);
  act(() => toast.error(message));
  const text = screen.getByText(message);
  // The element that takes the drag: the toast's box, the list item's only child.
  const box = text.closest("li")!.firstElementChild as HTMLElement;
  return { text, box };
}

/** Presses on `target`, moves `dx` pixels in steps (as a real pointer does), and lets go. */
function drag(target: Element, dx: number, pointerType = "mouse") {
  const init = { pointerId: 7, pointerType, isPrimary: true, button: 0, clientY: 20 };
  fireEvent.pointerDown(target, { ...init, clientX: 10 });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    fireEvent.pointerMove(target, { ...init, clientX: 10 + dx * step });
  }
  fireEvent.pointerUp(target, { ...init, clientX: 10 + dx });
}

it("is dismissed when dragged past 80 % of its width, with a mouse or a finger", () => {
  const first = showToast("First");
  drag(first.text, WIDTH * 0.85);
  expect(screen.queryByText("First")).not.toBeInTheDocument();

  const second = showToast("Second");
  drag(second.text, -WIDTH * 0.9, "touch");
  expect(screen.queryByText("Second")).not.toBeInTheDocument();
});

it("springs back when let go short of 80 %, and the auto-close waits during the drag", () => {
  const { text, box } = showToast();
  const init = { pointerId: 3, pointerType: "touch", isPrimary: true, clientY: 20 };
  fireEvent.pointerDown(text, { ...init, clientX: 10 });
  fireEvent.pointerMove(text, { ...init, clientX: 100 });
  expect(box.style.transform).toBe("translateX(90px)");

  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
  expect(text).toBeInTheDocument();

  fireEvent.pointerMove(text, { ...init, clientX: 10 + WIDTH * 0.7 });
  fireEvent.pointerUp(text, { ...init, clientX: 10 + WIDTH * 0.7 });
  expect(text).toBeInTheDocument();
  expect(box.style.transform).toBe("");

  // The timer runs again once the drag is over.
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
  expect(text).not.toBeInTheDocument();
});

it("does not drag from the close button, whose click still closes the toast", () => {
  const { text } = showToast();
  const close = screen.getByRole("button", { name: "Dismiss notification" });
  drag(close, WIDTH);
  expect(text).toBeInTheDocument();
  fireEvent.click(close);
  expect(text).not.toBeInTheDocument();
});

it("a small movement is not a drag", () => {
  const { text, box } = showToast();
  drag(text, 5);
  expect(box.style.transform).toBe("");
  expect(text).toBeInTheDocument();
});

it("under reduced motion, the bar shows the time left, redrawn once a second", () => {
  reducedMotion = true;
  const { box } = showToast();
  const bar = box.querySelector<HTMLElement>(".toast-progress")!;
  expect(bar.style.transform).toBe("scaleX(1)");
  expect(bar.style.animationDuration).toBe("");

  act(() => vi.advanceTimersByTime(2000));
  expect(bar.style.transform).toBe("scaleX(0.6)");

  // Resting the pointer on the toast stops the bar with the timer.
  fireEvent.pointerEnter(box);
  act(() => vi.advanceTimersByTime(10_000));
  expect(bar.style.transform).toBe("scaleX(0.6)");
  fireEvent.pointerLeave(box);
  act(() => vi.advanceTimersByTime(2000));
  expect(bar.style.transform).toBe("scaleX(0.2)");
});

it("raised twice with the same words, shows one toast; other words get their own", () => {
  showToast("Please fill in all the required fields");
  act(() => toast.error("Please fill in all the required fields"));
  expect(screen.getAllByText("Please fill in all the required fields")).toHaveLength(1);
  act(() => toast.error("Too many attempts. Please wait a minute and try again."));
  expect(screen.getAllByRole("listitem")).toHaveLength(2);
  // Once it has closed, the same words make a toast again.
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 100));
  expect(screen.queryAllByRole("listitem")).toHaveLength(0);
  act(() => toast.error("Please fill in all the required fields"));
  expect(screen.getAllByRole("listitem")).toHaveLength(1);
});
