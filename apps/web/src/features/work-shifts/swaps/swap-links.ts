import { generatePath } from 'react-router';
import { paths } from '../../../config/paths';
import type { SwapSide } from '../api/swap-detail';

/** One swap's page, the member's or the admin's. */
export const swapPath = (side: SwapSide, id: string) =>
  generatePath(side === 'admin' ? paths.adminShiftSwapDetail : paths.memberShiftSwapDetail, { id });

/** The swap list of that side. */
export const swapListPath = (side: SwapSide) => (side === 'admin' ? paths.adminShiftSwap : paths.memberShiftSwap);

/** "Proponi un cambio" for one of my shifts. */
export const swapRequestPath = (shiftId: string) => generatePath(paths.memberWorkShiftSwap, { id: shiftId });

/** The member's swaps awaiting their reply. */
export const swapsToAnswerPath = `${paths.memberShiftSwap}?box=to_answer`;
