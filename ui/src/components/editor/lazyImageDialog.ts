// The image form (and the upload it makes), loaded when a writer first opens it: inserting
// from the toolbar or editing an image in the text.
import { lazy } from "react";

export const LazyImageDialog = lazy(() => import("./ImageDialog").then((module) => ({ default: module.ImageDialog })));
