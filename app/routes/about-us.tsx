import { useCallback, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/about-us";
import { aboutPage, ceoProfile, team, type TeamMember } from "~/content/team";
import { BioDialog } from "~/components/sections/bio-dialog";
import { SectionHeading } from "~/components/sections/section-heading";
import { StatsStrip } from "~/components/sections/stats-strip";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () => getMeta({ ...aboutPage.seo, path: "/about-us" });

export default function AboutPage() {
  const [selected, setSelected] = useState<TeamMember | null>(null);
  const close = useCallback(() => setSelected(null), []);
  const ceo = team.find((member) => member.id === ceoProfile.memberId);

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page grid gap-10 py-12 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="eyebrow">{aboutPage.eyebrow}</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
              {aboutPage.headline}
            </h1>
            {aboutPage.paragraphs.map((p) => (
              <p key={p} className="mt-5 text-lg leading-8 text-muted">
                {p}
              </p>
            ))}
          </div>
          <div className="space-y-6 self-center">
            <div className="rounded-2xl border border-gray-200 bg-white p-6">
              <h2 className="text-xl font-bold text-brand-900">Our mission</h2>
              <p className="mt-2 text-muted">{aboutPage.mission}</p>
            </div>
            <div className="rounded-2xl border border-gray-200 bg-white p-6">
              <h2 className="text-xl font-bold text-brand-900">Our vision</h2>
              <p className="mt-2 text-muted">{aboutPage.vision}</p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="container-page py-16">
        <SectionHeading id="values-heading" heading="What we stand for" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {aboutPage.values.map((value) => (
            <li key={value.title} className="rounded-2xl bg-brand-50 p-6">
              <h3 className="text-lg font-bold text-brand-900">{value.title}</h3>
              <p className="mt-2 text-muted">{value.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <StatsStrip />

      <section aria-labelledby="leadership-heading" className="container-page py-16">
        <SectionHeading
          id="leadership-heading"
          eyebrow="Leadership"
          heading="The people who lead us"
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => (
            <li key={member.id}>
              <button
                type="button"
                onClick={() => setSelected(member)}
                aria-haspopup="dialog"
                className="group w-full rounded-2xl border border-gray-200 bg-white p-6 text-left shadow-sm hover:border-brand-600"
              >
                <img
                  src={member.imageUrl}
                  alt=""
                  width="240"
                  height="240"
                  loading="lazy"
                  className="mx-auto size-40 rounded-full bg-brand-50"
                />
                <span className="mt-4 block text-center text-xl font-bold text-brand-900">
                  {member.name}
                </span>
                <span className="block text-center text-muted">{member.role}</span>
                <span className="mt-3 block text-center font-semibold text-brand-700 group-hover:underline">
                  Read biography<span className="sr-only"> of {member.name}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      {ceo ? (
        <section aria-labelledby="ceo-heading" className="bg-brand-50">
          <div className="container-page grid items-center gap-10 py-16 md:grid-cols-[auto_1fr]">
            <img
              src={ceo.imageUrl}
              alt={ceo.name}
              width="240"
              height="240"
              loading="lazy"
              className="mx-auto size-48 rounded-full bg-white"
            />
            <div>
              <h2 id="ceo-heading" className="text-3xl font-bold text-brand-900">
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
              <p className="mt-4 font-semibold text-brand-900">
                {ceo.name}, {ceo.role}
              </p>
            </div>
          </div>
        </section>
      ) : null}

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
          <h2 id="team-heading" className="text-3xl font-bold text-brand-900">
            {aboutPage.joinCta.heading}
          </h2>
          <p className="mt-4 text-lg text-muted">{aboutPage.joinCta.text}</p>
          <Link to="/careers" className="btn-primary mt-6">
            Join Our Team
          </Link>
        </div>
      </section>

      <BioDialog member={selected} onClose={close} />
    </>
  );
}
