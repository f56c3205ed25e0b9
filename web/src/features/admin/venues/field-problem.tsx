/** What the last save found wrong with a field, under it (the field names it in aria-describedby). */
export function FieldProblem({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <span id={id} className="venues-field__problem">
      {text}
    </span>
  );
}
