import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useConfirm } from './ConfirmDialog';

function Revoker() {
  const { confirm, dialog } = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const yes = await confirm({
            title: 'Revoke "CI"?',
            message: 'Apps using it stop at once.',
            confirmLabel: 'Revoke key',
            destructive: true,
          });
          setAnswers((a) => [...a, yes]);
        }}
      >
        Revoke
      </button>
      <output data-testid="answers">{answers.join(',')}</output>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in a named dialog with Cancel focused; only the confirming button says yes; Escape and Cancel say no', async () => {
    render(<Revoker />);
    const opener = screen.getByRole('button', { name: 'Revoke' });
    await userEvent.click(opener);
    const asking = screen.getByRole('dialog', { name: 'Revoke "CI"?' });
    expect(asking).toHaveAccessibleDescription('Apps using it stop at once.');
    expect(within(asking).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('answers')).toHaveTextContent('false'));
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByTestId('answers')).toHaveTextContent('false,false,true'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
