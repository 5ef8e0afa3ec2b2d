import type { RouteMatch } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { B2bLanding } from "./B2bLanding";
import { MobileCategory } from "./MobileCategory";
import "./site.css";

/** The site's own pages: /b2b (the landing page for businesses) and /mobile/category. */
export default function SitePage({ route }: { route: RouteMatch }) {
  switch (route.name) {
    case "b2b":
      return <B2bLanding />;
    case "mobileCategory":
      return <MobileCategory />;
    default:
      throw new AppError(404, `no site page named ${route.name}`);
  }
}
