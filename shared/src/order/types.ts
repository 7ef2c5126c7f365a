import type { OrderPayload } from '@taxi/contract';

/**
 * Spec section 3, "Order (draft and form)": what the passenger is putting together. The order
 * payload of the contract less `taxi_group_id` (from the settings when sent), plus the quoted ETA.
 */
export interface OrderDraft extends Omit<OrderPayload, 'taxi_group_id'> {
  eta_min: number | null;
}
