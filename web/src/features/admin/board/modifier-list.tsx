/** A line's modifiers as the kitchen reads them ("+ 2 × Cheese"); nothing when there are none. */
export function ModifierList(props: {
  modifiers: readonly { modifier_item_id: number; qty: number; name: string }[];
  className?: string;
}) {
  if (props.modifiers.length === 0) return null;
  return (
    <ul className={props.className}>
      {props.modifiers.map((m) => (
        <li key={m.modifier_item_id}>
          + {m.qty > 1 ? `${m.qty} × ` : ""}
          {m.name}
        </li>
      ))}
    </ul>
  );
}
