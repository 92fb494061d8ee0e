import { act, fireEvent, screen } from '@testing-library/react';

/** The two inputs, from and to, of the day-range picker with this test id (both carry it). */
export function dayRangeInputs(testId: string) {
  const [from, to] = screen.getAllByTestId(testId) as HTMLInputElement[];
  return { from, to };
}

/**
 * Types days into a day-range picker as a person does, DD/MM/YYYY with Enter after each, then
 * leaves it: the picker keeps what was typed when it loses the focus (a frame or two later).
 */
export async function typeDayRange(testId: string, days: { from?: string; to?: string }) {
  const { from, to } = dayRangeInputs(testId);
  for (const [input, text] of [
    [from, days.from],
    [to, days.to],
  ] as const) {
    if (!text) continue;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }
  if (document.activeElement) fireEvent.blur(document.activeElement);
  await act(() => new Promise((done) => setTimeout(done, 100)));
}
