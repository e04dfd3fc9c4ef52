import { useState } from "react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import {
  type Holiday,
  type ServiceHours,
  WEEKDAYS,
  WEEKDAY_LABELS,
  serviceHoursApi,
} from "../../staff-api/service-hours";
import { call, failure, loadCall, staleRecord } from "../api";
import { ResultNotices, useFormResult } from "../components/form-result";
import { PageHeading } from "../components/page-heading";
import { TIME_ZONE_LABEL } from "../format";
import { LEAD_TYPE_LABELS } from "../../staff-api/lead-labels";

export async function serviceHoursLoader({ request }: LoaderFunctionArgs) {
  const { value: hours, version } = await loadCall(request, serviceHoursApi.get);
  return { hours, version };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/** The two times of an open day, in the order the day's pair holds them, with the form's default. */
const DAY_TIMES = [
  { end: "opens", word: "Opens", index: 0, unset: "08:00" },
  { end: "closes", word: "Closes", index: 1, unset: "17:00" },
] as const;

/** What the date and the name of the `i`-th holiday row share: both required, both labelled. */
const holidayInput = (i: number, part: "date" | "name") => ({
  name: `holiday.${part}`,
  "aria-label": `Holiday ${i + 1}: ${part}`,
  required: true,
  className: "console-input",
});

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** The hours as the form holds them: each day ticked with its times, holiday rows, targets. */
export function hoursFromForm(form: FormData): ServiceHours {
  const days = Object.fromEntries(
    WEEKDAYS.flatMap((day) =>
      form.get(`${day}.open`)
        ? [[day, [text(form, `${day}.opens`), text(form, `${day}.closes`)]]]
        : [],
    ),
  );
  const dates = form.getAll("holiday.date").map(String);
  const names = form.getAll("holiday.name").map(String);
  return {
    timezone: "Africa/Accra",
    days,
    holidays: dates.map((date, i) => ({ date, name: names[i] ?? "" })),
    targets: {
      contact: Number(text(form, "target.contact")),
      demo: Number(text(form, "target.demo")),
    },
  };
}

/** Saves the whole form, of the version it was filled from; a stale one says so and saves nothing. */
export async function serviceHoursAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  try {
    await call(serviceHoursApi.save, {
      body: hoursFromForm(form),
      version: text(form, "version"),
    });
    return { ok: true, message: "Saved. Every lead's due time now follows these hours." };
  } catch (error) {
    if (staleRecord(error, serviceHoursApi.save)) {
      return {
        ok: false,
        error:
          "Another admin changed the service hours since you opened this page. Reload it to see theirs, then make your change again.",
      };
    }
    return failure(error, "Not saved. Try again.");
  }
}

/** A holiday row being edited; `key` keeps React's rows apart when one is removed. */
type Row = Holiday & { key: number };

/**
 * The sales team's service hours, for admins: the days and times it works (Accra time), the
 * public holidays it does not (rows to add and remove), and how soon each type of lead must
 * have its first response, in minutes of those hours.
 */
export function ServiceHoursPage() {
  const { hours, version } = useLoaderData<typeof serviceHoursLoader>();
  const { result, busy } = useFormResult<typeof serviceHoursAction>();
  const [rows, setRows] = useState<Row[]>(() => hours.holidays.map((h, key) => ({ ...h, key })));
  const [nextKey, setNextKey] = useState(hours.holidays.length);
  const addRow = () => {
    setRows([...rows, { date: "", name: "", key: nextKey }]);
    setNextKey(nextKey + 1);
  };

  return (
    <section>
      <PageHeading title="Service hours" />
      <p className="mb-4 max-w-prose text-muted">
        When the sales team works, in {TIME_ZONE_LABEL} (GMT all year). A lead's due time is its
        arrival plus its target, counted only in these hours: not at night, on closed days or on the
        holidays below. A lead still unanswered at its due time is escalated by e-mail to its owner
        (or the sales address) and the admins, once.
      </p>
      <ResultNotices result={result} focusError />
      <Form method="post" className="space-y-6">
        <input type="hidden" name="version" value={version} />
        <fieldset className="space-y-2">
          <legend className="font-semibold">Working days ({TIME_ZONE_LABEL})</legend>
          {WEEKDAYS.map((day) => {
            const open = hours.days[day];
            const label = WEEKDAY_LABELS[day];
            return (
              <div key={day} className="flex flex-wrap items-center gap-3">
                <label className="w-32">
                  <input type="checkbox" name={`${day}.open`} defaultChecked={Boolean(open)} />{" "}
                  {label}
                </label>
                {DAY_TIMES.map(({ end, word, index, unset }) => (
                  <label key={end}>
                    {word}{" "}
                    <input
                      type="time"
                      name={`${day}.${end}`}
                      aria-label={`${label} ${end} (${TIME_ZONE_LABEL})`}
                      defaultValue={open?.[index] ?? unset}
                      className="console-input"
                    />
                  </label>
                ))}
              </div>
            );
          })}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="font-semibold">Public holidays</legend>
          <p className="max-w-prose text-muted">
            Holidays count as closed days. When one falls on a weekend and the government announces
            the Monday off, add the Monday too.
          </p>
          <ul className="space-y-2" aria-label="Holidays">
            {rows.map((row, i) => (
              <li key={row.key} className="flex flex-wrap items-center gap-3">
                <input type="date" {...holidayInput(i, "date")} defaultValue={row.date} />
                <input
                  type="text"
                  {...holidayInput(i, "name")}
                  defaultValue={row.name}
                  maxLength={100}
                />
                <button
                  type="button"
                  className="console-button-quiet"
                  onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                >
                  Remove{row.name ? ` ${row.name}` : ""}
                  {row.date ? ` (${row.date})` : ""}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="console-button-quiet" onClick={addRow}>
            Add a holiday
          </button>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="font-semibold">First response targets</legend>
          {(["contact", "demo"] as const).map((type) => (
            <label key={type} className="block">
              {LEAD_TYPE_LABELS[type]}, in minutes of service hours{" "}
              <input
                type="number"
                name={`target.${type}`}
                min={1}
                step={1}
                required
                defaultValue={hours.targets[type]}
                className="console-input w-28"
              />
            </label>
          ))}
          <p className="text-muted">A working day of 08:00 to 17:00 is 540 minutes.</p>
        </fieldset>

        <button type="submit" className="console-button" disabled={busy !== null}>
          {busy !== null ? "Saving…" : "Save service hours"}
        </button>
      </Form>
    </section>
  );
}
