import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_LANGUAGES } from '../i18n/languages';
import { hasUnsavedChanges, useUnsavedChangesGuard } from './unsaved-changes-guard';

const user = userEvent.setup({ delay: null });

/** A form as the app writes them: the submit saves, then navigates from inside the submit; a refusal is caught. */
function TinyForm({ save }: { save(name: string): Promise<void> }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { name: '' } });
  const guard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [closed, setClosed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values.name);
      void navigate('/list');
    } catch {
      setFailure('Salvataggio non riuscito');
    }
  });
  return (
    <form onSubmit={submit}>
      <label>
        Nome
        <input {...register('name')} />
      </label>
      {failure && <p role="alert">{failure}</p>}
      {closed && <p>Pannello chiuso</p>}
      <Link to="/list">Elenco</Link>
      <Link to="/form?tab=2">Scheda 2</Link>
      <button type="button" onClick={() => void navigate('/list')}>
        Annulla
      </button>
      <button type="button" onClick={() => guard.confirmLeave(() => setClosed(true))}>
        Chiudi il pannello
      </button>
      <button type="submit">Salva</button>
      {guard.dialog}
    </form>
  );
}

function renderForm(save: (name: string) => Promise<void> = async () => undefined) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <TinyForm save={save} /> },
      { path: '/list', element: <p>Pagina elenco</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dialog = () => screen.queryByRole('dialog', { name: 'Modifiche non salvate' });

describe('useUnsavedChangesGuard', () => {
  it('a changed form asks before leaving: "Resta" keeps the page and the typing, "Esci senza salvare" leaves', async () => {
    const router = renderForm();
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    await user.click(screen.getByRole('link', { name: 'Elenco' }));
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toHaveTextContent(
      'Hai modifiche non salvate: se esci andranno perse.',
    );
    await user.click(screen.getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(dialog()).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Nome')).toHaveValue('Mario');

    // "Annulla" of the form is a navigation too: it asks the same way.
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Esci senza salvare' }));
    expect(await screen.findByText('Pagina elenco')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('an untouched form leaves without asking; a change within the same page (its query string) never asks', async () => {
    const router = renderForm();
    await user.click(screen.getByRole('link', { name: 'Elenco' }));
    expect(await screen.findByText('Pagina elenco')).toBeInTheDocument();
    expect(dialog()).not.toBeInTheDocument();

    await router.navigate('/form');
    await user.type(await screen.findByLabelText('Nome'), 'Mario');
    await user.click(screen.getByRole('link', { name: 'Scheda 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(dialog()).not.toBeInTheDocument();
  });

  it('a successful save navigates away without asking; after a refused save leaving asks again', async () => {
    const save = vi.fn(async (name: string) => {
      if (name === 'Rifiutato') throw new Error('409');
    });
    const router = renderForm(save);
    await user.type(screen.getByLabelText('Nome'), 'Rifiutato');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Salvataggio non riuscito');
    await user.click(screen.getByRole('link', { name: 'Elenco' }));
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(dialog()).not.toBeInTheDocument());

    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Pagina elenco')).toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith('Mario');
    expect(router.state.location.pathname).toBe('/list');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('confirmLeave (closing a dialog with its form) runs at once when the form is untouched', async () => {
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Chiudi il pannello' }));
    expect(screen.getByText('Pannello chiuso')).toBeInTheDocument();
    expect(dialog()).not.toBeInTheDocument();
  });

  it('confirmLeave on a changed form: "Resta" keeps it open, "Esci senza salvare" closes it', async () => {
    renderForm();
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    await user.click(screen.getByRole('button', { name: 'Chiudi il pannello' }));
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(dialog()).not.toBeInTheDocument());
    expect(screen.queryByText('Pannello chiuso')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chiudi il pannello' }));
    await user.click(await screen.findByRole('button', { name: 'Esci senza salvare' }));
    expect(screen.getByText('Pannello chiuso')).toBeInTheDocument();
  });

  it('reloading or closing the tab gets the browser’s prompt only while there are unsaved changes', async () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const router = renderForm();
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Nome'), 'Mario');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Elenco' }));
    await user.click(await screen.findByRole('button', { name: 'Esci senza salvare' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(unload()).toBe(false);
  });

  it('its texts are the same in the people and working-time catalog areas, in every language', () => {
    const dir = path.join(import.meta.dirname, '../i18n/locales');
    const block = (area: string, lang: string) =>
      (JSON.parse(fs.readFileSync(path.join(dir, area, `${lang}.json`), 'utf8')) as { unsavedChanges: unknown })
        .unsavedChanges;
    for (const lang of CATALOG_LANGUAGES) {
      expect(block('people', lang), lang).toEqual(block('working-time', lang));
    }
    expect(block('people', 'it')).toEqual({
      title: 'Modifiche non salvate',
      body: 'Hai modifiche non salvate: se esci andranno perse.',
      stay: 'Resta',
      leave: 'Esci senza salvare',
    });
  });
});
