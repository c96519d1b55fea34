import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UserPaychecksRoute } from '../../app/pages/paycheck-pages';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, validationFailed } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { ImportReviewPage } from './import/import-review-page';
import { MyPaycheckPage, MyPaychecksPage } from './my-paychecks-page';
import { PaycheckListPage } from './paycheck-list-page';
import { adminSession, importDetail, memberSession, page, paycheck } from './paychecks.fixtures';

// The page preview draws with pdf.js in a browser; these tests never open it.
vi.mock('./import/page-preview', () => ({ PagePreview: () => null }));

const user = userEvent.setup({ delay: null, applyAccept: false });
const pdfFile = (name = 'cedolino.pdf', bytes = 'x') =>
  new File([`%PDF-1.7 ${bytes}`], name, { type: 'application/pdf' });

beforeAll(async () => {
  await loadCatalogArea('paychecks');
  await loadCatalogArea('people');
});

const mario = { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' };

describe("one employee's pay slips", { timeout: 20_000 }, () => {
  const render = () =>
    renderRoutes(
      [guardedPage('/admin/user/:id/paycheck', 'paycheck:read', <UserPaychecksRoute />)],
      '/admin/user/ui-mario/paycheck',
    );

  it('lists them; a new one needs its PDF, refuses another type here, shows the server refusal on the file, then publishes', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/paycheck': () =>
        json(200, page([paycheck({ attachmentFirstOpenAt: '2026-11-04T10:00:00.000Z', opens: 3 })])),
      'POST /admin/user/ui-mario/paycheck': () => {
        attempts += 1;
        return attempts === 1
          ? validationFailed('Alcuni campi non sono validi', [
              { path: 'file', message: 'Il PDF è protetto da password: esportalo senza password' },
            ])
          : json(200, paycheck({ id: 'pc-2' }));
      },
    });
    render();
    const grid = await screen.findByTestId('paycheck-grid');
    const row = (await within(grid).findByText('ottobre 2026')).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('Aperto');
    expect(row).toHaveTextContent('3');
    expect(row.textContent).toMatch(/1\.?534,20\s€/);

    await user.click(screen.getByTestId('paycheck-new'));
    const dialog = await screen.findByTestId('paycheck-dialog');
    await user.type(within(dialog).getByTestId('paycheck-net'), '1.534,20');
    await user.click(within(dialog).getByTestId('paycheck-save'));
    expect(await within(dialog).findByText('Allega il PDF del cedolino')).toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('paycheck-file-input'), new File(['MZ'], 'virus.exe'));
    expect(within(dialog).getByTestId('paycheck-file-help')).toHaveTextContent(
      'Tipo di file non ammesso: sono accettati PDF',
    );
    await user.upload(within(dialog).getByTestId('paycheck-file-input'), pdfFile());
    expect(within(dialog).getByTestId('paycheck-file-name')).toHaveTextContent('cedolino.pdf');
    await user.click(within(dialog).getByTestId('paycheck-save'));
    expect(
      await within(dialog).findByText('Il PDF è protetto da password: esportalo senza password'),
    ).toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('paycheck-file-input'), pdfFile('altro.pdf'));
    await user.click(within(dialog).getByTestId('paycheck-save'));
    await waitFor(() => expect(screen.queryByTestId('paycheck-dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST').at(-1)!.body as FormData;
    expect(sent.get('netAmount')).toBe('1.534,20');
    expect(sent.get('currencyCode')).toBe('EUR');
    expect((sent.get('file') as File).name).toBe('altro.pdf');
    expect(await screen.findByText("Cedolino pubblicato: Mario Rossi riceverà un'e-mail")).toBeInTheDocument();
  });

  it('a file over the limit is refused before it is sent', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/paycheck': () => json(200, page([])),
    });
    render();
    expect(await screen.findByText('Nessun cedolino pubblicato')).toBeInTheDocument();
    await user.click(screen.getByTestId('paycheck-first'));
    const dialog = await screen.findByTestId('paycheck-dialog');
    const big = pdfFile();
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(within(dialog).getByTestId('paycheck-file-input'), big);
    expect(within(dialog).getByTestId('paycheck-file-help')).toHaveTextContent('Il file supera il limite di 10 MB');
  });
});

describe('the workspace list ("Cedolini")', { timeout: 20_000 }, () => {
  it("filters by month and shows that month's delivery", async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/paycheck': () => json(200, page([paycheck()])),
      'GET /admin/paycheck/delivery': () =>
        json(200, { year: 2026, month: 10, published: 12, opened: 9, unopened: 3, overdue: 2, reminded: 2, opens: 15 }),
    });
    renderRoutes(
      [guardedPage('/admin/paycheck', 'paycheck:read', <PaycheckListPage />)],
      '/admin/paycheck?year=2026&month=10',
    );
    const panel = await screen.findByTestId('delivery-panel');
    expect(panel).toHaveTextContent('Consegna di ottobre 2026');
    expect(await within(panel).findByTestId('delivery-overdue')).toHaveTextContent('2');
    expect(within(panel).getByTestId('delivery-opened')).toHaveTextContent('9');
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/v1/admin/paycheck')!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ year: '2026', month: '10', sort: 'period' });
    expect(await screen.findByText('Rossi Mario')).toBeInTheDocument();
  });
});

describe('the review of an import', { timeout: 20_000 }, () => {
  it('shows the page that needs a person first; a person’s choice goes as manual; the server refusal lands on its page', async () => {
    let published = 0;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/paycheck/import/imp-1': () => json(200, importDetail()),
      'POST /admin/paycheck/import/imp-1/publish': () => {
        published += 1;
        return published === 1
          ? validationFailed('Alcuni campi non sono validi', [
              { path: 'pages.2.userInfoId', message: 'Conferma che l’assegnazione è voluta' },
            ])
          : json(202, { message: 'Pubblicazione di 2 cedolini avviata' });
      },
    });
    renderRoutes(
      [guardedPage('/admin/paycheck/import/:id', 'paycheck:write', <ImportReviewPage />)],
      '/admin/paycheck/import/imp-1',
    );
    expect(await screen.findByTestId('review-attention-count')).toHaveTextContent('Da controllare: 1');
    const pages = screen.getByTestId('review-pages');
    expect(within(pages).getAllByRole('row')).toHaveLength(2); // header + page 3 only
    expect(within(pages).getByTestId('review-page-3')).toHaveTextContent('Nessun dipendente');
    // One slip so far (Mario, pages 1–2), its net read from the page.
    expect(screen.getByTestId('review-slip-1')).toHaveTextContent('1–2');
    expect(screen.getByTestId('review-net-1')).toHaveValue('1534,20');
    // Page 3 needs a person: nothing can be published until it has an employee or is left out (issue 30 item 11).
    expect(screen.getByTestId('review-publish')).toBeDisabled();
    expect(screen.getByTestId('review-undecided')).toHaveTextContent(
      'Pagine da decidere prima di pubblicare: 1 (pagina 3). Scegli un dipendente o escludile.',
    );

    await user.click(screen.getByTestId('review-choice-3'));
    await user.click(await screen.findByRole('option', { name: /Verdi Anna/ }));
    expect(await screen.findByTestId('review-slip-3')).toHaveTextContent('Verdi Anna');
    expect(screen.getByTestId('review-net-3')).toHaveValue('980,00');

    await user.click(screen.getByTestId('review-publish'));
    await user.click(within(await screen.findByTestId('review-confirm')).getByRole('button', { name: 'Pubblica' }));
    expect(await screen.findByText('Conferma che l’assegnazione è voluta')).toBeInTheDocument();
    const body = calls.find((c) => c.path === '/admin/paycheck/import/imp-1/publish')!.body as {
      pages: { page: number; userInfoId: string | null; manual: boolean }[];
      slips: { firstPage: number; netAmount: string; month: number }[];
    };
    expect(body.pages).toEqual([
      { page: 1, userInfoId: 'ui-mario', manual: false, excluded: false },
      { page: 2, userInfoId: 'ui-mario', manual: false, excluded: false },
      { page: 3, userInfoId: 'ui-anna', manual: true, excluded: false },
    ]);
    expect(body.slips.map((s) => [s.firstPage, s.netAmount, s.month])).toEqual([
      [1, '1534,20', 10],
      [3, '980,00', 10],
    ]);
  });

  it('a file that could not be read says why', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/paycheck/import/imp-1': () =>
        json(200, importDetail({ status: 'failed', pages: [], error: 'Il PDF non è leggibile' })),
    });
    renderRoutes([route('/admin/paycheck/import/:id', <ImportReviewPage />)], '/admin/paycheck/import/imp-1');
    expect(await screen.findByTestId('review-failed')).toHaveTextContent('Il PDF non è leggibile');
  });
});

describe("the employee's pay slips", { timeout: 20_000 }, () => {
  it('lists mine, opens one, and its download is the tracked one', async () => {
    const { calls } = fakeApi({
      ...memberSession,
      'GET /member/paycheck': () => json(200, page([paycheck({ description: 'Ottobre' })])),
      'GET /member/paycheck/pc-1': () => json(200, paycheck({ description: 'Ottobre' })),
      'GET /member/paycheck/pc-1/attachment': () =>
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="c.pdf"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { router } = renderRoutes(
      [route('/member/paycheck', <MyPaychecksPage />), route('/member/paycheck/:id', <MyPaycheckPage />)],
      '/member/paycheck',
    );
    const list = await screen.findByTestId('my-paychecks');
    expect(list).toHaveTextContent('ottobre 2026');
    expect(list).toHaveTextContent('nuovo');
    await user.click(within(list).getByText('Ottobre'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/paycheck/pc-1'));
    const detail = await screen.findByTestId('my-paycheck');
    expect(detail).toHaveTextContent('Non ancora aperto');
    await user.click(screen.getByTestId('my-paycheck-download-pc-1'));
    await waitFor(() => expect(calls.some((c) => c.path === '/member/paycheck/pc-1/attachment')).toBe(true));
  });
});
