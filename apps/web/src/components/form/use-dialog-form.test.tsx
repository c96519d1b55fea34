import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-text-field';
import { useDialogForm, useGuardedDialogForm } from './use-dialog-form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Il nome è obbligatorio.' })),
  note: z.string(),
});
type Values = z.infer<typeof schema>;

/** A dialog that stays mounted (open or not), so closing must start it afresh. */
function Harness({ save, guarded = false }: { save(values: Values): Promise<void>; guarded?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Apri
      </button>
      {guarded ? (
        <GuardedThing open={open} save={save} onClose={() => setOpen(false)} />
      ) : (
        <Thing open={open} save={save} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

interface ThingProps {
  open: boolean;
  save(values: Values): Promise<void>;
  onClose(): void;
}

function Thing(props: ThingProps) {
  return <ThingForm {...props} useDialog={useDialogForm} />;
}

function GuardedThing(props: ThingProps) {
  return <ThingForm {...props} useDialog={useGuardedDialogForm} />;
}

function ThingForm({ open, save, onClose, useDialog }: ThingProps & { useDialog: typeof useDialogForm }) {
  const mutation = useMutation({ mutationFn: save });
  const form = useDialog<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', note: '' },
    serverFields: ['name', 'note'],
    open,
    onClose,
  });
  const submit = form.submitWith(async (values) => {
    await mutation.mutateAsync(values);
  });
  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title="Nuova cosa"
      testId="thing-dialog"
      failureTestId="thing-error"
      submitLabel="Crea"
      submitTestId="thing-submit"
    >
      <FormTextField
        control={form.control}
        name="name"
        label="Nome"
        slotProps={{ htmlInput: { 'data-testid': 'name' } }}
      />
      <FormTextField
        control={form.control}
        name="note"
        label="Nota"
        slotProps={{ htmlInput: { 'data-testid': 'note' } }}
      />
    </FormDialog>
  );
}

const anonymous = () => fakeApi({ 'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }) });
const refusal = (status: number, data: unknown) => new ApiError(status, data, new Headers());

describe('dialog form scaffold', { timeout: 20_000 }, () => {
  it('checks on the client, then calls the mutation with the parsed values and closes', async () => {
    anonymous();
    const save = vi.fn().mockResolvedValue(undefined);
    renderRoutes([page('/', <Harness save={save} />)], '/');
    const dialog = await screen.findByTestId('thing-dialog');
    expect(within(dialog).getByRole('form', { name: 'Nuova cosa' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('thing-submit'));
    expect(await within(dialog).findByText('Il nome è obbligatorio.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('name'), '  Uffici  ');
    await userEvent.click(screen.getByTestId('thing-submit'));
    await waitFor(() => expect(screen.queryByTestId('thing-dialog')).not.toBeInTheDocument());
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0]![0]).toEqual({ name: 'Uffici', note: '' });
  });

  it('a 400 with field errors lands on the fields; any other refusal shows above the form', async () => {
    anonymous();
    const save = vi
      .fn()
      .mockRejectedValueOnce(
        refusal(400, { message: 'Dati non validi', errors: [{ path: 'note', message: 'Nota troppo lunga' }] }),
      )
      .mockRejectedValueOnce(refusal(500, { message: 'Errore del server' }))
      .mockRejectedValueOnce(new Error('rete'));
    renderRoutes([page('/', <Harness save={save} />)], '/');
    const dialog = await screen.findByTestId('thing-dialog');
    await userEvent.type(screen.getByTestId('name'), 'Uffici');
    await userEvent.click(screen.getByTestId('thing-submit'));
    expect(await within(dialog).findByText('Nota troppo lunga')).toBeInTheDocument();
    expect(screen.getByTestId('note')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('thing-error')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('thing-submit'));
    expect(await screen.findByTestId('thing-error')).toHaveTextContent('Errore del server');
    await userEvent.click(screen.getByTestId('thing-submit'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    // A failure without the server's text: the generic one, and the dialog stays open.
    expect(await screen.findByTestId('thing-error')).toHaveTextContent('Si è verificato un errore');
    expect(screen.getByTestId('thing-dialog')).toBeInTheDocument();
  });

  it('closing resets the form and forgets the refusal', async () => {
    anonymous();
    const save = vi.fn().mockRejectedValue(refusal(500, { message: 'Errore del server' }));
    renderRoutes([page('/', <Harness save={save} />)], '/');
    await userEvent.type(await screen.findByTestId('name'), 'Uffici');
    await userEvent.click(screen.getByTestId('thing-submit'));
    expect(await screen.findByTestId('thing-error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByTestId('thing-dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    expect(await screen.findByTestId('name')).toHaveValue('');
    expect(screen.queryByTestId('thing-error')).not.toBeInTheDocument();
  });

  it('guarded: closing with changes asks first; "Resta" keeps them', async () => {
    anonymous();
    renderRoutes([page('/', <Harness save={async () => undefined} guarded />)], '/');
    await userEvent.type(await screen.findByTestId('name'), 'Uffici');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    const question = await screen.findByTestId('unsaved-changes-dialog');
    await userEvent.click(within(question).getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-changes-dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('name')).toHaveValue('Uffici');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await userEvent.click(
      within(await screen.findByTestId('unsaved-changes-dialog')).getByRole('button', { name: 'Esci senza salvare' }),
    );
    await waitFor(() => expect(screen.queryByTestId('thing-dialog')).not.toBeInTheDocument());
  });
});
