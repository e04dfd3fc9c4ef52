import { useEffect, useRef } from "react";
import type { ContentKind } from "@common/published";
import { type TeamMember, staffName } from "../../staff-api/admin";
import type { MediaItem } from "../../staff-api/media";
import {
  type ContentValues,
  FIELD_LABELS,
  type FieldErrors,
  type ResultRow,
  resultRow,
} from "../content";
import { TIME_ZONE_LABEL } from "../format";
import { ContentInput, ContentTextArea, controlId } from "./content-inputs";
import { CoverPicker } from "./cover-picker";

const MARKDOWN_HINT =
  "Markdown: a blank line between paragraphs, ## for a heading, - for a list, ![description](address) for a picture from Pictures.";

/** What the editor's fields are given: the values, how to change them, and what was refused. */
export interface FieldsProps {
  kind: ContentKind;
  values: ContentValues;
  change: (patch: Partial<ContentValues>) => void;
  errors: FieldErrors;
  team: readonly TeamMember[];
  library: readonly MediaItem[];
  onUploaded: (item: MediaItem) => void;
}

/** The kind's fields, in the order its page shows them (decision 0067). */
export function ContentFields(props: FieldsProps) {
  const { kind, values, change, errors } = props;
  const text = (name: keyof ContentValues & keyof typeof FIELD_LABELS, required = true) => ({
    name,
    label: FIELD_LABELS[name],
    errors,
    required,
    value: values[name] as string,
    onValue: (value: string) => change({ [name]: value }),
  });
  const slug = (
    <ContentInput
      {...text("slug", false)}
      hint="Lowercase letters and digits joined by hyphens. Left empty, it is made from the title. Changing it once published moves the page; the old address leads to the new."
      dir="ltr"
    />
  );
  if (kind === "position") {
    return (
      <div className="space-y-5">
        <ContentInput {...text("category")} hint="The careers page groups positions by it." />
        <ContentInput {...text("title")} />
        <ContentInput {...text("location")} hint="“Accra”, “Accra or remote”." />
        <ContentInput {...text("workType")} hint="“Full-time, on site”, “Contract, remote”." />
        <ContentTextArea {...text("description")} hint={MARKDOWN_HINT} rows={12} />
        <ContentTextArea {...text("howToApply")} hint={MARKDOWN_HINT} rows={5} />
        <ContentInput
          {...text("closesAt")}
          type="datetime-local"
          hint={`The day and time in Accra (${TIME_ZONE_LABEL}), whatever the time zone of this device. The position leaves the site then by itself.`}
        />
        {slug}
      </div>
    );
  }
  const cover = <CoverPicker {...props} />;
  if (kind === "article") {
    return (
      <div className="space-y-5">
        <ContentInput {...text("title")} />
        <ContentTextArea
          {...text("summary")}
          rows={3}
          hint="Shown in lists and to search engines."
        />
        <ContentTextArea {...text("markdown")} hint={MARKDOWN_HINT} rows={18} />
        {slug}
        <ContentInput {...text("tags", false)} hint="Up to 8, separated by commas." />
        <AuthorPicker {...props} />
        {cover}
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <ContentInput {...text("title")} />
      <ContentTextArea {...text("summary")} rows={3} hint="Shown in lists and to search engines." />
      <ContentInput {...text("client")} />
      <ContentInput {...text("sector")} />
      <ContentTextArea {...text("challenge")} hint={MARKDOWN_HINT} />
      <ContentTextArea {...text("solution")} hint={MARKDOWN_HINT} />
      <ResultRows {...props} />
      <fieldset className="space-y-4 rounded-md border border-gray-300 p-4">
        <legend className="px-1 font-semibold">Quote (optional)</legend>
        <ContentTextArea
          name="quote.text"
          label="What they said"
          errors={errors}
          value={values.quoteText}
          onValue={(quoteText) => change({ quoteText })}
          rows={3}
        />
        <ContentInput
          name="quote.by"
          label="Who said it"
          hint="Their name and role: “Efua Mensah, Head of Finance”."
          errors={errors}
          value={values.quoteBy}
          onValue={(quoteBy) => change({ quoteBy })}
        />
      </fieldset>
      {slug}
      {cover}
    </div>
  );
}

/** The author, picked from the team's names; a name no longer on the team stays offered. */
function AuthorPicker({ values, change, errors, team }: FieldsProps) {
  const names = team.filter((member) => !member.disabled).map(staffName);
  if (values.author && !names.includes(values.author)) names.unshift(values.author);
  return (
    <div>
      <label htmlFor={controlId("author")} className="block font-semibold">
        {FIELD_LABELS.author}
      </label>
      <select
        id={controlId("author")}
        value={values.author}
        onChange={(event) => change({ author: event.target.value })}
        aria-invalid={errors.author ? true : undefined}
        aria-describedby={errors.author ? `${controlId("author")}-error` : undefined}
        className="console-input mt-1.5 min-h-11"
      >
        <option value="">You (whoever saves it first)</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {errors.author ? (
        <p id={`${controlId("author")}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {errors.author}
        </p>
      ) : null}
    </div>
  );
}

/** The most results a case study shows (the contract's rule). */
const MOST_RESULTS = 6;

/**
 * The results in figures, a row each (figure and what it measures) in a fieldset; a row added
 * takes the focus at its figure, and a row removed hands it to "Add a result".
 */
function ResultRows({ values, change, errors }: FieldsProps) {
  // Set with the change that adds or removes a row, taken once the rows are rendered.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [values.results]);
  const rows = values.results;
  const set = (rowKey: number, patch: Partial<ResultRow>) =>
    change({ results: rows.map((row) => (row.key === rowKey ? { ...row, ...patch } : row)) });
  return (
    <fieldset
      className="space-y-4 rounded-md border border-gray-300 p-4"
      aria-describedby={errors.results ? controlId("results") : undefined}
    >
      <legend className="px-1 font-semibold">
        {FIELD_LABELS.results}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <p className="text-sm text-muted">One to six figures and what each measures.</p>
      {errors.results ? (
        <p id={controlId("results")} tabIndex={-1} className="text-sm font-medium text-red-700">
          {errors.results}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <div
          key={row.key}
          role="group"
          aria-label={`Result ${index + 1}`}
          className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
        >
          <ContentInput
            name={`results.${index}.figure`}
            label={`Figure ${index + 1}`}
            hint="“40%”"
            errors={errors}
            required
            value={row.figure}
            onValue={(figure) => set(row.key, { figure })}
          />
          <ContentInput
            name={`results.${index}.label`}
            label={`What figure ${index + 1} measures`}
            errors={errors}
            required
            value={row.label}
            onValue={(label) => set(row.key, { label })}
          />
          <button
            type="button"
            className="console-button-quiet"
            disabled={rows.length === 1}
            onClick={() => {
              change({ results: rows.filter((other) => other.key !== row.key) });
              focusNext.current = "content-add-result";
            }}
          >
            Remove result {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        id="content-add-result"
        className="console-button-quiet"
        disabled={rows.length >= MOST_RESULTS}
        onClick={() => {
          change({ results: [...rows, resultRow()] });
          focusNext.current = controlId(`results.${rows.length}.figure`);
        }}
      >
        Add a result
      </button>
    </fieldset>
  );
}
