import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { MAX_QUERY_CHARS, suggestionsQuery, type Suggestion } from "../api";
import { fill, useTexts } from "../texts";
import { useDebouncedValue } from "../useDebouncedValue";

const NO_SUGGESTIONS: Suggestion[] = [];

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

interface Props {
  /** The keyword of the address; the field follows it (back, forward, a picked chip). */
  keyword: string;
  /** Runs a search (the page puts it in the address). */
  onSearch: (text: string) => void;
  autoFocus?: boolean;
}

/** The search field: an ARIA 1.2 combobox whose listbox holds the Typing suggestions.
 * ArrowUp/ArrowDown move through them, Enter picks one (or submits what is typed), Escape
 * closes the list. The raw text goes to the server, which understands initial consonants
 * (ㅁㅋㅌ) and half-typed syllables (맠). */
export function SearchBox({ keyword, onSearch, autoFocus = false }: Props) {
  const tx = useTexts();
  const [text, setText] = useState(keyword);
  const [followed, setFollowed] = useState(keyword);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listbox = useRef<HTMLUListElement>(null);
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A new keyword in the address replaces whatever was typed.
  if (keyword !== followed) {
    setFollowed(keyword);
    setText(keyword);
    setOpen(false);
    setActive(-1);
  }

  const typed = useDebouncedValue(open ? text : "", SUGGEST_DELAY_MS);
  const suggestions = useQuery(suggestionsQuery(typed, "Typing"));
  const items = suggestions.data ?? NO_SUGGESTIONS;
  const [shownItems, setShownItems] = useState(items);
  // Another list of suggestions: nothing in it is chosen yet.
  if (items !== shownItems) {
    setShownItems(items);
    setActive(-1);
  }
  const expanded = open && text.trim() !== "" && typed.trim() !== "" && items.length > 0;

  useEffect(() => {
    if (active < 0) return;
    // jsdom has no scrollIntoView; browsers do.
    listbox.current?.children[active]?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (value: string) => {
    close();
    setText(value);
    onSearch(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that finish a Korean syllable belong to the input method, not to the list.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          return;
        }
        setActive((current) => (current + 1) % items.length);
        return;
      case "ArrowUp":
        if (!expanded) return;
        event.preventDefault();
        setActive((current) => (current <= 0 ? items.length - 1 : current - 1));
        return;
      case "Enter":
        if (expanded && active >= 0 && active < items.length) {
          event.preventDefault();
          search(items[active].text);
        }
        // Otherwise the form submits what is typed.
        return;
      case "Escape":
        if (expanded || open) {
          event.preventDefault();
          close();
        }
        return;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {tx.fieldLabel}
      </label>
      <div className="search-field">
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_QUERY_CHARS}
          placeholder={tx.placeholder}
          value={text}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {text !== "" ? (
          <button
            type="button"
            className="search-clear"
            aria-label={tx.clearField}
            onClick={() => {
              setText("");
              close();
              input.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      <button type="submit" className="button button-primary search-submit">
        {tx.submit}
      </button>
      <ul ref={listbox} id={listboxId} role="listbox" aria-label={tx.suggestions} className="search-suggestions" hidden={!expanded}>
        {expanded
          ? items.map((item, index) => (
              <li
                key={`${item.kind}-${item.text}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="search-suggestion"
                // Keeps the focus in the field, so the list is not closed before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => search(item.text)}
              >
                <span className="search-suggestion-text">{item.text}</span>
                <span className="search-suggestion-kind">{tx[`kind_${item.kind}`] ?? ""}</span>
              </li>
            ))
          : null}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? fill(tx.suggestionsCount, { count: items.length }) : ""}
      </p>
    </form>
  );
}
