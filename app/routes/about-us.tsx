import { aboutPage, ceoProfile, team, type TeamMember } from "~/content/team";
import type { MetaFunction } from "~/lib/page";
import { pagePaths } from "@common/paths";
import { Avatar } from "~/components/sections/avatar";
import { BioDialog, bioDialogId } from "~/components/sections/bio-dialog";
import { FeatureCards } from "~/components/sections/feature-cards";
import { HeroBand, PageTitle } from "~/components/sections/page-hero";
import { SECTION_TITLE } from "~/components/sections/page-section";
import { HeadedSection } from "~/components/sections/section-heading";
import { StatsStrip } from "~/components/sections/stats-strip";
import { opensDialog } from "~/components/ui/dialog";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...aboutPage.seo, path: pagePaths.aboutUs });

export default function AboutPage() {
  const ceo = team.find((member) => member.id === ceoProfile.memberId);

  return (
    <>
      <HeroBand className="grid gap-10 py-12 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="eyebrow">{aboutPage.eyebrow}</p>
          <PageTitle className="mt-2">{aboutPage.headline}</PageTitle>
          {aboutPage.paragraphs.map((p) => (
            <p key={p} className="mt-5 text-lg leading-8 text-muted">
              {p}
            </p>
          ))}
        </div>
        <div className="space-y-6 self-center">
          {[
            { heading: "Our mission", text: aboutPage.mission },
            { heading: "Our vision", text: aboutPage.vision },
          ].map((card) => (
            <div key={card.heading} className="rounded-2xl border border-gray-200 bg-white p-6">
              <h2 className="text-xl font-bold text-brand-900">{card.heading}</h2>
              <p className="mt-2 text-muted">{card.text}</p>
            </div>
          ))}
        </div>
      </HeroBand>

      <HeadedSection id="values-heading" heading="What we stand for">
        <FeatureCards
          features={aboutPage.values}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          cardClassName="rounded-2xl bg-brand-50 p-6"
        />
      </HeadedSection>

      <StatsStrip />

      <HeadedSection id="leadership-heading" eyebrow="Leadership" heading="The people who lead us">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => (
            <li key={member.id}>
              <LeaderCard member={member} />
            </li>
          ))}
        </ul>
      </HeadedSection>

      {ceo ? <CeoMessage ceo={ceo} /> : null}

      <section
        aria-labelledby="team-heading"
        className="container-page grid items-center gap-10 py-16 lg:grid-cols-2"
      >
        <img
          src={aboutPage.teamImage}
          alt={aboutPage.teamImageAlt}
          width="640"
          height="400"
          loading="lazy"
          className="h-auto w-full"
        />
        <div>
          <h2 id="team-heading" className={SECTION_TITLE}>
            {aboutPage.joinCta.heading}
          </h2>
          <p className="mt-4 text-lg text-muted">{aboutPage.joinCta.text}</p>
          <a className="btn-primary mt-6" href={pagePaths.careers}>
            Join Our Team
          </a>
        </div>
      </section>

      {team.map((member) => (
        <BioDialog key={member.id} member={member} />
      ))}
    </>
  );
}

/** A leader's photo, name and role; pressing it opens the biography (no script needed). */
function LeaderCard({ member }: { member: TeamMember }) {
  return (
    <button
      {...opensDialog(bioDialogId(member))}
      className="group w-full rounded-2xl border border-gray-200 bg-white p-6 text-left shadow-sm hover:border-brand-600"
    >
      <Avatar
        src={member.imageUrl}
        size={240}
        className="mx-auto size-40 rounded-full bg-brand-50"
      />
      <span className="mt-4 block text-center text-xl font-bold text-brand-900">{member.name}</span>
      <span className="block text-center text-muted">{member.role}</span>
      <span className="mt-3 block text-center font-semibold text-brand-700 group-hover:underline">
        Read biography<span className="sr-only"> of {member.name}</span>
      </span>
    </button>
  );
}

/** The chief executive's message, with her photo. */
function CeoMessage({ ceo }: { ceo: TeamMember }) {
  return (
    <section aria-labelledby="ceo-heading" className="bg-brand-50">
      <div className="container-page grid items-center gap-10 py-16 md:grid-cols-[auto_1fr]">
        <Avatar
          src={ceo.imageUrl}
          alt={ceo.name}
          size={240}
          className="mx-auto size-48 rounded-full bg-white"
        />
        <div>
          <h2 id="ceo-heading" className={SECTION_TITLE}>
            {ceoProfile.heading}
          </h2>
          <blockquote className="mt-4 border-l-4 border-gold-400 pl-4 text-xl text-ink">
            “{ceoProfile.quote}”
          </blockquote>
          {ceoProfile.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-muted">
              {p}
            </p>
          ))}
          <p className="mt-4 font-semibold text-brand-900">{`${ceo.name}, ${ceo.role}`}</p>
        </div>
      </div>
    </section>
  );
}
