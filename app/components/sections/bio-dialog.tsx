import { bioParagraphs, type TeamMember } from "~/content/team";
import { ExternalLink } from "~/components/ui/app-link";
import { closesDialog, Dialog } from "~/components/ui/dialog";
import { CloseIcon } from "~/components/ui/icons";
import { Avatar } from "./avatar";

/** The id of `member`'s biography dialog, for the button that opens it. */
export function bioDialogId(member: TeamMember): string {
  return `bio-${member.id}`;
}

/**
 * A leader's biography in a modal, always in the page and opened by the leader's button: Escape,
 * the backdrop or Close closes it; the page does not scroll while it is open.
 */
export function BioDialog({ member }: { member: TeamMember }) {
  const id = bioDialogId(member);
  const titleId = `${id}-title`;
  return (
    <Dialog id={id} labelledBy={titleId} className="max-w-2xl">
      <div className="p-6 sm:p-8">
        <div className="flex items-start gap-4">
          {/* The same picture as the leader's card, so it is already loaded when this opens. */}
          <Avatar
            src={member.imageUrl}
            size={240}
            className="size-20 shrink-0 rounded-full bg-brand-50"
          />
          <div className="flex-1">
            <h2 id={titleId} className="text-2xl font-bold text-brand-900">
              {member.name}
            </h2>
            <p className="text-muted">{member.role}</p>
          </div>
        </div>
        <div className="mt-6 space-y-4 leading-7">
          {bioParagraphs(member.bio).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {member.linkedinUrl ? (
            <ExternalLink
              href={member.linkedinUrl}
              className="font-semibold text-brand-700 underline"
            >
              {member.name} on LinkedIn
            </ExternalLink>
          ) : (
            <span />
          )}
          <button {...closesDialog(id)} className="btn-primary">
            <CloseIcon width={18} height={18} /> Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
