/**
 * Worker threads that render Markdown (markdown-worker.ts), so that no rendering holds the event
 * loop, with a bound on each one's time: a render past its budget is abandoned by ending its
 * worker (the only way to stop a regular expression midway), and a fresh worker takes its place.
 * Workers start when first needed and do not keep the process alive.
 */
import type { Worker } from "node:worker_threads";
import type { MailPictures } from "./mail-pictures";
import type { Rendering } from "./markdown-render";

/** What a worker is sent: the Markdown, and the library's pictures it may show. */
export interface RenderRequest {
  source: string;
  pictures: MailPictures;
}

export interface MarkdownPoolOptions {
  /** Starts a worker running markdown-worker.ts. */
  start: () => Worker;
  /** Workers at most; each renders one Markdown at a time, the others wait their turn. */
  size: number;
}

interface Job extends RenderRequest {
  budgetMs: number;
  /** Tries so far: a render that ran out of time or lost its worker is tried once more. */
  tries: number;
  resolve: (rendering: Rendering) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Its modules are loaded: a job's clock starts only then. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | undefined;
  error: Error | null;
}

const TOO_SLOW: Rendering = { html: null, text: null, problem: "too-slow" };

export class MarkdownPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];

  constructor(private readonly options: MarkdownPoolOptions) {}

  /**
   * The Markdown rendered within `budgetMs` of a worker's time, or "too-slow". Rejects only when
   * a worker cannot start at all (its file missing): a fault of the server, not of the Markdown.
   */
  render({ source, pictures }: RenderRequest, budgetMs: number): Promise<Rendering> {
    return new Promise((resolve, reject) => {
      this.queue.push({ source, pictures, budgetMs, tries: 0, resolve, reject });
      this.dispatch();
    });
  }

  /** Workers running now, busy or idle (for tests and the bench: none until the first render). */
  get workers(): number {
    return this.slots.size;
  }

  /**
   * Ends every worker, as a crash would: a render under way is tried again on a fresh worker (one
   * still starting fails the renders waiting for it, as a worker that cannot start does).
   */
  async terminate(): Promise<void> {
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (this.queue.length > 0 && slot.ready && !slot.job) {
        this.start(slot, this.queue.shift() as Job);
      }
    }
    if (this.queue.length > 0 && this.slots.size < this.options.size) this.spawn();
    // An idle worker does not keep a command or a test run from ending; a render to come does.
    for (const slot of this.slots) {
      if (slot.job || this.queue.length > 0) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private spawn() {
    const worker = this.options.start();
    const slot: Slot = { worker, ready: false, job: null, timer: undefined, error: null };
    this.slots.add(slot);
    worker.on("message", (message: Rendering | "ready") => this.answered(slot, message));
    worker.on("error", (error) => (slot.error = error)); // "exit" follows
    worker.on("exit", () => this.exited(slot));
  }

  private start(slot: Slot, job: Job) {
    slot.job = job;
    job.tries++;
    slot.timer = setTimeout(() => {
      // Past its budget: the worker is ended where it is, and replaced.
      this.retire(slot);
      void slot.worker.terminate();
      this.again(job);
    }, job.budgetMs);
    const request: RenderRequest = { source: job.source, pictures: job.pictures };
    slot.worker.postMessage(request);
  }

  private answered(slot: Slot, message: Rendering | "ready") {
    if (!this.slots.has(slot)) return; // a worker being ended
    if (message === "ready") slot.ready = true;
    else if (slot.job) {
      clearTimeout(slot.timer);
      slot.job.resolve(message);
      slot.job = null;
    }
    this.dispatch();
  }

  private exited(slot: Slot) {
    if (!this.slots.has(slot)) return; // ended for its time: its job was already dealt with
    this.retire(slot);
    if (slot.job) this.again(slot.job);
    else if (!slot.ready) {
      // It never started: every waiting render would fail the same way.
      const error = slot.error ?? new Error("The Markdown worker stopped before it was ready");
      for (const job of this.queue.splice(0)) job.reject(error);
    }
    this.dispatch();
  }

  private retire(slot: Slot) {
    clearTimeout(slot.timer);
    this.slots.delete(slot);
  }

  /**
   * A second try for a render that ran out of time or lost its worker, first in the queue: a
   * pause of the whole machine is not the Markdown's fault, and slow Markdown is slow twice.
   */
  private again(job: Job) {
    if (job.tries >= 2) return job.resolve(TOO_SLOW);
    this.queue.unshift(job);
    this.dispatch();
  }
}
