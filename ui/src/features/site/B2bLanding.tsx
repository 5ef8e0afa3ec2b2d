import type { ReactNode } from "react";
import { Link } from "wouter";
import { abbreviateCount, breadcrumbs } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { useTexts } from "./texts";
import { usePageTitle } from "../../lib/pageTitle";

const REGISTER = "/mypage/business";

/** /b2b: the landing page for businesses: why publish here, how it works, and the way to
 * register a business. Everything is drawn with CSS and inline SVG: no external images. */
export function B2bLanding() {
  const { lang } = useI18n();
  const tx = useTexts();
  const points: { icon: ReactNode; title: string; body: string }[] = [
    { icon: <ReachIcon />, title: tx.why1Title, body: tx.why1Body },
    { icon: <ShareIcon />, title: tx.why2Title, body: tx.why2Body },
    { icon: <ChartIcon />, title: tx.why3Title, body: tx.why3Body },
  ];
  const steps = [
    { title: tx.step1Title, body: tx.step1Body },
    { title: tx.step2Title, body: tx.step2Body },
    { title: tx.step3Title, body: tx.step3Body },
    { title: tx.step4Title, body: tx.step4Body },
  ];
  const faq = [
    { q: tx.faq1Q, a: tx.faq1A },
    { q: tx.faq2Q, a: tx.faq2A },
    { q: tx.faq3Q, a: tx.faq3A },
  ];
  usePageTitle(tx.b2bTitle);
  return (
    <div className="b2b">
      <section className="b2b-hero" aria-labelledby="b2b-title">
        <div className="b2b-hero-text">
          <p className="b2b-kicker">{tx.b2bKicker}</p>
          <h1 id="b2b-title">{tx.b2bTitle}</h1>
          <p className="b2b-lead">{tx.b2bLead}</p>
          <div className="b2b-actions">
            <Link href={REGISTER} className="button button-primary b2b-button">
              {tx.b2bRegister}
            </Link>
            <Link href="/post/popular/list?sort=POPULAR" className="button b2b-button">
              {tx.b2bBrowse}
            </Link>
          </div>
          <p className="b2b-note">{tx.b2bNote}</p>
        </div>
        <HeroMock />
      </section>

      <section className="b2b-section" aria-labelledby="b2b-why">
        <h2 id="b2b-why">{tx.whyTitle}</h2>
        <ul className="b2b-points">
          {points.map((point) => (
            <li key={point.title} className="b2b-point">
              <span className="b2b-point-icon" aria-hidden="true">
                {point.icon}
              </span>
              <h3>{point.title}</h3>
              <p>{point.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="b2b-section" aria-labelledby="b2b-publish">
        <h2 id="b2b-publish">{tx.publishTitle}</h2>
        <ul className="b2b-chips">
          {breadcrumbs(0, lang).map((category) => (
            <li key={category.categoryId}>{category.label}</li>
          ))}
        </ul>
      </section>

      <section className="b2b-section" aria-labelledby="b2b-steps">
        <h2 id="b2b-steps">{tx.stepsTitle}</h2>
        <ol className="b2b-steps">
          {steps.map((step, index) => (
            <li key={step.title} className="b2b-step">
              <span className="b2b-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="b2b-section" aria-labelledby="b2b-faq">
        <h2 id="b2b-faq">{tx.faqTitle}</h2>
        <div className="b2b-faq">
          {faq.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="b2b-cta" aria-labelledby="b2b-cta-title">
        <h2 id="b2b-cta-title">{tx.ctaTitle}</h2>
        <p>{tx.ctaBody}</p>
        <div className="b2b-actions">
          <Link href={REGISTER} className="button b2b-button b2b-button-light">
            {tx.b2bRegister}
          </Link>
          <Link href="/mypage/media-publish/register" className="b2b-cta-link">
            {tx.ctaSecondary}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** The hero's picture: a business profile card with a small chart and a notice, in CSS. */
function HeroMock() {
  const tx = useTexts();
  const bars = [34, 48, 41, 62, 57, 78, 92];
  return (
    <div className="b2b-mock" aria-hidden="true">
      <div className="b2b-mock-card">
        <div className="b2b-mock-head">
          <span className="b2b-mock-logo">T</span>
          <div>
            <p className="b2b-mock-name">
              {tx.mockCompany} <span className="b2b-mock-badge">✓</span>
            </p>
            <p className="b2b-mock-meta">{tx.mockFollowers} {abbreviateCount(12_400)}</p>
          </div>
        </div>
        <p className="b2b-mock-label">{tx.mockViews}</p>
        <div className="b2b-mock-bars">
          {bars.map((height, index) => (
            <span key={index} style={{ height: `${height}%` }} />
          ))}
        </div>
      </div>
      <div className="b2b-mock-toast">
        <span className="b2b-mock-dot" />
        {tx.mockPost}
      </div>
    </div>
  );
}

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

function ReachIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
    </Svg>
  );
}

function ShareIcon() {
  return (
    <Svg>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8 15.8 6.2M8.2 13.2l7.6 4.6" />
    </Svg>
  );
}

function ChartIcon() {
  return (
    <Svg>
      <path d="M4 20V4M4 20h16" />
      <path d="m7 15 4-4 3 3 5-6" />
    </Svg>
  );
}
