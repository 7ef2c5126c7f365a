/** One yes-or-no option of the order, a checkbox with its label. */
export function Perk(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="or-check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span className="or-check__text">{props.label}</span>
    </label>
  );
}
