import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "wouter";
import type { RouteMatch } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { ImagePicker } from "./sample/ImagePicker";
import { LayoutPageOne, LayoutPageTwo } from "./sample/LayoutSamples";
import { ModalSample } from "./sample/ModalSample";
import { useSampleTexts } from "./sample/texts";
import "./sample/sample.css";
import { Loading } from "../../lib/status";
import { usePageTitle } from "../../lib/pageTitle";

// The charting library comes with the chart sample only.
const ChartSample = lazy(() => import("./sample/ChartSample"));

/** /sample/*: a living component gallery (PRODUCT): chart, modal, two layout pages, the
 * error screen (page4_error throws in pages.tsx) and an image picker. */
export default function SamplePage({ route }: { route: RouteMatch }) {
  const tx = useSampleTexts();
  let sample: ReactNode;
  switch (route.name) {
    case "sampleChart":
      sample = (
        <Suspense fallback={<Loading />}>
          <ChartSample />
        </Suspense>
      );
      break;
    case "sampleModal":
      sample = <ModalSample />;
      break;
    case "samplePage1":
      sample = <LayoutPageOne />;
      break;
    case "samplePage2":
      sample = <LayoutPageTwo />;
      break;
    case "sampleUnsplash":
      sample = <ImagePicker />;
      break;
    default:
      throw new AppError(404, `no sample named ${route.name}`);
  }
  const samples = [
    { href: "/sample/chart", label: tx.chartTab },
    { href: "/sample/modal", label: tx.modalTab },
    { href: "/sample/page1", label: tx.page1Tab },
    { href: "/sample/page2", label: tx.page2Tab },
    { href: "/sample/unsplash", label: tx.pickerTab },
    { href: "/sample/page4_error", label: tx.errorTab },
  ];
  const current = samples.find((item) => item.href === route.path)?.label;
  usePageTitle(current ? `${current} · ${tx.gallery}` : tx.gallery);
  return (
    <div className="sample">
      <nav className="sample-nav" aria-label={tx.galleryNav}>
        <span className="sample-nav-title">{tx.gallery}</span>
        <ul>
          {samples.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={item.href === route.path ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {sample}
    </div>
  );
}
