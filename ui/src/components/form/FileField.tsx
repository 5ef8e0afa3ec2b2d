import { useState, type InputHTMLAttributes } from "react";
import { fill } from "../../lib/i18n";
import { useFormTexts } from "./texts";

export interface FilePickProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange" | "value" | "className"> {
  id: string;
  /** What the button says; "파일 선택" / "Choose a file" unless given. */
  chooseLabel?: string;
  onFiles: (files: FileList | null) => void;
}

/** A file input in the page's language: the browser's own control ("Choose File / No file
 * chosen", in the browser's language whatever the page's) is kept for the keyboard, screen
 * readers and tests but drawn as the site's button and the chosen file's name. */
export function FilePick({ id, chooseLabel, onFiles, multiple, ...rest }: FilePickProps) {
  const tx = useFormTexts();
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = chosen.length === 0 ? tx.noFile : chosen.length === 1 ? chosen[0] : fill(tx.filesChosen, { count: chosen.length });
  return (
    <span className="file-pick">
      <input
        {...rest}
        id={id}
        type="file"
        multiple={multiple}
        className="file-pick-input"
        onChange={(event) => {
          const files = event.target.files;
          setChosen(files ? Array.from(files, (file) => file.name) : []);
          onFiles(files);
        }}
      />
      <label htmlFor={id} className="button button-small file-pick-button" aria-hidden="true">
        {chooseLabel ?? tx.chooseFile}
      </label>
      <span className="file-pick-name" aria-hidden="true">
        {shown}
      </span>
    </span>
  );
}

