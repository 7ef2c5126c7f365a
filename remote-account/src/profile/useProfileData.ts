import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  api,
  clientDataAtom,
  errorMessage,
  setClientData,
  type PhoneState as PhoneReply,
} from '@taxi/shared';

/** The phone response (spec section 3): the number and whether a code has proved it. */
export interface PhoneState {
  phone: string;
  verified: boolean;
}

export function phoneState(reply: Partial<PhoneReply>): PhoneState {
  return { phone: String(reply.phone ?? ''), verified: reply.phone_secret_verified === true };
}

/**
 * The client's data (GET_CLIENT, kept in the session) and phone state (GET_PHONE), loaded when
 * the profile opens; what the session already holds shows meanwhile.
 */
export function useProfileData() {
  const client = useAtomValue(clientDataAtom);
  const [phone, setPhone] = useState<PhoneState | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const [clientReply, phoneReply] = await Promise.all([
        api.get('GET_CLIENT'),
        api.get('GET_PHONE'),
      ]);
      if (clientReply.client_data) setClientData(clientReply.client_data);
      setPhone(phoneState(phoneReply));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** After a change of phone: the session and the screen show the new number. */
  const phoneChanged = useCallback(
    (next: PhoneState) => {
      setPhone(next);
      if (client) setClientData({ ...client, phone: next.phone });
    },
    [client],
  );

  return { client, phone, loading, error, reload: load, phoneChanged };
}
