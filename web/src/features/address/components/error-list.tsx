export interface ListedError {
  text: string;
  /** "#input-id": the message links to the field it is about. */
  href?: string;
}

/**
 * The dialog's errors as a list at its top (docs/product.md §2, §8). A field's message
 * links to its input (which also shows it, linked by aria-describedby); empty
 * and repeated messages are dropped.
 */
export function ErrorList({ messages }: { messages: ListedError[] }) {
  const seen = new Set<string>();
  const unique = messages.filter((m) => m.text.trim() !== "" && !seen.has(m.text) && seen.add(m.text));
  if (unique.length === 0) return null;
  return (
    <ul className="alert alert--error address-errors" role="alert" data-testid="address-errors">
      {unique.map(({ text, href }) => (
        <li key={text}>
          {href ? (
            <a
              href={href}
              onClick={(event) => {
                // Focus the input without touching the URL (the router owns it).
                event.preventDefault();
                document.getElementById(href.slice(1))?.focus();
              }}
            >
              {text}
            </a>
          ) : (
            text
          )}
        </li>
      ))}
    </ul>
  );
}
