import { SETTINGS_DEFAULTS, type Settings } from '@taxi/shared';

/** Policy facts of spec section 9, interpolated into the legal texts of both languages. */
export const POLICY = {
  complaintDays: 14,
  deletionDays: 14,
  withdrawalDays: 14,
  termsChangeDays: 7,
  claimYears: 6,
  androidVersion: '8.0',
} as const;

/** The date of the privacy policies, in the settings' date format (DD-MM-YYYY). */
export const POLICY_DATE = '01-06-2022';

/**
 * A date written as DD-MM-YYYY (the settings' format) or YYYY-MM-DD, in words of the language:
 * "01-05-2024" -> "1 May 2024" / "1 maja 2024". Anything else is shown as it is.
 */
export function formatLegalDate(value: string, language: string): string {
  const text = value.trim();
  const dmy = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!year || !month || !day) return text;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Values the legal texts are filled with: the corporation's legal data and the policy facts. */
export type LegalValues = ReturnType<typeof legalValues>;

export function legalValues(settings: Settings, language: string) {
  const operatorName =
    language === 'pl'
      ? settings.self_name || settings.self_name_en
      : settings.self_name_en || settings.self_name;
  return {
    ...POLICY,
    corp: settings.corp,
    /** Who provides the application; the corporation itself when no operator is configured. */
    operator: operatorName || settings.corp,
    operatorEmail: settings.self_email,
    gdprEmail: settings.self_email_gdpr || settings.self_email,
    /** The taxi corporation's data controller. */
    admin: settings.gdpr_admin || settings.corp,
    adminEmail: settings.gdpr_admin_email || settings.self_email_gdpr || settings.self_email,
    policyDate: formatLegalDate(POLICY_DATE, language),
    regulationsStart: formatLegalDate(
      settings.regulations_start_date || SETTINGS_DEFAULTS.regulations_start_date,
      language,
    ),
  };
}
