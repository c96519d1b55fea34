import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionOf } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { UserEditPage, UserNewPage } from './user-form-page';

/** Typing without a pause between keys: the forms are long, and a busy machine must not time the tests out. */
const user = userEvent.setup({ delay: null });
/**
 * Fills a field with one paste (one input event) instead of typing it key by key: the form re-renders on each key,
 * and on the 2-core CI machine under load typing seven fields took over 20 s. What is checked is the value sent.
 */
async function fill(el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}

const VALID_CF = 'RSSLRA90E52H501N';

const session = {
  ...sessionOf(),
  'GET /attendance/ajax/groups': () => json(200, [{ id: 'g-1', name: 'Magazzino' }]),
};

const savedUser: User = {
  id: 'ui-laura',
  userId: 'u-laura',
  email: 'laura.rossi@example.it',
  fiscalCode: VALID_CF,
  firstName: 'Laura',
  lastName: 'Rossi',
  roles: ['member'],
  enabled: true,
  invitationPending: true,
  lastLoginAt: { web: null, app: null },
  attendanceAutoApproveRequest: 'default',
  workEmail: 'laura.rossi@demo.timbro.it',
  phoneNumber: null,
  pec: 'laura.rossi@pec.it',
  homeAddress: null,
  iban: null,
  birthday: '1990-05-12',
  birthplace: 'Roma',
  groups: [],
  invitationStatus: 'accepted',
  loginEmailEditable: false,
  createdAt: '2026-11-22T08:00:00.000Z',
};

function renderNew() {
  return renderRoutes(
    [guardedPage('/admin/user/new', 'user:write', <UserNewPage />), page('/admin/user/:id/detail', <p>dettaglio</p>)],
    '/admin/user/new',
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => user.click(screen.getByTestId('user-form-submit'));

describe('new employee form', { timeout: 20_000 }, () => {
  it('shows the Italian messages: invalid fiscal code, work e-mail and PEC for employees — and does not call the API', async () => {
    const { calls } = fakeApi({ ...session, 'GET /admin/user/search-unbound': () => json(200, []) });
    renderNew();
    await fill(await screen.findByTestId('field-fiscalCode'), 'rssmra85d25f205a');
    expect(screen.getByTestId('field-fiscalCode')).toHaveValue('RSSMRA85D25F205A');
    await fill(field(/^Nome/), 'Laura');
    await fill(field(/^Cognome/), 'Rossi');
    await fill(field(/^Email di accesso/), 'laura.rossi@example.it');
    await submit();
    expect(await screen.findByText('Il codice fiscale non è valido')).toBeInTheDocument();
    expect(screen.getByText("Inserisci l'email aziendale")).toBeInTheDocument();
    expect(screen.getByText('Inserisci la PEC o l’email personale')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('flags a wrong check character when the field is left, and offers the birth date the fiscal code encodes (issue 30 item 17)', async () => {
    const { calls } = fakeApi({
      ...session,
      'GET /admin/user/search-unbound': () => json(200, []),
      'POST /admin/user': () => json(200, savedUser),
    });
    renderNew();
    const code = await screen.findByTestId('field-fiscalCode');
    // The last character (the check character) mistyped: said as soon as the field is left, before any saving.
    await fill(code, 'RSSLRA90E52H501A');
    await user.tab();
    expect(await screen.findByText('Il codice fiscale non è valido')).toBeInTheDocument();
    expect(screen.queryByTestId('fiscal-code-birth')).not.toBeInTheDocument();
    await user.clear(code);
    await fill(code, VALID_CF);
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Il codice fiscale non è valido')).not.toBeInTheDocument());
    // Born on 12 May 1990 (a woman: day 52), in the comune H501: Roma, named once the list of places has loaded.
    const offer = screen.getByTestId('fiscal-code-birth');
    await waitFor(() => expect(offer).toHaveTextContent('Dal codice fiscale: nato/a il 12 maggio 1990 a Roma (RM).'));
    await user.click(within(offer).getByRole('button', { name: 'Usa data e luogo di nascita' }));
    await waitFor(() => expect(screen.queryByTestId('fiscal-code-birth')).not.toBeInTheDocument());
    await fill(field(/^Nome/), 'Laura');
    await fill(field(/^Cognome/), 'Rossi');
    await fill(field(/^Email di accesso/), 'laura.rossi@example.it');
    await fill(field(/^Email aziendale/), 'laura.rossi@demo.timbro.it');
    await fill(field(/^PEC/), 'laura.rossi@pec.it');
    await submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      fiscalCode: VALID_CF,
      birthday: '1990-05-12',
      birthplace: 'Roma (RM)',
    });
  });

  it('names a country of birth abroad, and a comune as it was on the birth date (issue 30 item 17)', async () => {
    const { birthPlaceOf } = await import('./birth-place');
    expect(await birthPlaceOf('Z404', '1980-01-01')).toEqual({
      name: "Stati Uniti d'America",
      province: null,
      abroad: true,
    });
    expect(await birthPlaceOf('A944', '1976-07-23')).toEqual({ name: 'Bologna', province: 'BO', abroad: false });
    expect(await birthPlaceOf('Z999', '1980-01-01')).toBeNull();
  });

  it('requires at least one role, and work e-mail / PEC only for employees', async () => {
    fakeApi({ ...session, 'GET /admin/user/search-unbound': () => json(200, []) });
    renderNew();
    const member = await screen.findByTestId('role-member');
    expect(member).toBeChecked();
    await user.click(member);
    await submit();
    expect(await screen.findByText('Seleziona almeno un ruolo')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il codice fiscale')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il nome')).toBeInTheDocument();
    expect(screen.queryByText("Inserisci l'email aziendale")).not.toBeInTheDocument();
    await user.click(screen.getByTestId('role-accountant'));
    await waitFor(() => expect(screen.queryByText('Seleziona almeno un ruolo')).not.toBeInTheDocument());
  });

  it('checks phone, IBAN and e-mail formats like the server', async () => {
    fakeApi({ ...session, 'GET /admin/user/search-unbound': () => json(200, []) });
    renderNew();
    await fill(await screen.findByLabelText(/^Email aziendale/), 'non-una-email');
    await fill(field(/^Telefono/), '12');
    await fill(field(/^IBAN/), 'IT00X0000000000000000000000');
    await submit();
    expect(await screen.findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(screen.getByText('Il numero di telefono non è valido')).toBeInTheDocument();
    expect(screen.getByText("L'IBAN non è valido")).toBeInTheDocument();
  });

  it('sends the payload, shows a server field error on its field, then creates and opens the detail page', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...session,
      'GET /admin/user/search-unbound': () => json(200, []),
      'POST /admin/user': () =>
        ++attempts === 1
          ? json(
              409,
              {
                code: 'CONFLICT',
                message: 'Questo indirizzo email è già in uso',
                errors: [{ path: 'email', message: 'Questo indirizzo email è già in uso' }],
              },
              { 'x-error-message': 'UniqueConstraintViolation' },
            )
          : json(200, savedUser),
    });
    const { router } = renderNew();
    await fill(await screen.findByTestId('field-fiscalCode'), VALID_CF.toLowerCase());
    await fill(field(/^Nome/), ' Laura ');
    await fill(field(/^Cognome/), 'Rossi');
    await fill(field(/^Email di accesso/), 'laura.rossi@example.it');
    await fill(field(/^Email aziendale/), 'laura.rossi@demo.timbro.it');
    await fill(field(/^PEC/), 'laura.rossi@pec.it');
    await fill(field(/^IBAN/), 'it60 x054 2811 1010 0000 0123 456');
    await submit();
    expect(await screen.findByText('Questo indirizzo email è già in uso')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: 'Laura',
      lastName: 'Rossi',
      fiscalCode: VALID_CF,
      roles: ['member'],
      attendanceAutoApproveRequest: 'default',
      workEmail: 'laura.rossi@demo.timbro.it',
      pec: 'laura.rossi@pec.it',
      phoneNumber: null,
      iban: 'IT60X0542811101000000123456',
      birthday: null,
      groups: [],
    });
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('bindUserId');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/ui-laura/detail'));
    expect(await screen.findByText(/Abbiamo inviato l'invito a laura\.rossi@example\.it/)).toBeInTheDocument();
  });

  it('shows the workspace’s own pending record for the fiscal code, with a link to it; nothing is bound, the fields stay editable', async () => {
    const { calls } = fakeApi({
      ...session,
      'GET /admin/user/search-unbound': () =>
        json(200, [
          {
            id: 'ui-laura',
            firstName: 'Laura',
            lastName: 'Rossi',
            emailHint: 'l***@example.it',
            fiscalCode: VALID_CF,
            invitationStatus: 'pending',
            invitedAt: '2026-11-20T08:00:00.000Z',
          },
        ]),
    });
    renderNew();
    await fill(await screen.findByTestId('field-fiscalCode'), VALID_CF);
    const offer = await screen.findByTestId('unbound-found');
    expect(offer).toHaveTextContent('Laura Rossi ha un invito in attesa di risposta');
    expect(offer).toHaveTextContent('l***@example.it');
    expect(within(offer).getByRole('link', { name: 'Apri la scheda' })).toHaveAttribute(
      'href',
      '/admin/user/ui-laura/detail',
    );
    expect(field(/^Nome/)).not.toHaveAttribute('readonly');
    expect(field(/^Email di accesso/)).not.toHaveAttribute('readonly');
    expect(calls.find((c) => c.path === '/admin/user/search-unbound')).toBeTruthy();
  });

  it('"Ignora" hides the record and asks again without it (exclude_ids[]), so the next one shows', async () => {
    const people = [
      {
        id: 'u-laura',
        firstName: 'Laura',
        lastName: 'Rossi',
        emailHint: 'l***@example.it',
        fiscalCode: VALID_CF,
        invitationStatus: 'pending',
        invitedAt: null,
      },
      {
        id: 'u-laura2',
        firstName: 'Laura',
        lastName: 'Rossini',
        emailHint: 'r***@example.it',
        fiscalCode: VALID_CF,
        invitationStatus: 'declined',
        invitedAt: null,
      },
    ];
    const { fetchMock } = fakeApi({
      ...session,
      // Like the server: one suggestion at a time here, never an excluded one.
      'GET /admin/user/search-unbound': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const excluded = url.searchParams.getAll('exclude_ids[]');
        return json(200, people.filter((p) => !excluded.includes(p.id)).slice(0, 1));
      },
    });
    const searches = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((u) => u.pathname.endsWith('/admin/user/search-unbound'))
        .map((u) => u.searchParams.getAll('exclude_ids[]'));
    renderNew();
    await fill(await screen.findByTestId('field-fiscalCode'), VALID_CF);
    const offer = await screen.findByTestId('unbound-found');
    expect(offer).toHaveTextContent('Laura Rossi ha un invito');
    expect(searches()).toEqual([[]]);

    await user.click(within(offer).getByRole('button', { name: 'Ignora' }));
    await waitFor(() => expect(screen.getByTestId('unbound-found')).toHaveTextContent('Laura Rossini ha rifiutato'));
    expect(screen.getByTestId('unbound-found')).not.toHaveTextContent('Laura Rossi ha');
    expect(searches()).toEqual([[], ['u-laura']]);

    await user.click(within(screen.getByTestId('unbound-found')).getByRole('button', { name: 'Ignora' }));
    await waitFor(() => expect(searches()).toEqual([[], ['u-laura'], ['u-laura', 'u-laura2']]));
    await waitFor(() => expect(screen.queryByTestId('unbound-found')).not.toBeInTheDocument());
    expect(field(/^Nome/)).not.toHaveAttribute('readonly');
  });
});

describe('edit employee form', { timeout: 20_000 }, () => {
  it('keeps the fiscal code and the person’s login e-mail read-only, the employee role locked with a hint; names stay the workspace’s to edit', async () => {
    fakeApi({ ...session, 'GET /admin/user/ui-laura': () => json(200, { ...savedUser, loginEmailEditable: false }) });
    renderRoutes([guardedPage('/admin/user/:id/edit', 'user:write', <UserEditPage />)], '/admin/user/ui-laura/edit');
    expect(await screen.findByTestId('field-fiscalCode')).toHaveAttribute('readonly');
    expect(screen.getByTestId('role-member')).toBeDisabled();
    expect(screen.getByTestId('role-member')).toBeChecked();
    expect(screen.getByText('Il ruolo dipendente non può essere rimosso una volta assegnato.')).toBeInTheDocument();
    expect(field(/^Email di accesso/)).toHaveAttribute('readonly');
    expect(
      screen.getByText("È l'email di accesso della persona: può cambiarla solo lei, dal suo profilo."),
    ).toBeInTheDocument();
    expect(field(/^Nome/)).not.toHaveAttribute('readonly');
  });

  it('lets the workspace correct the e-mail of an account it created that was never activated', async () => {
    fakeApi({
      ...session,
      'GET /admin/user/ui-laura': () =>
        json(200, { ...savedUser, invitationPending: true, invitationStatus: 'pending', loginEmailEditable: true }),
    });
    renderRoutes([guardedPage('/admin/user/:id/edit', 'user:write', <UserEditPage />)], '/admin/user/ui-laura/edit');
    expect(await screen.findByTestId('field-email')).not.toHaveAttribute('readonly');
    expect(screen.getByText(/puoi correggere l'indirizzo/)).toBeInTheDocument();
  });
});
