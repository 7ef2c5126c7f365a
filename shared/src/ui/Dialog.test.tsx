import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';

/** A page with a button that opens a dialog of two actions, as the screens use it. */
function Page() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete address
      </button>
      <button type="button">Behind the dialog</button>
      {open ? (
        <Dialog
          title="Delete address?"
          onDismiss={close}
          actions={
            <>
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button type="button" onClick={close}>
                Delete
              </button>
            </>
          }
        >
          The address will be removed.
        </Dialog>
      ) : null}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Delete address' }));
  return user;
}

describe('Dialog focus', () => {
  it('moves focus into the dialog, onto its main action, when it opens', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete address?' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('gives focus back to the button that opened it when an action closes it', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete address' })).toHaveFocus();
  });

  it('gives focus back to the opener when Escape dismisses it', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete address' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = await openDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });
});
