import { mediaPath } from "@common/media";
import { FIELD_LABELS } from "../content";
import { ContentInput, controlId } from "./content-inputs";
import type { FieldsProps } from "./content-fields";
import { PictureUpload } from "./picture-upload";

/**
 * The cover picture: none, one of the library's (a radio button each, its thumbnail and name), or
 * a new one uploaded here, which is then chosen. A chosen cover needs its description, for people
 * who cannot see it (the server refuses it without: COVER_NEEDS_ALT).
 */
export function CoverPicker({ values, change, errors, library, onUploaded }: FieldsProps) {
  const chosen = values.coverImage;
  const choice = (id: string | null, name: string, thumbnail?: string) => (
    <label
      key={id ?? "none"}
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 p-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
    >
      <input
        type="radio"
        name="coverImage"
        value={id ?? ""}
        checked={chosen === id}
        onChange={() => change({ coverImage: id })}
        className="size-5 accent-brand-800"
      />
      {thumbnail ? (
        <img src={thumbnail} alt="" width={96} height={64} className="h-16 w-24 object-cover" />
      ) : null}
      <span dir="auto" className="break-all">
        {name}
      </span>
    </label>
  );
  return (
    <fieldset
      id={controlId("coverImage")}
      tabIndex={-1}
      className="space-y-4 rounded-md border border-gray-300 p-4"
    >
      <legend className="px-1 font-semibold">{FIELD_LABELS.coverImage}</legend>
      <p className="text-sm text-muted">
        Choose one from Pictures, or upload a new one. It is shown at the top of the page and in
        lists.
      </p>
      {errors.coverImage ? (
        <p className="text-sm font-medium text-red-700">{errors.coverImage}</p>
      ) : null}
      <div className="grid max-h-96 gap-2 overflow-y-auto sm:grid-cols-2">
        {choice(null, "No cover picture")}
        {library.map((item) => choice(item.id, item.name, mediaPath(item.id, 480, "webp")))}
      </div>
      <PictureUpload
        label="Upload a new cover picture"
        onUploaded={(item) => {
          onUploaded(item);
          change({ coverImage: item.id });
        }}
      />
      {chosen ? (
        <ContentInput
          name="coverAlt"
          label={FIELD_LABELS.coverAlt}
          hint="What the picture shows, for people who cannot see it: “Two traders counting cedi notes at a market stall”."
          errors={errors}
          required
          value={values.coverAlt}
          onValue={(coverAlt) => change({ coverAlt })}
        />
      ) : null}
    </fieldset>
  );
}
