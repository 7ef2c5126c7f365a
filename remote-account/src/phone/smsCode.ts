/**
 * Web OTP: the code of an SMS whose last line is '@host #code' (the server ends its login texts
 * so), offered by the browser with the passenger's consent. Resolves with the code, or with
 * null when the wait is aborted, refused or times out. Loaded only where the browser has the API.
 */
export async function smsCode(signal: AbortSignal): Promise<string | null> {
  try {
    const credential = await navigator.credentials.get({
      otp: { transport: ['sms'] },
      signal,
    } as CredentialRequestOptions);
    const code = (credential as { code?: unknown } | null)?.code;
    return typeof code === 'string' && !signal.aborted ? code : null;
  } catch {
    // The passenger types or pastes the code.
    return null;
  }
}
