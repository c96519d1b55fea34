import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { FormPage, FormShell, Loaded, useFormScaffold, useSaved } from './form-page';
import { FormSelectField } from './form-select-field';
import { FormTextField } from './form-text-field';

const schema = z.object({
  name: z.string().check(z.minLength(1, { error: 'Il nome è obbligatorio.' })),
  kind: z.string(),
});
type Values = z.infer<typeof schema>;

function Form({ save }: { save(values: Values): Promise<void> }) {
  const form = useFormScaffold<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', kind: 'a' },
    serverFields: ['name', 'kind'],
  });
  const saved = useSaved();
  const submit = form.submitWith(async (values) => {
    await save(values);
    saved('Salvato', '/done');
  });
  return (
    <FormPage width={600} back={{ to: '/list', label: 'Elenco' }} title="Nuovo">
      <FormShell
        form={form}
        onSubmit={submit}
        label="Crea"
        testId="thing-form"
        failureTestId="thing-form-error"
        submitLabel="Crea"
        onCancel={() => undefined}
      >
        <FormTextField
          control={form.control}
          name="name"
          label="Nome"
          slotProps={{ htmlInput: { 'data-testid': 'name' } }}
        />
        <FormSelectField
          control={form.control}
          name="kind"
          label="Tipo"
          options={[
            { value: 'a', label: 'Alfa' },
            { value: 'b', label: 'Beta' },
          ]}
          hint={(v) => `Scelto: ${v}`}
        />
      </FormShell>
    </FormPage>
  );
}

const anonymous = () => fakeApi({ 'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }) });
const refusal = (status: number, data: unknown) => new ApiError(status, data, new Headers());

describe('form page scaffold', { timeout: 20_000 }, () => {
  it('checks on the client, puts the server’s field errors on their fields, shows any other refusal above the form', async () => {
    anonymous();
    const save = vi
      .fn()
      .mockRejectedValueOnce(
        refusal(400, { message: 'Dati non validi', errors: [{ path: 'name', message: 'Nome già usato' }] }),
      )
      .mockRejectedValueOnce(refusal(500, { message: 'Errore del server' }));
    renderRoutes([page('/new', <Form save={save} />)], '/new');
    const form = await screen.findByTestId('thing-form');
    expect(screen.getByRole('heading', { name: 'Nuovo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Elenco/ })).toHaveAttribute('href', '/list');
    expect(within(form).getByText('Scelto: a')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('thing-form-submit'));
    expect(await within(form).findByText('Il nome è obbligatorio.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('name'), 'Uffici');
    await userEvent.click(screen.getByTestId('thing-form-submit'));
    expect(await within(form).findByText('Nome già usato')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-form-error')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('thing-form-submit'));
    expect(await screen.findByTestId('thing-form-error')).toHaveTextContent('Errore del server');
    expect(save).toHaveBeenLastCalledWith({ name: 'Uffici', kind: 'a' });
  });

  it('after a save: the snackbar and on to the next page, without the unsaved-changes question', async () => {
    anonymous();
    const { router } = renderRoutes(
      [page('/new', <Form save={async () => undefined} />), page('/done', <p>Fatto</p>)],
      '/new',
    );
    await userEvent.type(await screen.findByTestId('name'), 'Magazzino');
    await userEvent.click(screen.getByTestId('thing-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/done'));
    expect(await screen.findByText('Salvato')).toBeInTheDocument();
  });

  it('Loaded: the loader while any query is pending, the first failure with a retry, then the data', async () => {
    anonymous();
    const q = (over: Partial<UseQueryResult<string>>) =>
      ({
        isPending: false,
        isError: false,
        error: null,
        data: undefined,
        refetch: vi.fn(),
        ...over,
      }) as unknown as UseQueryResult<string>;
    const show = (queries: readonly [UseQueryResult<string>, UseQueryResult<string>]) => (
      <Loaded queries={queries} back={{ to: '/list', label: 'Elenco' }}>
        {([a, b]) => <p>{`${a} + ${b}`}</p>}
      </Loaded>
    );
    const failing = q({ isError: true, error: refusal(404, { message: 'Non trovato' }) });
    const { router } = renderRoutes(
      [
        page('/pending', show([q({ data: 'a' }), q({ isPending: true })])),
        page('/failed', show([q({ data: 'a' }), failing])),
        page('/ok', show([q({ data: 'a' }), q({ data: 'b' })])),
      ],
      '/pending',
    );
    expect(await screen.findByRole('status')).toBeInTheDocument();
    await router.navigate('/failed');
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Non trovato');
    await userEvent.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(failing.refetch).toHaveBeenCalledOnce();
    await router.navigate('/ok');
    expect(await screen.findByText('a + b')).toBeInTheDocument();
  });
});
