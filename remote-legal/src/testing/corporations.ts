import type { Settings } from '@taxi/shared';

/** Two corporations with every legal-data field different, to see the texts follow the settings. */
export const NORTH: Partial<Settings> = {
  corp: 'Nordic Cabs',
  self_name: 'Aplikacje Północne sp. z o.o.',
  self_name_en: 'Northern Apps Ltd',
  self_email: 'hello@northern-apps.example',
  self_email_gdpr: 'privacy@northern-apps.example',
  gdpr_admin: 'Nordic Cabs Cooperative',
  gdpr_admin_email: 'dpo@nordic-cabs.example',
  call_us_data: [
    { phone: '48221234567', owner: 'Dispatch' },
    { phone: '+48 600 700 800', owner: 'Lost property' },
  ],
};

export const SOUTH: Partial<Settings> = {
  corp: 'Radio Taxi Południe',
  self_name: 'Południowe Systemy SA',
  self_name_en: 'Southern Systems PLC',
  self_email: 'kontakt@southern.example',
  self_email_gdpr: 'rodo@southern.example',
  gdpr_admin: 'Radio Taxi Południe sp. j.',
  gdpr_admin_email: 'iod@rt-poludnie.example',
  call_us_data: [{ phone: '123456789', owner: 'Centrala' }],
};
