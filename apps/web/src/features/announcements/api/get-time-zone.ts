import { useCurrentInfo } from '../../../components/current-info';

/**
 * The workspace's zone once known (undefined while loading or when it cannot be read: the device's zone then), in
 * which a send time is chosen and shown (the server reads "YYYY-MM-DD HH:mm" in it).
 */
export function useWorkspaceTimeZone(): string | undefined {
  return useCurrentInfo().data?.timeZone;
}
