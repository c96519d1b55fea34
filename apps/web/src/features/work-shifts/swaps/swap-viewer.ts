import { useAuth } from '../../../lib/auth/auth-context';

/** The signed-in member's employee id in the active workspace (the swaps name people by it), or null. */
export function useMyUserInfoId(): string | null {
  const { current } = useAuth();
  return current?.attendanceInfo?.user_info_id ?? null;
}
