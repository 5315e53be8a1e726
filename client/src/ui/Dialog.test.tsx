import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from './Dialog';

function Page({ dismissOnOutsideClick }: { dismissOnOutsideClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Dialog
          title="Remove member"
          description="They lose access at once."
          closeLabel="Close"
          onClose={() => setOpen(false)}
          dismissOnOutsideClick={dismissOnOutsideClick}
        >
          <input aria-label="First" />
          <input aria-label="Preferred" data-autofocus />
          <button type="button">Last</button>
        </Dialog>
      )}
    </main>
  );
}

describe('Dialog', () => {
  it('named and described; focus goes to the marked field, Tab stays inside, Escape closes and focus returns to the opener', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveAccessibleDescription('They lose access at once.');
    expect(screen.getByLabelText('Preferred')).toHaveFocus();
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open it' })).toHaveFocus());
  });

  it('the close button closes; a tap outside closes unless that is turned off', async () => {
    const { unmount } = render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.click(screen.getByRole('dialog').parentElement!); // the backdrop
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Page dismissOnOutsideClick={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open it' }));
    await userEvent.click(screen.getByRole('dialog').parentElement!); // the backdrop
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
