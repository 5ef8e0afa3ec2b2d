// The console's modal dialogs (the image form, a revision beside the post): a native
// <dialog> opened as a modal when it mounts (focus kept inside, Escape closes it) and closed
// when it goes.
import { useEffect, useRef } from "react";

export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
