import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../permissions';
import { demoUser, fakeApi, sessionOf } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { useCan, useCanCheck } from './use-can';

const as = (roles: Partial<(typeof demoUser.workspace_roles)[number]>) => ({
  ...demoUser,
  workspace_roles: [{ ...demoUser.workspace_roles[0]!, admin: false, ...roles }],
});

function Probe({ rules }: { rules: PermissionRule[] }) {
  const first = useCan(rules[0]!);
  const check = useCanCheck();
  return (
    <>
      <span data-testid="first">{String(first)}</span>
      <span data-testid="all">{rules.map((r) => `${String(r)}=${check(r)}`).join(' ')}</span>
    </>
  );
}

function renderProbe(user: object, rules: PermissionRule[]) {
  fakeApi({
    ...sessionOf(user),
  });
  renderRoutes([guardedPage('/x', 'profile:read', <Probe rules={rules} />)], '/x');
}

describe('useCan / useCanCheck', { timeout: 20_000 }, () => {
  it('an admin may write users and groups, but not approve as a member would clock', async () => {
    renderProbe(as({ admin: true }), ['user:write', 'group:write', 'attendance:write:own']);
    expect(await screen.findByTestId('first', {}, { timeout: 8_000 })).toHaveTextContent('true');
    expect(screen.getByTestId('all')).toHaveTextContent('user:write=true group:write=true attendance:write:own=false');
  });

  it('an accountant reads but does not write; a rule of several permissions needs them all', async () => {
    renderProbe(as({ accountant: true }), [
      'user:write',
      'user:read',
      ['settings:read', 'user:read'],
      ['user:read', 'user:write'],
    ]);
    expect(await screen.findByTestId('first', {}, { timeout: 8_000 })).toHaveTextContent('false');
    expect(screen.getByTestId('all')).toHaveTextContent(
      'user:write=false user:read=true settings:read,user:read=true user:read,user:write=false',
    );
  });
});
