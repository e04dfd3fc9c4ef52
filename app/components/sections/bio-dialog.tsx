import { bioParagraphs, type TeamMember } from "~/content/team";
import { ExternalLink } from "~/components/ui/app-link";
import { Dialog } from "~/components/ui/dialog";
import { CloseIcon } from "~/components/ui/icons";
import { Avatar } from "./avatar";

/** A leader's biography in a modal: Escape or Close closes it; the page does not scroll. */
export function BioDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  return (
    <Dialog open={member !== null} onClose={onClose} labelledBy="bio-title" className="max-w-2xl">
      {member ? (
        <div className="p-6 sm:p-8">
          <div className="flex items-start gap-4">
            <Avatar
              src={member.imageUrl}
              size={240}
              eager
              className="size-20 shrink-0 rounded-full bg-brand-50"
            />
            <div className="flex-1">
              <h2 id="bio-title" className="text-2xl font-bold text-brand-900">
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
            <button type="button" className="btn-primary" onClick={onClose}>
              <CloseIcon width={18} height={18} /> Close
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
