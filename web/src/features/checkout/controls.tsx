import type { ReactNode } from 'react';

/** The message under an input that is wrong, read out as it appears. */
export function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <span className="co-error" id={id} role="alert">
      {text}
    </span>
  ) : null;
}

/** One choice of a group of tiles (a shipping or payment method): a radio and what it shows. */
export function RadioTile({
  name,
  checked,
  onPick,
  testId,
  children,
}: {
  name: string;
  checked: boolean;
  onPick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="co-tile">
      <input type="radio" name={name} checked={checked} onChange={onPick} data-testid={testId} />
      {children}
    </label>
  );
}
