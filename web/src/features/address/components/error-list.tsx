/** The dialog's errors as a list at its top (SPEC.md §2, §8). Empty messages are dropped. */
export function ErrorList({ messages }: { messages: string[] }) {
  const unique = [...new Set(messages.filter((m) => m.trim() !== ""))];
  if (unique.length === 0) return null;
  return (
    <ul className="alert alert--error address-errors" role="alert" data-testid="address-errors">
      {unique.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
