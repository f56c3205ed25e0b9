import { useRef } from "react";
import { UploadIcon } from "../icons";
import "./form.css";

interface FilePickerProps {
  /** The button's text ("Choose a picture"), in the page's language. */
  label: string;
  /** What the file input is called for a `<label htmlFor>` elsewhere or a test (the button is the control). */
  inputId?: string;
  inputLabel?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Ids of the hint (and error) the button is described by. */
  describedBy?: string;
  /** What was chosen (a file's name), or the words for nothing yet; omitted: nothing is shown beside. */
  chosen?: string;
  testId?: string;
  onFiles: (files: FileList) => void | Promise<void>;
}

/**
 * A file input as a button of the app's own (the browser's "Choose File / No file chosen" is in
 * the browser's language and style, not the page's): a real button, so keyboard users reach it
 * with Tab and open the picker with Enter or Space, and screen readers hear one control. The
 * native input stays in the page, hidden, for the picker itself and for a `<label htmlFor>`.
 * It is emptied after each choice, so choosing the same file again is a change too.
 */
export function FilePicker(props: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="file-picker">
      <input
        ref={input}
        id={props.inputId}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={props.inputLabel}
        accept={props.accept}
        multiple={props.multiple}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(event) => {
          const el = event.currentTarget;
          const files = el.files;
          if (!files || files.length === 0) return;
          void Promise.resolve(props.onFiles(files)).finally(() => {
            el.value = "";
          });
        }}
      />
      <button
        type="button"
        className="button button--ghost file-picker__button"
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onClick={() => input.current?.click()}
      >
        <UploadIcon size={18} />
        {props.label}
      </button>
      {props.chosen !== undefined ? (
        <span className="file-picker__chosen" aria-live="polite">
          {props.chosen}
        </span>
      ) : null}
    </div>
  );
}
