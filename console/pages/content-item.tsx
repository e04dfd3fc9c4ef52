import { useEffect, useRef, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from "react-router";
import * as z from "zod/mini";
import type { ContentKind } from "@common/published";
import { type MediaItem, mediaApi } from "../../staff-api/media";
import { CONTENT_APIS, CONTENT_LABELS } from "../../staff-api/publishing";
import { ApiError, call, loadCall, routerPath, signedIn, staleRecord } from "../api";
import {
  CONSOLE_CONTENT_PATHS,
  type ContentValues,
  type FieldErrors,
  blankValues,
  bodyOf,
  changesOf,
  fieldOfRefusal,
  formatStale,
  mergeTheirs,
  problemsOf,
  valuesOf,
} from "../content";
import { ContentFields } from "../components/content-fields";
import { focusFirstError } from "../components/content-inputs";
import { ContentPreview } from "../components/content-preview";
import { ContentPublish, type PublishRequest } from "../components/content-publish";
import { ContentRevisions } from "../components/content-revisions";
import { Notice } from "../components/notice";
import { BackLink, PageHeading } from "../components/page-heading";
import { UnsavedChangesGuard } from "../components/unsaved-changes";
import { formatDateTime } from "../format";
import { loadTeam } from "./content-list";

/** The pictures to choose a cover from; none for a position, or when the library cannot be read. */
async function loadLibrary(request: Request, kind: ContentKind): Promise<MediaItem[]> {
  if (kind === "position") return [];
  return signedIn(request, () => call(mediaApi.list)).then(
    ({ items }) => items,
    (error: unknown) => {
      if (error instanceof ApiError && error.status !== 401) return [];
      throw error;
    },
  );
}

/** The loader of a kind's editor: the item with its version (none for a new one), team, pictures. */
export const contentItemLoader =
  (kind: ContentKind) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const [loaded, team, library] = await Promise.all([
      params.id ? loadCall(request, CONTENT_APIS[kind].get, { params: { id: params.id } }) : null,
      loadTeam(request),
      loadLibrary(request, kind),
    ]);
    return { kind, loaded, team, library };
  };

type Loaded = Awaited<ReturnType<ReturnType<typeof contentItemLoader>>>;
type Item = NonNullable<Loaded["loaded"]>["value"];
type Message = { tone: "error" | "success"; text: string; focus?: boolean };

/** What a new item's page says once it is saved and opened as an item (router state). */
const CREATED = "created";

/** The editor of a kind's item, new or saved; keyed by address so another item starts afresh. */
export function ContentItemPage() {
  const data = useLoaderData<ReturnType<typeof contentItemLoader>>();
  const location = useLocation();
  return <ContentEditor key={location.pathname} {...data} />;
}

function ContentEditor({ kind, loaded, team, library: loadedLibrary }: Loaded) {
  const api = CONTENT_APIS[kind];
  const words = CONTENT_LABELS[kind];
  const list = CONSOLE_CONTENT_PATHS[kind];
  const navigate = useNavigate();
  const location = useLocation();
  const [item, setItem] = useState<Item | null>(loaded?.value ?? null);
  const [version, setVersion] = useState(loaded?.version ?? "");
  const [base, setBase] = useState<ContentValues>(() =>
    loaded ? valuesOf(loaded.value.fields) : blankValues(),
  );
  const [values, setValues] = useState(base);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [library, setLibrary] = useState(loadedLibrary);
  const [message, setMessage] = useState<Message | null>(
    location.state === CREATED ? { tone: "success", text: "Saved as a draft." } : null,
  );
  const [created, setCreated] = useState<string | null>(null);
  const dirty = Object.keys(changesOf(kind, base, values)).length > 0;

  // A new item once saved opens as itself (its address), nothing left unsaved to guard.
  useEffect(() => {
    if (created) {
      void navigate(routerPath(`${list}/${encodeURIComponent(created)}`), {
        replace: true,
        state: CREATED,
      });
    }
  }, [created, list, navigate]);
  const errorsShown = useRef(errors);
  useEffect(() => {
    if (errors !== errorsShown.current && Object.keys(errors).length > 0) focusFirstError(errors);
    errorsShown.current = errors;
  }, [errors]);

  const change = (patch: Partial<ContentValues>) => {
    setValues((now) => ({ ...now, ...patch }));
    // A result's refusal names its row by position: once rows are added or removed, it may
    // name another, so it goes until the next save checks again.
    if (patch.results && patch.results.length !== values.results.length) {
      setErrors((now) =>
        Object.fromEntries(Object.entries(now).filter(([key]) => !key.startsWith("results."))),
      );
    }
  };
  const pictureName = (id: string) => library.find((picture) => picture.id === id)?.name ?? id;

  /** An item as the server now has it: the editor builds on it. */
  function adopt(next: Item, nextVersion: string) {
    const fields = valuesOf(next.fields);
    setItem(next);
    setVersion(nextVersion);
    setBase(fields);
    setValues(fields);
  }

  /** A refusal: at its field when it names one, else above the form; stale, what changed. */
  function refused(error: unknown, sent: Record<string, unknown>) {
    const stale = staleRecord(error, api.update);
    if (stale) {
      const theirs = valuesOf(stale.current.fields);
      setValues(mergeTheirs(kind, base, values, theirs));
      setBase(theirs);
      setItem(stale.current);
      setVersion(stale.version);
      const text = formatStale(kind, base, theirs, stale.current, team, pictureName);
      return setMessage({ tone: "error", text, focus: true });
    }
    const text = error instanceof ApiError ? error.message : "Not saved. Try again.";
    const field = fieldOfRefusal(kind, text, sent);
    if (field) return setErrors({ [field]: text });
    setMessage({ tone: "error", text, focus: true });
  }

  async function save() {
    setMessage(null);
    const body = item ? changesOf(kind, base, values) : bodyOf(kind, values);
    if (item && Object.keys(body).length === 0) {
      return setMessage({ tone: "success", text: "Nothing to save: no field was changed." });
    }
    const problems = problemsOf(kind, values, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy("save");
    try {
      if (!item) {
        // Checked above with the same rules: what is sent is the contract's parse of it.
        const checked = z.safeParse(api.create.body, body);
        if (!checked.success) {
          const unsaid = "Not saved: a field is not as it should be. Check the form.";
          return setMessage({ tone: "error", text: unsaid, focus: true });
        }
        const { id } = await call(api.create, { body: checked.data });
        setBase(values);
        setCreated(id);
        return;
      }
      const saved = await call(api.update, {
        params: { id: item.id },
        body,
        version,
      });
      adopt(saved.value, saved.version);
      setMessage({ tone: "success", text: `Saved as revision ${saved.value.revision}.` });
    } catch (error) {
      refused(error, body);
    } finally {
      setBusy(null);
    }
  }

  async function publish(request: PublishRequest) {
    if (!item) return;
    setMessage(null);
    setBusy(request.intent === "publish" && request.at ? "schedule" : request.intent);
    const params = { id: item.id };
    try {
      if (request.intent === "publish") {
        await call(api.publish, { params, body: request.at ? { at: request.at } : {} });
      } else {
        await call(api.unpublish, { params });
      }
      // Read again: the version a later save builds on follows every change of state.
      const now = await call(api.get, { params });
      adopt(now.value, now.version);
      const text =
        now.value.status === "scheduled"
          ? `Scheduled for ${formatDateTime(now.value.publishAt)}.`
          : request.intent === "publish"
            ? "Published."
            : item.status === "scheduled"
              ? "The schedule is cancelled. It is a draft again."
              : "Unpublished: it is off the site.";
      setMessage({ tone: "success", text, focus: true });
    } catch (error) {
      setMessage({
        tone: "error",
        text: error instanceof ApiError ? error.message : "That did not work. Try again.",
        focus: true,
      });
    } finally {
      setBusy(null);
    }
  }

  async function restore(revision: number) {
    if (!item) return;
    setMessage(null);
    setBusy(`restore-${revision}`);
    try {
      const params = { id: item.id, revision: String(revision) };
      const restored = await call(api.restore, { params, version });
      adopt(restored.value, restored.version);
      setErrors({});
      const text = `Revision ${revision} is restored as revision ${restored.value.revision}.`;
      setMessage({ tone: "success", text, focus: true });
    } catch (error) {
      refused(error, {});
    } finally {
      setBusy(null);
    }
  }

  // The saved title: the heading and the tab name the item, not what is being typed.
  const title = item ? base.title || "Untitled" : `New ${words.one.toLowerCase()}`;
  return (
    <section>
      <BackLink to={routerPath(list)}>All {words.many.toLowerCase()}</BackLink>
      <PageHeading title={title} />
      <UnsavedChangesGuard dirty={dirty && !created} />
      <Notice
        tone="error"
        focusOn={message?.tone === "error" && message.focus ? message : undefined}
      >
        {message?.tone === "error" ? message.text : null}
      </Notice>
      <Notice
        tone="success"
        focusOn={message?.tone === "success" && message.focus ? message : undefined}
      >
        {message?.tone === "success" ? message.text : null}
      </Notice>
      <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          noValidate
          aria-label={`${words.one}'s fields`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          className="max-w-prose space-y-6"
        >
          <ContentFields
            {...{ kind, values, change, errors, team, library }}
            onUploaded={(picture) => setLibrary((all) => [picture, ...all])}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="console-button" disabled={busy !== null}>
              {busy === "save" ? "Saving…" : item ? "Save" : "Save as a draft"}
            </button>
            <span className="text-sm text-muted">{dirty ? "Unsaved changes" : "All saved"}</span>
          </div>
        </form>
        {item ? (
          <div className="space-y-10">
            <ContentPublish
              key={item.revision}
              item={item}
              dirty={dirty}
              busy={busy}
              act={publish}
            />
            <ContentPreview path={item.previewPath} revision={item.revision} />
            <ContentRevisions
              kind={kind}
              id={item.id}
              latest={item.revision}
              team={team}
              pictureName={pictureName}
              busy={busy}
              restore={restore}
            />
          </div>
        ) : (
          <p className="max-w-prose text-muted">
            Once saved, you can preview it, publish it now or at a set time, and see its revisions.
          </p>
        )}
      </div>
    </section>
  );
}
