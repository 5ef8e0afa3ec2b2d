import { Link } from "wouter";
import { useSampleTexts } from "./texts";

const SECTIONS = ["section-1", "section-2", "section-3", "section-4"] as const;

function useSections() {
  const tx = useSampleTexts();
  return [
    { id: SECTIONS[0], title: tx.section1, body: tx.section1Body, more: tx.section1More },
    { id: SECTIONS[1], title: tx.section2, body: tx.section2Body, more: tx.section2More },
    { id: SECTIONS[2], title: tx.section3, body: tx.section3Body, more: tx.section3More },
    { id: SECTIONS[3], title: tx.section4, body: tx.section4Body, more: tx.section4More },
  ];
}

/** /sample/page1: a long document with a table of contents of hash anchors (the browser
 * scrolls to them) and a link to page 2 (the app opens it at the top). */
export function LayoutPageOne() {
  const tx = useSampleTexts();
  const sections = useSections();
  return (
    <article className="sample-body layout-sample" id="sample-top">
      <h1>{tx.layoutTitle1}</h1>
      <p className="sample-intro">{tx.layoutIntro1}</p>
      <nav className="layout-toc" aria-labelledby="layout-toc-title">
        <h2 id="layout-toc-title">{tx.contents}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="layout-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          <p>{section.body}</p>
          <p>{section.more}</p>
          <a className="layout-top" href="#sample-top">
            {tx.backToTop}
          </a>
        </section>
      ))}
      <p className="layout-next">
        <Link href="/sample/page2" className="button">
          {tx.toOther1} →
        </Link>
      </p>
    </article>
  );
}

/** /sample/page2: two columns (the aside drops under the text on small screens) and links
 * back to page 1: its top, and straight to one of its sections. */
export function LayoutPageTwo() {
  const tx = useSampleTexts();
  const sections = useSections();
  return (
    <article className="sample-body layout-sample" id="sample-top">
      <h1>{tx.layoutTitle2}</h1>
      <p className="sample-intro">{tx.layoutIntro2}</p>
      <div className="layout-columns">
        <div className="layout-main">
          {sections.slice(0, 3).map((section) => (
            <section key={section.id} className="layout-section" aria-labelledby={`p2-${section.id}-title`}>
              <h2 id={`p2-${section.id}-title`}>{section.title}</h2>
              <p>{section.body}</p>
            </section>
          ))}
        </div>
        <aside className="layout-aside" aria-labelledby="layout-aside-title">
          <h2 id="layout-aside-title">{tx.asideTitle}</h2>
          <p>{tx.asideBody}</p>
          <ul>
            <li>
              <Link href={`/sample/page1#${SECTIONS[2]}`}>{tx.toAnchor}</Link>
            </li>
            <li>
              <Link href="/sample/page1">← {tx.toOther2}</Link>
            </li>
          </ul>
        </aside>
      </div>
    </article>
  );
}
