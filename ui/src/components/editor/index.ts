// The rich-text body editor (Lexical) shared by the post and media-request forms, and a body
// shown outside it.
export { BodyView } from "./BodyView";
export { useModalDialog } from "./dialog";
export { Editor } from "./Editor";
export { imagesWithoutAlt } from "./markup";
