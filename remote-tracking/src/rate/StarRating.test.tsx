import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StarRating } from './StarRating';

const LABELS = ['Very bad', 'Bad', 'Average', 'Good', 'Very good'];

function Harness({ onChange = jest.fn(), disabled = false }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <StarRating
      legend="How would you rate this ride?"
      labels={LABELS}
      value={value}
      disabled={disabled}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('StarRating', () => {
  it('is a group of five radios named by their labels, none chosen at first', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'How would you rate this ride?' });
    expect(group).toBeInTheDocument();
    const stars = screen.getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('value'))).toEqual(['-2', '-1', '0', '1', '2']);
    for (const label of LABELS)
      expect(screen.getByRole('radio', { name: label })).not.toBeChecked();
  });

  it.each([
    ['Very bad', -2],
    ['Bad', -1],
    ['Average', 0],
    ['Good', 1],
    ['Very good', 2],
  ])('%s gives %i', async (label, value) => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: label }));
    expect(onChange).toHaveBeenLastCalledWith(value);
    expect(screen.getByRole('radio', { name: label })).toBeChecked();
  });

  it('moves with the arrow keys', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Average' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('radio', { name: 'Good' })).toHaveFocus();
  });

  it('cannot be changed while disabled', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('radio', { name: 'Good' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
