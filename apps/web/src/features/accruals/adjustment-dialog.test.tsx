import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { AdjustmentDialog } from './adjustment-dialog';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('workingTime');
});

const session = {
  ...sessionOf(),
  'GET /attendance/ajax/justifications': () =>
    json(200, [{ id: 'j-fer', code: 'FER', name: 'Ferie', unit: 'day', impact: 'nothing', enabled: true }]),
};

function renderDialog(onClose = vi.fn()) {
  renderRoutes([page('/', <AdjustmentDialog open userInfoId="u-mario" person="Mario Rossi" onClose={onClose} />)], '/');
  return onClose;
}

async function fillAndContinue() {
  const dialog = await screen.findByRole('dialog', { name: 'Rettifica manuale' });
  await user.click(within(dialog).getByRole('combobox', { name: /Giustificativo/ }));
  await user.click(await screen.findByRole('option', { name: 'Ferie (giorni)' }));
  await user.type(within(dialog).getByTestId('adjust-amount'), '1,5');
  await user.type(within(dialog).getByTestId('adjust-reason'), 'Giornata di recupero concordata');
  await user.click(within(dialog).getByTestId('adjust-continue'));
  return screen.findByRole('dialog', { name: 'Confermi la rettifica?' });
}

/** The dialog as a page opens it: from a button, closed by its own onClose. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Rettifica manuale</button>
      <AdjustmentDialog open={open} userInfoId="u-mario" person="Mario Rossi" onClose={() => setOpen(false)} />
    </>
  );
}

describe('manual adjustment: the focus follows the steps', { timeout: 30_000 }, () => {
  it('moves to the summary when the form gives way to it, so that Esc closes the dialog at once', async () => {
    fakeApi(session);
    const onClose = renderDialog();
    const confirm = await fillAndContinue();
    expect(within(confirm).getByTestId('adjust-summary')).toHaveTextContent('+1,5 gg di Ferie per Mario Rossi');
    expect(document.activeElement).not.toBe(document.body);
    expect(confirm).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('back in the form: on the first field, or on the field the server refused', async () => {
    fakeApi({
      ...session,
      'POST /admin/user/u-mario/accrual-adjustment': () =>
        validationFailed('Dati non validi', [
          { path: 'amount', message: 'Il saldo non può scendere sotto −10 giorni' },
        ]),
    });
    renderDialog();
    let confirm = await fillAndContinue();
    await user.click(within(confirm).getByRole('button', { name: 'Indietro' }));
    const form = await screen.findByRole('dialog', { name: 'Rettifica manuale' });
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: /Giustificativo/ }));

    await user.click(within(form).getByTestId('adjust-continue'));
    confirm = await screen.findByRole('dialog', { name: 'Confermi la rettifica?' });
    await user.click(within(confirm).getByTestId('adjust-confirm'));
    const again = await screen.findByRole('dialog', { name: 'Rettifica manuale' });
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByTestId('adjust-amount')));
    expect(again).toHaveTextContent('Il saldo non può scendere sotto −10 giorni');
  });
  it('closed from the summary: the focus goes back to the button that opened it', async () => {
    fakeApi(session);
    renderRoutes([page('/', <Opener />)], '/');
    const opener = await screen.findByRole('button', { name: 'Rettifica manuale' });
    await user.click(opener);
    await fillAndContinue();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });
});
