import { Dialog, DialogContent } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { LoadFailure } from '../components/load-failure';
import { FileField } from '../components/upload/file-field';

const user = userEvent.setup({ delay: null });

/** A dialog whose failure gives way to a loading text when "Riprova" is pressed. */
function RetryingDialog() {
  const [failed, setFailed] = useState(true);
  return (
    <Dialog open aria-label="Prova">
      <DialogContent>
        {failed ? <LoadFailure error={new Error('x')} onRetry={() => setFailed(false)} /> : <p>Caricamento…</p>}
      </DialogContent>
    </Dialog>
  );
}

function Upload() {
  const [file, setFile] = useState<File | null>(new File(['%PDF-1.4'], 'cedolino.pdf', { type: 'application/pdf' }));
  return <FileField kind="payslip" label="File" file={file} onChange={setFile} testId="file" />;
}

describe('the focus when a click removes its own control', () => {
  it('"Riprova" in a dialog: the focus stays in the dialog (where Esc and Tab then act), not on the page behind', async () => {
    render(
      <AppProviders variant="active">
        <RetryingDialog />
      </AppProviders>,
    );
    const dialog = screen.getByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(screen.getByText('Caricamento…')).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(dialog.parentElement).toContainElement(document.activeElement as HTMLElement);
  });

  it('removing the chosen file: the focus goes to the button that chooses another', async () => {
    render(
      <AppProviders variant="active">
        <Upload />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Togli il file' }));
    expect(screen.queryByRole('button', { name: 'Togli il file' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Scegli il file|Cambia file/ }));
  });
});
