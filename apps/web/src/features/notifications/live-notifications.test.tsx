import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Notification } from '@timbro/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { page as route, renderRoutes } from '../../testing/render';
import { LiveNotifications, useLiveStack } from './live-notifications';
import { announcement, notification } from './notifications.fixtures';

beforeAll(async () => {
  await loadCatalogArea('notifications');
});

/** The stack with a button per arrival, as the centre feeds it. */
function Harness({ arrivals, onOpen }: { arrivals: Notification[][]; onOpen(n: Notification): void }) {
  const live = useLiveStack();
  return (
    <>
      {arrivals.map((items, i) => (
        <button key={i} type="button" onClick={() => live.push(items)}>
          {`arrive ${i}`}
        </button>
      ))}
      <LiveNotifications items={live.items} onOpen={onOpen} onDismiss={live.dismiss} />
    </>
  );
}

const n = (id: string, over: Partial<Notification> = {}) => notification({ id, ...over });
const cards = () =>
  within(screen.getByRole('region', { name: 'Nuove notifiche' }))
    .getAllByRole('group')
    .map((c) => c.dataset.testid);

describe('the live notifications', () => {
  it('at most three, newest last (nearest the corner); each hides after 5 s unless pointed at or focused', () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    renderRoutes(
      [
        route(
          '/',
          <Harness
            arrivals={[[n('a'), n('b')], [n('c')], [n('d', { link: null }), n('c')], [announcement()]]}
            onOpen={onOpen}
          />,
        ),
      ],
      '/',
    );
    fireEvent.click(screen.getByText('arrive 0'));
    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.click(screen.getByText('arrive 1'));
    expect(cards()).toEqual(['live-notification-a', 'live-notification-b', 'live-notification-c']);
    // A fourth pushes the oldest out; one already shown is not shown twice.
    fireEvent.click(screen.getByText('arrive 2'));
    expect(cards()).toEqual(['live-notification-b', 'live-notification-c', 'live-notification-d']);
    // Without a link there is nothing to open, only to close.
    const d = screen.getByTestId('live-notification-d');
    expect(within(d).queryByRole('button', { name: 'Apri' })).not.toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Chiudi la notifica' })).toBeInTheDocument();

    // b arrived 2 s before c and d: it goes first. The pointer on c holds it.
    fireEvent.mouseEnter(screen.getByTestId('live-notification-c'));
    act(() => vi.advanceTimersByTime(3_000));
    expect(cards()).toEqual(['live-notification-c', 'live-notification-d']);
    act(() => vi.advanceTimersByTime(1_999));
    expect(cards()).toEqual(['live-notification-c', 'live-notification-d']);
    act(() => vi.advanceTimersByTime(1));
    expect(cards()).toEqual(['live-notification-c']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(cards()).toEqual(['live-notification-c']);
    // Left by the pointer, it has its 5 s again.
    fireEvent.mouseLeave(screen.getByTestId('live-notification-c'));
    act(() => vi.advanceTimersByTime(4_999));
    expect(cards()).toEqual(['live-notification-c']);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Nuove notifiche' })).not.toBeInTheDocument();

    // The keyboard holds one too; "Apri" hands it to the centre, the cross closes it.
    fireEvent.click(screen.getByText('arrive 3'));
    const card = screen.getByTestId('live-notification-n-ann');
    expect(card).toHaveAccessibleName('Nuova comunicazione: Chiusura estiva');
    const open = within(card).getByRole('button', { name: 'Apri' });
    act(() => open.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('live-notification-n-ann')).toBeInTheDocument();
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'n-ann' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Chiudi la notifica' }));
    expect(screen.queryByTestId('live-notification-n-ann')).not.toBeInTheDocument();
  });
});
