// The member forms' parts: fields that keep Korean typing whole, the live password rule,
// problems beside their fields, and drafts that survive a lost session.
import "./form.css";

export { TextField, type TextFieldProps } from "./TextField";
export { FilePick, type FilePickProps } from "./FileField";
export { PasswordField, passwordOk, type PasswordFieldProps } from "./PasswordField";
export { FormAlert, useFailureMessage, useProblems, type Problems } from "./problems";
export { useDraft } from "./draft";
