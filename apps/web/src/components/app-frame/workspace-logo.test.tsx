import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, demoWorkspaces, fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { WorkspaceSwitcher } from './workspace-switcher';

const LOGO = '33333333-3333-4333-8333-333333333333';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
const SLOW = { timeout: 10_000 };

const withLogo = (squareLogo: string | null) => [{ ...demoWorkspaces[0]!, square_logo: squareLogo }];

describe('the company logo in the header', { timeout: 20_000 }, () => {
  it('beside the company name: the square logo, fetched with the workspace header', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, demoUser),
      'GET /workspace/list': () => json(200, withLogo(LOGO), { 'x-workspace-id': 'ws-demo' }),
      [`GET /workspace/logo/${LOGO}`]: () => new Response(PNG, { headers: { 'content-type': 'image/png' } }),
    });
    renderRoutes([page('/', <WorkspaceSwitcher />)], '/');
    const name = await screen.findByTestId('workspace-name', {}, SLOW);
    expect(name).toHaveTextContent('Demo S.r.l.');
    const img = await within(name).findByTestId('workspace-logo');
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`);
    // Decorative: the name beside it says which company it is.
    expect(img).toHaveAttribute('alt', '');
    const call = calls.find((c) => c.path === `/workspace/logo/${LOGO}`)!;
    expect(call.headers['x-workspace-id']).toBe('ws-demo');
  });

  it('without a logo, the company icon and no call; a logo that cannot be had leaves the icon', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, demoUser),
      'GET /workspace/list': () => json(200, withLogo(null), { 'x-workspace-id': 'ws-demo' }),
    });
    const first = renderRoutes([page('/', <WorkspaceSwitcher />)], '/');
    const name = await screen.findByTestId('workspace-name', {}, SLOW);
    expect(within(name).queryByTestId('workspace-logo')).not.toBeInTheDocument();
    expect(name.querySelector('svg')).not.toBeNull();
    expect(calls.some((c) => c.path.startsWith('/workspace/logo/'))).toBe(false);
    first.unmount();

    fakeApi({
      'GET /user': () => json(200, demoUser),
      'GET /workspace/list': () => json(200, withLogo(LOGO), { 'x-workspace-id': 'ws-demo' }),
      [`GET /workspace/logo/${LOGO}`]: () => json(404, { code: 'NOT_FOUND', message: 'File non trovato' }),
    });
    renderRoutes([page('/', <WorkspaceSwitcher />)], '/');
    const again = await screen.findByTestId('workspace-name', {}, SLOW);
    expect(again.querySelector('svg')).not.toBeNull();
    expect(within(again).queryByTestId('workspace-logo')).not.toBeInTheDocument();
  });
});
